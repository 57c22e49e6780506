#!/usr/bin/env bash
# Draws the first 6x10 pentomino packing (up to symmetry) as SVG with `dancing polyomino
# --svg`, then renders it to PNG in headless Chromium, to look at what a browser shows.
#
# usage: scripts/svg_screenshot.sh [SVG [PNG]]
#   SVG defaults to docs/pentomino-6x10.svg (the picture in the README),
#   PNG to target/svg_screenshot/pentomino-6x10.png.
#
# Needs Debian's `chromium` (installed with apt-get when missing and run as root).
set -euo pipefail
cd "$(dirname "$0")/.."

svg=${1:-docs/pentomino-6x10.svg}
png=${2:-target/svg_screenshot/pentomino-6x10.png}
mkdir -p "$(dirname "$svg")" "$(dirname "$png")"

if ! command -v chromium >/dev/null; then
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else
        echo "svg_screenshot: chromium is missing: apt-get install chromium" >&2
        exit 2
    fi
fi

cargo build --release --quiet
target/release/dancing polyomino 6x10 --symmetry --color never --svg "$svg" >/dev/null

# The window is the picture's size, read from the root element.
width=$(grep -o 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
height=$(grep -o 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$width,$height" --screenshot="$png" "file://$PWD/$svg" 2>/dev/null
echo "wrote $svg and $png (${width}x${height})"

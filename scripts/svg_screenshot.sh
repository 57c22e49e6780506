#!/usr/bin/env bash
# Draws the first 6x10 pentomino packing (up to symmetry) as SVG with `dancing polyomino
# --svg`, then renders it to PNG in headless Chromium, to look at what a browser shows.
#
# usage: scripts/svg_screenshot.sh [SVG [PNG]]
#   SVG defaults to docs/pentomino-6x10.svg (the picture in the README),
#   PNG to target/svg_screenshot/pentomino-6x10.png; both in the checkout. Paths given are
#   taken from the directory the script is run from, absolute or relative.
#
# Builds `dancing` in release mode, unless DANCING_BIN names the binary to use (the tests
# set it). Needs Debian's `chromium` (installed with apt-get when missing and run as root).
# Fails, saying so, when Chromium writes no picture.
set -euo pipefail
here=$PWD
cd "$(dirname "$0")/.."
root=$PWD

# A path as given on the command line, from the directory the script was run from.
absolute() {
    case $1 in
        /*) printf '%s\n' "$1" ;;
        *) printf '%s\n' "$here/$1" ;;
    esac
}
svg=$(absolute "${1:-$root/docs/pentomino-6x10.svg}")
png=$(absolute "${2:-$root/target/svg_screenshot/pentomino-6x10.png}")
mkdir -p "$(dirname "$svg")" "$(dirname "$png")"

if ! command -v chromium >/dev/null; then
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    else
        echo "svg_screenshot: chromium is missing: apt-get install chromium" >&2
        exit 2
    fi
fi

dancing=${DANCING_BIN:-}
if [ -z "$dancing" ]; then
    cargo build --release --quiet
    dancing=$root/target/release/dancing
fi
"$dancing" polyomino 6x10 --symmetry --color never --svg "$svg" >/dev/null

# The window is the picture's size, read from the root element.
width=$(grep -o 'width="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
height=$(grep -o 'height="[0-9]*"' "$svg" | head -1 | tr -dc 0-9)
rm -f "$png"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$width,$height" --screenshot="$png" "file://$svg" 2>/dev/null
if [ ! -s "$png" ]; then
    echo "svg_screenshot: chromium wrote no picture to $png" >&2
    exit 1
fi
echo "wrote $svg and $png (${width}x${height})"

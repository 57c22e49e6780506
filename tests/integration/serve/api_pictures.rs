//! The front ends' pictures through the API, each the SVG the command line's `--svg` writes
//! for the same first solution, read back independently of the code that drew it: the
//! packings of polyominoes and polycubes (one shape a piece), the queens of a chessboard (no
//! two attacking), Langford's pairs (each value's two copies `v + 1` cells apart, joined by
//! its arc); and their errors in the command line's words.

use super::Server;
use crate::common::{dancing, stdout_of};

#[test]
fn the_polyomino_picture_is_the_svg_of_polyomino_svg() {
    let server = Server::start(&["--jobs", "1"]);
    let answer = server.get("/api/picture/polyomino?board=3x20&pieces=pentominoes");
    assert_eq!(
        (answer.status, answer.content_type.as_str()),
        (200, "image/svg+xml")
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("packing.svg");
    dancing()
        .args(["polyomino", "3x20", "--limit", "1", "--svg"])
        .arg(&file)
        .assert()
        .success();
    assert_eq!(answer.body, std::fs::read_to_string(&file).unwrap());
    let wrong = server.get("/api/picture/polyomino?board=5x5");
    assert_eq!(wrong.status, 400);
    assert!(
        wrong.json()["error"]
            .as_str()
            .unwrap()
            .contains("the board has 25")
    );
}

/// The queens of an SVG chessboard as (row, column): each `class="queen"` text placed in
/// the `class="square"` rectangle (the `n * n` of them in reading order) it stands in.
pub(super) fn queens_of_svg(svg: &str) -> (usize, Vec<(usize, usize)>) {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let number = |node: roxmltree::Node, name: &str| -> f64 {
        node.attribute(name).unwrap().parse().unwrap()
    };
    let squares: Vec<_> = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("square"))
        .collect();
    let n = (squares.len() as f64).sqrt() as usize;
    assert_eq!(n * n, squares.len(), "the squares make a square board");
    let queens = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("queen"))
        .map(|queen| {
            let (x, y) = (number(queen, "x"), number(queen, "y"));
            let k = squares
                .iter()
                .position(|&s| {
                    let (sx, sy) = (number(s, "x"), number(s, "y"));
                    let (w, h) = (number(s, "width"), number(s, "height"));
                    sx < x && x < sx + w && sy < y && y < sy + h
                })
                .expect("a queen stands on a square");
            (k / n, k % n)
        })
        .collect();
    (n, queens)
}

#[test]
fn the_queens_picture_is_the_svg_of_queens_svg_with_n_queens_none_attacking() {
    let server = Server::start(&["--jobs", "1"]);
    let dir = tempfile::tempdir().unwrap();
    for n in [1, 8, 13] {
        let answer = server.get(&format!("/api/picture/queens?n={n}"));
        assert_eq!(
            (answer.status, answer.content_type.as_str()),
            (200, "image/svg+xml")
        );
        let file = dir.path().join(format!("queens-{n}.svg"));
        dancing()
            .args(["queens", &n.to_string(), "--limit", "1", "--svg"])
            .arg(&file)
            .assert()
            .success();
        assert_eq!(answer.body, std::fs::read_to_string(&file).unwrap());
        let (size, queens) = queens_of_svg(&answer.body);
        assert_eq!((size, queens.len()), (n, n));
        for (i, &(r1, c1)) in queens.iter().enumerate() {
            for &(r2, c2) in &queens[i + 1..] {
                assert!(
                    r1 != r2 && c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2),
                    "the queens at {r1},{c1} and {r2},{c2} attack each other"
                );
            }
        }
    }
    assert_eq!(server.get("/api/picture/queens").status, 200);
    assert_eq!(server.get("/api/picture/queens?n=3").status, 422);
    let wrong = server.get("/api/picture/queens?n=1001");
    assert_eq!(wrong.status, 400);
    let message = wrong.json()["error"].as_str().unwrap().to_owned();
    let cli = dancing().args(["queens", "1001"]).assert().code(2);
    let stderr = String::from_utf8_lossy(&cli.get_output().stderr).into_owned();
    assert!(
        stderr.contains(&message),
        "{message:?} is not in {stderr:?}"
    );
}

/// The SVG of `dancing ARGS --limit 1 --svg FILE`, and the command's standard output.
fn cli_svg(args: &[&str]) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("first.svg");
    let assert = dancing()
        .args(args)
        .args(["--limit", "1", "--svg"])
        .arg(&file)
        .assert()
        .success();
    (std::fs::read_to_string(&file).unwrap(), stdout_of(&assert))
}

/// The number of elements of class `class` in `svg`, which must be well-formed XML.
fn count_class(svg: &str, class: &str) -> usize {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some(class))
        .count()
}

#[test]
fn the_polycube_picture_is_the_svg_of_polycube_svg_with_one_shape_per_piece() {
    let server = Server::start(&["--jobs", "1"]);
    for (query, args, pieces) in [
        ("", vec!["polycube", "3x3x3"], 7),
        (
            "?board=2x3x10&pieces=pentominoes",
            vec!["polycube", "2x3x10", "--pieces", "pentominoes"],
            12,
        ),
    ] {
        let answer = server.get(&format!("/api/picture/polycube{query}"));
        assert_eq!(
            (answer.status, answer.content_type.as_str()),
            (200, "image/svg+xml"),
            "{}",
            answer.body
        );
        let (svg, _) = cli_svg(&args);
        assert_eq!(answer.body, svg);
        assert_eq!(count_class(&svg, "piece"), pieces);
    }
    for (query, words) in [
        ("board=3x3", "board: "),
        ("pieces=Q", "pieces: "),
        ("board=2x2x2", "27"),
    ] {
        let wrong = server.get(&format!("/api/picture/polycube?{query}"));
        assert_eq!(wrong.status, 400, "{query}: {}", wrong.body);
        let message = wrong.json()["error"].as_str().unwrap().to_owned();
        assert!(message.contains(words), "{query}: {message}");
    }
}

/// The values of the `class="slot"` cells of a Langford picture from the left, and for each
/// `class="pair"` arc its value (its title) and the cells under its two ends.
pub(super) fn langford_of_svg(svg: &str) -> (Vec<usize>, Vec<(usize, usize, usize)>) {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let number = |node: roxmltree::Node, name: &str| -> f64 {
        node.attribute(name).unwrap().parse().unwrap()
    };
    let slots: Vec<_> = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("slot"))
        .collect();
    let texts: Vec<_> = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .collect();
    let under = |x: f64| {
        slots
            .iter()
            .position(|&s| number(s, "x") < x && x < number(s, "x") + number(s, "width"))
            .expect("a point over a cell")
    };
    let values = slots
        .iter()
        .map(|&slot| {
            let centre = number(slot, "x") + number(slot, "width") / 2.0;
            let text = texts
                .iter()
                .find(|&&t| (number(t, "x") - centre).abs() < 1.0)
                .expect("a number in each cell");
            text.text().unwrap().parse().unwrap()
        })
        .collect();
    let pairs = document
        .descendants()
        .filter(|node| node.attribute("class") == Some("pair"))
        .map(|arc| {
            let value = arc.children().find(|c| c.has_tag_name("title")).unwrap();
            // `M x1 y A rx ry 0 0 1 x2 y`.
            let d: Vec<f64> = arc
                .attribute("d")
                .unwrap()
                .split(|c: char| c == ' ' || c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty())
                .map(|w| w.parse().unwrap())
                .collect();
            let value: usize = value.text().unwrap().parse().unwrap();
            (value, under(d[0]), under(d[7]))
        })
        .collect();
    (values, pairs)
}

#[test]
fn the_langford_picture_is_the_svg_of_langford_svg_with_each_pair_joined_v_plus_1_apart() {
    let server = Server::start(&["--jobs", "1"]);
    for n in [3, 4, 7, 24] {
        let answer = server.get(&format!("/api/picture/langford?n={n}"));
        assert_eq!(
            (answer.status, answer.content_type.as_str()),
            (200, "image/svg+xml"),
            "{}",
            answer.body
        );
        let (svg, printed) = cli_svg(&["langford", &n.to_string()]);
        assert_eq!(answer.body, svg);
        let (values, mut pairs) = langford_of_svg(&svg);
        let line: Vec<String> = values.iter().map(usize::to_string).collect();
        assert_eq!(line.join(" "), printed.trim(), "the sequence printed");
        assert_eq!(values.len(), 2 * n);
        pairs.sort_unstable();
        assert_eq!(pairs.len(), n, "{pairs:?}");
        for (k, &(value, left, right)) in pairs.iter().enumerate() {
            assert_eq!(value, k + 1, "one arc each value: {pairs:?}");
            assert_eq!(
                (values[left], values[right], right - left),
                (value, value, value + 1),
                "the arc of {value} in {line:?}"
            );
        }
    }
    assert_eq!(server.get("/api/picture/langford").status, 200);
    for n in [5, 6, 13] {
        let none = server.get(&format!("/api/picture/langford?n={n}"));
        assert_eq!(none.status, 422, "{n}");
        let message = none.json()["error"].as_str().unwrap().to_owned();
        assert!(message.contains("n mod 4 is 0 or 3"), "{message}");
    }
    let wrong = server.get("/api/picture/langford?n=1001");
    assert_eq!(wrong.status, 400);
    let message = wrong.json()["error"].as_str().unwrap().to_owned();
    let cli = dancing().args(["langford", "1001"]).assert().code(2);
    let stderr = String::from_utf8_lossy(&cli.get_output().stderr).into_owned();
    assert!(
        stderr.contains(&message),
        "{message:?} is not in {stderr:?}"
    );
}

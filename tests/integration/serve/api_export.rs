//! A front end's problem in the exact-cover panel through the API: `GET /api/export/{kind}`
//! is the text of `dancing <kind> ... --to-dlx` byte for byte, and `POST /api/picture/{kind}`
//! draws a solution that `/api/cover/solve` found for that text, read back from the SVG
//! independently of the code that drew it and checked against the solution's own option
//! lines: the queens on the squares the options name, each piece of a packing on the cells
//! of its option, each Langford pair in the slots of its option; and the errors of lines
//! that are no option, or options that are no solution, in the library's words.

use std::collections::{BTreeMap, BTreeSet};

use super::Server;
use super::api_pictures::{langford_of_svg, queens_of_svg};
use crate::common::{dancing, stdout_of};

/// The first `limit` solutions of `problem` by `/api/cover/solve`, each its option lines.
fn solutions(server: &Server, problem: &str, limit: usize) -> Vec<Vec<String>> {
    let answer = server.post(&format!("/api/cover/solve?limit={limit}"), problem);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let solutions: Vec<Vec<String>> =
        serde_json::from_value(answer.json()["solutions"].clone()).unwrap();
    assert_eq!(solutions.len(), limit, "{}", answer.body);
    solutions
}

/// The picture `POST /api/picture/{kind}?{query}` draws of `solution`, which must be one.
fn drawn(server: &Server, kind: &str, query: &str, solution: &[String]) -> String {
    let answer = server.post(&format!("/api/picture/{kind}?{query}"), solution.join("\n"));
    assert_eq!(
        (answer.status, answer.content_type.as_str()),
        (200, "image/svg+xml"),
        "{}",
        answer.body
    );
    answer.body
}

/// A number of an item name written as the front ends write them (one character of
/// `0-9a-zA-Z`).
fn digit(c: char) -> usize {
    const DIGITS: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    DIGITS.find(c).expect("a digit of an item name")
}

#[test]
fn every_front_ends_export_is_the_text_of_its_to_dlx_byte_for_byte() {
    let server = Server::start(&["--jobs", "1"]);
    for (path, args) in [
        ("polyomino", vec!["polyomino", "6x10"]),
        (
            "polyomino?board=3x20&pieces=pentominoes&copies=1",
            vec!["polyomino", "3x20", "--pieces", "pentominoes"],
        ),
        (
            "polyomino?board=4x4&pieces=domino&copies=8",
            vec!["polyomino", "4x4", "--pieces", "domino", "--copies", "8"],
        ),
        ("polycube", vec!["polycube", "3x3x3"]),
        (
            "polycube?board=2x3x10&pieces=pentominoes",
            vec!["polycube", "2x3x10", "--pieces", "pentominoes"],
        ),
        ("queens", vec!["queens", "8"]),
        ("queens?n=13", vec!["queens", "13"]),
        ("langford", vec!["langford", "7"]),
        // No sequence exists, but the problem is written as the command line writes it.
        ("langford?n=5", vec!["langford", "5"]),
    ] {
        let answer = server.get(&format!("/api/export/{path}"));
        assert_eq!(
            (answer.status, answer.content_type.as_str()),
            (200, "text/plain; charset=utf-8"),
            "{path}: {}",
            answer.body
        );
        let cli = dancing().args(&args).arg("--to-dlx").assert().success();
        assert_eq!(answer.body, stdout_of(&cli), "{path}");
    }
    for (path, status, words) in [
        ("queens?n=1001", 400, "1000"),
        ("polyomino?board=5x5", 400, "the board has 25"),
        ("polycube?pieces=Q", 400, "pieces: "),
        ("sudoku", 404, "no front end `sudoku`"),
    ] {
        let wrong = server.get(&format!("/api/export/{path}"));
        assert_eq!(wrong.status, status, "{path}: {}", wrong.body);
        let message = wrong.json()["error"].as_str().unwrap().to_owned();
        assert!(message.contains(words), "{path}: {message}");
    }
}

#[test]
fn each_queens_solution_found_in_the_export_is_drawn_with_the_queens_of_its_options() {
    let server = Server::start(&["--jobs", "1"]);
    let problem = server.get("/api/export/queens?n=8").body;
    let found = solutions(&server, &problem, 3);
    let mut pictures = BTreeSet::new();
    for solution in &found {
        // An option `rR cC aA bB` puts a queen on row R, column C.
        let mut expected: Vec<(usize, usize)> = solution
            .iter()
            .map(|line| {
                let names: Vec<&str> = line.split_whitespace().collect();
                let number = |prefix: char| {
                    let name = names.iter().find(|n| n.starts_with(prefix)).unwrap();
                    digit(name[1..].chars().next().unwrap())
                };
                (number('r'), number('c'))
            })
            .collect();
        let svg = drawn(&server, "queens", "n=8", solution);
        let (n, mut queens) = queens_of_svg(&svg);
        expected.sort_unstable();
        queens.sort_unstable();
        assert_eq!((n, queens), (8, expected), "{solution:?}");
        pictures.insert(svg);
    }
    assert_eq!(pictures.len(), 3, "three solutions, three pictures");
}

/// The cells (x, y, counted in cells) whose centres each `class="piece"` path of a packing
/// picture encloses (its `d` a list of `M x y L x y ... Z` loops in pixels of 24, even-odd),
/// by the piece's title.
fn pieces_of_svg(svg: &str) -> BTreeMap<String, BTreeSet<(i64, i64)>> {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = document.root_element();
    let number = |name: &str| root.attribute(name).unwrap().parse::<i64>().unwrap();
    let (width, height) = (number("width") / 24, number("height") / 24);
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some("piece"))
        .map(|piece| {
            let title = piece.children().find(|c| c.has_tag_name("title")).unwrap();
            let loops: Vec<Vec<(f64, f64)>> = piece
                .attribute("d")
                .unwrap()
                .split('Z')
                .filter(|l| !l.trim().is_empty())
                .map(|l| {
                    let numbers: Vec<f64> = l
                        .split(|c: char| c == ' ' || c.is_ascii_alphabetic())
                        .filter(|w| !w.is_empty())
                        .map(|w| w.parse().unwrap())
                        .collect();
                    numbers.chunks(2).map(|p| (p[0], p[1])).collect()
                })
                .collect();
            let inside = |x: f64, y: f64| {
                let mut crossings = 0;
                for corners in &loops {
                    for (k, &(x1, y1)) in corners.iter().enumerate() {
                        let (x2, y2) = corners[(k + 1) % corners.len()];
                        if (y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) {
                            crossings += 1;
                        }
                    }
                }
                crossings % 2 == 1
            };
            let cells = (0..width)
                .flat_map(|x| (0..height).map(move |y| (x, y)))
                .filter(|&(x, y)| inside(x as f64 * 24.0 + 12.0, y as f64 * 24.0 + 12.0))
                .collect();
            (title.text().unwrap().to_owned(), cells)
        })
        .collect()
}

#[test]
fn each_packing_found_in_the_export_is_drawn_with_the_pieces_on_the_cells_of_its_options() {
    let server = Server::start(&["--jobs", "1"]);
    // An option is a piece's name, then its cells: row and column (layer first in a box),
    // one character each; a box's layers are drawn side by side, a cell apart.
    for (kind, query, columns) in [
        ("polyomino", "board=3x20&pieces=pentominoes", 20),
        ("polycube", "board=3x3x3&pieces=soma", 3),
    ] {
        let problem = server.get(&format!("/api/export/{kind}?{query}")).body;
        let found = solutions(&server, &problem, 2);
        let mut pictures = BTreeSet::new();
        for solution in &found {
            let expected: BTreeMap<String, BTreeSet<(i64, i64)>> = solution
                .iter()
                .map(|line| {
                    let mut names = line.split_whitespace();
                    let piece = names.next().unwrap().to_owned();
                    let cells = names
                        .map(|cell| {
                            let at: Vec<i64> = cell.chars().map(|c| digit(c) as i64).collect();
                            match at[..] {
                                [row, column] => (column, row),
                                [layer, row, column] => (layer * (columns + 1) + column, row),
                                _ => panic!("a cell of two or three coordinates: {cell}"),
                            }
                        })
                        .collect();
                    (piece, cells)
                })
                .collect();
            let svg = drawn(&server, kind, query, solution);
            // The picture is drawn inside a margin of 12 px: shift it away.
            let shifted = svg.replacen("<g transform=\"translate(12 12)\">", "<g>", 1);
            assert_eq!(pieces_of_svg(&shifted), expected, "{kind}: {solution:?}");
            pictures.insert(svg);
        }
        assert_eq!(pictures.len(), 2, "{kind}: two solutions, two pictures");
    }
}

#[test]
fn each_langford_sequence_found_in_the_export_is_drawn_with_the_pairs_of_its_options() {
    let server = Server::start(&["--jobs", "1"]);
    let problem = server.get("/api/export/langford?n=7").body;
    for solution in solutions(&server, &problem, 3) {
        // An option `vV sI sJ` puts V in slots I and J (from 1).
        let mut expected = vec![0; 14];
        for line in &solution {
            let names: Vec<usize> = line
                .split_whitespace()
                .map(|name| name[1..].parse().unwrap())
                .collect();
            expected[names[1] - 1] = names[0];
            expected[names[2] - 1] = names[0];
        }
        let (values, pairs) = langford_of_svg(&drawn(&server, "langford", "n=7", &solution));
        assert_eq!(values, expected, "{solution:?}");
        assert_eq!(pairs.len(), 7);
    }
}

#[test]
fn lines_that_are_no_option_or_options_that_are_no_solution_are_refused_in_words() {
    let server = Server::start(&["--jobs", "1"]);
    let problem = server.get("/api/export/queens?n=8").body;
    let solution = solutions(&server, &problem, 1).remove(0);
    // Seven queens of eight: the row and the column of the last are not covered, and the
    // message names one of them.
    let uncovered: Vec<String> = solution[7]
        .split_whitespace()
        .take(2)
        .map(|item| format!("not a solution: no option covers item {item}"))
        .collect();
    let short = server.post("/api/picture/queens?n=8", solution[..7].join("\n"));
    assert_eq!(short.status, 422, "{}", short.body);
    let said = short.json()["error"].as_str().unwrap().to_owned();
    assert!(uncovered.contains(&said), "{said}: {uncovered:?}");
    // The same option twice covers its row twice.
    let twice = [&solution[..7], &solution[..1]].concat();
    let twice = server.post("/api/picture/queens?n=8", twice.join("\n"));
    assert_eq!(twice.status, 422, "{}", twice.body);
    assert!(
        twice.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("not a solution: two options cover item"),
        "{}",
        twice.body
    );
    // A line of another problem names its place.
    let other = format!("{}\nA B C", solution[0]);
    let wrong = server.post("/api/picture/queens?n=8", other);
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    assert_eq!(
        wrong.json()["error"],
        "<body>:2: `A B C` is no option of this problem (the lines of a solution of its \
         export are expected, one option a line)"
    );
    let tiling = server.post("/api/picture/polyomino?board=3x20", "");
    assert_eq!(tiling.status, 422, "{}", tiling.body);
    assert!(
        tiling.json()["error"].as_str().unwrap().contains("00"),
        "{}",
        tiling.body
    );
    let unknown = server.post("/api/picture/sudoku", solution.join("\n"));
    assert_eq!(unknown.status, 404, "{}", unknown.body);
}

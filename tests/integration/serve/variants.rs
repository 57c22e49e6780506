//! Sudoku's variants through the API as through the command line: jigsaw labels and extra
//! regions read as the CLI reads them (the same records, the same messages), drawn on the
//! printable SVG, and taken by the generator.

use super::api::cli_record;
use super::{Server, url_encode};
use crate::common::dancing;

#[test]
fn a_jigsaw_puzzle_is_solved_as_sudoku_jigsaw_solves_it_and_bad_labels_get_the_clis_message() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/variants/");
    let regions_file = format!("{dir}jigsaw-janko-108.regions");
    let labels: String = std::fs::read_to_string(&regions_file)
        .unwrap()
        .split_whitespace()
        .collect();
    let text = std::fs::read_to_string(format!("{dir}jigsaw-janko-108.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let (puzzle, published) = line.split_once(' ').unwrap();
    let server = Server::start(&["--jobs", "1"]);
    let query = |path: &str, labels: &str| format!("{path}?jigsaw={}", url_encode(labels));
    let answer = server.post(&query("/api/sudoku/solve", &labels), puzzle);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = answer.json();
    assert_eq!(record["status"], "solved");
    let solution = record["solution"].as_str().unwrap();
    assert_eq!(solution, published.trim());
    // Each region of the labels holds each digit once, and the givens are kept.
    for label in labels.chars() {
        let mut digits: Vec<char> = labels
            .chars()
            .zip(solution.chars())
            .filter(|&(l, _)| l == label)
            .map(|(_, d)| d)
            .collect();
        digits.sort_unstable();
        assert_eq!(digits.iter().collect::<String>(), "123456789");
    }
    assert!(
        puzzle
            .chars()
            .zip(solution.chars())
            .all(|(g, d)| g == '.' || g == d)
    );
    assert_eq!(record, cli_record(puzzle, &["--jigsaw", &regions_file]));
    // With the boxes, the puzzle reads otherwise: the regions change the answer.
    assert_ne!(
        server.post("/api/sudoku/solve", puzzle).json()["solution"],
        record["solution"]
    );
    // Labels in several lines with spaces, URL-encoded, read the same.
    let spaced = std::fs::read_to_string(&regions_file).unwrap();
    let again = server
        .post(&query("/api/sudoku/solve", &spaced), puzzle)
        .json();
    assert_eq!(again, record);
    // The hint and the rating take the regions too, as the CLI does.
    let hint = server.post(&query("/api/sudoku/hint", &labels), puzzle);
    assert_eq!(hint.status, 200, "{}", hint.body);
    let rate = server.post(&query("/api/sudoku/rate", &labels), puzzle);
    assert_eq!(rate.status, 200, "{}", rate.body);
    // The printable SVG draws the regions: one thick segment for each edge between two.
    let picture = server.post(&query("/api/sudoku/svg", &labels), puzzle);
    assert_eq!(picture.status, 200, "{}", picture.body);
    roxmltree::Document::parse(&picture.body).expect("well-formed");
    let label: Vec<char> = labels.chars().collect();
    let edges: usize = (0..81)
        .map(|k| {
            usize::from(k % 9 < 8 && label[k] != label[k + 1])
                + usize::from(k / 9 < 8 && label[k] != label[k + 9])
        })
        .sum();
    assert_eq!(picture.body.matches("class=\"border\"").count(), edges);
    assert_eq!(
        server
            .post(&query("/api/sudoku/svg", &labels[..80]), puzzle)
            .status,
        400
    );
    // Bad labels: 400 with the CLI's words.
    let pieces = "AABBAABBCCDDCCDD".replace("AABBAABB", "AABBABAB");
    for bad in [&labels[..80], pieces.as_str()] {
        let wrong = server.post(&query("/api/sudoku/solve", bad), puzzle);
        assert_eq!(wrong.status, 400, "{}", wrong.body);
        let message = wrong.json()["error"].as_str().unwrap().to_owned();
        let words = message.strip_prefix("jigsaw: ").unwrap();
        assert_the_cli_refuses_with(&["--jigsaw", bad], puzzle, words);
    }
}

#[test]
fn extra_regions_are_read_as_the_cli_reads_their_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/variants/");
    let regions_file = format!("{dir}extra-regions-9x9.regions");
    let regions = std::fs::read_to_string(&regions_file).unwrap();
    let text = std::fs::read_to_string(format!("{dir}extra-regions-9x9.txt")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let (puzzle, published) = line.split_once(' ').unwrap();
    let server = Server::start(&["--jobs", "1"]);
    let path = format!("/api/sudoku/solve?extra_regions={}", url_encode(&regions));
    let record = server.post(&path, puzzle).json();
    assert_eq!(record["status"], "solved");
    assert_eq!(record["solution"].as_str().unwrap(), published.trim());
    assert_eq!(
        record,
        cli_record(puzzle, &["--extra-regions", &regions_file])
    );
    // Each extra region holds each digit once in the answer.
    let solution: Vec<char> = published.trim().chars().collect();
    for line in regions.lines().filter(|l| !l.starts_with('#')) {
        let mut digits: Vec<char> = line
            .split_whitespace()
            .map(|cell| {
                let (r, c) = cell[1..].split_once('c').unwrap();
                let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
                solution[(r - 1) * 9 + c - 1]
            })
            .collect();
        digits.sort_unstable();
        assert_eq!(digits.iter().collect::<String>(), "123456789");
    }
    // The printable SVG shades the extra regions' cells, and draws X's diagonals and the
    // hyper windows when asked.
    let cells = regions
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().count())
        .sum::<usize>();
    let picture = server.post(
        &format!(
            "/api/sudoku/svg?x=true&hyper=true&extra_regions={}",
            url_encode(&regions)
        ),
        puzzle,
    );
    assert_eq!(picture.status, 200, "{}", picture.body);
    roxmltree::Document::parse(&picture.body).expect("well-formed");
    assert_eq!(picture.body.matches("class=\"extra\"").count(), cells);
    assert_eq!(picture.body.matches("class=\"diagonal\"").count(), 2);
    assert_eq!(picture.body.matches("class=\"window\"").count(), 36);
    // A word that is not a cell: 400, with the words of the CLI after the file's name.
    let bad = "r1c1 r1c2 x9\n";
    let wrong = server.post(
        &format!("/api/sudoku/solve?extra_regions={}", url_encode(bad)),
        puzzle,
    );
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    let message = wrong.json()["error"].as_str().unwrap().to_owned();
    let words = message.strip_prefix("extra_regions:").unwrap();
    assert!(
        words.starts_with("1:11: "),
        "{message}: the line and column"
    );
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), bad).unwrap();
    let path = file.path().to_str().unwrap();
    assert_the_cli_refuses_with(&["--extra-regions", path], puzzle, words);
}

/// Runs `dancing sudoku` with `args` on `puzzle` and checks that it exits with 2 and says
/// `words` (the server's message for the same input, less its field's name).
fn assert_the_cli_refuses_with(args: &[&str], puzzle: &str, words: &str) {
    let cli = dancing()
        .arg("sudoku")
        .args(args)
        .write_stdin(puzzle)
        .assert()
        .code(2);
    let stderr = String::from_utf8_lossy(&cli.get_output().stderr).into_owned();
    assert!(stderr.contains(words), "{words:?} is not in {stderr:?}");
}

#[test]
fn a_jigsaw_puzzle_is_generated_on_the_labels_given_and_has_one_solution_there() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/variants/");
    let labels: String = std::fs::read_to_string(format!("{dir}jigsaw-janko-108.regions"))
        .unwrap()
        .split_whitespace()
        .collect();
    let server = Server::start(&["--jobs", "1"]);
    let path = format!("/api/sudoku/generate?seed=5&jigsaw={}", url_encode(&labels));
    let made = server.get(&path);
    assert_eq!(made.status, 200, "{}", made.body);
    let made = made.json();
    let puzzle = made["puzzle"].as_str().unwrap();
    let solution = made["solution"].as_str().unwrap();
    // The solution fills each row, column and region of the labels with 1-9, and keeps the
    // givens.
    let cell = |k: usize| solution.as_bytes()[k];
    let units: Vec<Vec<usize>> = (0..9)
        .map(|r| (0..9).map(|c| 9 * r + c).collect())
        .chain((0..9).map(|c| (0..9).map(|r| 9 * r + c).collect()))
        .chain(
            labels
                .chars()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .map(|label| {
                    (0..81)
                        .filter(|&k| labels.as_bytes()[k] == label as u8)
                        .collect()
                }),
        )
        .collect();
    assert_eq!(units.len(), 27);
    for unit in &units {
        let mut digits: Vec<u8> = unit.iter().map(|&k| cell(k)).collect();
        digits.sort_unstable();
        assert_eq!(digits, b"123456789", "{unit:?}");
    }
    assert!(
        puzzle
            .bytes()
            .zip(solution.bytes())
            .all(|(g, d)| g == b'.' || g == b'0' || g == d)
    );
    // Solved on the same regions, it has that one solution; on the boxes it reads otherwise.
    let solved = server
        .post(
            &format!(
                "/api/sudoku/solve?unique=true&jigsaw={}",
                url_encode(&labels)
            ),
            puzzle,
        )
        .json();
    assert_eq!(solved["status"], "solved", "{solved}");
    assert_eq!(solved["solution"], made["solution"]);
    assert_eq!(
        solved,
        cli_record(puzzle, &["--unique", "--jigsaw", &labels])
    );
    // The same seed, the same puzzle.
    assert_eq!(server.get(&path).json()["puzzle"], made["puzzle"]);
    // Labels for another size are refused with the reason.
    let small = server.get(&format!(
        "/api/sudoku/generate?size=4&jigsaw={}",
        url_encode(&labels)
    ));
    assert_eq!(small.status, 400, "{}", small.body);
}

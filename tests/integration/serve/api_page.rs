//! What the API gives the page beyond the command line's records: the generator's choices
//! from the library's lists, seeds as strings, a puzzle read in its own symbols (and read
//! again in them with `symbols=`), and the candidates of every cell.

use serde_json::json;

use super::{CLASSIC, Server};
use crate::common::dancing;

#[test]
fn choices_are_the_librarys_bands_symmetries_and_the_sizes_generate_takes() {
    let server = Server::start(&[]);
    let choices = server.get("/api/sudoku/choices").json();
    let bands: Vec<&str> = dancing::sudoku::rate::Band::ALL
        .iter()
        .map(|b| b.name())
        .collect();
    assert_eq!(choices["difficulties"], json!(bands));
    let symmetries: Vec<&str> = dancing::sudoku::generate::Symmetry::ALL
        .iter()
        .map(|s| s.name())
        .collect();
    assert_eq!(choices["symmetries"], json!(symmetries));
    for size in choices["sizes"].as_array().unwrap() {
        let made = server.get(&format!("/api/sudoku/generate?size={size}&seed=1"));
        assert_eq!(made.status, 200, "size {size}: {}", made.body);
    }
    assert_eq!(server.get("/api/sudoku/generate?size=25").status, 400);
}

#[test]
fn a_seed_is_answered_as_a_string_that_makes_the_same_puzzle_as_the_cli() {
    let server = Server::start(&[]);
    let seed = "1796647905473360240";
    let made = server
        .get(&format!("/api/sudoku/generate?seed={seed}&size=4"))
        .json();
    assert_eq!(made["seed"], json!(seed));
    assert_eq!(made["symbols"], json!("1-9A-Z"));
    let cli = dancing()
        .args(["sudoku", "generate", "--size", "4", "--seed", seed])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(cli.stdout).unwrap().trim(),
        made["puzzle"].as_str().unwrap()
    );
}

#[test]
fn a_puzzle_is_read_in_its_own_symbols_and_read_again_in_them() {
    let server = Server::start(&[]);
    let text = std::fs::read_to_string("puzzles/shapes/16x16.txt").unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let (hexadoku, solution) = line.split_once(' ').unwrap();
    let read = server.post("/api/sudoku/read", hexadoku).json();
    assert_eq!(read["puzzle"], json!(hexadoku));
    assert_eq!(read["symbols"], json!("0-9A-Z"));
    // A board of it with no `0` left (every `0` blanked) reads as 1-9A-G unless named.
    let no_zero = hexadoku.replace('0', ".");
    let read = server.post("/api/sudoku/read", &no_zero).json();
    assert_eq!(read["symbols"], json!("1-9A-Z"));
    let named = server
        .post("/api/sudoku/solve?symbols=0-9A-Z", &no_zero)
        .json();
    assert_eq!(named["status"], json!("solved"));
    let answer = named["solution"].as_str().unwrap();
    assert!(answer.contains('0') && !answer.contains('G'), "{answer}");
    for (given, written) in no_zero.chars().zip(answer.chars()) {
        assert!(given == '.' || given == written, "{answer}");
    }
    let detected = server.post("/api/sudoku/solve", &no_zero).json();
    assert!(detected["solution"].as_str().unwrap().contains('G'));
    let whole = server.post("/api/sudoku/solve", hexadoku).json();
    assert_eq!(whole["solution"], json!(solution.trim()));
    let refused = server.post("/api/sudoku/solve?symbols=greek", CLASSIC);
    assert_eq!(refused.status, 400);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("symbols: unknown symbols `greek`")
    );
}

#[test]
fn a_hint_on_a_letter_board_or_a_hexadoku_names_the_digit_as_the_board_writes_it() {
    let server = Server::start(&[]);
    for (file, side) in [("25x25.txt", 25), ("16x16.txt", 16)] {
        let text = std::fs::read_to_string(format!("puzzles/shapes/{file}")).unwrap();
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        let (puzzle, solution) = line.split_once(' ').unwrap();
        let hint = server.post("/api/sudoku/hint", puzzle).json();
        let (row, col) = (hint["row"].as_u64().unwrap(), hint["col"].as_u64().unwrap());
        let symbol = solution.as_bytes()[((row - 1) * side + col - 1) as usize] as char;
        assert_eq!(hint["symbol"], json!(symbol.to_string()));
        let words = hint["text"].as_str().unwrap();
        assert!(
            words.ends_with(&format!(" be {symbol}")) || words.contains(&format!(", {symbol} ")),
            "{file}: {words}"
        );
        // The command line's words, the same.
        let cli = dancing()
            .args(["sudoku", "hint", "--format", "jsonl"])
            .write_stdin(format!("{puzzle}\n"))
            .output()
            .unwrap();
        let record: serde_json::Value = serde_json::from_slice(&cli.stdout).unwrap();
        assert_eq!(record["text"], hint["text"]);
    }
    // Where singles stop on an empty hexadoku: every one of its 16 symbols a candidate.
    let empty = ".".repeat(256);
    let end = server.post("/api/sudoku/hint?symbols=hex", &empty).json();
    assert_eq!(end["end"], json!("no-single"));
    let listed = end["text"].as_str().unwrap().rsplit(": ").next().unwrap();
    let hex: Vec<String> = "0123456789ABCDEF".chars().map(String::from).collect();
    assert_eq!(listed, hex.join(" "));
}

#[test]
fn candidates_are_the_digits_no_placed_digit_rules_out() {
    let server = Server::start(&[]);
    let answer = server.post("/api/sudoku/candidates", CLASSIC).json();
    let candidates: Vec<String> = serde_json::from_value(answer["candidates"].clone()).unwrap();
    assert_eq!(candidates.len(), 81);
    let grid: Vec<u8> = CLASSIC.bytes().collect();
    for (k, list) in candidates.iter().enumerate() {
        if grid[k] != b'.' {
            assert_eq!(list, "", "cell {k} is filled");
            continue;
        }
        // Checked here by the rules themselves: a digit is a candidate when no cell of the
        // row, the column or the box holds it.
        let (r, c) = (k / 9, k % 9);
        let seen = |d: u8| {
            (0..9).any(|i| grid[r * 9 + i] == d || grid[i * 9 + c] == d)
                || (0..9).any(|i| grid[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == d)
        };
        let expected: String = (b'1'..=b'9')
            .filter(|&d| !seen(d))
            .map(char::from)
            .collect();
        assert_eq!(list, &expected, "r{}c{}", r + 1, c + 1);
    }
    let conflict = format!("55{}", &CLASSIC[2..]);
    let refused = server.post("/api/sudoku/candidates", conflict);
    assert_eq!(refused.status, 400);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("the givens conflict")
    );
}

//! The page's bugs of issue 54, each checked in Chromium at a phone's width (390 px) and a
//! desk's (1280 px): the difficulty menu from the library's bands, seeds as strings, a pasted
//! puzzle kept in its own symbols, "First solutions" at the limit, Stop keeping its counts,
//! the hint on a full board, and the icon. Skipped, with a `SKIPPED` line each, where
//! `chromium` or `chromedriver` is not installed.

use serde_json::json;

use super::chromium::{Page, WIDTHS, available};
use super::{Server, queens};

/// A puzzle and its published solution: the first line of `file` (under `puzzles/`) not a
/// comment, `PUZZLE SOLUTION`.
fn published(file: &str) -> (String, String) {
    let text = std::fs::read_to_string(format!("puzzles/{file}")).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let (puzzle, solution) = line.split_once(' ').unwrap();
    (puzzle.to_string(), solution.trim().to_string())
}

#[test]
fn the_difficulty_menu_offers_the_librarys_bands_and_each_generates() {
    if !available("the_difficulty_menu_offers_the_librarys_bands_and_each_generates") {
        return;
    }
    let server = Server::start(&[]);
    let bands: Vec<&str> = dancing::sudoku::rate::Band::ALL
        .iter()
        .map(|b| b.name())
        .collect();
    assert!(bands.contains(&"expert") && !bands.contains(&"fiendish"));
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        let offered = page.run(
            "return Array.from(document.getElementById('difficulty').options).map(o => o.value);",
            vec![],
        );
        let mut expected = vec![""];
        expected.extend(&bands);
        assert_eq!(offered, json!(expected), "at {width} px");
        // Each band the page offers is one the server takes.
        for band in &bands {
            page.paste("seed", "3");
            page.choose("size", "4");
            page.choose("difficulty", band);
            page.run(
                "document.getElementById('sudoku-out').textContent = '';",
                vec![],
            );
            page.click("generate");
            let said = page.wait_text("sudoku-out", |t| {
                t.contains("givens") || t.contains("unknown")
            });
            assert!(said.contains("seed 3"), "{band} at {width} px: {said}");
        }
    }
}

#[test]
fn a_seed_shown_by_the_page_makes_its_puzzle_again() {
    if !available("a_seed_shown_by_the_page_makes_its_puzzle_again") {
        return;
    }
    let server = Server::start(&[]);
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        // A seed past 2^53, which a JavaScript number would round to 1796647905473360100.
        let seed = "1796647905473360240";
        page.paste("seed", seed);
        page.click("generate");
        let said = page.wait_text("sudoku-out", |t| t.contains("givens"));
        assert!(said.ends_with(&format!("seed {seed}")), "{said}");
        let made = server
            .get(&format!("/api/sudoku/generate?seed={seed}"))
            .json();
        assert_eq!(made["seed"], json!(seed));
        assert_eq!(page.board(), made["puzzle"].as_str().unwrap());
        // A random seed, as shown, typed in again: the same puzzle.
        page.paste("seed", "");
        page.click("generate");
        let said = page.wait_text("sudoku-out", |t| t.contains("givens") && !t.contains(seed));
        let shown = said.rsplit(' ').next().unwrap().to_string();
        let first = page.board();
        page.paste("seed", &shown);
        page.click("clear");
        page.click("generate");
        page.wait_text("sudoku-out", |t| t.contains("givens"));
        assert_eq!(page.board(), first, "seed {shown} at {width} px");
    }
}

#[test]
fn a_pasted_puzzle_keeps_its_own_symbols_on_the_board_and_in_its_answers() {
    if !available("a_pasted_puzzle_keeps_its_own_symbols_on_the_board_and_in_its_answers") {
        return;
    }
    let server = Server::start(&[]);
    let letters = std::fs::read_to_string("puzzles/shapes/25x25.txt").unwrap();
    let letters = letters.lines().nth(2).unwrap().split_once(' ').unwrap();
    let hexadoku = published("shapes/16x16.txt");
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        for (puzzle, solution, digits) in [
            (letters.0, letters.1.trim(), "ABCDEFGHIJKLMNOPQRSTUVWXY"),
            (&hexadoku.0[..], &hexadoku.1[..], "0123456789ABCDEF"),
        ] {
            page.paste("paste", puzzle);
            page.click("load");
            page.wait_text("sudoku-out", |t| t.starts_with("read a"));
            assert_eq!(page.board(), puzzle, "at {width} px");
            // The hint's digit, in the puzzle's symbols.
            page.click("hint");
            page.wait(|p| !p.cells_with("hint").is_empty());
            let hinted = page.cells_with("hint")[0];
            let board = page.board();
            let symbol = board.as_bytes()[hinted] as char;
            assert_eq!(symbol, solution.as_bytes()[hinted] as char);
            assert!(digits.contains(symbol), "{symbol} at {width} px");
            page.click("solve");
            page.wait_text("sudoku-out", |t| t.starts_with("solved"));
            assert_eq!(page.board(), solution, "at {width} px");
        }
        page.screenshot("sudoku", &format!("letters-{width}.png"));
    }
}

#[test]
fn first_solutions_at_the_limit_do_not_say_complete() {
    if !available("first_solutions_at_the_limit_do_not_say_complete") {
        return;
    }
    let server = Server::start(&[]);
    let eight = std::fs::read_to_string("puzzles/exact-cover/nqueens-8.dlx").unwrap();
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        // Knuth's example, the default problem, has one solution: all there are, complete.
        page.click("first");
        let said = page.wait_text("cover-out", |t| t.contains("found:"));
        assert!(
            said.contains("found: 1, all there are\nstatus: complete"),
            "{said}"
        );
        // 8 queens, 2 asked for: the search stopped there, not complete.
        page.paste("problem", &eight);
        page.paste("limit", "2");
        page.click("first");
        let said = page.wait_text("cover-out", |t| t.contains("found:"));
        assert_eq!(said.matches("solution ").count(), 2, "{said}");
        assert!(
            said.contains(
                "found: 2, the limit asked for; there may be more\nstatus: stopped at the limit"
            ),
            "{said}"
        );
        assert!(!said.contains("complete") && !said.contains("2+"), "{said}");
    }
}

#[test]
fn stop_keeps_the_counts_of_the_search_on_screen() {
    if !available("stop_keeps_the_counts_of_the_search_on_screen") {
        return;
    }
    let server = Server::start(&[]);
    let sixteen = String::from_utf8(queens(16)).unwrap();
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        page.paste("problem", &sixteen);
        page.click("count");
        page.wait_text("progress", |t| t.contains("solutions so far"));
        page.click("stop");
        let said = page.wait_text("cover-out", |t| t.starts_with("stopped after"));
        // `stopped after 1.2 s, 12,345 nodes, 0 solutions so far`, then the share of the
        // estimate.
        let first = said.lines().next().unwrap();
        let parts: Vec<&str> = first.split(", ").collect();
        assert_eq!(parts.len(), 3, "{said}");
        let nodes = parts[1].strip_suffix(" nodes").unwrap().replace(',', "");
        assert!(nodes.parse::<u64>().unwrap() > 0, "{said}");
        assert!(parts[2].ends_with(" solutions so far"), "{said}");
        page.screenshot("cover", &format!("stopped-{width}.png"));
    }
}

#[test]
fn a_hint_on_a_full_board_says_the_board_is_solved() {
    if !available("a_hint_on_a_full_board_says_the_board_is_solved") {
        return;
    }
    let server = Server::start(&[]);
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        page.paste("paste", solved);
        page.click("load");
        page.wait_text("sudoku-out", |t| t.starts_with("read a"));
        page.click("hint");
        let said = page.wait_text("sudoku-out", |t| t.contains("full"));
        assert_eq!(said, "the grid is full and breaks no rule: it is solved");
        let error = page.run(
            "return document.getElementById('sudoku-out').classList.contains('error');",
            vec![],
        );
        assert_eq!(error, json!(false));
        // The icon the page links is served.
        let icon = page.run(
            "return new URL(document.querySelector('link[rel=icon]').href).pathname;",
            vec![],
        );
        let answer = server.get(icon.as_str().unwrap());
        assert_eq!(
            (answer.status, &answer.content_type[..]),
            (200, "image/svg+xml")
        );
    }
}

#[test]
fn the_icon_is_served_at_favicon_ico_as_an_svg() {
    let server = Server::start(&[]);
    for path in ["/favicon.ico", "/favicon.svg"] {
        let answer = server.get(path);
        assert_eq!(
            (answer.status, &answer.content_type[..]),
            (200, "image/svg+xml")
        );
        let svg = roxmltree::Document::parse(&answer.body).unwrap();
        assert_eq!(svg.root_element().tag_name().name(), "svg");
    }
}

//! The page in a real browser: headless Chromium driven through WebDriver (Debian's
//! `chromium-driver`), spoken by the small client of `webdriver.rs`. Type a puzzle and solve
//! it, take a hint, generate, paste a Knuth problem and count, its 5 cheapest solutions with
//! costs, press Stop on a long count (and see the server free again), draw a packing and a
//! queens board, solve a jigsaw drawn with its regions; a screenshot of each state under
//! `target/serve-screenshots/`.
//! Skipped, with a `SKIPPED` line, where `chromium` or `chromedriver` is not installed.
//! Takes about 5 s.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::chromium::{Page, available, keys};
use super::{CLASSIC, Server, queens};
use crate::common::assert_solves;

#[test]
fn the_page_solves_hints_generates_counts_and_stops_in_chromium() {
    if !available("the_page_solves_hints_generates_counts_and_stops_in_chromium") {
        return;
    }
    // One search at a time and no queue: after Stop, a search answered shows the server free.
    let server = Server::start(&["--jobs", "1", "--queue", "0"]);
    let page = Page::open(&server);
    {
        // Type the classic puzzle into the board, a cell after another (Tab), and solve it.
        assert_eq!(page.session.find_all("#board .cell").len(), 81);
        let typed: String = CLASSIC
            .chars()
            .map(|ch| match ch {
                '.' => keys::TAB.to_string(),
                digit => format!("{digit}{}", keys::TAB),
            })
            .collect();
        page.type_at(0, &typed);
        assert_eq!(page.board(), CLASSIC);
        page.click("solve");
        let said = page.wait_text("sudoku-out", |t| t.starts_with("solved"));
        assert!(said.contains("nodes"), "{said}");
        let solved = page.board();
        assert_solves(
            &dancing::sudoku::read::parse_line(CLASSIC).unwrap(),
            &solved,
        );
        page.screenshot("sudoku", "solved.png");

        // Paste the puzzle as a grid, put it on the board, take a hint: the cell and the words
        // of `sudoku hint`.
        let grid: Vec<String> = CLASSIC
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).to_string())
            .collect();
        page.paste("paste", &grid.join("\n"));
        page.click("load");
        page.wait_text("sudoku-out", |t| t.contains("30 givens"));
        assert_eq!(page.board(), CLASSIC);
        page.click("hint");
        let said = page.wait_text("sudoku-out", |t| t.contains("can only"));
        let expected = server.post("/api/sudoku/hint", CLASSIC).json();
        assert_eq!(said, expected["text"]);
        let (row, col) = (
            expected["row"].as_u64().unwrap(),
            expected["col"].as_u64().unwrap(),
        );
        let lit = page.run("return Array.from(document.querySelectorAll('#board .cell.hint')).map(c => [+c.dataset.row + 1, +c.dataset.col + 1, c.textContent]);", vec![]);
        assert_eq!(lit, json!([[row, col, expected["digit"].to_string()]]));
        page.screenshot("sudoku", "hint.png");

        // Generate a 9x9 puzzle, symmetric, from a seed: the board holds a unique puzzle.
        page.paste("seed", "2024");
        page.choose("symmetry", "rotate180");
        page.click("generate");
        page.wait_text("sudoku-out", |t| t.contains("seed 2024"));
        let made = page.board();
        let counted = server.post("/api/sudoku/solve?count=true", &made).json();
        assert_eq!(
            (&counted["solutions"], &counted["complete"]),
            (&json!(1), &json!(true))
        );
        let reversed: String = made.chars().rev().collect();
        let blanks = |s: &str| s.chars().map(|c| c == '.').collect::<Vec<_>>();
        assert_eq!(
            blanks(&made),
            blanks(&reversed),
            "symmetric under a half turn"
        );
        page.screenshot("sudoku", "generated.png");

        // Paste 8 queens in Knuth's format and count: 92.
        let eight = std::fs::read_to_string("puzzles/exact-cover/nqueens-8.dlx").unwrap();
        page.paste("problem", &eight);
        page.click("count");
        let said = page.wait_text("cover-out", |t| t.starts_with("count:"));
        assert!(said.starts_with("count: 92\nstatus: complete"), "{said}");
        page.screenshot("cover", "counted.png");

        // The same with costs: the 5 cheapest, the first of cost 37 (`cover --min-cost`).
        let costed = std::fs::read_to_string("puzzles/exact-cover/nqueens-8-costs.dlx").unwrap();
        page.paste("problem", &costed);
        page.click("cheapest");
        let said = page.wait_text("cover-out", |t| t.starts_with("cost:"));
        assert!(said.starts_with("cost: 37\n"), "{said}");
        assert_eq!(said.matches("cost: ").count(), 5, "{said}");
        page.screenshot("cover", "cheapest.png");

        // Count 16 queens (minutes), see the progress, press Stop.
        page.paste("problem", &String::from_utf8(queens(16)).unwrap());
        page.click("count");
        // The progress of the search on the server: its nodes and solutions so far.
        page.wait_text("progress", |t| {
            t.starts_with("searching...") && t.contains("nodes")
        });
        page.screenshot("cover", "searching.png");
        assert_eq!(
            server.post("/api/sudoku/solve", CLASSIC).status,
            503,
            "the count runs"
        );
        page.click("stop");
        page.wait_text("cover-out", |t| t.starts_with("stopped after"));
        page.screenshot("cover", "stopped.png");
        let start = Instant::now();
        while server.post("/api/sudoku/solve", CLASSIC).status != 200 {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the count was not stopped"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        // The first packing of the pentominoes on a 3x20 board, drawn.
        page.paste("tiling-board", "3x20");
        page.click("draw");
        let start = Instant::now();
        while page.run(
            "return document.getElementById('picture').naturalWidth;",
            vec![],
        ) != json!(504)
        {
            assert!(start.elapsed() < Duration::from_secs(10), "no picture");
            std::thread::sleep(Duration::from_millis(50));
        }
        page.screenshot("pictures", "picture.png");
        // The first solution of 8 queens, drawn as a chessboard of 8 squares of 32 pixels.
        page.choose("picture-kind", "queens");
        page.click("draw");
        let start = Instant::now();
        while page.run(
            "return document.getElementById('picture').naturalWidth;",
            vec![],
        ) != json!(280)
        {
            assert!(start.elapsed() < Duration::from_secs(10), "no queens");
            std::thread::sleep(Duration::from_millis(50));
        }
        page.screenshot("pictures", "queens.png");

        // Janko's jigsaw 108: its regions typed in, drawn as thick borders, the puzzle solved
        // to its published solution.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/variants/");
        let regions = std::fs::read_to_string(format!("{dir}jigsaw-janko-108.regions")).unwrap();
        let labels: Vec<char> = regions.chars().filter(|c| !c.is_whitespace()).collect();
        let text = std::fs::read_to_string(format!("{dir}jigsaw-janko-108.txt")).unwrap();
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        let (puzzle, published) = line.split_once(' ').unwrap();
        page.paste("jigsaw", &regions);
        page.run("drawVariants();", vec![]);
        let borders = page.run(
            "return Array.from(document.querySelectorAll('#board .cell')).map(c => \
             [c.classList.contains('box-right'), c.classList.contains('box-bottom')]);",
            vec![],
        );
        let expected: Vec<Value> = (0..81)
            .map(|k| {
                let right = k % 9 < 8 && labels[k] != labels[k + 1];
                let bottom = k / 9 < 8 && labels[k] != labels[k + 9];
                json!([right, bottom])
            })
            .collect();
        assert_eq!(borders, json!(expected));
        page.paste("paste", puzzle);
        page.click("load");
        page.wait_text("sudoku-out", |t| t.starts_with("read a 9x9"));
        page.click("solve");
        page.wait_text("sudoku-out", |t| t.starts_with("solved"));
        assert_eq!(page.board(), published.trim());
        page.screenshot("sudoku", "jigsaw.png");
    }
}

//! The page on a phone (390 px, touch) and a desk (1280 px), in Chromium: the board fills a
//! phone's width without horizontal scrolling (9x9 and 16x16) and stands in the page's centre
//! on a desk; and solving by hand: typing over a cell, arrows and Tab, Backspace, `0` and
//! givens refused, conflicts marked as they are typed, undo and redo, pencil marks and the
//! engine's candidates, the number pad on touch screens, the timer hidden, dark mode, and the
//! board as an ARIA grid. Skipped, with a `SKIPPED` line each, where `chromium` or
//! `chromedriver` is not installed.

use serde_json::{Value, json};

use super::chromium::{Page, WIDTHS, available, keys};
use super::{CLASSIC, Server};

/// The page's width (its scroll bar left out), the board's left edge and width, and the
/// document's scroll width.
fn layout(page: &Page) -> (f64, f64, f64, f64) {
    let measured = page.run(
        "const b = document.getElementById('board').getBoundingClientRect(); \
         return [document.documentElement.clientWidth, b.left, b.width, document.documentElement.scrollWidth];",
        vec![],
    );
    let at = |k: usize| measured[k].as_f64().unwrap();
    (at(0), at(1), at(2), at(3))
}

#[test]
fn the_board_fills_a_phone_without_scrolling_and_is_centred_on_a_desk() {
    if !available("the_board_fills_a_phone_without_scrolling_and_is_centred_on_a_desk") {
        return;
    }
    let server = Server::start(&[]);
    let text = std::fs::read_to_string("puzzles/shapes/16x16.txt").unwrap();
    let hexadoku = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        for (puzzle, side) in [(CLASSIC, 9), (hexadoku.split(' ').next().unwrap(), 16)] {
            page.paste("paste", puzzle);
            page.click("load");
            page.wait(|p| p.board().len() == side * side);
            // The page is laid out at the screen's width (the viewport tag): no wider.
            let (inner, left, board, scroll) = layout(&page);
            let viewport = page.run("return window.innerWidth;", vec![]);
            assert_eq!(viewport, json!(width), "the viewport at {width} px");
            assert!(
                scroll <= inner,
                "{side}x{side}: scrolls to {scroll} at {inner} px"
            );
            if width < 600 {
                assert!(board >= 0.9 * inner, "{side}x{side}: {board} of {inner} px");
            } else {
                let centre = left + board / 2.0;
                assert!(
                    (centre - inner / 2.0).abs() <= 2.0,
                    "{side}x{side}: centre {centre}"
                );
            }
            // Every cell square and of the same width, its digit inside it.
            let cells = page.run(
                "return cells().map(c => { const r = c.getBoundingClientRect(); \
                 return [r.width, r.height, c.scrollWidth <= c.clientWidth]; });",
                vec![],
            );
            for cell in cells.as_array().unwrap() {
                let (w, h) = (cell[0].as_f64().unwrap(), cell[1].as_f64().unwrap());
                assert!(
                    (w - h).abs() <= 1.5 && w >= board / side as f64 - 3.0,
                    "{cell}"
                );
                assert_eq!(cell[2], json!(true), "a digit wider than its cell");
            }
        }
        page.paste("paste", CLASSIC);
        page.click("load");
        page.wait(|p| p.board() == CLASSIC);
        page.click("hint");
        page.wait(|p| !p.cells_with("hint").is_empty());
        // The hint's cell lit, and the cells of the houses its deduction reads shaded.
        let step = server.post("/api/sudoku/hint", CLASSIC).json();
        let at = |cell: &Value| {
            (cell[0].as_u64().unwrap() as usize - 1) * 9 + cell[1].as_u64().unwrap() as usize - 1
        };
        let hinted = at(&json!([step["row"], step["col"]]));
        assert_eq!(page.cells_with("hint"), vec![hinted]);
        let houses: Vec<usize> = step["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(at)
            .filter(|&k| k != hinted)
            .collect();
        assert_eq!(page.cells_with("house"), houses);
        page.screenshot("sudoku", &format!("hint-{width}.png"));
    }
}

/// The pencil marks of cell `k`, in order.
fn marks(page: &Page, k: usize) -> Value {
    page.run(
        "return [...marks[arguments[0]]].sort().join('');",
        vec![json!(k)],
    )
}

#[test]
fn a_puzzle_is_solved_by_hand_with_keys_pad_pencil_marks_and_undo() {
    if !available("a_puzzle_is_solved_by_hand_with_keys_pad_pencil_marks_and_undo") {
        return;
    }
    let server = Server::start(&[]);
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        page.paste("paste", CLASSIC);
        page.click("load");
        page.wait(|p| p.board() == CLASSIC);
        let at = |k: usize| page.board().as_bytes()[k] as char;
        // r1c3 is blank: typed, then typed over.
        page.type_at(2, "4");
        assert_eq!(at(2), '4');
        page.type_at(2, "1");
        assert_eq!(at(2), '1');
        // Arrows and Tab move; a given is not typed over; Backspace clears.
        page.type_at(2, &format!("{}2", keys::RIGHT));
        assert_eq!(at(3), '2');
        page.type_at(3, &format!("{}{}9", keys::LEFT, keys::LEFT));
        assert_eq!(at(1), '3', "r1c2 is a given");
        assert!(page.text("sudoku-out").contains("given"));
        // Down from r1c4 to r2c4, then Tab over the givens r2c5 and r2c6 to r2c7.
        page.type_at(
            3,
            &format!("{}{}{}{}6", keys::DOWN, keys::TAB, keys::TAB, keys::TAB),
        );
        assert_eq!(at(15), '6');
        page.type_at(
            15,
            &format!("{}{}{}", keys::SHIFT, keys::TAB, keys::BACKSPACE),
        );
        assert_eq!(at(14), '5', "a given is not cleared");
        page.type_at(15, keys::BACKSPACE);
        assert_eq!(at(15), '.');
        // `0` is not a digit of a 9x9 board.
        page.type_at(15, "0");
        assert_eq!(at(15), '.');
        assert!(
            page.text("sudoku-out")
                .starts_with("0 is not a digit of this board")
        );
        // A 5 beside r1c1's 5 is a conflict, marked at once on both; undo and redo.
        page.type_at(2, "5");
        assert_eq!(page.cells_with("conflict"), vec![0, 2]);
        page.type_at(2, &format!("{}z", keys::CONTROL));
        assert_eq!(at(2), '1');
        assert!(page.cells_with("conflict").is_empty());
        page.type_at(2, &format!("{}y", keys::CONTROL));
        assert_eq!(at(2), '5');
        page.click("undo");
        assert_eq!(at(2), '1');
        page.click("undo");
        assert_eq!(at(15), '6', "the Backspace of r2c7 undone");
        page.click("redo");
        page.click("redo");
        assert_eq!((at(2), at(15)), ('5', '.'));
        page.click("undo");
        // Pencil marks: typed, toggled off, then the engine's candidates for every blank.
        page.click("pencil");
        page.type_at(18, "127");
        page.type_at(18, "2");
        assert_eq!(marks(&page, 18), json!("17"));
        assert_eq!(at(18), '.');
        page.click("pencil");
        page.click("candidates");
        page.wait(|p| marks(p, 18) != json!("17"));
        let line = page.board();
        let expected = server.post("/api/sudoku/candidates", &line).json();
        for k in [18, 40, 80] {
            assert_eq!(marks(&page, k), expected["candidates"][k], "cell {k}");
        }
        page.screenshot("sudoku", &format!("pencil-{width}.png"));
        page.click("undo");
        assert_eq!(marks(&page, 18), json!("17"));
        // The number pad is there on a touch screen only, and types into the cell selected.
        let pad = page.run(
            "return getComputedStyle(document.getElementById('pad')).display;",
            vec![],
        );
        if width < 600 {
            assert_eq!(pad, json!("grid"));
            page.session.click(&page.cell(22));
            let eight = page.session.find("#pad button[aria-label='enter 8']");
            page.session.click(&eight);
            assert_eq!(at(22), '8');
        } else {
            assert_eq!(pad, json!("none"));
        }
        // The timer hides and shows again.
        page.click("timer-toggle");
        let hidden = "return document.getElementById('timer').classList.contains('hidden');";
        assert_eq!(page.run(hidden, vec![]), json!(true));
        page.click("timer-toggle");
        assert_eq!(page.run(hidden, vec![]), json!(false));
        // An ARIA grid: 9 rows of 9 cells, each named by its place and content.
        let aria = page.run(
            "const b = document.getElementById('board'); \
             return [b.getAttribute('role'), b.querySelectorAll('[role=row]').length, \
             Array.from(b.querySelectorAll('[role=row]')).every(r => \
             r.querySelectorAll('[role=gridcell]').length === 9), \
             b.querySelector('[aria-selected=true]').getAttribute('aria-label'), \
             cells()[0].getAttribute('aria-label')];",
            vec![],
        );
        assert_eq!(
            aria.as_array().unwrap()[0..3],
            [json!("grid"), json!(9), json!(true)]
        );
        assert!(aria[3].as_str().unwrap().starts_with("r"), "{aria}");
        assert_eq!(aria[4], json!("r1c1: 5, given"));
        // Dark mode follows the system's.
        let background = "return getComputedStyle(document.body).backgroundColor;";
        assert_eq!(page.run(background, vec![]), json!("rgb(250, 250, 250)"));
        page.session.devtools(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
        );
        assert_eq!(page.run(background, vec![]), json!("rgb(22, 24, 28)"));
        page.screenshot("sudoku", &format!("dark-{width}.png"));
        page.session
            .devtools("Emulation.setEmulatedMedia", json!({"features": []}));
    }
}

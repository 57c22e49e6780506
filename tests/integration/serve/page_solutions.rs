//! A front end's problem opened in the exact-cover panel, in Chromium at 390 and 1280 px:
//! Pictures' "Open in exact cover" puts the text of `--to-dlx` in the box, "First solutions"
//! shows each solution found with its picture beside its options (the queens of each
//! picture those of the options shown with it, read from the SVG the page holds), within the
//! width of the screen; once the text is edited, the next search writes its solutions as
//! text and draws none. Skipped, with a `SKIPPED`
//! line, where `chromium` or `chromedriver` is not installed.

use serde_json::json;

use super::Server;
use super::api_pictures::queens_of_svg;
use super::chromium::{Page, WIDTHS, available};

/// The solutions written in the exact-cover panel's answer, when no front end made its text (`solution K:` then one option
/// a line, a blank line between two), each its option lines.
fn solutions_of(text: &str) -> Vec<Vec<String>> {
    text.split("\n\n")
        .filter(|block| block.starts_with("solution "))
        .map(|block| block.lines().skip(1).map(str::to_owned).collect())
        .collect()
}

/// The squares (row, column) of the queens that the options `lines` (`rR cC aA bB`) place.
fn squares_of(lines: &[String]) -> Vec<(usize, usize)> {
    let mut squares: Vec<(usize, usize)> = lines
        .iter()
        .map(|line| {
            let names: Vec<&str> = line.split_whitespace().collect();
            let number = |prefix: char| -> usize {
                let name = names.iter().find(|n| n.starts_with(prefix)).unwrap();
                name[1..].parse().unwrap()
            };
            (number('r'), number('c'))
        })
        .collect();
    squares.sort_unstable();
    squares
}

#[test]
fn eight_queens_opened_in_exact_cover_draw_each_solution_found_until_the_text_is_edited() {
    if !available(
        "eight_queens_opened_in_exact_cover_draw_each_solution_found_until_the_text_is_edited",
    ) {
        return;
    }
    let server = Server::start(&[]);
    let export = server.get("/api/export/queens?n=8").body;
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        page.choose("picture-kind", "queens");
        page.paste("picture-n", "8");
        page.click("open-cover");
        page.wait(|p| {
            p.run("return document.getElementById('problem').value;", vec![]) == json!(export)
        });
        page.paste("limit", "3");
        page.click("first");
        let said = page.wait_text("cover-out", |t| t.contains("found: 3"));
        assert!(said.starts_with("found: 3, the limit asked for"), "{said}");
        page.wait(|p| {
            p.run(
                "return Array.from(document.querySelectorAll('#cover-pictures img'))\
                 .filter(i => i.complete && i.naturalWidth > 0).length;",
                vec![],
            ) == json!(3)
        });
        // Each solution as the page shows it: its caption, its options and the picture
        // beside them (the SVG the page holds).
        let shown = page.run(
            "return Array.from(document.querySelectorAll('#cover-pictures figure')).map(f => { \
               const x = new XMLHttpRequest(); \
               x.open('GET', f.querySelector('img').src, false); x.send(); \
               return [f.querySelector('figcaption').textContent, \
                       f.querySelector('pre').textContent, x.responseText]; });",
            vec![],
        );
        let shown: Vec<(String, String, String)> = serde_json::from_value(shown).unwrap();
        assert_eq!(shown.len(), 3);
        for (k, (caption, options, svg)) in shown.iter().enumerate() {
            assert_eq!(caption, &format!("solution {}", k + 1));
            let solution: Vec<String> = options.lines().map(str::to_owned).collect();
            assert_eq!(solution.len(), 8, "{caption} at {width} px: {options}");
            let (n, mut queens) = queens_of_svg(svg);
            queens.sort_unstable();
            assert_eq!((n, queens.len()), (8, 8), "{caption} at {width} px");
            assert_eq!(queens, squares_of(&solution), "{caption} at {width} px");
        }
        let layout = page.run(
            "const e = document.documentElement; \
             const rights = Array.from(document.querySelectorAll('#cover-pictures img')) \
               .map(i => i.getBoundingClientRect().right); \
             return [e.clientWidth, e.scrollWidth, Math.max(...rights)];",
            vec![],
        );
        let at = |k: usize| layout[k].as_f64().unwrap();
        assert!(
            at(1) <= at(0) && at(2) <= at(0),
            "at {width} px: the page {} wide, {} to scroll, the pictures to {}",
            at(0),
            at(1),
            at(2)
        );
        page.screenshot("cover-pictures", &format!("cover-queens-{width}.png"));

        // Typed into, the text is no longer the front end's: the next search draws nothing.
        let problem = page.session.find("#problem");
        page.session.send_keys(&problem, "\n| edited by hand");
        page.wait(|p| p.text("made-by").is_empty());
        page.click("first");
        let said = page.wait_text("cover-out", |t| t.contains("found: 3"));
        assert_eq!(solutions_of(&said).len(), 3);
        assert_eq!(
            page.run(
                "return document.querySelectorAll('#cover-pictures figure').length;",
                vec![]
            ),
            json!(0)
        );
    }
}

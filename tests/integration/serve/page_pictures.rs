//! The Pictures panel in Chromium at 390 and 1280 px: every front end (polyomino, polycube,
//! queens, Langford) offered, each showing its own inputs, its first solution drawn as the
//! API draws it, a picture wider than the screen scaled to its width (no horizontal
//! scrolling), and a problem without solution answered in words. Skipped, with a `SKIPPED`
//! line, where `chromium` or `chromedriver` is not installed.

use serde_json::json;

use super::Server;
use super::chromium::{Page, WIDTHS, available};

/// The `width` and `height` of the SVG document `svg`.
fn size_of(svg: &str) -> (f64, f64) {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = document.root_element();
    let number = |name: &str| root.attribute(name).unwrap().parse::<f64>().unwrap();
    (number("width"), number("height"))
}

#[test]
fn every_front_ends_picture_is_drawn_within_the_width_of_a_phone_and_a_desk() {
    if !available("every_front_ends_picture_is_drawn_within_the_width_of_a_phone_and_a_desk") {
        return;
    }
    let server = Server::start(&[]);
    // Each kind, what is typed for it, and the query of the same picture. A 2x3x10 box is
    // 528 px wide (its two layers side by side), 24 Langford pairs 1560 px: wider than a
    // phone, and the pairs than a desk.
    let kinds = [
        (
            "polyomino",
            ("3x20", "pentominoes", ""),
            "board=3x20&pieces=pentominoes",
        ),
        (
            "polycube",
            ("2x3x10", "pentominoes", ""),
            "board=2x3x10&pieces=pentominoes",
        ),
        ("queens", ("", "", "12"), "n=12"),
        ("langford", ("", "", "24"), "n=24"),
    ];
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        let offered = page.run(
            "return Array.from(document.getElementById('picture-kind').options).map(o => o.value);",
            vec![],
        );
        assert_eq!(
            offered,
            json!(["polyomino", "polycube", "queens", "langford"])
        );
        for (kind, (board, pieces, n), query) in kinds {
            page.choose("picture-kind", kind);
            let tiling = n.is_empty();
            let shown = page.run(
                "return ['tiling-board', 'tiling-pieces', 'picture-n'].map(id => \
                 document.getElementById(id).getBoundingClientRect().width > 0);",
                vec![],
            );
            assert_eq!(
                shown,
                json!([tiling, tiling, !tiling]),
                "{kind} at {width} px"
            );
            if tiling {
                page.paste("tiling-board", board);
                page.paste("tiling-pieces", pieces);
            } else {
                page.paste("picture-n", n);
            }
            let expected = server.get(&format!("/api/picture/{kind}?{query}"));
            assert_eq!(expected.status, 200, "{}", expected.body);
            let (natural_width, natural_height) = size_of(&expected.body);
            page.click("draw");
            page.wait(|p| {
                p.run(
                    "const i = document.getElementById('picture'); \
                     return [i.naturalWidth, i.naturalHeight];",
                    vec![],
                ) == json!([natural_width as u64, natural_height as u64])
            });
            let drawn = page.run(
                "const r = document.getElementById('picture').getBoundingClientRect(); \
                 const e = document.documentElement; \
                 return [r.left, r.right, r.width, r.height, e.clientWidth, e.scrollWidth];",
                vec![],
            );
            let at = |k: usize| drawn[k].as_f64().unwrap();
            let (left, right, shown_width, shown_height, client, scroll) =
                (at(0), at(1), at(2), at(3), at(4), at(5));
            assert!(
                left >= 0.0 && right <= client && scroll <= client,
                "{kind} at {width} px: the picture from {left} to {right}, the page {client} \
                 wide and {scroll} to scroll"
            );
            if natural_width > client {
                assert!(
                    shown_width < natural_width,
                    "{kind} at {width} px is not scaled"
                );
            }
            assert!(
                (shown_height / shown_width - natural_height / natural_width).abs() < 0.02,
                "{kind} at {width} px: {shown_width}x{shown_height}, drawn \
                 {natural_width}x{natural_height}"
            );
            assert_eq!(page.text("picture-out"), "");
            page.screenshot("pictures", &format!("pictures-{kind}-{width}.png"));
        }
        // Langford pairs of 5 do not exist: said so, and no picture.
        page.paste("picture-n", "5");
        page.click("draw");
        let said = page.wait_text("picture-out", |t| t.contains("no solution"));
        assert!(said.contains("n mod 4 is 0 or 3"), "{said}");
        assert_eq!(
            page.run(
                "return document.getElementById('picture').hasAttribute('src');",
                vec![]
            ),
            json!(false)
        );
    }
}

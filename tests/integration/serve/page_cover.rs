//! The exact-cover panel in Chromium at 390 and 1280 px: a count's progress as a bar against
//! Knuth's estimate of its nodes (the estimate checked against the count's own nodes through
//! the API), and an error of the problem pointed at the line it names. Skipped, with a
//! `SKIPPED` line each, where `chromium` or `chromedriver` is not installed.

use serde_json::{Value, json};

use super::chromium::{Page, WIDTHS, available};
use super::{Server, queens};

#[test]
fn a_count_with_estimate_streams_the_estimate_first_near_the_nodes_counted() {
    let server = Server::start(&[]);
    let eight = std::fs::read_to_string("puzzles/exact-cover/nqueens-8.dlx").unwrap();
    let answer = server.post("/api/cover/count?progress=true&estimate=true", &eight);
    let lines: Vec<Value> = answer
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let estimate = &lines[0]["estimate"];
    let last = lines.last().unwrap();
    assert_eq!(last["count"], json!(92));
    let nodes = last["nodes"].as_f64().unwrap();
    let (mean, low, high) = (
        estimate["nodes"].as_f64().unwrap(),
        estimate["low"].as_f64().unwrap(),
        estimate["high"].as_f64().unwrap(),
    );
    assert!(low <= mean && mean <= high, "{estimate}");
    assert!(
        nodes / 1.5 <= mean && mean <= nodes * 1.5,
        "{mean} for {nodes} nodes"
    );
    assert!(estimate["paths"].as_u64().unwrap() >= 1);
    // Without `estimate`, no such line.
    let plain = server.post("/api/cover/count?progress=true", &eight);
    assert!(!plain.body.contains("estimate"));
}

#[test]
fn a_count_shows_its_progress_as_a_bar_against_the_estimate() {
    if !available("a_count_shows_its_progress_as_a_bar_against_the_estimate") {
        return;
    }
    let server = Server::start(&[]);
    let sixteen = String::from_utf8(queens(16)).unwrap();
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        page.paste("problem", &sixteen);
        page.click("count");
        let said = page.wait_text("progress", |t| t.contains("Knuth's estimate"));
        assert!(said.contains("% of some "), "{said}");
        let bar = page.run(
            "const b = document.getElementById('bar'); \
             return [b.hidden, b.value, b.getBoundingClientRect().width];",
            vec![],
        );
        assert_eq!(bar[0], json!(false));
        let share = bar[1].as_f64().unwrap();
        assert!(share > 0.0 && share < 1.0, "{bar}");
        assert!(bar[2].as_f64().unwrap() >= 0.9 * f64::from(width.min(1000)) - 40.0);
        page.screenshot("cover", &format!("progress-{width}.png"));
        page.click("stop");
        page.wait_text("cover-out", |t| t.starts_with("stopped after"));
        assert_eq!(
            page.run("return document.getElementById('bar').hidden;", vec![]),
            json!(true)
        );
    }
}

#[test]
fn an_error_in_the_problem_points_at_the_line_it_names() {
    if !available("an_error_in_the_problem_points_at_the_line_it_names") {
        return;
    }
    let server = Server::start(&[]);
    let problem = "A B C\nA B\nB X\nC";
    let mut page = Page::open(&server);
    for width in WIDTHS {
        page.at(width);
        page.paste("problem", problem);
        page.click("count");
        let said = page.wait_text("cover-out", |t| t.starts_with("<body>:3:"));
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines[1], "line 3: B X", "{said}");
        // The caret under the column named.
        let column: usize = lines[0].split(':').nth(2).unwrap().parse().unwrap();
        assert_eq!(
            lines[2].find('^'),
            Some("line 3: ".len() + column - 1),
            "{said}"
        );
        let selected = page.run(
            "const p = document.getElementById('problem'); \
             return [document.activeElement === p, p.value.slice(p.selectionStart, p.selectionEnd)];",
            vec![],
        );
        assert_eq!(selected, json!([true, "B X"]));
    }
}

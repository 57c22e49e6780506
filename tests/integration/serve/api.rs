//! The API answers right and as the command line does: the same records, the same counts, the
//! same messages; the limits (400, 413, 503) and the budgets; a search whose client goes
//! away is stopped; Ctrl-C and SIGTERM stop the server cleanly.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{CLASSIC, Server, connect, head, queens};
use crate::common::{assert_solves, dancing, stdout_of};

/// The record of `dancing sudoku --format jsonl ARGS` for `puzzle` on standard input, its
/// source renamed as the server names a body.
pub(super) fn cli_record(puzzle: &str, args: &[&str]) -> Value {
    let assert = dancing()
        .args(["sudoku", "--format", "jsonl", "--stats"])
        .args(args)
        .write_stdin(puzzle)
        .assert();
    let mut record: Value = serde_json::from_str(stdout_of(&assert).trim()).unwrap();
    record["source"] = json!("<body>:1");
    record
}

#[test]
fn the_classic_puzzle_is_solved_with_the_record_of_sudoku_jsonl() {
    let server = Server::start(&["--jobs", "1"]);
    let answer = server.post("/api/sudoku/solve", CLASSIC);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.content_type.starts_with("application/json"));
    let record = answer.json();
    assert_eq!(record["status"], "solved");
    assert_solves(
        &dancing::sudoku::read::parse_line(CLASSIC).unwrap(),
        record["solution"].as_str().unwrap(),
    );
    assert_eq!(record, cli_record(CLASSIC, &[]));
    // Counting, as `--count`: the classic puzzle has exactly one solution.
    let counted = server.post("/api/sudoku/solve?count=true", CLASSIC).json();
    assert_eq!(
        (&counted["solutions"], &counted["complete"]),
        (&json!(1), &json!(true))
    );
    assert_eq!(counted, cli_record(CLASSIC, &["--count"]));
    // The empty grid, under X rules, is not unique: two solutions found of many.
    let empty = ".".repeat(81);
    let multiple = server
        .post("/api/sudoku/solve?count=true&unique=true&x=true", &empty)
        .json();
    assert_eq!(
        multiple,
        cli_record(&empty, &["--count", "--unique", "--x"])
    );
    assert_eq!(multiple["status"], "multiple");
}

#[test]
fn nqueens_8_counts_92_as_cover_count_does() {
    let server = Server::start(&["--jobs", "1"]);
    let problem = std::fs::read("puzzles/exact-cover/nqueens-8.dlx").unwrap();
    let answer = server.post("/api/cover/count", &problem).json();
    assert_eq!(answer["count"], 92);
    assert_eq!(answer["status"], "complete");
    let cli = dancing()
        .args(["cover", "--count"])
        .write_stdin(problem.clone())
        .assert();
    assert_eq!(stdout_of(&cli).trim(), answer["count"].to_string());
    // By the memo too.
    let memo = server.post("/api/cover/count?memo=true", &problem).json();
    assert_eq!(
        (&memo["count"], &memo["status"]),
        (&json!(92), &json!("complete"))
    );
}

#[test]
fn the_first_solutions_are_the_options_as_written_and_verify() {
    let server = Server::start(&["--jobs", "1"]);
    let problem = std::fs::read_to_string("puzzles/exact-cover/nqueens-8.dlx").unwrap();
    let answer = server.post("/api/cover/solve?limit=3", &problem).json();
    // Stopped at the limit, with more to find: not `complete`.
    assert_eq!(
        (&answer["found"], &answer["status"]),
        (&json!("3+"), &json!("limit"))
    );
    // The limit above the one solution of Knuth's example: every solution seen.
    let one = std::fs::read_to_string("puzzles/exact-cover/knuth-example.dlx").unwrap();
    let all = server.post("/api/cover/solve?limit=3", &one).json();
    assert_eq!(
        (&all["found"], &all["status"]),
        (&json!(1), &json!("complete"))
    );
    assert_eq!(all["solutions"].as_array().unwrap().len(), 1);
    let solutions = answer["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 3);
    let lines: Vec<&str> = problem.lines().filter(|l| !l.starts_with('|')).collect();
    for solution in solutions {
        // Eight options of the file, which cover every row and column once.
        let options: Vec<&str> = solution
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap())
            .collect();
        assert_eq!(options.len(), 8);
        let mut items: Vec<&str> = options.iter().flat_map(|o| o.split_whitespace()).collect();
        for option in &options {
            assert!(lines[1..].contains(option), "{option}");
        }
        let primary: Vec<&str> = lines[0]
            .split('|')
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        items.retain(|i| primary.contains(i));
        items.sort_unstable();
        let mut expected = primary.clone();
        expected.sort_unstable();
        assert_eq!(items, expected);
    }
}

#[test]
fn the_cheapest_solutions_are_those_of_min_cost_with_their_costs_and_multiplicities_get_400() {
    let file = "puzzles/exact-cover/nqueens-8-costs.dlx";
    let cli = dancing()
        .args(["cover", "--min-cost", "--best", "5", file])
        .assert()
        .success();
    let expected: Vec<u64> = stdout_of(&cli)
        .lines()
        .filter_map(|l| l.strip_prefix("cost: "))
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(expected.len(), 5);
    let server = Server::start(&["--jobs", "1"]);
    let problem = std::fs::read_to_string(file).unwrap();
    let answer = server.post("/api/cover/cheapest?best=5", &problem).json();
    assert_eq!(answer["status"], json!("complete"));
    let solutions = answer["solutions"].as_array().unwrap();
    let costs: Vec<u64> = solutions
        .iter()
        .map(|s| s["cost"].as_u64().unwrap())
        .collect();
    assert_eq!(costs, expected);
    // Each cost is the sum of the `|n` of its eight options, each a line of the file.
    for solution in solutions {
        let options = solution["options"].as_array().unwrap();
        assert_eq!(options.len(), 8);
        let mut sum = 0;
        for option in options {
            let option = option.as_str().unwrap();
            assert!(problem.lines().any(|l| l == option), "{option}");
            let (_, cost) = option.rsplit_once('|').unwrap();
            sum += cost.parse::<u64>().unwrap();
        }
        assert_eq!(sum, solution["cost"].as_u64().unwrap());
    }
    let bounded = server.post("/api/cover/cheapest", "2:3|a b\na b\na\n");
    assert_eq!(bounded.status, 400, "{}", bounded.body);
    assert!(bounded.body.contains("multiplicities"), "{}", bounded.body);
}

#[test]
fn the_cheapest_solutions_give_a_cost_past_2_to_the_64_exactly_as_a_string() {
    let top = u64::MAX;
    let server = Server::start(&["--jobs", "1"]);
    let problem = format!("a b\na |{top}\nb |1\na b |{top}\n");
    let answer = server.post("/api/cover/cheapest?best=3", &problem);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["status"], json!("complete"));
    // {a b} costs 2^64 - 1, a number; {a, b} costs 2^64, past what JSON readers take whole.
    assert_eq!(
        answer["solutions"],
        json!([
            {"cost": top, "options": [format!("a b |{top}")]},
            {"cost": (u128::from(top) + 1).to_string(), "options": [format!("a |{top}"), "b |1"]},
        ])
    );
}

#[test]
fn unreadable_input_gets_400_and_the_message_of_the_cli_with_its_line_and_column() {
    let server = Server::start(&["--jobs", "1"]);
    let bad = format!("{}#", &CLASSIC[..80]);
    let answer = server.post("/api/sudoku/solve", &bad);
    assert_eq!(answer.status, 400);
    let cli = dancing()
        .arg("sudoku")
        .write_stdin(bad.clone())
        .assert()
        .code(2);
    let said = String::from_utf8_lossy(&cli.get_output().stderr).to_string();
    let message = answer.json()["error"].as_str().unwrap().to_string();
    assert_eq!(message, "<body>:1:81: found 80 cells, expected 81");
    assert!(
        said.contains(message.strip_prefix("<body>").unwrap()),
        "{said}"
    );

    let answer = server.post("/api/cover/count", "A B\nA C\n");
    assert_eq!(answer.status, 400);
    let message = answer.json()["error"].as_str().unwrap().to_string();
    let cli = dancing()
        .args(["cover", "--count"])
        .write_stdin("A B\nA C\n")
        .assert()
        .code(2);
    let said = String::from_utf8_lossy(&cli.get_output().stderr).to_string();
    assert_eq!(said.trim().replace("dancing: <stdin>", "<body>"), message);
    assert!(message.starts_with("<body>:2:3: "), "{message}");
    // A bad budget, an unknown path.
    let answer = server.post("/api/cover/count?max_time=soon", "A\nA\n");
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(server.get("/api/nothing").status, 404);
}

#[test]
fn a_body_of_50_mb_gets_413() {
    let server = Server::start(&["--jobs", "1"]);
    let body = vec![b'.'; 50 << 20];
    let answer = server.post("/api/sudoku/solve", &body);
    assert_eq!(answer.status, 413, "{}", answer.body);
    assert!(
        answer.json()["error"]
            .as_str()
            .unwrap()
            .contains("--body-limit")
    );
    assert_eq!(server.post("/api/sudoku/solve", CLASSIC).status, 200);
}

#[test]
fn a_count_of_16_queens_with_max_time_1s_is_marked_within_5_s() {
    let server = Server::start(&["--jobs", "1"]);
    let start = Instant::now();
    let answer = server
        .post("/api/cover/count?max_time=1s", queens(16))
        .json();
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(answer["status"], "gave-up");
    let count = answer["count"].as_str().unwrap();
    assert!(count.ends_with('+'), "{count}");
    // 16 queens have 14,772,512 solutions: a second finds fewer.
    assert!(count.trim_end_matches('+').parse::<u64>().unwrap() < 14_772_512);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("gave up after 1 s (--max-time)")
    );
    // The server's own cap wins over a longer budget.
    let capped = Server::start(&["--jobs", "1", "--max-time", "200ms"]);
    let answer = capped
        .post("/api/cover/count?max_time=1h", queens(16))
        .json();
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("gave up after 0.2 s"),
        "{answer}"
    );
}

#[test]
fn two_hundred_solves_sent_50_at_a_time_are_all_right_and_the_server_lives() {
    let mut server = Server::start(&["--jobs", "2"]);
    let puzzles: Vec<String> = dancing::sudoku::read::PuzzleReader::new(
        std::fs::File::open("puzzles/sudoku/hardest.txt")
            .map(std::io::BufReader::new)
            .unwrap(),
    )
    .map(|p| p.unwrap().grid.to_line())
    .collect();
    assert!(!puzzles.is_empty());
    for round in 0..4 {
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..50)
                .map(|k| {
                    let puzzle = &puzzles[(round * 50 + k) % puzzles.len()];
                    let server = &server;
                    scope.spawn(move || (puzzle, server.post("/api/sudoku/solve", puzzle)))
                })
                .collect();
            for thread in threads {
                let (puzzle, answer) = thread.join().unwrap();
                assert_eq!(answer.status, 200, "{}", answer.body);
                let record = answer.json();
                assert_eq!(record["status"], "solved");
                assert_solves(
                    &dancing::sudoku::read::parse_line(puzzle).unwrap(),
                    record["solution"].as_str().unwrap(),
                );
            }
        });
    }
    assert!(server.alive());
}

#[test]
fn a_search_whose_client_goes_away_is_stopped() {
    // One thread, no queue: while a search runs, another request is refused (503).
    let server = Server::start(&["--jobs", "1", "--queue", "0"]);
    let problem = queens(16);
    let mut stream = connect(&server.address).unwrap();
    stream
        .write_all(head("POST", "/api/cover/count", problem.len()).as_bytes())
        .unwrap();
    stream.write_all(&problem).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        server.post("/api/sudoku/solve", CLASSIC).status,
        503,
        "the count runs"
    );
    drop(stream);
    // The count of 16 queens takes minutes (60 s at most, the server's cap): answered
    // within seconds, the next request shows that it stopped.
    let start = Instant::now();
    loop {
        let answer = server.post("/api/sudoku/solve", CLASSIC);
        if answer.status == 200 {
            break;
        }
        assert_eq!(answer.status, 503);
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the count was not stopped"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn hint_rate_generate_and_svg_answer_as_the_cli() {
    let server = Server::start(&["--jobs", "1"]);
    let hint = server.post("/api/sudoku/hint", CLASSIC).json();
    let cli = dancing()
        .args(["sudoku", "hint", "--format", "jsonl"])
        .write_stdin(CLASSIC)
        .assert();
    let record: Value = serde_json::from_str(stdout_of(&cli).trim()).unwrap();
    for (field, value) in record.as_object().unwrap() {
        assert_eq!(&hint[field], value, "{field}");
    }
    assert!(hint["text"].as_str().unwrap().contains("can only"));
    // Beyond the CLI's record: the digit in the puzzle's symbols, and the cells of the houses
    // the deduction reads: a naked single at r5c5 reads its row, column and box, 21 cells.
    assert_eq!(hint["symbol"], json!(hint["digit"].to_string()));
    let cells = hint["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 21);
    for cell in cells {
        let (r, c) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
        assert!(
            r == 5 || c == 5 || ((4..=6).contains(&r) && (4..=6).contains(&c)),
            "{cell}"
        );
    }

    let rated = server.post("/api/sudoku/rate", CLASSIC).json();
    let cli = dancing()
        .args(["sudoku", "rate", "--format", "jsonl"])
        .write_stdin(CLASSIC)
        .assert();
    let cli: Value = serde_json::from_str(stdout_of(&cli).trim()).unwrap();
    for field in ["status", "band", "nodes", "extra_nodes"] {
        assert_eq!(rated[field], cli[field], "{field}");
    }

    let made = server
        .get("/api/sudoku/generate?seed=7&symmetry=rotate180&size=4")
        .json();
    let puzzle = made["puzzle"].as_str().unwrap();
    assert_eq!(puzzle.len(), 16);
    let counted = server.post("/api/sudoku/solve?count=true", puzzle).json();
    assert_eq!(
        (&counted["solutions"], &counted["complete"]),
        (&json!(1), &json!(true))
    );
    assert_eq!(counted["solution"], made["solution"]);
    let again = server
        .get("/api/sudoku/generate?seed=7&symmetry=rotate180&size=4")
        .json();
    assert_eq!(
        again["puzzle"], made["puzzle"],
        "the same seed, the same puzzle"
    );
    assert_eq!(server.get("/api/sudoku/generate?size=7").status, 400);

    let svg = server.post("/api/sudoku/svg", CLASSIC);
    assert_eq!(svg.content_type, "image/svg+xml");
    let document = roxmltree::Document::parse(&svg.body).unwrap();
    assert_eq!(document.root_element().tag_name().name(), "svg");
    assert_eq!(svg.body.matches("class=\"given\"").count(), 30);
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let server = Server::start(&["--jobs", "1"]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    for file in ["/style.css", "/app.js", "/cover.js", "/favicon.svg"] {
        assert!(page.body.contains(&file[1..]), "{file}");
        let answer = server.get(file);
        assert_eq!(answer.status, 200, "{file}");
        assert!(!answer.body.is_empty());
        if file != "/favicon.svg" {
            assert!(!answer.body.contains("http"), "{file} links outside");
        }
    }
    // Nothing from elsewhere.
    assert!(!page.body.contains("http"), "the page links outside");
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let server = Server::start(&["--jobs", "1"]);
    assert_eq!(server.post("/api/sudoku/solve", CLASSIC).status, 200);
    assert_eq!(server.interrupt(), Some(0));
}

#[test]
fn sigterm_stops_the_server_cleanly_as_ctrl_c_does() {
    let server = Server::start(&["--jobs", "1"]);
    assert_eq!(server.post("/api/sudoku/solve", CLASSIC).status, 200);
    assert_eq!(server.signal("TERM"), Some(0));
}

#[test]
fn a_count_with_progress_streams_lines_then_the_record_and_stops_when_the_reader_goes() {
    let server = Server::start(&["--jobs", "1", "--queue", "0"]);
    let answer = server.post("/api/cover/count?max_time=600ms&progress=true", queens(16));
    assert_eq!(answer.content_type, "application/x-ndjson");
    let lines: Vec<Value> = answer
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, progress) = lines.split_last().unwrap();
    assert!(!progress.is_empty(), "{}", answer.body);
    let solutions: Vec<u64> = progress
        .iter()
        .map(|p| p["progress"]["solutions"].as_u64().unwrap())
        .collect();
    assert!(solutions.is_sorted(), "{solutions:?}");
    assert_eq!(last["status"], "gave-up");
    let total: u64 = last["count"]
        .as_str()
        .unwrap()
        .trim_end_matches('+')
        .parse()
        .unwrap();
    assert!(total >= *solutions.last().unwrap());
    // A small problem: the record alone, as without progress.
    let answer = server.post(
        "/api/cover/count?progress=true",
        std::fs::read("puzzles/exact-cover/nqueens-8.dlx").unwrap(),
    );
    assert_eq!(answer.json()["count"], 92);

    // The reader goes away after the first lines: the search stops.
    let problem = queens(16);
    let mut stream = connect(&server.address).unwrap();
    stream
        .write_all(head("POST", "/api/cover/count?progress=true", problem.len()).as_bytes())
        .unwrap();
    stream.write_all(&problem).unwrap();
    let mut first = [0u8; 64];
    std::io::Read::read(&mut stream, &mut first).unwrap();
    drop(stream);
    let start = Instant::now();
    while server.post("/api/sudoku/solve", CLASSIC).status != 200 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the count was not stopped"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn conflicting_givens_on_letter_boards_are_named_in_the_boards_own_symbols() {
    let server = Server::start(&["--jobs", "1"]);
    // A 25x25 board in A-Y with K (digit 11) twice in row 2, and a hexadoku in 0-F (its 0
    // says so) with E (digit 15) twice in column 5.
    let mut letters = vec!['.'; 625];
    letters[25 + 2] = 'K';
    letters[25 + 19] = 'K';
    let mut hexadoku = vec!['.'; 256];
    hexadoku[0] = '0';
    hexadoku[4] = 'E';
    hexadoku[12 * 16 + 4] = 'E';
    for (puzzle, words) in [
        (letters, "digit K appears twice in row 2: at r2c3 and r2c20"),
        (
            hexadoku,
            "digit E appears twice in column 5: at r1c5 and r13c5",
        ),
    ] {
        let puzzle: String = puzzle.into_iter().collect();
        let solved = server.post("/api/sudoku/solve", &puzzle).json();
        assert_eq!(
            (&solved["status"], &solved["error"]),
            (&json!("invalid"), &json!(words))
        );
        let hint = server.post("/api/sudoku/hint", &puzzle).json();
        assert_eq!(
            (&hint["end"], &hint["text"]),
            (&json!("invalid"), &json!(words))
        );
        let rated = server.post("/api/sudoku/rate", &puzzle).json();
        assert_eq!(rated["error"], json!(words));
        let candidates = server.post("/api/sudoku/candidates", &puzzle);
        assert_eq!(candidates.status, 400);
        assert_eq!(
            candidates.json()["error"],
            json!(format!("the givens conflict: {words}"))
        );
    }
}

//! Under load the server keeps working: 1,000 mixed requests (valid, unreadable, oversized,
//! slow, cut off by the client) from 8 threads at once, each answered as expected, and the
//! server alive at the end. Takes about 3 s. (Clients that stall, and the bytes of bodies the
//! server holds at once, are `hostile.rs`'s.)

use std::io::Write;

use serde_json::json;

use super::{CLASSIC, Server, connect, head, queens};
use crate::common::assert_solves;

/// The body limit of the server under test: small, so that oversized bodies are cheap.
const LIMIT: usize = 1 << 16;

/// One of the mixed requests, by number; panics when the answer is not the expected one.
fn request(server: &Server, k: usize, sixteen: &[u8]) {
    match k % 6 {
        0 => {
            let answer = server.post("/api/sudoku/solve", CLASSIC);
            assert_eq!(answer.status, 200, "{}", answer.body);
            let solution = answer.json()["solution"].as_str().unwrap().to_string();
            assert_solves(
                &dancing::sudoku::read::parse_line(CLASSIC).unwrap(),
                &solution,
            );
        }
        1 => {
            let answer = server.post("/api/cover/count", "A B | C\nA C\nB\nx\n");
            assert_eq!(answer.status, 400);
            assert_eq!(
                answer.json()["error"],
                "<body>:4:1: `x` is not an item: expected one of the names on the item line"
            );
        }
        2 => {
            let answer = server.post("/api/sudoku/solve", vec![b'.'; LIMIT + 1]);
            assert_eq!(answer.status, 413);
        }
        3 => {
            // Slow: 16 queens, cut by a budget of 20 ms.
            let answer = server
                .post("/api/cover/count?max_time=20ms", sixteen)
                .json();
            assert_eq!(answer["status"], "gave-up", "{answer}");
        }
        4 => {
            // Cut off by the client in the middle of the body: no answer to read.
            let mut stream = connect(&server.address).unwrap();
            let _ = stream.write_all(head("POST", "/api/cover/count", sixteen.len()).as_bytes());
            let _ = stream.write_all(&sixteen[..sixteen.len() / 2]);
        }
        _ => {
            // Cut off by the client during the search: the whole body, then gone.
            let mut stream = connect(&server.address).unwrap();
            let _ = stream.write_all(head("POST", "/api/cover/count", sixteen.len()).as_bytes());
            let _ = stream.write_all(sixteen);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

#[test]
fn a_thousand_mixed_requests_are_answered_as_expected_and_the_server_lives() {
    let mut server = Server::start(&["--jobs", "2", "--body-limit", &LIMIT.to_string()]);
    let sixteen = queens(16);
    std::thread::scope(|scope| {
        for thread in 0..8 {
            let (server, sixteen) = (&server, &sixteen);
            scope.spawn(move || {
                for k in (thread..1000).step_by(8) {
                    request(server, k, sixteen);
                }
            });
        }
    });
    assert!(server.alive());
    let counted = server.post(
        "/api/cover/count",
        std::fs::read("puzzles/exact-cover/nqueens-8.dlx").unwrap(),
    );
    assert_eq!(counted.json()["count"], json!(92));
}

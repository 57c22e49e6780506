//! Under load the server keeps working: 1,000 mixed requests (valid, unreadable, oversized,
//! slow, cut off by the client) from 8 threads at once, each answered as expected, and the
//! server alive at the end; and past the requests it answers at once, 503 before the body is
//! read. Takes about 3 s.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

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

#[test]
fn past_jobs_plus_queue_plus_64_requests_under_way_the_others_get_503_before_their_bodies() {
    // One job and a queue of one: the server answers 66 requests at once. 76 requests send
    // their heads and hold back their bodies, so that whichever 66 the server takes first stay
    // under way until their connections close: the other 10 are refused, each as the server
    // reaches it. (Which ones does not matter; a request sent while the held ones are still
    // being taken could take a place and make one of them the refused one, so none is.)
    const CAP: usize = 66;
    const HELD: usize = CAP + 10;
    let server = Server::start(&["--jobs", "1", "--queue", "1"]);
    let held: Vec<_> = (0..HELD)
        .map(|_| {
            let mut stream = connect(&server.address).unwrap();
            let head = head("POST", "/api/sudoku/solve", CLASSIC.len());
            stream.write_all(head.as_bytes()).unwrap();
            stream.set_nonblocking(true).unwrap();
            stream
        })
        .collect();
    let mut answers: Vec<Vec<u8>> = vec![Vec::new(); HELD];
    let mut closed = [false; HELD];
    let deadline = Instant::now() + Duration::from_secs(20);
    // Read whatever comes back until 10 connections are answered and closed, then a while
    // longer to see that no 11th is.
    let mut settled: Option<Instant> = None;
    loop {
        for (k, mut stream) in held.iter().enumerate() {
            let mut buffer = [0u8; 4096];
            while !closed[k] {
                match stream.read(&mut buffer) {
                    Ok(0) => closed[k] = true,
                    Ok(n) => answers[k].extend_from_slice(&buffer[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                    Err(e) => panic!("held request {k}: {e}"),
                }
            }
        }
        let refused = closed.iter().filter(|&&c| c).count();
        let now = Instant::now();
        match settled {
            None if refused >= HELD - CAP => settled = Some(now),
            Some(at) if now >= at + Duration::from_millis(300) => break,
            _ => assert!(
                now < deadline,
                "only {refused} of {HELD} held requests refused"
            ),
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let refused: Vec<_> = (0..HELD).filter(|&k| closed[k]).collect();
    assert_eq!(refused.len(), HELD - CAP, "refused: {refused:?}");
    for &k in &refused {
        let answer = super::parse(&answers[k]).unwrap();
        assert_eq!(answer.status, 503, "{}", answer.body);
        assert!(answer.json()["error"].as_str().unwrap().contains("busy"));
    }
    assert!((0..HELD).all(|k| closed[k] || answers[k].is_empty()));
    drop(held);
    // Their connections closed, their places come back.
    let deadline = Instant::now() + Duration::from_secs(10);
    let answer = loop {
        let answer = server.post("/api/sudoku/solve", CLASSIC);
        if answer.status == 200 || Instant::now() >= deadline {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(answer.json()["status"], json!("solved"), "{}", answer.body);
    assert_solves(
        &dancing::sudoku::read::parse_line(CLASSIC).unwrap(),
        answer.json()["solution"].as_str().unwrap(),
    );
}

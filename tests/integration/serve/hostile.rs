//! Clients that do not play fair: connections that stall in the middle of a head or a body
//! (more of them than the server once answered at once), requests for another host or from
//! another site's page, and queries that ask for nothing or for a 60 KB time. The server
//! keeps answering the others, lets the stalled go, and answers the rest with short errors.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;

use super::{Answer, CLASSIC, Server, connect, parse, url_encode};

/// Eight queens, counted: 92.
fn eight_queens() -> Vec<u8> {
    std::fs::read("puzzles/exact-cover/nqueens-8.dlx").unwrap()
}

/// Sends `head` (its lines, without the blank line that ends it) and `body` as one request,
/// and reads the whole answer.
fn send_raw(server: &Server, head: &str, body: &[u8]) -> Answer {
    let mut stream = connect(&server.address).unwrap();
    let head = format!(
        "{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    parse(&bytes).unwrap()
}

/// `count` sent to `server` with the headers `lines` (`Name: value`, joined by CRLF).
fn count_with(server: &Server, lines: &str) -> Answer {
    let head = format!("POST /api/cover/count HTTP/1.1\r\n{lines}");
    send_raw(server, &head, &eight_queens())
}

/// Reads `stream` to its end, as long as it takes up to `within`: the bytes and how long
/// the server took to close it. Panics when it is still open then.
fn read_until_closed(stream: &mut TcpStream, within: Duration) -> (Vec<u8>, Duration) {
    let start = Instant::now();
    stream.set_read_timeout(Some(within)).unwrap();
    let mut bytes = Vec::new();
    match stream.read_to_end(&mut bytes) {
        Ok(_) => (bytes, start.elapsed()),
        Err(e) => panic!("still open after {within:?} ({e}), having sent {bytes:?}"),
    }
}

/// Asserts that `answer` is 200 with the count of eight queens.
fn assert_counted(answer: &Answer) {
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["count"], json!(92), "{}", answer.body);
}

#[test]
fn stalled_bodies_past_the_cap_leave_the_page_and_a_count_answering_and_get_408_after_the_read_timeout()
 {
    // One job and a queue of one: the server used to answer 66 requests at once, 503 beyond.
    let server = Server::start(&["--jobs", "1", "--queue", "1", "--read-timeout", "5s"]);
    let mut stalled: Vec<TcpStream> = (0..150)
        .map(|_| {
            let mut stream = connect(&server.address).unwrap();
            let head = "POST /api/cover/count HTTP/1.1\r\nHost: localhost\r\n\
                        Content-Length: 100000\r\nContent-Type: text/plain\r\n\r\nA";
            stream.write_all(head.as_bytes()).unwrap();
            stream
        })
        .collect();
    let start = Instant::now();
    let page = server.get("/");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.content_type.starts_with("text/html"));
    assert_counted(&server.post("/api/cover/count", eight_queens()));
    // Well within the five seconds the stalled clients are given.
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "answered after {:?}",
        start.elapsed()
    );
    for (k, stream) in stalled.iter_mut().enumerate() {
        let (bytes, _) = read_until_closed(stream, Duration::from_secs(20));
        let answer = parse(&bytes).unwrap_or_else(|e| panic!("stalled client {k}: {e}"));
        assert_eq!(answer.status, 408, "{}", answer.body);
        assert_eq!(
            answer.json()["error"],
            "the body did not arrive within 5 s (--read-timeout)"
        );
    }
    assert!(
        start.elapsed() >= Duration::from_secs(4),
        "let go before their time"
    );
}

#[test]
fn a_client_that_stalls_in_its_head_or_sends_nothing_is_let_go_after_the_read_timeout() {
    let server = Server::start(&["--jobs", "1", "--read-timeout", "1s"]);
    let mut stalled: Vec<TcpStream> = (0..20)
        .map(|k| {
            let mut stream = connect(&server.address).unwrap();
            if k % 2 == 0 {
                stream
                    .write_all(b"POST /api/cover/count HTTP/1.1\r\nHost: loc")
                    .unwrap();
            }
            stream
        })
        .collect();
    assert_counted(&server.post("/api/cover/count", eight_queens()));
    for stream in &mut stalled {
        let (bytes, after) = read_until_closed(stream, Duration::from_secs(20));
        // Closed without an answer: there is no request to answer.
        assert_eq!(bytes, b"");
        assert!(after < Duration::from_secs(15), "closed after {after:?}");
    }
}

#[test]
fn past_the_bytes_of_bodies_the_server_holds_a_body_is_answered_503_and_the_page_still_served() {
    // One job, a queue of one, bodies of at most 1000 bytes: the server holds 66 * 1000 bytes
    // of bodies at once. 70 requests send 990 of their 1000 bytes and stall: 66 fit, and at
    // least 4 (more if a body comes in pieces that fit in part) are refused as the server
    // reads them, while the page is served.
    const HELD: usize = 70;
    let server = Server::start(&[
        "--jobs",
        "1",
        "--queue",
        "1",
        "--body-limit",
        "1000",
        "--read-timeout",
        "30s",
    ]);
    let held: Vec<TcpStream> = (0..HELD)
        .map(|_| {
            let mut stream = connect(&server.address).unwrap();
            let head = "POST /api/sudoku/solve HTTP/1.1\r\nHost: localhost\r\n\
                        Content-Length: 1000\r\n\r\n";
            stream.write_all(head.as_bytes()).unwrap();
            stream.write_all(&[b'.'; 990]).unwrap();
            stream.set_nonblocking(true).unwrap();
            stream
        })
        .collect();
    let mut answers: Vec<Vec<u8>> = vec![Vec::new(); HELD];
    let mut closed = [false; HELD];
    let deadline = Instant::now() + Duration::from_secs(20);
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
            None if refused >= 4 => settled = Some(now),
            Some(at) if now >= at + Duration::from_millis(300) => break,
            _ => assert!(now < deadline, "only {refused} of {HELD} refused"),
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let refused: Vec<_> = (0..HELD).filter(|&k| closed[k]).collect();
    assert!(refused.len() <= HELD - 60, "refused: {refused:?}");
    for &k in &refused {
        let answer = parse(&answers[k]).unwrap();
        assert_eq!(answer.status, 503, "{}", answer.body);
        assert!(
            answer.json()["error"]
                .as_str()
                .unwrap()
                .contains("bytes of request bodies"),
            "{}",
            answer.body
        );
    }
    assert_eq!(server.get("/").status, 200);
    drop(held);
    // Their connections closed, their bytes come back.
    let deadline = Instant::now() + Duration::from_secs(10);
    let answer = loop {
        let answer = server.post("/api/sudoku/solve", CLASSIC);
        if answer.status == 200 || Instant::now() >= deadline {
            break answer;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(answer.json()["status"], json!("solved"), "{}", answer.body);
}

#[test]
fn a_request_for_another_host_or_from_another_sites_page_is_refused_with_403() {
    let server = Server::start(&["--jobs", "1"]);
    let rebound = count_with(&server, "Host: attacker.example:8080");
    assert_eq!(rebound.status, 403, "{}", rebound.body);
    assert!(
        rebound.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("the Host `attacker.example:8080` is not a name of this server"),
        "{}",
        rebound.body
    );
    let page = send_raw(&server, "GET / HTTP/1.1\r\nHost: attacker.example", b"");
    assert_eq!(page.status, 403, "the page too");
    // A text/plain POST from another site, as a browser sends it without asking.
    let address = &server.address;
    let cross = count_with(
        &server,
        &format!("Host: {address}\r\nOrigin: http://evil.example\r\nContent-Type: text/plain"),
    );
    assert_eq!(cross.status, 403, "{}", cross.body);
    assert!(
        cross.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("a request from another site's page (Origin `http://evil.example`)"),
        "{}",
        cross.body
    );
    // Another server of this machine is another site too.
    let port = address.rsplit_once(':').unwrap().1;
    let next_door = count_with(
        &server,
        &format!("Host: {address}\r\nOrigin: http://127.0.0.1:1{port}"),
    );
    assert_eq!(next_door.status, 403, "{}", next_door.body);
}

#[test]
fn the_servers_own_names_and_its_own_pages_requests_are_answered() {
    let server = Server::start(&["--jobs", "1"]);
    let port = server.address.rsplit_once(':').unwrap().1.to_string();
    for host in [
        server.address.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert_counted(&count_with(&server, &format!("Host: {host}")));
        let own = format!("Host: {host}\r\nOrigin: http://{host}\r\nContent-Type: text/plain");
        assert_counted(&count_with(&server, &own));
    }
    // HTTP/1.0 sends no Host.
    let old = send_raw(&server, "POST /api/cover/count HTTP/1.0", &eight_queens());
    assert_counted(&old);
}

#[test]
fn allow_host_adds_a_name_the_server_answers_to() {
    let refused = Server::start(&["--jobs", "1"]);
    assert_eq!(count_with(&refused, "Host: box.lan:8080").status, 403);
    let server = Server::start(&["--jobs", "1", "--allow-host", "box.lan"]);
    assert_counted(&count_with(&server, "Host: box.lan:8080"));
    assert_eq!(count_with(&server, "Host: other.lan:8080").status, 403);
}

#[test]
fn a_limit_or_best_of_zero_is_refused_with_400_as_the_command_line_refuses_it() {
    let server = Server::start(&["--jobs", "1"]);
    for (path, body, name) in [
        ("/api/cover/solve?limit=0", eight_queens(), "limit"),
        ("/api/cover/cheapest?best=0", eight_queens(), "best"),
        (
            "/api/sudoku/solve?count=true&limit=0",
            CLASSIC.as_bytes().to_vec(),
            "limit",
        ),
    ] {
        let answer = server.post(path, body);
        assert_eq!(answer.status, 400, "{path}: {}", answer.body);
        assert_eq!(
            answer.json()["error"],
            format!("{name}=0: expected at least 1, as --{name} takes it"),
            "{path}"
        );
    }
    // One is still one: the first of the 92.
    let one = server
        .post("/api/cover/solve?limit=1", eight_queens())
        .json();
    assert_eq!(one["solutions"].as_array().unwrap().len(), 1, "{one}");
}

#[test]
fn a_long_bad_max_time_is_answered_with_a_short_error() {
    let server = Server::start(&["--jobs", "1"]);
    let long = "9".repeat(60_000) + "x";
    let answer = server.post(
        &format!("/api/cover/count?max_time={}", url_encode(&long)),
        eight_queens(),
    );
    assert_eq!(answer.status, 400, "{}", &answer.body[..200]);
    let error = answer.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.len() < 200,
        "{} bytes: {}",
        error.len(),
        &error[..200]
    );
    assert_eq!(
        error,
        format!(
            "max_time: found `{}…` (60001 bytes), expected a number and a unit, as in `10s`",
            "9".repeat(40)
        )
    );
    // A short one is quoted whole, as the command line quotes it.
    let short = server.post("/api/cover/count?max_time=2weeks", eight_queens());
    assert_eq!(
        short.json()["error"],
        "max_time: found unit `weeks`, expected `ms`, `s`, `m` or `h` after the number"
    );
}

/// The 15x14 board of hexominoes in Knuth's format: its memo count runs for minutes, with
/// seconds between the ends of its subproblems.
fn hexominoes() -> Vec<u8> {
    let out = crate::common::dancing()
        .args(["polyomino", "15x14", "--pieces", "hexominoes", "--to-dlx"])
        .output()
        .unwrap();
    assert!(out.status.success());
    out.stdout
}

#[test]
fn memo_counts_end_at_their_budget_and_when_their_clients_hang_up() {
    let hexominoes = hexominoes();
    let server = Server::start(&["--jobs", "1", "--queue", "4"]);
    let start = Instant::now();
    let answer = server
        .post("/api/cover/count?memo=true&max_time=1s", &hexominoes)
        .json();
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(answer["status"], "gave-up", "{answer}");
    // Four memo counts whose clients hang up after half a second: the searches stop, and a
    // count sent next (on the one job) is answered at once, not after theirs.
    let gone: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut stream = connect(&server.address).unwrap();
            let head = super::head("POST", "/api/cover/count?memo=true", hexominoes.len());
            stream.write_all(head.as_bytes()).unwrap();
            stream.write_all(&hexominoes).unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    drop(gone);
    let start = Instant::now();
    assert_counted(&server.post("/api/cover/count", eight_queens()));
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
}

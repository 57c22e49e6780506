//! The server as an executable of its own: `dancing serve` runs `dancing-serve` from beside
//! `dancing` (the other tests of the server go through `dancing serve`, and so through it).

use std::process::Command;

use super::api::cli_record;
use super::{CLASSIC, Server};
use crate::common::{assert_solves, binary};

/// The server built beside `dancing` for the tests.
fn server_binary() -> &'static str {
    env!("CARGO_BIN_EXE_dancing-serve")
}

#[test]
fn dancing_serve_run_directly_prints_its_address_answers_and_stops_at_sigterm() {
    let mut command = Command::new(server_binary());
    command.args(["--port", "0", "--jobs", "1"]);
    let server = Server::run(command);
    let answer = server.post("/api/sudoku/solve", CLASSIC);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = answer.json();
    assert_solves(
        &dancing::sudoku::read::parse_line(CLASSIC).unwrap(),
        record["solution"].as_str().unwrap(),
    );
    assert_eq!(record, cli_record(CLASSIC, &[]));
    assert_eq!(server.signal("TERM"), Some(0));
}

#[test]
fn the_help_of_dancing_serve_run_directly_is_that_of_dancing_serve() {
    let help = |program: &str, words: &[&str]| {
        let output = Command::new(program).args(words).output().unwrap();
        assert!(output.status.success());
        output.stdout
    };
    let binary = binary();
    let through_dancing = help(binary.to_str().unwrap(), &["serve", "--help"]);
    assert!(String::from_utf8_lossy(&through_dancing).contains("Usage: dancing serve"));
    assert_eq!(help(server_binary(), &["--help"]), through_dancing);
}

#[test]
fn dancing_serve_without_its_server_beside_it_exits_2_naming_the_path_and_how_to_get_it() {
    let dir = tempfile::tempdir().unwrap();
    let alone = dir.path().join("dancing");
    std::fs::copy(binary(), &alone).unwrap();
    // A file just written may be held open for a moment by a child that another test forks
    // meanwhile (until the child's exec closes it): "text file busy", tried again.
    let output = loop {
        match Command::new(&alone).args(["serve", "--port", "0"]).output() {
            Err(err) if err.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            result => break result.unwrap(),
        }
    };
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let message = String::from_utf8(output.stderr).unwrap();
    // Where `dancing` looked: beside itself, as the system names its path (links resolved).
    let looked = dir.path().canonicalize().unwrap().join("dancing-serve");
    assert!(
        message.starts_with(&format!(
            "dancing: cannot run the server {}: ",
            looked.display()
        )),
        "{message}"
    );
    assert!(
        message.contains("`cargo install` installs both"),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
}

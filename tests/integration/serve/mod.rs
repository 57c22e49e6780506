//! The tests of `dancing serve`: the real binary started on a free port (`--port 0`), its
//! first line read for the address, and HTTP spoken over loopback by the small client below
//! (a request, the whole answer read; HTTP/1.1 with `Connection: close`), so that a test
//! can also send what no client library would: a body cut off, a connection closed early.

mod api;
mod api_export;
mod api_page;
mod api_pictures;
mod browser;
mod chromium;
mod executable;
mod hostile;
mod load;
mod page_cover;
mod page_fixes;
mod page_hand;
mod page_pictures;
mod page_solutions;
mod variants;
mod webdriver;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::binary;

/// A running `dancing serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// Starts `dancing serve --port 0 ARGS` and reads its address from its first line.
    pub fn start(args: &[&str]) -> Server {
        let mut command = Command::new(binary());
        command.args(["serve", "--port", "0"]).args(args);
        Server::run(command)
    }

    /// Starts `command`, a server, and reads its address from its first line.
    pub fn run(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the first line is not the address: {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// Whether the server is still running.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Sends the request and reads the answer.
    pub fn send(&self, method: &str, path: &str, body: &[u8]) -> Answer {
        send(&self.address, method, path, body).unwrap()
    }

    /// `POST path` with `body`.
    pub fn post(&self, path: &str, body: impl AsRef<[u8]>) -> Answer {
        self.send("POST", path, body.as_ref())
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Answer {
        self.send("GET", path, b"")
    }

    /// Sends SIGINT (Ctrl-C) and waits for the server to end: its exit code.
    pub fn interrupt(self) -> Option<i32> {
        self.signal("INT")
    }

    /// Sends the signal named (`INT`, `TERM`) and waits for the server to end: its exit code.
    pub fn signal(mut self, name: &str) -> Option<i32> {
        let killed = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        self.child.wait().unwrap().code()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: the status and the body.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The Content-Type.
    pub content_type: String,
    /// The body, as text.
    pub body: String,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("{e}: not JSON: {:?}", self.body))
    }
}

/// Connects to `address` with a timeout for every read and write.
pub fn connect(address: &str) -> std::io::Result<TcpStream> {
    let stream = TcpStream::connect(address)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    Ok(stream)
}

/// `text` as a URL's query value: letters and digits as they are, every other byte `%XX`.
pub fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The head of a request with a body of `length` bytes.
pub fn head(method: &str, path: &str, length: usize) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: {length}\r\n\
         Content-Type: text/plain\r\nConnection: close\r\n\r\n"
    )
}

/// Sends one request and reads the whole answer. A server that answers before it has read the
/// whole body (413) may close the connection while the body is still being written: the
/// write fails, and the answer is read all the same.
pub fn send(address: &str, method: &str, path: &str, body: &[u8]) -> std::io::Result<Answer> {
    let mut stream = connect(address)?;
    stream.write_all(head(method, path, body.len()).as_bytes())?;
    for chunk in body.chunks(1 << 16) {
        if stream.write_all(chunk).is_err() {
            break;
        }
    }
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes)?;
    parse(&bytes)
}

/// Reads an HTTP/1.1 answer: the status line, the headers, the body (chunked or not).
pub fn parse(bytes: &[u8]) -> std::io::Result<Answer> {
    let bad =
        |what: &str| std::io::Error::other(format!("{what}: {:?}", String::from_utf8_lossy(bytes)));
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of headers"))?;
    let head = String::from_utf8_lossy(&bytes[..split]).to_string();
    let mut body = bytes[split + 4..].to_vec();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad("no status"))?;
    let header = |name: &str| {
        head.lines()
            .find_map(|l| {
                let (key, value) = l.split_once(':')?;
                key.eq_ignore_ascii_case(name)
                    .then(|| value.trim().to_string())
            })
            .unwrap_or_default()
    };
    if header("transfer-encoding").eq_ignore_ascii_case("chunked") {
        body = dechunk(&body).ok_or_else(|| bad("bad chunks"))?;
    }
    Ok(Answer {
        status,
        content_type: header("content-type"),
        body: String::from_utf8(body).map_err(|_| bad("a body not UTF-8"))?,
    })
}

/// The body of a chunked answer.
fn dechunk(mut bytes: &[u8]) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let end = bytes.windows(2).position(|w| w == b"\r\n")?;
        let size =
            usize::from_str_radix(std::str::from_utf8(&bytes[..end]).ok()?.trim(), 16).ok()?;
        if size == 0 {
            return Some(body);
        }
        body.extend_from_slice(bytes.get(end + 2..end + 2 + size)?);
        bytes = bytes.get(end + 4 + size..)?;
    }
}

/// Wikipedia's classic puzzle, on one line.
pub const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The problem of `n` queens in Knuth's format, as `dancing queens N --to-dlx` writes it.
pub fn queens(n: usize) -> Vec<u8> {
    let output = Command::new(binary())
        .args(["queens", &n.to_string(), "--to-dlx"])
        .output()
        .unwrap();
    assert!(output.status.success());
    output.stdout
}

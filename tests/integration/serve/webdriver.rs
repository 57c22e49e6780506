//! A small WebDriver client (W3C WebDriver over HTTP, JSON in and out) for the browser test:
//! a session of `chromedriver`, and the few commands the test needs. Written here, on the
//! tests' own HTTP client, rather than taken from a crate: a WebDriver crate brought some 50
//! crates (an async stack, URL and Unicode tables) to build for these few requests.

use std::io::{Read, Write};

use serde_json::{Value, json};

use super::{connect, parse};

/// The key of an element reference in WebDriver's answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session, ended when dropped.
pub struct Session {
    /// `127.0.0.1:PORT` of the driver.
    driver: String,
    /// The session's id.
    id: String,
}

/// An element of the page, by the driver's reference.
pub struct Element(String);

impl Session {
    /// Starts a Chrome session on the driver at `port`, with these `goog:chromeOptions`.
    pub fn new(port: u16, options: Value) -> Session {
        let driver = format!("127.0.0.1:{port}");
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options,
        }}});
        let answer = command(&driver, "POST", "/session", &capabilities);
        let id = answer["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Session { driver, id }
    }

    /// Sends a command of the session: the `value` of its answer.
    fn send(&self, method: &str, path: &str, body: &Value) -> Value {
        command(
            &self.driver,
            method,
            &format!("/session/{}{path}", self.id),
            body,
        )
    }

    /// Opens `url`.
    pub fn goto(&self, url: &str) {
        self.send("POST", "/url", &json!({ "url": url }));
    }

    /// The first element that matches the CSS `selector`.
    pub fn find(&self, selector: &str) -> Element {
        let found = self.send(
            "POST",
            "/element",
            &json!({"using": "css selector", "value": selector}),
        );
        Element(found[ELEMENT].as_str().expect("an element").to_string())
    }

    /// Every element that matches the CSS `selector`.
    pub fn find_all(&self, selector: &str) -> Vec<Element> {
        let found = self.send(
            "POST",
            "/elements",
            &json!({"using": "css selector", "value": selector}),
        );
        let found = found.as_array().expect("a list of elements");
        found
            .iter()
            .map(|e| Element(e[ELEMENT].as_str().unwrap().to_string()))
            .collect()
    }

    /// Clicks `element`.
    pub fn click(&self, element: &Element) {
        self.send("POST", &format!("/element/{}/click", element.0), &json!({}));
    }

    /// Types `text` into `element`.
    pub fn send_keys(&self, element: &Element, text: &str) {
        self.send(
            "POST",
            &format!("/element/{}/value", element.0),
            &json!({ "text": text }),
        );
    }

    /// The text of `element`, as shown.
    pub fn text(&self, element: &Element) -> String {
        let text = self.send("GET", &format!("/element/{}/text", element.0), &Value::Null);
        text.as_str().unwrap_or_default().to_string()
    }

    /// Runs `script` (a function body; `arguments` holds `args`): what it returns.
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Value {
        self.send(
            "POST",
            "/execute/sync",
            &json!({ "script": script, "args": args }),
        )
    }

    /// Runs the Chrome DevTools command `cmd` with `params` (chromedriver's `goog/cdp`).
    pub fn devtools(&self, cmd: &str, params: Value) -> Value {
        self.send(
            "POST",
            "/goog/cdp/execute",
            &json!({ "cmd": cmd, "params": params }),
        )
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let text = self.send("GET", "/screenshot", &Value::Null);
        base64(text.as_str().expect("a screenshot"))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.id);
        let _ = send(&self.driver, "DELETE", &path, &Value::Null);
    }
}

/// Sends a WebDriver command: the `value` of its answer; panics on an error.
fn command(driver: &str, method: &str, path: &str, body: &Value) -> Value {
    let answer = send(driver, method, path, body).unwrap();
    assert_eq!(answer.0, 200, "{method} {path}: {}", answer.1);
    answer.1["value"].clone()
}

/// Sends one request with a JSON body (none for GET and DELETE): the status and the JSON.
fn send(driver: &str, method: &str, path: &str, body: &Value) -> std::io::Result<(u16, Value)> {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let mut stream = connect(driver)?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {driver}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )?;
    // The driver may keep the connection open: read up to the end its Content-Length says.
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 1 << 16];
    loop {
        // A signal to the test process (another test's child ending) may interrupt a read
        // that has read nothing: read again, as `read_to_end` would.
        let n = match stream.read(&mut buffer) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            n => n?,
        };
        bytes.extend_from_slice(&buffer[..n]);
        if n == 0 || complete(&bytes) {
            break;
        }
    }
    let answer = parse(&bytes)?;
    let json = serde_json::from_str(&answer.body).map_err(std::io::Error::other)?;
    Ok((answer.status, json))
}

/// Whether `bytes` hold a whole answer: its head, and as many bytes of body as its
/// Content-Length says.
fn complete(bytes: &[u8]) -> bool {
    let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
    let length = head.lines().find_map(|l| l.strip_prefix("content-length:"));
    length
        .and_then(|l| l.trim().parse::<usize>().ok())
        .is_some_and(|n| bytes.len() >= end + 4 + n)
}

/// Decodes standard base64 (with or without padding; line ends skipped).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| !matches!(c, b'=' | b'\n' | b'\r'))
        .map(value)
        .collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u32, |w, (i, &d)| w | u32::from(d) << (18 - 6 * i));
        let [_, a, b, c] = word.to_be_bytes();
        bytes.extend_from_slice(&[a, b, c][..chunk.len() - 1]);
    }
    bytes
}

#[test]
fn base64_decodes_as_written() {
    assert_eq!(base64("TWFu"), b"Man");
    assert_eq!(base64("TWE="), b"Ma");
    assert_eq!(base64("TQ=="), b"M");
    assert_eq!(base64("iVBORw0KGgo="), b"\x89PNG\r\n\x1a\n");
}

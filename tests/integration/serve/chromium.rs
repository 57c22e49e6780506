//! What the browser tests share: headless Chromium and its driver (Debian's `chromium` and
//! `chromium-driver`), started with a fresh profile and no network of its own, and the page
//! of a server opened in it, shown at a width: 1280 px as a desk, or 390 px as a phone
//! (Chromium's mobile emulation: a touch screen, and the page laid out by its viewport tag
//! as a phone's browser does). One browser serves a test at both widths: starting one takes
//! about as long as the test itself. Screenshots go under `target/serve-screenshots/`.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::Server;
use super::webdriver::{Element, Session};

/// The widths every behaviour of the page is tested at: a phone's and a desk's.
pub const WIDTHS: [u32; 2] = [390, 1280];

/// Whether `program` runs (`program --version`).
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether Chromium and its driver are installed; where not, prints the `SKIPPED` line of
/// the test `name` (CI counts them) and answers `false`.
pub fn available(name: &str) -> bool {
    for program in ["chromium", "chromedriver"] {
        if !installed(program) {
            eprintln!(
                "SKIPPED {name}: {program} is not installed (Debian's chromium and chromium-driver)"
            );
            return false;
        }
    }
    true
}

/// `chromedriver` on a free port, killed when dropped.
pub struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    /// Starts the driver and waits until it listens (20 s at most).
    pub fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the screenshots go: `target/serve-screenshots/`.
fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/serve-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The page of a server in headless Chromium, with its driver and profile (all ended when
/// dropped, the session first).
pub struct Page {
    /// The browser session.
    pub session: Session,
    /// The width it is shown at.
    pub width: u32,
    /// The page's address.
    url: String,
    _driver: Driver,
    _profile: tempfile::TempDir,
}

impl Page {
    /// Opens the page of `server` in a new headless Chromium, in a window of 1280 px.
    pub fn open(server: &Server) -> Page {
        let driver = Driver::start();
        let profile = tempfile::tempdir().unwrap();
        let args = json!([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1280,900",
            format!("--user-data-dir={}", profile.path().display()),
        ]);
        let session = Session::new(driver.port, json!({ "args": args }));
        let page = Page {
            session,
            width: 1280,
            url: format!("http://{}/", server.address),
            _driver: driver,
            _profile: profile,
        };
        page.load();
        page
    }

    /// Shows the page afresh at `width`: a desk's window at 1280, or below 600 a phone's
    /// screen (Chromium's emulation of a mobile device 844 px high, with touch: the page is
    /// laid out by its viewport tag, as a phone's browser does).
    pub fn at(&mut self, width: u32) {
        if width < 600 {
            self.session.devtools(
                "Emulation.setDeviceMetricsOverride",
                json!({"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": true}),
            );
        } else {
            self.session
                .devtools("Emulation.clearDeviceMetricsOverride", json!({}));
        }
        self.session.devtools(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": width < 600 }),
        );
        self.width = width;
        self.load();
    }

    /// Loads the page and waits for its menus, filled from the server once it has loaded.
    fn load(&self) {
        self.session.goto(&self.url);
        self.wait(|p| {
            p.run(
                "return document.getElementById('size').options.length;",
                vec![],
            ) != json!(0)
        });
    }

    /// Clicks the element `id`.
    pub fn click(&self, id: &str) {
        let element = self.session.find(&format!("#{id}"));
        self.session.click(&element);
    }

    /// The text of the element `id`.
    pub fn text(&self, id: &str) -> String {
        let element = self.session.find(&format!("#{id}"));
        self.session.text(&element)
    }

    /// Waits until `done` holds (10 s at most).
    pub fn wait(&self, done: impl Fn(&Page) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the page did not get there at {} px",
                self.width
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the text of `id` satisfies `done` (10 s at most): the text.
    pub fn wait_text(&self, id: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let text = self.text(id);
            if done(&text) {
                return text;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "#{id} says {text:?} at {} px",
                self.width
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs `script` in the page: its value.
    pub fn run(&self, script: &str, args: Vec<Value>) -> Value {
        self.session.execute(script, args)
    }

    /// The board as a line, `.` for a blank.
    pub fn board(&self) -> String {
        let line = self.run("return boardLine();", vec![]);
        line.as_str().unwrap().to_string()
    }

    /// The cell of the board at `index` (reading order).
    pub fn cell(&self, index: usize) -> Element {
        self.session
            .find_all("#board .cell")
            .into_iter()
            .nth(index)
            .expect("a cell")
    }

    /// Clicks the cell `index`, then presses `keys` (WebDriver's key codes for the keys
    /// that are not characters) on the board.
    pub fn type_at(&self, index: usize, keys: &str) {
        let cell = self.cell(index);
        self.session.click(&cell);
        self.session.send_keys(&cell, keys);
    }

    /// The indices of the cells of the board with the class `class`.
    pub fn cells_with(&self, class: &str) -> Vec<usize> {
        let found = self.run(
            "return cells().flatMap((c, k) => c.classList.contains(arguments[0]) ? [k] : []);",
            vec![json!(class)],
        );
        serde_json::from_value(found).unwrap()
    }

    /// Sets the value of the text box `id`, as a paste does.
    pub fn paste(&self, id: &str, text: &str) {
        self.run(
            "document.getElementById(arguments[0]).value = arguments[1];",
            vec![json!(id), json!(text)],
        );
    }

    /// Sets the select `id` to `value`, and tells the page so (a `change` event), as a
    /// choice made by hand does.
    pub fn choose(&self, id: &str, value: &str) {
        self.run(
            "const s = document.getElementById(arguments[0]); s.value = arguments[1]; \
             s.dispatchEvent(new Event('change', { bubbles: true }));",
            vec![json!(id), json!(value)],
        );
    }

    /// Writes a screenshot of the section `section` (scrolled into view) as `name`, under
    /// `target/serve-screenshots/`.
    pub fn screenshot(&self, section: &str, name: &str) {
        self.run(
            "document.getElementById(arguments[0]).scrollIntoView();",
            vec![json!(section)],
        );
        std::fs::write(screenshots().join(name), self.session.screenshot()).unwrap();
    }
}

/// WebDriver's codes of the keys that are not characters.
pub mod keys {
    /// Backspace.
    pub const BACKSPACE: &str = "\u{E003}";
    /// Tab.
    pub const TAB: &str = "\u{E004}";
    /// Shift, held until the end of the keys sent.
    pub const SHIFT: &str = "\u{E008}";
    /// Control, held until the end of the keys sent.
    pub const CONTROL: &str = "\u{E009}";
    /// Arrow left.
    pub const LEFT: &str = "\u{E012}";
    /// Arrow right.
    pub const RIGHT: &str = "\u{E014}";
    /// Arrow down.
    pub const DOWN: &str = "\u{E015}";
}

//! What the commands say on stderr: messages, which a closed stderr silences instead of
//! turning into a panic, and the one progress display (indicatif) both commands draw.
//!
//! Every message starts with `dancing: `; one about a place in an input starts with that
//! place, `path:line:column: ` (or `path: ` for a whole file), the form editors jump to.
//! `eprintln!` panics when stderr is closed (`dancing ... 2>&1 >/dev/null | true`), so no
//! message goes through it: a write that fails is dropped, as a closed stdout ends the run
//! quietly.

use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// Writes `text` to stderr as it is, dropping it if stderr is closed.
pub fn write_stderr(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}

/// Writes `dancing: {message}` and a line end to stderr, dropping it if stderr is closed.
pub fn say(message: impl Display) {
    write_stderr(&format!("dancing: {message}\n"));
}

/// How often the progress display is redrawn when it is a log of lines (stderr not a
/// terminal, `--progress`).
const LOG_EVERY: Duration = Duration::from_millis(500);

/// The stderr of a run: the progress display, and messages written around it.
#[derive(Debug)]
pub struct Report {
    bar: ProgressBar,
    /// The display is a log of plain lines, and its last line stays when the run ends.
    log: bool,
    quiet: bool,
}

impl Report {
    /// The report of a run: progress drawn as `template` (indicatif's) on a terminal, or as
    /// a line every half second elsewhere when `progress` asks for it; none under `quiet`.
    pub fn new(quiet: bool, progress: bool, template: &str) -> Report {
        let terminal = io::stderr().is_terminal();
        let (bar, log) = if quiet || !(progress || terminal) {
            (ProgressBar::hidden(), false)
        } else if terminal {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(100));
            (bar, false)
        } else {
            let hz = (1000 / LOG_EVERY.as_millis()) as u8;
            let target = ProgressDrawTarget::term_like_with_hz(Box::new(Log::default()), hz);
            (ProgressBar::with_draw_target(None, target), true)
        };
        let template = if log {
            template.trim_start_matches("{spinner} ")
        } else {
            template
        };
        bar.set_style(ProgressStyle::with_template(template).expect("a valid progress template"));
        Report { bar, log, quiet }
    }

    /// The progress bar, to update.
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    /// Whether progress is drawn at all (so that computing it is worth it).
    pub fn shows_progress(&self) -> bool {
        !self.bar.is_hidden()
    }

    /// An error about the input, said even under `--quiet` (it has no output line that
    /// would tell it otherwise).
    pub fn error(&self, message: impl Display) {
        // A log has no line to clear, and indicatif would redraw it after the message.
        if self.log {
            say(message);
        } else {
            self.bar.suspend(|| say(message));
        }
    }

    /// A message about one puzzle or one search (whose output line or exit code also tells
    /// it), or a warning: dropped under `--quiet`.
    pub fn note(&self, message: impl Display) {
        if !self.quiet {
            self.error(message);
        }
    }

    /// Text written as it is (a summary, statistics), around the progress display.
    pub fn write(&self, text: &str) {
        if self.log {
            write_stderr(text);
        } else {
            self.bar.suspend(|| write_stderr(text));
        }
    }

    /// Ends the display: a terminal's line is cleared; a log keeps its last line, with the
    /// final figures.
    pub fn finish(&self) {
        if self.log {
            self.bar.finish();
        } else {
            self.bar.finish_and_clear();
        }
    }
}

/// A progress display for a stderr that is not a terminal: each redraw becomes one plain
/// line, without cursor movements or padding, unless it repeats the line before.
#[derive(Debug, Default)]
struct Log {
    /// The line being drawn, and the last line written.
    lines: Mutex<(String, String)>,
}

impl TermLike for Log {
    fn width(&self) -> u16 {
        u16::MAX
    }

    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.write_str(s)?;
        self.flush()
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        lines.0.push_str(s.trim_matches(|c| c == '\r' || c == ' '));
        Ok(())
    }

    fn clear_line(&self) -> io::Result<()> {
        Ok(())
    }

    fn flush(&self) -> io::Result<()> {
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        let (line, last) = &mut *lines;
        if !line.is_empty() && line != last {
            write_stderr(&format!("{line}\n"));
            std::mem::swap(line, last);
        }
        line.clear();
        Ok(())
    }
}

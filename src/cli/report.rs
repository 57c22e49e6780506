//! What the commands say on stderr: messages, which a closed stderr silences instead of
//! turning into a panic, and the one progress display (indicatif) both commands draw.
//!
//! Every message starts with `dancing: `; one about a place in an input starts with that
//! place, `path:line:column: ` (or `path: ` for a whole file), the form editors jump to.
//! `eprintln!` panics when stderr is closed (`dancing ... 2>&1 >/dev/null | true`), so no
//! message goes through it: a write that fails is dropped, as a closed stdout ends the run
//! quietly.
//!
//! A batch's display counts finished puzzles; a search that runs long gets a progress of its
//! own beside it ([`LongSearches`]), fed from the pauses of the search.

use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

pub use dancing::units::counted;

/// Knuth's estimate `progress` (0 to 1) of the share of a tree explored, in words: `about
/// 12.345% of the tree explored`. An unfinished search never says 100.000% (nor 0.000% once
/// its estimate has moved): a share that would print so is `over 99.999%` (`under 0.001%`);
/// a finished one explored `100.000%` of it.
pub fn explored(progress: f64, finished: bool) -> String {
    let percent = 100.0 * progress;
    if finished {
        "100.000% of the tree explored".to_string()
    } else if percent >= 99.9995 {
        "over 99.999% of the tree explored (by Knuth's estimate; not all)".to_string()
    } else if percent > 0.0 && percent < 0.0005 {
        "under 0.001% of the tree explored".to_string()
    } else {
        format!("about {percent:.3}% of the tree explored")
    }
}

/// An estimated time in seconds, as people read it and whatever its size: `0.123 s`,
/// `2.800e28 s` past a billion seconds (or below a millisecond), never capped.
pub fn estimated_seconds(seconds: f64) -> String {
    if seconds != 0.0 && !(1e-3..1e9).contains(&seconds) {
        format!("{seconds:.3e} s")
    } else {
        format!("{seconds:.3} s")
    }
}

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
    /// The display; none when it would be hidden. indicatif's hidden bar still builds its
    /// default style (a template parsed, 9,300 of the 760,000 instructions of a run on one
    /// puzzle), and reads the clock and estimates the rate (a `pow`, the one call into libm of
    /// such a run) at each count.
    bar: Option<ProgressBar>,
    /// The display is a log of plain lines, and its last line stays when the run ends.
    log: bool,
    quiet: bool,
}

impl Report {
    /// The report of a run: progress drawn as `template` (indicatif's) on a terminal, or as
    /// a line every half second elsewhere when `progress` asks for it; none under `quiet`.
    pub fn new(quiet: bool, progress: bool, template: &str) -> Report {
        let terminal = io::stderr().is_terminal();
        if quiet || !(progress || terminal) {
            return Report {
                bar: None,
                log: false,
                quiet,
            };
        }
        let (bar, log) = if terminal {
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
        let style = ProgressStyle::with_template(template).expect("a valid progress template");
        bar.set_style(style);
        Report {
            bar: Some(bar),
            log,
            quiet,
        }
    }

    /// Sets how many units of work the run has, for the display's `{len}`.
    pub fn set_length(&self, len: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(len);
        }
    }

    /// Sets the display's `{msg}`.
    pub fn set_message(&self, message: String) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }

    /// Counts `n` more units of work done on the display.
    pub fn advance(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
    }

    /// Whether progress is drawn at all (so that computing it is worth it).
    pub fn shows_progress(&self) -> bool {
        self.bar.is_some()
    }

    /// Whether the display is a log of plain lines (stderr is not a terminal).
    pub fn is_log(&self) -> bool {
        self.log
    }

    /// An error about the input, said even under `--quiet` (it has no output line that
    /// would tell it otherwise).
    pub fn error(&self, message: impl Display) {
        self.around(|| say(message));
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
        self.around(|| write_stderr(text));
    }

    /// Runs `write` with a terminal's display cleared while it writes. A log has no line to
    /// clear, and indicatif would redraw it after the text.
    fn around(&self, write: impl FnOnce()) {
        match &self.bar {
            Some(bar) if !self.log => bar.suspend(write),
            _ => write(),
        }
    }

    /// Ends the display: a terminal's line is cleared; a log keeps its last line, with the
    /// final figures.
    pub fn finish(&self) {
        match &self.bar {
            Some(bar) if self.log => bar.finish(),
            Some(bar) => bar.finish_and_clear(),
            None => {}
        }
    }
}

/// How long a search runs before its progress is shown.
const LONG_AFTER: Duration = Duration::from_secs(2);
/// How often a log gets a line about each long search.
const LONG_LOG_EVERY: Duration = Duration::from_secs(5);
/// Nodes between two looks at a search, to see whether it has run long and how far it got.
const LONG_WATCH_EVERY: u64 = 1 << 16;
/// Only for tests, which must not depend on time: `DANCING_LONG_AFTER_NODES=N` makes a search
/// long once it has searched `N` nodes, instead of after [`LONG_AFTER`], and looks at it every
/// `N` nodes if that is more often than [`LONG_WATCH_EVERY`].
const LONG_AFTER_NODES: &str = "DANCING_LONG_AFTER_NODES";

/// The searches of a batch that run long, each shown with its place (`file:line`), its nodes,
/// the share of its tree explored and its time: on a terminal after the batch's figures, one
/// after the other; in a log as a line of its own every few seconds. Workers share it: each
/// search is watched by a [`LongSearch`].
#[derive(Debug)]
pub struct LongSearches<'a> {
    report: &'a Report,
    /// [`LONG_AFTER_NODES`], when set.
    after_nodes: Option<u64>,
    /// Whether the report shows progress (asked once: a search that shows none reads no
    /// clock).
    shows: bool,
    /// The long searches shown on a terminal: place, figures.
    running: Mutex<Vec<(String, String)>>,
}

impl<'a> LongSearches<'a> {
    /// The long searches of a run reported by `report`.
    pub fn new(report: &'a Report) -> LongSearches<'a> {
        let after_nodes = std::env::var(LONG_AFTER_NODES)
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(|n| n.max(1));
        LongSearches {
            report,
            after_nodes,
            shows: report.shows_progress(),
            running: Mutex::new(Vec::new()),
        }
    }

    /// How many nodes go by between two looks at a search; `None` when no progress is shown,
    /// so that searches need not pause.
    pub fn watch_every(&self) -> Option<u64> {
        let every = self
            .after_nodes
            .map_or(LONG_WATCH_EVERY, |n| n.min(LONG_WATCH_EVERY));
        self.report.shows_progress().then_some(every)
    }

    /// Starts watching the search of the puzzle at `place`.
    pub fn start(&self, place: impl FnOnce() -> String) -> LongSearch<'_, 'a> {
        LongSearch {
            searches: self,
            place: self.shows.then(|| (place(), Instant::now())),
            shown: false,
            logged: None,
        }
    }

    /// Shows the long searches on the terminal's display.
    fn show(&self, running: &[(String, String)]) {
        let message: Vec<String> = running
            .iter()
            .map(|(place, figures)| format!("; searching {place} ({figures})"))
            .collect();
        self.report.set_message(message.concat());
    }
}

/// One search, watched: [`LongSearch::saw`] at each look, and dropped when the search ends.
#[derive(Debug)]
pub struct LongSearch<'s, 'a> {
    searches: &'s LongSearches<'a>,
    /// `file:line` and when the search started; `None` when no progress is shown.
    place: Option<(String, Instant)>,
    /// Whether it is on the terminal's display.
    shown: bool,
    /// When the log last got a line about it.
    logged: Option<Instant>,
}

impl LongSearch<'_, '_> {
    /// The search has searched `nodes` nodes and explored about `explored` of its tree: shown
    /// if it has run long.
    pub fn saw(&mut self, nodes: u64, explored: f64) {
        let Some((place, start)) = &self.place else {
            return;
        };
        let searches = self.searches;
        let elapsed = start.elapsed();
        let long = searches
            .after_nodes
            .map_or(elapsed >= LONG_AFTER, |after| nodes >= after);
        if !long {
            return;
        }
        let figures = format!(
            "{}, {}, {:.1} s",
            counted(nodes, "node"),
            self::explored(explored, false),
            elapsed.as_secs_f64()
        );
        if searches.report.is_log() {
            if self.logged.is_none_or(|t| t.elapsed() >= LONG_LOG_EVERY) {
                searches
                    .report
                    .write(&format!("dancing: {place}: searching: {figures}\n"));
                self.logged = Some(Instant::now());
            }
            return;
        }
        let mut running = searches.running.lock().unwrap_or_else(|e| e.into_inner());
        match running.iter_mut().find(|(p, _)| p == place) {
            Some(entry) => entry.1 = figures,
            None => running.push((place.clone(), figures)),
        }
        self.shown = true;
        searches.show(&running);
    }
}

impl Drop for LongSearch<'_, '_> {
    /// The search ended: it leaves the display.
    fn drop(&mut self) {
        if let (true, Some((place, _))) = (self.shown, &self.place) {
            let searches = self.searches;
            let mut running = searches.running.lock().unwrap_or_else(|e| e.into_inner());
            running.retain(|(p, _)| p != place);
            searches.show(&running);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unfinished_search_never_says_it_explored_all_or_nothing_of_its_tree() {
        assert_eq!(explored(0.25, false), "about 25.000% of the tree explored");
        assert_eq!(explored(0.0, false), "about 0.000% of the tree explored");
        for nearly_all in [0.999_995, 0.999_999_9, 1.0] {
            let said = explored(nearly_all, false);
            assert!(said.starts_with("over 99.999%"), "{said}");
        }
        assert_eq!(
            explored(0.999_99, false),
            "about 99.999% of the tree explored"
        );
        assert_eq!(explored(1e-40, false), "under 0.001% of the tree explored");
        assert_eq!(explored(1.0, true), "100.000% of the tree explored");
    }

    #[test]
    fn estimated_times_past_any_duration_are_written_whole_in_scientific_notation() {
        assert_eq!(estimated_seconds(0.0), "0.000 s");
        assert_eq!(estimated_seconds(12.5), "12.500 s");
        assert_eq!(estimated_seconds(2.709e24), "2.709e24 s");
        assert_eq!(estimated_seconds(4e-5), "4.000e-5 s");
    }
}

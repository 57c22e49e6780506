//! The quantities people write after a flag or in a query: a number and a unit, read the same
//! way by the command line (`--max-time 2s`, `--memo-size 1G`) and by the server's query
//! parameters (`?max_time=2s`); and the counts the crate writes back in its messages, a
//! number and its noun ([`counted`]).

use std::time::{Duration, Instant};

/// `n` and its noun, plural but for one, as every message of the crate writes a count:
///
/// ```
/// use dancing::units::counted;
/// assert_eq!(counted(1, "node"), "1 node");
/// assert_eq!(counted(0u64, "solution"), "0 solutions");
/// assert_eq!(counted(dancing::Count::at_least(1u32), "solution"), "1+ solutions");
/// ```
pub fn counted(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// `text` (trimmed) split into its leading number (digits and points) and the unit after it
/// (trimmed): how the flags that take a quantity (`--max-time`, `--memo-size`) read it.
pub fn number_and_unit(text: &str) -> (&str, &str) {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    (number, unit.trim())
}

/// Reads a duration: a number (decimals allowed) and a unit, `ms`, `s`, `m` or `h`; a bare
/// number is seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = number_and_unit(text);
    let seconds = match unit {
        "ms" => 0.001,
        "" | "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        other => {
            return Err(format!(
                "found unit `{other}`, expected `ms`, `s`, `m` or `h` after the number"
            ));
        }
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("found `{text}`, expected a number and a unit, as in `10s`"))?;
    Duration::try_from_secs_f64(value * seconds)
        .ok()
        // A deadline the clock cannot hold (some 2^63 seconds on Linux) would panic where
        // the budget starts.
        .filter(|&d| Instant::now().checked_add(d).is_some())
        .ok_or_else(|| format!("found `{text}`, expected a time shorter than 2^63 seconds"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_every_unit_and_bare_seconds() {
        for (text, expected) in [
            ("500ms", Duration::from_millis(500)),
            ("10s", Duration::from_secs(10)),
            ("2m", Duration::from_secs(120)),
            ("1h", Duration::from_secs(3600)),
            ("1.5", Duration::from_millis(1500)),
            ("0", Duration::ZERO),
        ] {
            assert_eq!(parse_duration(text), Ok(expected), "{text}");
        }
    }

    #[test]
    fn a_duration_without_a_number_or_with_an_unknown_unit_is_refused() {
        for text in [
            "",
            "s",
            "10 days",
            "1e3s",
            "-1s",
            "1.2.3s",
            "10000000000000000000s",
            "100000000000000000000s",
        ] {
            assert!(parse_duration(text).is_err(), "{text}");
        }
    }
}

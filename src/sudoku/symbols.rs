//! How digits are written: the three conventions of Sudoku files ([`Symbols`]), the blank
//! characters, and the detection of the convention of one puzzle ([`Symbols::detect`]).
//!
//! A cell holds `0` (blank) or a digit `1..=N` (see [`super::grid`]); this module only maps
//! those values to characters and back:
//!
//! | convention | digits 1, 2, ... | 9x9 | 16x16 | 25x25 | 36x36 |
//! |---|---|---|---|---|---|
//! | [`Symbols::FromOne`] | `1`-`9`, then `A`-`Z` | `1`-`9` | `1`-`9`, `A`-`G` | `1`-`9`, `A`-`P` | (too few) |
//! | [`Symbols::FromZero`] | `0`-`9`, then `A`-`Z` | `0`-`8` | `0`-`9`, `A`-`F` (hexadoku) | `0`-`9`, `A`-`O` | `0`-`9`, `A`-`Z` |
//! | [`Symbols::Letters`] | `A`-`Z` | `A`-`I` | `A`-`P` | `A`-`Y` | (too few) |
//!
//! Letters are read in either case and written in upper case. A blank is `.`, `_`, `-` or
//! `*` always; `0` when it is not a digit (all but [`Symbols::FromZero`]); `x` or `X` when it
//! is not a digit of the grid.
//!
//! # Detection
//! A file may mix puzzles of both conventions, so [`Symbols::detect`] looks at one puzzle's
//! characters, and decides by the first rule that applies:
//! 1. a grid with more than 35 digits (36x36) can only be [`Symbols::FromZero`];
//! 2. letters (other than `x`, a blank) without any digit `0`-`9` are [`Symbols::Letters`];
//! 3. other grids up to 9x9 are [`Symbols::FromOne`] (nobody writes 9x9 Sudoku as `0`-`8`);
//! 4. a letter that only [`Symbols::FromOne`] reads as a digit of the grid (`G` in 16x16) means
//!    [`Symbols::FromOne`];
//! 5. a `0` beside another blank character (`.`, `_`, ...) is a digit: [`Symbols::FromZero`];
//! 6. a `0` more than `N` times is a blank, since a digit appears at most `N` times:
//!    [`Symbols::FromOne`]; up to `N` times, with no other blank, a digit:
//!    [`Symbols::FromZero`] (a complete hexadoku);
//! 7. otherwise (no `0` at all) [`Symbols::FromOne`].
//!
//! So a puzzle is read wrongly only when it gives neither `0` nor the last letter of
//! [`Symbols::FromOne`] while being written in [`Symbols::FromZero`]: a hexadoku with no
//! given `0`. Forcing the convention (`--symbols`) settles that case.

use std::fmt;
use std::str::FromStr;

use super::shape::Shape;

/// A convention for writing digits; see the [module documentation](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symbols {
    /// `1`-`9`, then `A`-`Z` for 10 to 35 (16x16 as `1`-`9`, `A`-`G`); `0` is a blank.
    #[default]
    FromOne,
    /// `0`-`9`, then `A`-`Z`: digit 1 is `0`, digit 11 is `A` (16x16 hexadoku as `0`-`9`,
    /// `A`-`F`; 36x36 as `0`-`9`, `A`-`Z`); `0` is a digit.
    FromZero,
    /// `A`-`Z` for 1 to 26 (16x16 as `A`-`P`, 25x25 as `A`-`Y`); `0` is a blank.
    Letters,
}

/// The characters of the digits, in order, for both conventions (the first is skipped by
/// [`Symbols::FromOne`]).
const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Symbols {
    /// The convention of grids of `shape` when nothing says otherwise: [`Symbols::FromOne`],
    /// except for 36x36, which only [`Symbols::FromZero`] can write.
    pub fn default_for(shape: Shape) -> Symbols {
        if Symbols::FromOne.fits(shape) {
            Symbols::FromOne
        } else {
            Symbols::FromZero
        }
    }

    /// The largest digit this convention can write: 35 or 36.
    pub fn max_digit(self) -> u8 {
        match self {
            Symbols::FromOne => 35,
            Symbols::FromZero => 36,
            Symbols::Letters => 26,
        }
    }

    /// Whether every digit of `shape` has a character in this convention.
    pub fn fits(self, shape: Shape) -> bool {
        shape.max_digit() <= self.max_digit()
    }

    /// The character of a cell value: `.` for a blank (0), else the digit's symbol; `?` for a
    /// value beyond [`Symbols::max_digit`].
    #[inline]
    pub fn char_of(self, value: u8) -> char {
        char::from(self.byte_of(value))
    }

    /// [`Symbols::char_of`] as an ASCII byte: every symbol is one.
    #[inline]
    pub(crate) fn byte_of(self, value: u8) -> u8 {
        let index = match (self, value) {
            (_, 0) => return b'.',
            (Symbols::FromOne, d) => usize::from(d),
            (Symbols::FromZero, d) => usize::from(d) - 1,
            (Symbols::Letters, d) => usize::from(d) + 9,
        };
        ALPHABET.get(index).copied().unwrap_or(b'?')
    }

    /// The digit that `ch` writes in this convention, whatever the grid's size (`A` is 10 in
    /// [`Symbols::FromOne`], 11 in [`Symbols::FromZero`]); `None` if it writes none (`0` in
    /// [`Symbols::FromOne`], `.`, ...).
    #[inline]
    pub fn digit(self, ch: char) -> Option<u8> {
        let index = match ch {
            '0'..='9' => ch as u8 - b'0',
            'A'..='Z' => ch as u8 - b'A' + 10,
            'a'..='z' => ch as u8 - b'a' + 10,
            _ => return None,
        };
        match self {
            Symbols::FromOne => (index > 0).then_some(index),
            Symbols::FromZero => Some(index + 1),
            Symbols::Letters => index.checked_sub(9).filter(|&d| d > 0),
        }
    }

    /// Whether `ch` is a blank in grids of `shape`: `.`, `_`, `-`, `*`; `0` unless under
    /// [`Symbols::FromZero`]; `x` or `X` when it is not a digit of the grid.
    #[inline]
    pub fn is_blank(self, shape: Shape, ch: char) -> bool {
        match ch {
            '.' | '_' | '-' | '*' => true,
            '0' => self != Symbols::FromZero,
            'x' | 'X' => self.digit(ch).is_none_or(|d| d > shape.max_digit()),
            _ => false,
        }
    }

    /// The value of cell character `ch` in a grid of `shape`: `Some(0)` for a blank, the
    /// digit for a digit of the grid (at most `N`), `None` for anything else.
    #[inline]
    pub fn cell(self, shape: Shape, ch: char) -> Option<u8> {
        match self.digit(ch) {
            Some(d) if d <= shape.max_digit() => Some(d),
            _ => self.is_blank(shape, ch).then_some(0),
        }
    }

    /// The convention of one puzzle of `shape`, from its cell characters (other characters
    /// are ignored); see the [module documentation](self) for the rules.
    pub fn detect(shape: Shape, cells: impl IntoIterator<Item = char>) -> Symbols {
        let n = shape.max_digit();
        if !Symbols::FromOne.fits(shape) {
            return Symbols::FromZero;
        }
        // The letter that is digit N under FromOne, and would be N + 1 under FromZero.
        let last = Symbols::FromOne.char_of(n);
        let (mut zeros, mut blanks, mut digits, mut letters, mut last_seen) =
            (0usize, false, false, false, false);
        for ch in cells {
            last_seen |= ch.eq_ignore_ascii_case(&last);
            zeros += usize::from(ch == '0');
            blanks |= ch != '0' && Symbols::FromZero.is_blank(shape, ch);
            digits |= ch.is_ascii_digit();
            letters |= ch.is_ascii_alphabetic() && !ch.eq_ignore_ascii_case(&'x');
        }
        if letters && !digits && Symbols::Letters.fits(shape) {
            return Symbols::Letters;
        }
        if n <= 9 || last_seen {
            return Symbols::FromOne;
        }
        match zeros {
            0 => Symbols::FromOne,
            _ if blanks => Symbols::FromZero,
            z if z > usize::from(n) => Symbols::FromOne,
            _ => Symbols::FromZero,
        }
    }

    /// The name [`Symbols::from_str`] reads: `1-9A-Z`, `0-9A-Z` or `A-Z`.
    pub fn name(self) -> &'static str {
        match self {
            Symbols::FromOne => "1-9A-Z",
            Symbols::FromZero => "0-9A-Z",
            Symbols::Letters => "A-Z",
        }
    }
}

impl fmt::Display for Symbols {
    /// [`Symbols::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name [`Symbols::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symbols `{0}`, expected `1-9A-Z` (digits from 1), `0-9A-Z` (from 0, `hex`) or \
     `A-Z` (letters)"
)]
pub struct UnknownSymbols(pub String);

impl FromStr for Symbols {
    type Err = UnknownSymbols;

    /// A convention by its range, case-insensitive: `1-9A-Z`, `1-9A-G`, `1-9` (any range that
    /// starts at 1) for [`Symbols::FromOne`]; `0-9A-Z`, `0-9A-F`, `hex` (any range from 0)
    /// for [`Symbols::FromZero`]; `A-Z`, `A-P`, `letters` (any range from A) for
    /// [`Symbols::Letters`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim().to_ascii_lowercase();
        if text == "hex" || text.starts_with("0-") {
            Ok(Symbols::FromZero)
        } else if text.starts_with("1-") {
            Ok(Symbols::FromOne)
        } else if text == "letters" || text.starts_with("a-") {
            Ok(Symbols::Letters)
        } else {
            Err(UnknownSymbols(s.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(side: usize) -> Shape {
        Shape::from_side(side).expect("a supported side")
    }

    #[test]
    fn both_conventions_write_and_read_every_digit_of_their_largest_grids() {
        let largest = [
            (Symbols::FromOne, 25),
            (Symbols::FromZero, 36),
            (Symbols::Letters, 25),
        ];
        for (symbols, side) in largest {
            let s = shape(side);
            for d in 1..=s.max_digit() {
                let ch = symbols.char_of(d);
                assert_eq!(symbols.cell(s, ch), Some(d), "{symbols} {d} {ch}");
                assert_eq!(symbols.cell(s, ch.to_ascii_lowercase()), Some(d));
            }
            assert_eq!(symbols.char_of(0), '.');
        }
        assert_eq!(Symbols::FromOne.char_of(16), 'G');
        assert_eq!(Symbols::FromZero.char_of(16), 'F');
        assert_eq!(Symbols::FromZero.char_of(1), '0');
        assert_eq!(Symbols::Letters.char_of(16), 'P');
        assert_eq!(Symbols::Letters.cell(shape(16), '1'), None);
    }

    #[test]
    fn blanks_are_the_characters_that_are_not_digits_of_the_grid() {
        let classic = Shape::CLASSIC;
        for ch in ['.', '0', '_', '-', '*', 'x', 'X'] {
            assert_eq!(Symbols::FromOne.cell(classic, ch), Some(0), "{ch:?}");
        }
        assert_eq!(Symbols::FromZero.cell(shape(16), '0'), Some(1));
        assert_eq!(Symbols::FromOne.cell(classic, 'A'), None);
        assert_eq!(Symbols::FromOne.cell(shape(16), 'H'), None);
        // In 36x36, X is digit 34.
        assert_eq!(Symbols::FromZero.cell(shape(36), 'x'), Some(34));
    }

    #[test]
    fn detection_follows_its_rules_in_order() {
        let s16 = shape(16);
        let detect = |text: &str| Symbols::detect(s16, text.chars());
        assert_eq!(detect("G1.."), Symbols::FromOne); // the last letter of FromOne
        assert_eq!(detect("0F.."), Symbols::FromZero); // 0 beside another blank
        assert_eq!(detect(&"0".repeat(17)), Symbols::FromOne); // 0 too often for a digit
        assert_eq!(detect(&"0123456789ABCDEF".repeat(16)), Symbols::FromZero);
        assert_eq!(detect("1A.."), Symbols::FromOne); // no 0: the default
        assert_eq!(
            Symbols::detect(Shape::CLASSIC, "0.12".chars()),
            Symbols::FromOne
        );
        assert_eq!(Symbols::detect(shape(36), "1..".chars()), Symbols::FromZero);
        assert_eq!(detect("AP.."), Symbols::Letters); // letters and no digit
        assert_eq!(detect("xx.."), Symbols::FromOne); // x is a blank, not a letter
        assert_eq!(Symbols::detect(shape(4), "AB.D".chars()), Symbols::Letters);
    }

    #[test]
    fn names_round_trip_and_aliases_are_read() {
        for symbols in [Symbols::FromOne, Symbols::FromZero, Symbols::Letters] {
            assert_eq!(symbols.name().parse(), Ok(symbols));
        }
        assert_eq!("hex".parse(), Ok(Symbols::FromZero));
        assert_eq!("0-9a-f".parse(), Ok(Symbols::FromZero));
        assert_eq!("1-9A-G".parse(), Ok(Symbols::FromOne));
        assert_eq!("a-p".parse(), Ok(Symbols::Letters));
        assert!("z".parse::<Symbols>().is_err());
        assert_eq!(Symbols::default_for(shape(36)), Symbols::FromZero);
        assert_eq!(Symbols::default_for(shape(25)), Symbols::FromOne);
    }
}

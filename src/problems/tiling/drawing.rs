//! Reading the front ends' descriptions of a problem: sizes (`6x10`, `3x3x3`) and drawings
//! of a board or of pieces, made into [`Shape`]s.

use thiserror::Error;

use super::geometry::{Cell, Shape};

/// A mistake in the description of pieces or of a board (a size, a list of names, a
/// drawing), found by the front ends' readers.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A size that is not numbers joined by `x`, or a board of more than [`MAX_CELLS`]
    /// cells.
    #[error("`{text}` is not a size: expected {expected}, at most 1048576 cells")]
    BadSize {
        /// The text given.
        text: String,
        /// What was expected, with an example.
        expected: &'static str,
    },
    /// A name that is neither a set of pieces nor a piece.
    #[error("unknown piece or set `{name}`: expected one of {known}")]
    UnknownPiece {
        /// The name given.
        name: String,
        /// The names that are known, for the message.
        known: String,
    },
    /// A drawing without a cell.
    #[error("the drawing has no cell: draw cells with any character but blanks and `.`")]
    EmptyDrawing,
    /// A piece drawn in parts that do not touch.
    #[error(
        "piece `{name}` is drawn in parts that do not touch: give each piece its own character"
    )]
    NotConnected {
        /// The piece's character.
        name: char,
    },
    /// A drawing of several layers where one is expected.
    #[error(
        "the drawing has {layers} layers (separated by `---` lines), but a plane problem has one"
    )]
    Layers {
        /// How many layers were drawn.
        layers: usize,
    },
}

/// What a drawing holds: each character with its cells, and the number of layers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Each character drawn with its cells, in the order first met.
    pub drawn: Vec<(char, Vec<Cell>)>,
    /// How many layers the cells span.
    pub layers: usize,
}

/// Reads a drawing: each line a row, each character a cell (or `.` and blanks for none);
/// lines of `-` alone separate layers.
///
/// # Errors
/// [`SpecError::EmptyDrawing`] if no cell is drawn.
pub fn read_drawing(text: &str) -> Result<Drawing, SpecError> {
    let mut drawn: Vec<(char, Vec<Cell>)> = Vec::new();
    let (mut layer, mut row) = (0, 0);
    for line in text.lines() {
        let trimmed = line.trim();
        if !trimmed.is_empty() && trimmed.chars().all(|c| c == '-') {
            layer += 1;
            row = 0;
            continue;
        }
        for (column, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ch == '.' {
                continue;
            }
            let cell = [layer, row, i32::try_from(column).unwrap_or(i32::MAX)];
            match drawn.iter_mut().find(|(c, _)| *c == ch) {
                Some((_, cells)) => cells.push(cell),
                None => drawn.push((ch, vec![cell])),
            }
        }
        row += 1;
    }
    if drawn.is_empty() {
        return Err(SpecError::EmptyDrawing);
    }
    let layers = drawn
        .iter()
        .flat_map(|(_, cells)| cells.iter().map(|c| c[0]))
        .max()
        .map_or(0, |l| l as usize + 1);
    Ok(Drawing { drawn, layers })
}

/// The board drawn: every cell drawn, whatever its character.
///
/// # Errors
/// [`SpecError::EmptyDrawing`].
pub fn board_from_drawing(text: &str) -> Result<Shape, SpecError> {
    let drawn = read_drawing(text)?.drawn;
    Shape::new(drawn.into_iter().flat_map(|(_, cells)| cells)).ok_or(SpecError::EmptyDrawing)
}

/// The pieces drawn, each character one piece named by it.
///
/// # Errors
/// [`SpecError::EmptyDrawing`], or [`SpecError::NotConnected`] for a piece whose cells do
/// not all touch (two pieces drawn with one character, most likely).
pub fn pieces_from_drawing(text: &str) -> Result<Vec<(String, Shape)>, SpecError> {
    read_drawing(text)?
        .drawn
        .into_iter()
        .map(|(name, cells)| {
            let shape = Shape::new(cells).expect("a drawn piece has cells");
            if shape.is_connected() {
                Ok((name.to_string(), shape))
            } else {
                Err(SpecError::NotConnected { name })
            }
        })
        .collect()
}

/// The most cells a board given by its size may have (about a million): more would take
/// gigabytes of options before the engine could refuse them.
pub const MAX_CELLS: usize = 1 << 20;

/// Reads a size `AxBx...` with exactly `sides` positive numbers and at most [`MAX_CELLS`]
/// cells.
pub(crate) fn read_size(
    text: &str,
    sides: usize,
    expected: &'static str,
) -> Result<Vec<usize>, SpecError> {
    let bad = || SpecError::BadSize {
        text: text.to_owned(),
        expected,
    };
    let numbers: Vec<usize> = text
        .split(['x', 'X'])
        .map(|n| n.trim().parse().ok().filter(|&n: &usize| n > 0))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let cells = numbers
        .iter()
        .try_fold(1usize, |product, &n| product.checked_mul(n));
    if numbers.len() == sides && cells.is_some_and(|c| c <= MAX_CELLS) {
        Ok(numbers)
    } else {
        Err(bad())
    }
}

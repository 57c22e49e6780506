//! The puzzles' shape and variant flags, shared by `dancing sudoku` and its `generate`,
//! `rate` and `hint`: the flags as parsed, and the [`Variants`] they are read into (region
//! files read, flags checked against each other), which give the rules and the reader.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{ArgAction, Args};
use dancing::sudoku::grid::Shape;
use dancing::sudoku::read::PuzzleReader;
use dancing::sudoku::rules::{PartNames, Rules, Variant};
use dancing::sudoku::symbols::Symbols;

/// The shape and the variant of the puzzles: `dancing sudoku` and its `generate`, `rate`
/// and `hint` take the same flags. Each variant only adds items to the exact-cover matrix.
#[derive(Clone, Debug, Default, Args)]
#[command(next_help_heading = "Shapes and variants")]
pub struct ShapeArgs {
    /// The side of the grid: 4, 6, 8, 9, 10, 12, 16, 25 or 36, with boxes as square as
    /// possible, wider than high (6: 2x3). Default: detected from the input (a line of N*N
    /// cells, a grid row of N cells), or from --jigsaw.
    #[arg(long, value_name = "N", conflicts_with = "boxes")]
    size: Option<usize>,
    /// The boxes, ROWSxCOLS, each 2 to 6 (`2x3`: 6x6 with boxes two rows high and three
    /// columns wide; `3x2` the other way; `4` is 4x4, so 16x16).
    #[arg(long = "box", value_name = "RxC")]
    boxes: Option<Shape>,
    /// How digits are written: `1-9A-Z` (16x16 as 1-9A-G), `0-9A-Z` or `hex` (hexadoku,
    /// 0-9A-F), `A-Z` (letters; 25x25 as A-Y). Default: detected for each puzzle. Answers are
    /// written in the puzzle's convention.
    #[arg(long, value_name = "SYMBOLS")]
    symbols: Option<Symbols>,
    /// X-Sudoku: both main diagonals hold every digit once.
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    x: Option<bool>,
    /// Hyper Sudoku (windoku): the windows one cell in from the boxes' corners (four 3x3
    /// windows in 9x9) hold every digit once. Square boxes only.
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    hyper: Option<bool>,
    /// Jigsaw Sudoku: irregular regions in place of the boxes, as N*N labels (one character
    /// a cell, or whitespace-separated words), row-major: a file, or the labels themselves.
    #[arg(long, value_name = "REGIONS")]
    jigsaw: Option<String>,
    /// No two equal digits a knight's move apart (secondary items of the matrix).
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    anti_knight: Option<bool>,
    /// No two equal digits a king's move apart, diagonals included (secondary items).
    #[arg(long, action = ArgAction::Set, num_args = 0, default_missing_value = "true")]
    anti_king: Option<bool>,
    /// More regions that each hold every digit once: a file with a region a line (`r1c1
    /// r1c2 ...`) or a grid of N*N labels (`.` no region).
    #[arg(long, value_name = "FILE")]
    extra_regions: Option<PathBuf>,
}

/// [`ShapeArgs`] read: the shape asked for, and the variant, checked, with the names of
/// the files (or flags) its regions came from, for the messages.
#[derive(Clone, Debug)]
pub struct Variants {
    /// The shape given by --size, --box or --jigsaw; `None` to detect it from the input.
    pub shape: Option<Shape>,
    /// The convention forced by --symbols.
    pub symbols: Option<Symbols>,
    variant: Variant,
    jigsaw_name: String,
    extra_name: String,
}

impl ShapeArgs {
    /// Reads the region files and checks the flags against each other.
    pub fn variants(&self) -> anyhow::Result<Variants> {
        let mut shape = match (self.size, self.boxes) {
            (Some(n), _) => Some(Shape::from_side(n).filter(|s| s.side() == n).with_context(
                || format!("--size {n}: expected 4, 6, 8, 9, 10, 12, 16, 25 or 36"),
            )?),
            (None, boxes) => boxes,
        };
        // --jigsaw is a file or the labels themselves; --extra-regions a file.
        let (jigsaw_name, jigsaw) = match &self.jigsaw {
            Some(arg) if Path::new(arg).is_file() => {
                let text = std::fs::read_to_string(arg)
                    .with_context(|| format!("--jigsaw {arg}: cannot read"))?;
                (arg.clone(), Some(text))
            }
            arg => ("--jigsaw".to_string(), arg.clone()),
        };
        let (extra_name, extra) = match &self.extra_regions {
            None => (String::new(), None),
            Some(path) => {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("--extra-regions {name}: cannot read"))?;
                (name, Some(text))
            }
        };
        let mut variant = Variant {
            x: self.x.is_some(),
            hyper: self.hyper.is_some(),
            anti_knight: self.anti_knight.is_some(),
            anti_king: self.anti_king.is_some(),
            ..Variant::default()
        };
        let names = part_names(&jigsaw_name, &extra_name);
        variant.read_regions(jigsaw.as_deref(), extra.as_deref(), names)?;
        if let Some(jigsaw) = &variant.jigsaw {
            let (name, side) = (names.jigsaw, jigsaw.side());
            match shape {
                Some(s) if s.side() != side => {
                    anyhow::bail!("{name}: regions for a {side}x{side} grid, but the grid is {s}")
                }
                Some(_) => {}
                None => {
                    shape = Some(Shape::from_side(side).with_context(|| {
                        format!("{name}: no Sudoku has side {side}; --box gives the boxes")
                    })?);
                }
            }
        }
        if let (Some(symbols), Some(shape)) = (self.symbols, shape)
            && !symbols.fits(shape)
        {
            anyhow::bail!("--symbols {symbols} cannot write the digits of {shape}");
        }
        let variants = Variants {
            shape,
            symbols: self.symbols,
            variant,
            jigsaw_name,
            extra_name,
        };
        if let Some(shape) = shape {
            variants.rules(shape)?;
        }
        Ok(variants)
    }
}

/// What the messages call the variant's parts: the files or flags they came from.
fn part_names<'a>(jigsaw: &'a str, extra_regions: &'a str) -> PartNames<'a> {
    PartNames {
        jigsaw,
        hyper: "--hyper",
        extra_regions,
    }
}

impl Variants {
    /// The rules of the variant for grids of `shape`.
    ///
    /// # Errors
    /// A variant that does not fit the shape: hyper with rectangular boxes, regions of
    /// another side, an extra region with the wrong number of cells.
    pub fn rules(&self, shape: Shape) -> anyhow::Result<Rules> {
        let names = part_names(&self.jigsaw_name, &self.extra_name);
        Ok(self.variant.named_rules(shape, names)?)
    }

    /// A reader of `reader` with the shape and symbols asked for.
    pub fn reader<R: BufRead>(&self, reader: R) -> PuzzleReader<R> {
        let mut puzzles = PuzzleReader::new(reader);
        if let Some(shape) = self.shape {
            puzzles = puzzles.with_shape(shape);
        }
        if let Some(symbols) = self.symbols {
            puzzles = puzzles.with_symbols(symbols);
        }
        puzzles
    }
}

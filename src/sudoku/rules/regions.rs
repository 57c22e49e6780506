//! Extra regions read from text ([`parse_regions`]): lists of cells or a grid of labels,
//! with errors that say where the text went wrong ([`RegionsError`]).

use std::fmt;

use super::jigsaw::square_root;

/// Where [`parse_regions`] failed: a 1-based line and column, and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct RegionsError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was wrong.
    pub kind: RegionsErrorKind,
}

/// What [`parse_regions`] found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegionsErrorKind {
    /// A word that is not a cell `rRcC`.
    BadCell(String),
    /// A grid of labels whose size is not a square.
    LabelCount {
        /// Labels found.
        found: usize,
    },
    /// Nothing but comments and blank lines.
    NoRegion,
}

impl fmt::Display for RegionsErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegionsErrorKind::BadCell(word) => {
                write!(f, "found {word:?}, expected a cell such as r1c1")
            }
            RegionsErrorKind::LabelCount { found } => write!(
                f,
                "found {found} labels, expected N*N for a grid of side N ('.' for no region)"
            ),
            RegionsErrorKind::NoRegion => f.write_str("no region found"),
        }
    }
}

/// Reads extra regions, each a list of 0-based (row, column) cells, in one of two forms:
/// - one region a line, its cells written `r1c1` (1-based, case-insensitive) and separated
///   by whitespace or commas: `r1c1 r1c2 r2c1 ...`;
/// - a grid of `N * N` labels as for [`Jigsaw::parse`](super::Jigsaw::parse) (one character
///   per cell, whitespace ignored), `.` for a cell in no region: each other label is a region.
///
/// Lines starting with `#` are comments. The form is the first if any word is a cell. The
/// number of cells of each region is checked by
/// [`Rules::with_region`](super::Rules::with_region), which knows `N`.
///
/// ```
/// use dancing::sudoku::rules::parse_regions;
/// let regions = parse_regions("# two regions\nr1c1 r1c2\nR2C1,r2c2\n")?;
/// assert_eq!(regions, [vec![(0, 0), (0, 1)], vec![(1, 0), (1, 1)]]);
/// assert_eq!(parse_regions("A..A\n....\n.BB.\n....")?[1], [(2, 1), (2, 2)]);
/// # Ok::<(), dancing::sudoku::rules::RegionsError>(())
/// ```
///
/// # Errors
/// [`RegionsError`]: a word that is not a cell, labels not making a square grid, no region.
pub fn parse_regions(text: &str) -> Result<Vec<Vec<(usize, usize)>>, RegionsError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, line))
        .filter(|(_, line)| !line.trim_start().starts_with('#') && !line.trim().is_empty())
        .collect();
    let is_list = lines.iter().any(|(_, line)| {
        line.split([' ', '\t', ','])
            .any(|word| parse_cell(word).is_some())
    });
    let no_region = || RegionsError {
        line: text.lines().count() + 1,
        column: 1,
        kind: RegionsErrorKind::NoRegion,
    };
    if is_list {
        let mut regions = Vec::new();
        for (line, text) in lines {
            let mut cells = Vec::new();
            let mut column = 1;
            for word in text.split([' ', '\t', ',']) {
                if !word.is_empty() {
                    cells.push(parse_cell(word).ok_or_else(|| RegionsError {
                        line,
                        column,
                        kind: RegionsErrorKind::BadCell(word.to_owned()),
                    })?);
                }
                column += word.chars().count() + 1;
            }
            regions.push(cells);
        }
        return Ok(regions);
    }
    let labels: Vec<char> = lines
        .iter()
        .flat_map(|(_, line)| line.chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    if labels.is_empty() {
        return Err(no_region());
    }
    let side = square_root(labels.len()).ok_or_else(|| RegionsError {
        line: lines.first().map_or(1, |(line, _)| *line),
        column: 1,
        kind: RegionsErrorKind::LabelCount {
            found: labels.len(),
        },
    })?;
    let mut order: Vec<char> = Vec::new();
    let mut regions: Vec<Vec<(usize, usize)>> = Vec::new();
    for (cell, &label) in labels.iter().enumerate() {
        if label == '.' {
            continue;
        }
        let r = order.iter().position(|&l| l == label).unwrap_or_else(|| {
            order.push(label);
            regions.push(Vec::new());
            order.len() - 1
        });
        regions[r].push((cell / side, cell % side));
    }
    if regions.is_empty() {
        return Err(no_region());
    }
    Ok(regions)
}

/// A cell `r3c4` (1-based, case-insensitive) as 0-based (row, column).
fn parse_cell(word: &str) -> Option<(usize, usize)> {
    let lower = word.to_ascii_lowercase();
    let (row, col) = lower.strip_prefix('r')?.split_once('c')?;
    let row: usize = row.parse().ok()?;
    let col: usize = col.parse().ok()?;
    Some((row.checked_sub(1)?, col.checked_sub(1)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_files_report_bad_cells_where_they_are() {
        let err = parse_regions("r1c1 r1c2\nr2c1 x9\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "2:6: found \"x9\", expected a cell such as r1c1"
        );
        let err = parse_regions("AB.\n").unwrap_err();
        assert!(matches!(
            err.kind,
            RegionsErrorKind::LabelCount { found: 3 }
        ));
        assert_eq!(
            parse_regions("# nothing\n").unwrap_err().kind,
            RegionsErrorKind::NoRegion
        );
    }
}

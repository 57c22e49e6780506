//! The variant a user asks for, as every interface takes it (the command line's flags, the
//! server's query, Python's `variant=` and `jigsaw=`): switches and regions, read once
//! here into [`Rules`] for a shape, with the same checks and the same words everywhere. An
//! interface names the parts in its own terms ([`PartNames`]: a file, a flag, a query field),
//! and every message about a part starts with its name ([`NamedVariantError`]).

use std::fmt;
use std::str::FromStr;

use super::{Jigsaw, JigsawError, Rules, RulesError, parse_regions};
use crate::sudoku::shape::Shape;

/// The rules asked for beyond the classic ones, before the grid's shape is known.
///
/// ```
/// use dancing::sudoku::grid::Shape;
/// use dancing::sudoku::rules::Variant;
/// let mut variant = Variant::default();
/// variant.switch("anti_king".parse()?);
/// variant.x = true;
/// let rules = variant.rules(Shape::CLASSIC)?;
/// assert!(rules.has_x() && rules.has_anti_king());
/// let hyper = Variant { hyper: true, ..Variant::default() };
/// assert!(hyper.rules(Shape::with_boxes(2, 3).unwrap()).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    /// Both main diagonals hold every digit once ([`Rules::with_x`]).
    pub x: bool,
    /// The windows of hyper Sudoku hold every digit once ([`Rules::with_hyper`]).
    pub hyper: bool,
    /// Irregular regions in place of the boxes ([`Rules::with_jigsaw`]).
    pub jigsaw: Option<Jigsaw>,
    /// More regions, each a list of 0-based (row, column) cells ([`Rules::with_region`]).
    pub extra: Vec<Vec<(usize, usize)>>,
    /// No two equal digits a knight's move apart ([`Rules::with_anti_knight`]).
    pub anti_knight: bool,
    /// No two equal digits a king's move apart ([`Rules::with_anti_king`]).
    pub anti_king: bool,
}

/// A variant that is only a switch, by its name: `x`, `hyper`, `anti-knight`, `anti-king`
/// (any case, `_` for `-`), as Python's `variant=` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// X-Sudoku.
    X,
    /// Hyper Sudoku.
    Hyper,
    /// Anti-knight.
    AntiKnight,
    /// Anti-king.
    AntiKing,
}

/// A name that is not a [`Switch`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant {0:?}: expected \"x\", \"hyper\", \"anti-knight\" or \"anti-king\" \
     (jigsaw regions and extra regions are given apart)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Switch {
    type Err = UnknownVariant;

    fn from_str(name: &str) -> Result<Switch, UnknownVariant> {
        match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "x" => Ok(Switch::X),
            "hyper" => Ok(Switch::Hyper),
            "anti-knight" => Ok(Switch::AntiKnight),
            "anti-king" => Ok(Switch::AntiKing),
            _ => Err(UnknownVariant(name.to_string())),
        }
    }
}

/// The part of a [`Variant`] that does not fit a shape, for the caller to name it in its
/// own terms (a file, a flag, a query field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The jigsaw regions.
    Jigsaw,
    /// The hyper windows.
    Hyper,
    /// The extra regions.
    ExtraRegions,
}

/// Why a [`Variant`] does not fit a shape: which part, and the rule's own error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// The part that does not fit.
    pub part: Part,
    /// What is wrong with it.
    pub error: RulesError,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for VariantError {}

/// What an interface calls the parts of a [`Variant`] in its messages: a file or a flag on
/// the command line (`regions.txt`, `--hyper`), a field of the server's query (`jigsaw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartNames<'a> {
    /// The jigsaw regions' name.
    pub jigsaw: &'a str,
    /// The hyper windows' name.
    pub hyper: &'a str,
    /// The extra regions' name.
    pub extra_regions: &'a str,
}

impl PartNames<'_> {
    /// The name of `part`.
    pub fn of(&self, part: Part) -> &str {
        match part {
            Part::Jigsaw => self.jigsaw,
            Part::Hyper => self.hyper,
            Part::ExtraRegions => self.extra_regions,
        }
    }
}

/// A part of a [`Variant`] that cannot be read or does not fit a shape, its message led by
/// the part's name ([`PartNames`]): `regions.txt: ...`, or `extra.txt:3:1: ...` where the
/// error has a line and column of its own.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}{}{message}", if self.located { ":" } else { ": " })]
pub struct NamedVariantError {
    /// The part.
    pub part: Part,
    /// Its name.
    pub name: String,
    /// What is wrong with it.
    pub message: String,
    /// Whether the message starts with a line and column in the part's text.
    located: bool,
}

impl NamedVariantError {
    fn new(part: Part, names: PartNames<'_>, message: impl fmt::Display, located: bool) -> Self {
        NamedVariantError {
            part,
            name: names.of(part).to_owned(),
            message: message.to_string(),
            located,
        }
    }
}

impl Variant {
    /// Turns on the variant named by `switch`.
    pub fn switch(&mut self, switch: Switch) {
        match switch {
            Switch::X => self.x = true,
            Switch::Hyper => self.hyper = true,
            Switch::AntiKnight => self.anti_knight = true,
            Switch::AntiKing => self.anti_king = true,
        }
    }

    /// The rules of grids of `shape` with this variant.
    ///
    /// # Errors
    /// A part that does not fit the shape: jigsaw regions of another side, hyper windows
    /// with rectangular boxes, an extra region outside the grid, with a cell twice or with
    /// the wrong number of cells.
    pub fn rules(&self, shape: Shape) -> Result<Rules, VariantError> {
        let at = |part| move |error| VariantError { part, error };
        let mut rules = Rules::classic(shape);
        if let Some(jigsaw) = &self.jigsaw {
            rules = rules
                .with_jigsaw(jigsaw.clone())
                .map_err(at(Part::Jigsaw))?;
        }
        if self.x {
            rules = rules.with_x();
        }
        if self.hyper {
            rules = rules.with_hyper().map_err(at(Part::Hyper))?;
        }
        for region in &self.extra {
            rules = rules
                .with_region(region.iter().copied())
                .map_err(at(Part::ExtraRegions))?;
        }
        if self.anti_knight {
            rules = rules.with_anti_knight();
        }
        if self.anti_king {
            rules = rules.with_anti_king();
        }
        Ok(rules)
    }

    /// Reads the regions of the variant from their texts, as a file or a form holds them:
    /// the jigsaw's labels ([`Jigsaw::read`]) and the extra regions ([`parse_regions`]), each
    /// if given.
    ///
    /// ```
    /// use dancing::sudoku::grid::Shape;
    /// use dancing::sudoku::rules::{PartNames, Variant};
    /// let names = PartNames { jigsaw: "--jigsaw", hyper: "--hyper", extra_regions: "extra.txt" };
    /// let mut variant = Variant::default();
    /// variant.read_regions(None, Some("r1c1 r1c2 r1c3 r1c4\n"), names)?;
    /// assert!(variant.named_rules(Shape::new(2).unwrap(), names).is_ok());
    /// let e = variant.named_rules(Shape::CLASSIC, names).unwrap_err();
    /// assert!(e.to_string().starts_with("extra.txt: "), "{e}");
    /// let e = variant.read_regions(None, Some("r1c1 x9\n"), names).unwrap_err();
    /// assert!(e.to_string().starts_with("extra.txt:1:6: "), "{e}");
    /// # Ok::<(), dancing::sudoku::rules::NamedVariantError>(())
    /// ```
    ///
    /// # Errors
    /// The first part whose text cannot be read, named by `names`.
    pub fn read_regions(
        &mut self,
        jigsaw: Option<&str>,
        extra_regions: Option<&str>,
        names: PartNames<'_>,
    ) -> Result<(), NamedVariantError> {
        if let Some(text) = jigsaw {
            let jigsaw = Jigsaw::read(text)
                .map_err(|e| NamedVariantError::new(Part::Jigsaw, names, e, false))?;
            self.jigsaw = Some(jigsaw);
        }
        if let Some(text) = extra_regions {
            let regions = parse_regions(text)
                .map_err(|e| NamedVariantError::new(Part::ExtraRegions, names, e, true))?;
            self.extra = regions;
        }
        Ok(())
    }

    /// [`Variant::rules`], with the part that does not fit named by `names`.
    ///
    /// # Errors
    /// As [`Variant::rules`].
    pub fn named_rules(
        &self,
        shape: Shape,
        names: PartNames<'_>,
    ) -> Result<Rules, NamedVariantError> {
        self.rules(shape)
            .map_err(|e| NamedVariantError::new(e.part, names, e.error, false))
    }
}

impl Jigsaw {
    /// The regions as a file or a form holds them: [`Jigsaw::parse`] of `text` without its
    /// lines that start with `#` (comments).
    ///
    /// # Errors
    /// As [`Jigsaw::parse`].
    pub fn read(text: &str) -> Result<Jigsaw, JigsawError> {
        let body: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .collect();
        Jigsaw::parse(&body.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_read_their_names_in_any_case() {
        for (name, switch) in [
            ("x", Switch::X),
            ("Hyper", Switch::Hyper),
            ("anti_knight", Switch::AntiKnight),
            ("ANTI-KING", Switch::AntiKing),
        ] {
            assert_eq!(name.parse::<Switch>(), Ok(switch));
        }
        assert!("jigsaw".parse::<Switch>().is_err());
    }

    #[test]
    fn each_part_that_does_not_fit_is_named() {
        let six = Shape::with_boxes(2, 3).expect("6x6");
        let hyper = Variant {
            hyper: true,
            ..Variant::default()
        };
        assert_eq!(hyper.rules(six).map_err(|e| e.part), Err(Part::Hyper));
        let jigsaw = Variant {
            jigsaw: Some(Jigsaw::read("# four\nAABB\nAABB\nCCDD\nCCDD").expect("4x4")),
            ..Variant::default()
        };
        assert_eq!(jigsaw.rules(six).map_err(|e| e.part), Err(Part::Jigsaw));
        let region = Variant {
            extra: vec![vec![(0, 0), (0, 0)]],
            ..Variant::default()
        };
        assert_eq!(
            region.rules(six).map_err(|e| e.part),
            Err(Part::ExtraRegions)
        );
    }

    #[test]
    fn the_rules_have_every_part_asked_for() {
        let jigsaw = Jigsaw::read("AABB\nAABB\nCCDD\nCCDD").expect("4x4");
        let variant = Variant {
            x: true,
            jigsaw: Some(jigsaw.clone()),
            extra: vec![vec![(0, 0), (1, 1), (2, 2), (3, 3)]],
            anti_knight: true,
            ..Variant::default()
        };
        let shape = Shape::from_side(4).expect("4x4");
        let rules = variant.rules(shape).expect("fits");
        let expected = Rules::classic(shape)
            .with_jigsaw(jigsaw)
            .and_then(|r| r.with_x().with_region([(0, 0), (1, 1), (2, 2), (3, 3)]))
            .expect("fits")
            .with_anti_knight();
        assert_eq!(rules, expected);
    }
}

//! The arguments whose Python values PyO3's own conversions would refuse in the wrong words:
//! whole numbers ([`Whole`]), which PyO3 turns into `OverflowError` when negative or too
//! large, and the arguments of several shapes ([`Bounds`], [`Variants`], [`Symmetric`],
//! [`Source`]), which a derived conversion refuses with the names of the binding's Rust
//! types. A `limit=` is also at least 1 ([`limit`]), as the command line's `--limit`.
//!
//! A [`Whole`] takes any Python `int` (or anything with `__index__`, a numpy integer) and
//! keeps it unchecked; the function that took it converts it with [`Whole::get`], which
//! names the argument in a `ValueError` when the number is negative or beyond the Rust
//! type's range. A value of the wrong type is still PyO3's `TypeError`, which names the
//! argument itself.

use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyInt, PyList, PyString, PyTuple};

/// A whole number as Python gave it, checked by [`Whole::get`].
#[derive(Clone, Debug)]
pub(crate) struct Whole(Result<u64, Outside>);

/// A Python `int` outside `0..=u64::MAX`, with its text for the message.
#[derive(Clone, Debug)]
enum Outside {
    Negative(String),
    TooLarge(String),
}

/// The unsigned Rust types a [`Whole`] converts to, with their largest value.
pub(crate) trait Width: TryFrom<u64> {
    /// The largest value of the type.
    const MAX: u64;
}

impl Width for u32 {
    const MAX: u64 = u32::MAX as u64;
}

impl Width for u64 {
    const MAX: u64 = u64::MAX;
}

impl Width for usize {
    const MAX: u64 = usize::MAX as u64;
}

impl Whole {
    /// The number as a `T`, or a `ValueError` saying `{name}={value}` and the range.
    pub(crate) fn get<T: Width>(&self, name: &str) -> PyResult<T> {
        let outside = match &self.0 {
            Ok(n) => match T::try_from(*n) {
                Ok(n) => return Ok(n),
                Err(_) => Outside::TooLarge(n.to_string()),
            },
            Err(outside) => outside.clone(),
        };
        Err(PyValueError::new_err(match outside {
            Outside::Negative(text) => {
                format!("{name}={text}: expected a whole number, at least 0")
            }
            Outside::TooLarge(text) => {
                format!("{name}={text}: expected a whole number, at most {}", T::MAX)
            }
        }))
    }

    /// The number if it is in `0..=u64::MAX`, else its text.
    pub(crate) fn value(&self) -> Result<u64, String> {
        match &self.0 {
            Ok(n) => Ok(*n),
            Err(Outside::Negative(text) | Outside::TooLarge(text)) => Err(text.clone()),
        }
    }
}

/// A `limit=` argument: `None`, or a number of solutions, at least 1 (as the command line's
/// `--limit`: a search stopped before it began would answer nothing).
pub(crate) fn limit(limit: Option<Whole>) -> PyResult<Option<u64>> {
    match limit.map(|l| l.get::<u64>("limit")).transpose()? {
        Some(0) => Err(PyValueError::new_err(
            "limit=0: expected at least 1 solution, or None for all",
        )),
        limit => Ok(limit),
    }
}

impl From<u64> for Whole {
    fn from(n: u64) -> Whole {
        Whole(Ok(n))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        if let Ok(n) = obj.extract::<u64>() {
            return Ok(Whole(Ok(n)));
        }
        // Not a u64: an int out of range, or not an int (PyO3's TypeError, with the name).
        let int = obj.call_method0("__index__").map_err(|_| {
            PyTypeError::new_err(format!(
                "expected an int, got {}",
                obj.get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        let text = int.str()?.to_string();
        Ok(Whole(Err(if int.lt(0)? {
            Outside::Negative(text)
        } else {
            Outside::TooLarge(text)
        })))
    }
}

/// The bounds of a primary item in `bounds=`: `n` (exactly `n` times) or `(lower, upper)`.
pub(crate) struct Bounds(Whole, Whole);

impl Bounds {
    /// `(lower, upper)`, each checked as a `u32`, for the item `name`.
    pub(crate) fn get(&self, name: &str) -> PyResult<(u32, u32)> {
        let lower = self.0.get(&format!("the lower bound of `{name}`"))?;
        let upper = self.1.get(&format!("the upper bound of `{name}`"))?;
        Ok((lower, upper))
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Bounds {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Bounds> {
        if obj.is_instance_of::<PyInt>() {
            let n: Whole = obj.extract()?;
            return Ok(Bounds(n.clone(), n));
        }
        if let Ok(pair) = obj.cast::<PyTuple>()
            && pair.len() == 2
        {
            return Ok(Bounds(
                pair.get_item(0)?.extract()?,
                pair.get_item(1)?.extract()?,
            ));
        }
        Err(PyTypeError::new_err(
            "a bound is an int n (exactly n times) or a pair (lower, upper) of ints",
        ))
    }
}

/// The Sudoku variants asked for: one name or a list of names.
pub(crate) struct Variants(pub(crate) Vec<String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Variants {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Variants> {
        if let Ok(name) = obj.cast::<PyString>() {
            return Ok(Variants(vec![name.to_cow()?.into_owned()]));
        }
        if (obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>())
            && let Ok(names) = obj.extract::<Vec<String>>()
        {
            return Ok(Variants(names));
        }
        Err(PyTypeError::new_err(
            "variant is a name (\"x\", \"hyper\", \"anti-knight\", \"anti-king\") or a list \
             of names",
        ))
    }
}

/// Which givens of a generated puzzle go together: `True` is a half turn, `False` none, or
/// the name of a symmetry.
pub(crate) enum Symmetric {
    /// `True` or `False`.
    Flag(bool),
    /// A symmetry's name.
    Name(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Symmetric {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Symmetric> {
        if let Ok(name) = obj.cast::<PyString>() {
            return Ok(Symmetric::Name(name.to_cow()?.into_owned()));
        }
        if let Ok(flag) = obj.extract::<bool>() {
            return Ok(Symmetric::Flag(flag));
        }
        Err(PyTypeError::new_err(
            "symmetric is True, False or a name (\"rotate180\", \"rotate90\", \"mirror\", \
             \"diagonal\")",
        ))
    }
}

/// The text of a problem in Knuth's format or the path of a file holding it.
pub(crate) enum Source {
    /// A `str`: the text when it has a line break, else a path.
    Text(String),
    /// `bytes` or a `bytearray`: the text.
    Bytes(Vec<u8>),
    /// An `os.PathLike`.
    Path(PathBuf),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Source {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Source> {
        if let Ok(text) = obj.cast::<PyString>() {
            return Ok(Source::Text(text.to_cow()?.into_owned()));
        }
        if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
            return Ok(Source::Bytes(obj.extract()?));
        }
        obj.extract::<PathBuf>().map(Source::Path).map_err(|_| {
            PyTypeError::new_err(
                "a problem is its text (a str with a line break, or bytes) or the path of a \
                 file (a str or an os.PathLike)",
            )
        })
    }
}

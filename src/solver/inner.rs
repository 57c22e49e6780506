//! The registry of engines: the engine a solver runs ([`Inner`], one variant an engine under
//! `engine/`), the links engine a problem without multiplicities takes, and `each!`, which runs
//! the same code on whichever engine it is. Which engine runs which problem is
//! [`super::auto`]'s choice; this module is below it and below the portfolio's slices, which
//! both hold an [`Inner`].

use crate::engine::Search;
use crate::engine::band::Band;
use crate::engine::bits::Bits;
use crate::engine::dlx::Dlx;
use crate::engine::dlx2::Dlx2;
use crate::engine::dlx3::Dlx3;
use crate::engine::learn::Learn;
use crate::engine::mcc::Mcc;
use crate::engine::mccbits::MccBits;
use crate::engine::propagate::Propagate;
use crate::problem::Problem;

/// The engine a solver runs.
#[derive(Clone, Debug)]
pub(super) enum Inner {
    Dlx(Dlx),
    Bits(Bits),
    Dlx2(Dlx2),
    Dlx3(Dlx3),
    Mcc(Mcc),
    MccBits(MccBits),
    Propagate(Propagate),
    /// Boxed: its state is the largest.
    Learn(Box<Learn>),
    Band(Band),
}

/// The links engine for a problem without multiplicities: DLX2 with colors, else DLX1.
pub(super) fn links_engine(problem: &Problem) -> Inner {
    if problem.has_colors() {
        Inner::Dlx2(Dlx2::new(problem))
    } else {
        Inner::Dlx(Dlx::new(problem))
    }
}

/// Runs `$body` with `$e` bound to the solver's engine, whichever it is.
macro_rules! each {
    ($inner:expr, $e:ident => $body:expr) => {
        match $inner {
            Inner::Dlx($e) => $body,
            Inner::Bits($e) => $body,
            Inner::Dlx2($e) => $body,
            Inner::Dlx3($e) => $body,
            Inner::Mcc($e) => $body,
            Inner::MccBits($e) => $body,
            Inner::Propagate($e) => $body,
            Inner::Learn($e) => $body,
            Inner::Band($e) => $body,
        }
    };
}

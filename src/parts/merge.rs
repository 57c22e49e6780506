//! Merging results: the ledger that checks each result against the split's header and adds
//! them up once every part has one.

use thiserror::Error;

use super::{Fingerprint, Header, PartResult};
use crate::parallel::Total;

/// The results of one split's parts, checked as they come: the merge.
///
/// Every result must carry the split's fingerprint and the id of one of its parts; a part may
/// have several results (a part solved twice, after a crash) only if they agree. The origin
/// given with each result (a file and a line, say) names it in errors.
#[derive(Clone, Debug)]
pub struct Ledger {
    header: Header,
    results: Vec<Option<(PartResult, String)>>,
    done: usize,
}

impl Ledger {
    /// An empty ledger for the split with this header.
    pub fn new(header: Header) -> Ledger {
        Ledger {
            results: vec![None; header.parts],
            header,
            done: 0,
        }
    }

    /// The header of the split.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Records a result, found at `origin`.
    ///
    /// # Errors
    /// [`MergeError`] for a result of another problem, of a part the split does not have, or
    /// that disagrees with an earlier result of its part; the ledger is left as it was.
    pub fn record(
        &mut self,
        result: PartResult,
        origin: impl Into<String>,
    ) -> Result<(), MergeError> {
        let origin = origin.into();
        if result.fingerprint != self.header.fingerprint {
            return Err(MergeError::OtherProblem {
                origin,
                found: result.fingerprint,
                expected: self.header.fingerprint,
            });
        }
        let parts = self.header.parts;
        let Some(slot) = self.results.get_mut(result.id) else {
            return Err(MergeError::NoSuchPart {
                origin,
                id: result.id,
                parts,
            });
        };
        match slot {
            None => {
                *slot = Some((result, origin));
                self.done += 1;
                Ok(())
            }
            Some((first, _)) if first.total() == result.total() => Ok(()),
            Some((first, first_origin)) => Err(MergeError::Conflict {
                id: result.id,
                first: Box::new((first.total(), first_origin.clone())),
                second: Box::new((result.total(), origin)),
            }),
        }
    }

    /// Whether part `id` has a result.
    pub fn is_done(&self, id: usize) -> bool {
        self.results.get(id).is_some_and(Option::is_some)
    }

    /// The number of parts with a result.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The parts without a result, in id order.
    pub fn missing(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.results.len()).filter(|&id| self.results[id].is_none())
    }

    /// The results recorded, one per part that has one, in id order.
    pub fn results(&self) -> impl Iterator<Item = &PartResult> + '_ {
        self.results.iter().flatten().map(|(result, _)| result)
    }

    /// The count and statistics of the whole tree: the work above the cut plus every part's.
    ///
    /// # Errors
    /// [`Incomplete`] if some part has no result.
    pub fn total(&self) -> Result<Total, Incomplete> {
        if self.done < self.header.parts {
            return Err(Incomplete {
                missing: self.missing().collect(),
                parts: self.header.parts,
            });
        }
        Ok(self.header.above.clone() + self.results().map(PartResult::total).sum())
    }
}

/// A result that the [`Ledger`] refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MergeError {
    /// A result of another problem.
    #[error("{origin}: a result of another problem (fingerprint {found}, not {expected})")]
    OtherProblem {
        /// Where the result came from.
        origin: String,
        /// Its fingerprint.
        found: Fingerprint,
        /// The split's.
        expected: Fingerprint,
    },
    /// A result of a part that the split does not have.
    #[error("{origin}: a result of part {id}, but the split has only {parts} parts")]
    NoSuchPart {
        /// Where the result came from.
        origin: String,
        /// Its id.
        id: usize,
        /// The split's number of parts.
        parts: usize,
    },
    /// Two results of one part that differ.
    #[error(
        "part {id} has two different results: {} solutions, {} nodes, {} updates at {}, and \
         {} solutions, {} nodes, {} updates at {}",
        first.0.solutions, first.0.nodes, first.0.updates, first.1,
        second.0.solutions, second.0.nodes, second.0.updates, second.1
    )]
    Conflict {
        /// The part.
        id: usize,
        /// The first result and its origin.
        first: Box<(Total, String)>,
        /// The second result and its origin.
        second: Box<(Total, String)>,
    },
}

/// Some parts have no result yet.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} of {parts} parts have no result: {}", missing.len(), ranges(missing))]
pub struct Incomplete {
    /// The parts without a result, in id order.
    pub missing: Vec<usize>,
    /// The number of parts of the split.
    pub parts: usize,
}

/// Ids in increasing order, written as ranges: `0-4, 7, 9-10`.
pub fn ranges(ids: &[usize]) -> String {
    let mut out = Vec::new();
    let mut k = 0;
    while k < ids.len() {
        let mut end = k;
        while end + 1 < ids.len() && ids[end + 1] == ids[end] + 1 {
            end += 1;
        }
        out.push(if end == k {
            ids[k].to_string()
        } else {
            format!("{}-{}", ids[k], ids[end])
        });
        k = end + 1;
    }
    out.join(", ")
}

//! Probing (failed-literal reasoning, as in SAT solvers): before a node branches, each
//! option of each item with two live options is chosen tentatively in a scratch frame and
//! propagated; an option whose propagation fails is in no solution below the node, so it is
//! removed from the node's frame, which is propagated again (its item then has one option,
//! which the singles rule forces). Passes repeat until one refutes nothing.
//!
//! A probe costs a frame copy and a propagation, so it pays only where branching is
//! expensive: [`worth_it`] turns it on for problems with many primary items.

use super::Propagate;
use super::state::next_of;
use super::table::Table;

/// The fewest primary items for which the engine probes: more than a 16x16 Sudoku's 1,024.
const PROBE_MIN_PRIMARY: usize = 1_025;

/// Whether the engine probes on `table`'s problem.
pub(super) fn worth_it(table: &Table) -> bool {
    table.primary >= PROBE_MIN_PRIMARY
}

impl Propagate {
    /// Probes the opened node at depth `d` (if the engine probes): false if it fails.
    pub(super) fn probe(&mut self, d: usize) -> bool {
        if !self.probing {
            return true;
        }
        let table = &*self.table;
        loop {
            let mut refuted = false;
            for i in 0..table.primary as u32 {
                if self.frames.frame(d).counts[i as usize] != 2 {
                    continue;
                }
                let mut after = None;
                while let Some(o) = next_of(table, self.frames.frame(d).live, i, after) {
                    after = Some(o);
                    self.work.probes += 1;
                    self.frames.copy_up(d);
                    let checked = &mut self.probe_checked;
                    checked.copy_from_slice(self.frames.frame(d).counts);
                    let mut f = self.frames.frame_mut(d + 1);
                    self.work.removed += f.choose(table, o, &mut self.scratch);
                    if f.propagate(table, checked, &mut self.work, &mut self.scratch) {
                        continue;
                    }
                    refuted = true;
                    let mut f = self.frames.frame_mut(d);
                    f.refute(table, o);
                    self.work.removed += 1;
                    if !f.propagate(table, &mut self.checked, &mut self.work, &mut self.scratch) {
                        return false;
                    }
                    break;
                }
            }
            if !refuted {
                return true;
            }
        }
    }
}

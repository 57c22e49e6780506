//! The bit engine's side of the [`Search`] contract: building it, forcing and excluding
//! options at the root, resets, the search's entry (which picks the loop compiled for the
//! processor, the colors and the rule of choice), solutions, subtrees and progress. The loop
//! itself is [`super::run`].

use std::sync::Arc;

use super::cover::{choose, clear_any, cover_items, others};
use super::table::{Table, has};
use super::{Bits, State, colors};
use crate::engine::{Counters, Search};
use crate::problem::Problem;
use crate::search::{Choice, ForceError, Stats, Step};

impl Search for Bits {
    fn new(problem: &Problem) -> Bits {
        Bits::on(problem, Arc::new(Table::new(problem)))
    }

    fn counters_mut(&mut self) -> &mut Counters {
        &mut self.counters
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.counters.nodes,
            updates: self.cursor.updates,
            cleansings: self.cursor.cleansings,
            solutions: self.counters.solutions,
            ..Stats::default()
        }
    }

    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        self.root_saved = false;
        let root = self.frames.frame(0).0;
        let o = self
            .table
            .to_force(option, self.search_started(), |o| has(root, o))?;
        let (active, counts) = self.frames.frame_mut(0);
        if self.colors.is_some() {
            // DLX2 covers the option's first primary item, then commits the others.
            let first = u32::from(self.table.record(o as usize)[2]);
            let (updates, cleansings) = colors::choose::<0>(
                &self.table,
                self.colors.as_deref(),
                &mut self.frames,
                0,
                o,
                first,
                &mut self.scratch,
            );
            self.cursor.updates += 1 + updates;
            self.cursor.cleansings += cleansings;
            self.forced.push(o);
            return Ok(());
        }
        // DLX1 covers each of the option's items: one update each, plus the options hidden.
        let removed = choose(self.avx2, &self.table, active, counts, o, &mut self.scratch);
        self.cursor.updates += others(&self.table, o) + 1 + removed;
        self.forced.push(o);
        Ok(())
    }

    /// One pass for all the options when the table keeps the options' conflicts (as for
    /// Sudoku): their union is removed at once, which removes the same options as forcing
    /// them one by one, and so the same counts and `updates`.
    fn force_all(&mut self, options: &[usize]) -> Result<(), ForceError> {
        self.root_saved = false;
        let table = &*self.table;
        if self.colors.is_some() || table.kept_conflicts(0).is_none() {
            return options.iter().try_for_each(|&option| self.force(option));
        }
        if self.search_started() {
            return Err(ForceError::SearchStarted);
        }
        let (union, left) = self.scratch.split_at_mut(table.words);
        union.fill(0);
        let (active, counts) = self.frames.frame_mut(0);
        let mut result = Ok(());
        for &option in options {
            let Some(o) = table.option_of(option) else {
                result = Err(ForceError::NotInSearch { option });
                break;
            };
            let (w, bit) = (o as usize / 64, 1 << (o % 64));
            // An option forced before this call left `active`; one forced in it, `union`.
            if active[w] & bit == 0 || union[w] & bit != 0 {
                result = Err(ForceError::Conflict { option });
                break;
            }
            let conflicts = table
                .kept_conflicts(o)
                .expect("the table keeps the conflicts");
            for (u, &c) in union.iter_mut().zip(conflicts) {
                *u |= c;
            }
            cover_items::<0>(table, counts, o);
            // As in `force`: one update for each of the option's items.
            self.cursor.updates += others(table, o) + 1;
            self.forced.push(o);
        }
        self.cursor.updates += clear_any(self.avx2, table, active, counts, union, left);
        result
    }

    /// Removes the option from frame 0: its primary items' counts fall by one. Counts an
    /// update for each of its nodes that DLX1 or DLX2 would take out of its list.
    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        self.root_saved = false;
        let (forced, root) = (&self.forced, self.frames.frame(0).0);
        let Some(o) = self.table.to_exclude(
            option,
            self.search_started(),
            |o| forced.contains(&o),
            |o| has(root, o),
        )?
        else {
            return Ok(());
        };
        let table = &*self.table;
        let cleansed = match self.colors.as_deref() {
            Some(colors) => colors::cleansed(table, colors, &mut self.frames, 0, o),
            None => 0,
        };
        let (one, left) = self.scratch.split_at_mut(table.words);
        one.fill(0);
        one[o as usize / 64] = 1 << (o % 64);
        let (active, counts) = self.frames.frame_mut(0);
        let others = clear_any(self.avx2, table, active, counts, one, left);
        self.cursor.updates += others + 1 - cleansed;
        self.excluded.push(o);
        Ok(())
    }

    fn reset(&mut self) {
        self.frames.reset(&self.table);
        self.cursor.top = 0;
        self.levels.clear();
        self.forced.clear();
        self.excluded.clear();
        self.root_saved = false;
        self.cursor.floor = 0;
        self.cursor.state = State::Forward;
        self.counters.restart();
        self.cursor.updates = 0;
        self.cursor.cleansings = 0;
        self.weights.fill(1);
    }

    /// The root state is kept in the shared table, so this is [`Bits::reset`], which copies
    /// it; `pristine` adds nothing.
    fn reset_from(&mut self, pristine: &Bits) {
        debug_assert!(Arc::ptr_eq(&self.table, &pristine.table));
        self.reset();
    }

    fn search(&mut self, cut: usize) -> Option<Step> {
        if !self.search_started() {
            // For `reroot`: the root as the options forced and excluded left it.
            self.frames.save_root();
            self.root_saved = true;
        }
        let (colored, wdeg) = (self.colors.is_some(), self.rule == Choice::Wdeg);
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the processor has AVX2 and `popcnt` (see
            // `Bits::new`).
            return unsafe {
                match (colored, wdeg) {
                    (true, false) => self.search_avx2::<true>(cut),
                    (false, false) => self.search_avx2::<false>(cut),
                    (true, true) => self.search_avx2_weighted::<true>(cut),
                    (false, true) => self.search_avx2_weighted::<false>(cut),
                }
            };
        }
        match (colored, wdeg) {
            (true, false) => self.search_with::<false, true, false>(cut),
            (false, false) => self.search_with::<false, false, false>(cut),
            (true, true) => self.search_weighted::<true>(cut),
            (false, true) => self.search_weighted::<false>(cut),
        }
    }

    fn set_choice(&mut self, choice: Choice) -> bool {
        self.rule = choice;
        self.weights = match choice {
            Choice::Mrv => Vec::new(),
            Choice::Wdeg => vec![1; self.table.padded],
        };
        true
    }

    fn choice(&self) -> Option<Choice> {
        Some(self.rule)
    }

    fn solution(&self, out: &mut Vec<usize>) {
        out.clear();
        let options = self
            .forced
            .iter()
            .chain(self.levels.iter().map(|l| &l.option));
        out.extend(options.map(|&o| self.table.index[o as usize] as usize));
    }

    fn choices(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.levels
                .iter()
                .map(|l| self.table.index[l.option as usize] as usize),
        );
    }

    fn descend(&mut self, option: usize) {
        debug_assert!(
            self.cursor.state == State::Forward && self.levels.len() == self.cursor.floor
        );
        let (item, count) = (self.table.keys)
            .first_min(self.frames.frame(self.cursor.top).1)
            .expect("a subtree lies below a node with an item to cover");
        let o = self
            .table
            .option_of(option)
            .expect("the option of a subtree is in the search");
        // Under wdeg the engine that named the subtree may have branched on another of the
        // option's primary items (see `Dlx::descend`): the level takes the first of them,
        // which confines the search to the same subtree.
        let (item, count) = if self.table.items_of(o).contains(&(item as u32)) {
            (item, count)
        } else {
            debug_assert!(self.rule == Choice::Wdeg);
            let primary = self.table.primary;
            let first = (self.table.items_of(o).iter())
                .map(|&i| i as usize)
                .find(|&i| i < primary)
                .expect("an option in the search names a primary item");
            let counts = self.frames.frame(self.cursor.top).1;
            (first, self.table.keys.count(counts[first]))
        };
        self.push_level(item as u32, count, o);
        self.cursor.floor = self.levels.len();
    }

    fn level(&self) -> usize {
        self.levels.len()
    }

    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        // From the top down: the frame below a level that is not single is its node's, and
        // a single level took no frame.
        let start = out.len();
        let mut f = self.cursor.top;
        for level in self.levels[from..].iter().rev() {
            out.push(if level.single {
                1
            } else {
                f -= 1;
                let row = self.table.bitset(level.item);
                let active = self.frames.frame(f).0.iter().zip(row);
                active.map(|(&a, &r)| (a & r).count_ones()).sum()
            });
        }
        out[start..].reverse();
    }

    fn progress(&self) -> f64 {
        if self.cursor.state == State::Done {
            return 1.0;
        }
        let (mut done, mut weight) = (0.0, 1.0f64);
        for (f, level) in self.levels.iter().filter(|l| !l.single).enumerate() {
            // The node's frame is intact: the level's item had `d` options there, and the
            // one chosen is the `k`-th.
            let row = self.table.bitset(level.item);
            let (mut k, mut d) = (0, 0);
            for (w, (&a, &r)) in self.frames.frame(f).0.iter().zip(row).enumerate() {
                let bits = a & r;
                d += bits.count_ones();
                let upto = (level.option as usize + 1).saturating_sub(w * 64).min(64);
                let mask = if upto == 64 {
                    u64::MAX
                } else {
                    (1 << upto) - 1
                };
                k += (bits & mask).count_ones();
            }
            weight /= f64::from(d.max(1));
            done += f64::from(k - 1) * weight;
        }
        done
    }

    fn check(&self) -> Result<(), String> {
        self.invariants()
    }
}

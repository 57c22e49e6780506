//! Knuth's DLX2, Algorithm C (TAOCP 7.2.2.1, exact covering with colors): the loop of
//! [`super::dlx`] on the colored arena of [`super::colored`].
//!
//! Algorithm C is Algorithm X with one change: where X covers the other items of a chosen
//! option, C *commits* them. An item named without a color is covered as before; an item
//! named with color `c` is *purified*: every option in its list that gives it another color
//! (or none) is hidden, and every option that gives it `c` is *cleansed* (its node is marked,
//! so that choosing it later commits nothing there, and hiding it later leaves that node in
//! place). Backtracking uncommits in the opposite order. The branching rule is DLX1's (the
//! leftmost active primary item of minimum length), options are tried top to bottom, and the
//! counters are DLX2's: `nodes` as in DLX1, `updates` the items unlinked plus the nodes
//! removed from lists, `cleansings` one per purification plus one per node cleansed. On
//! every file of `../shared/data/exact-cover-colors/` all three equal DLX2's (the tests in
//! `tests/integration/instances.rs` check them).

use super::colored::ColorLinks;
use super::dlx::{Arena, Dlx};
use super::{Counters, Search};
use crate::problem::Problem;
use crate::search::{Choice, ForceError, Stats, Step};

/// The DLX2 engine: the loop of [`Dlx`] on colored links.
///
/// A wrapper only so that its search stays out of line: inlined into
/// [`crate::Solver::step`] beside DLX1's loop, it changed how that loop was compiled, and
/// DLX1 ran 1.3% more instructions on langford-11-half (`valgrind --tool=callgrind`).
#[derive(Clone, Debug)]
pub(crate) struct Dlx2(Dlx<ColorLinks>);

impl Dlx2 {
    /// [`Dlx::take_over`] on the colored links.
    pub(crate) fn take_over(
        &mut self,
        forced: &[usize],
        excluded: &[usize],
        choices: &[usize],
        floor: usize,
        counters: Counters,
        work: (u64, u64),
    ) {
        self.0
            .take_over(forced, excluded, choices, floor, counters, work);
    }

    /// Whether the links of `self` and `other` are equal node for node (for tests of resets).
    #[cfg(test)]
    pub(crate) fn same_links(&self, other: &Dlx2) -> bool {
        self.0.same_links(&other.0)
    }
}

impl Search for Dlx2 {
    fn new(problem: &Problem) -> Self {
        Dlx2(Dlx::new(problem))
    }
    fn counters_mut(&mut self) -> &mut Counters {
        self.0.counters_mut()
    }
    fn stats(&self) -> Stats {
        self.0.stats()
    }
    fn force(&mut self, option: usize) -> Result<(), ForceError> {
        self.0.force(option)
    }
    fn exclude(&mut self, option: usize) -> Result<(), ForceError> {
        self.0.exclude(option)
    }
    fn reset(&mut self) {
        self.0.reset();
    }
    fn set_choice(&mut self, choice: Choice) -> bool {
        self.0.set_choice(choice)
    }
    fn choice(&self) -> Option<Choice> {
        self.0.choice()
    }
    fn reset_from(&mut self, pristine: &Self) {
        self.0.reset_from(&pristine.0);
    }
    #[inline(never)]
    fn search(&mut self, cut: usize) -> Option<Step> {
        self.0.search(cut)
    }
    fn solution(&self, out: &mut Vec<usize>) {
        self.0.solution(out);
    }
    fn choices(&self, out: &mut Vec<usize>) {
        self.0.choices(out);
    }
    fn descend(&mut self, option: usize) {
        self.0.descend(option);
    }
    fn level(&self) -> usize {
        self.0.level()
    }
    fn degrees(&self, from: usize, out: &mut Vec<u32>) {
        self.0.degrees(from, out);
    }
    fn progress(&self) -> f64 {
        self.0.progress()
    }
    fn check(&self) -> Result<(), String> {
        self.0.check()
    }
}

impl Arena for ColorLinks {
    fn new(problem: &Problem) -> Self {
        ColorLinks::new(problem)
    }
    #[inline(always)]
    fn choose(&self) -> Option<u32> {
        ColorLinks::choose(self)
    }
    fn choose_weighted(&self, weights: &[u32]) -> Option<u32> {
        ColorLinks::choose_weighted(self, weights)
    }
    fn items(&self) -> u32 {
        ColorLinks::items(self)
    }
    fn is_primary(&self, i: u32) -> bool {
        ColorLinks::is_primary(self, i)
    }
    #[inline(always)]
    fn cover(&mut self, i: u32) {
        ColorLinks::cover(self, i);
    }
    #[inline(always)]
    fn uncover(&mut self, i: u32) {
        ColorLinks::uncover(self, i);
    }
    #[inline(always)]
    fn cover_others(&mut self, x: u32) {
        ColorLinks::cover_others(self, x);
    }
    #[inline(always)]
    fn uncover_others(&mut self, x: u32) {
        ColorLinks::uncover_others(self, x);
    }
    #[inline(always)]
    fn first_in(&self, i: u32) -> u32 {
        ColorLinks::first_in(self, i)
    }
    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        ColorLinks::down(self, x)
    }
    #[inline(always)]
    fn is_header(&self, x: u32) -> bool {
        ColorLinks::is_header(self, x)
    }
    #[inline(always)]
    fn header_item(&self, x: u32) -> u32 {
        ColorLinks::header_item(self, x)
    }
    fn item_of(&self, x: u32) -> u32 {
        ColorLinks::item_of(self, x)
    }
    fn option_of(&self, x: u32) -> usize {
        ColorLinks::option_of(self, x)
    }
    fn first_node_of(&self, option: usize) -> Option<u32> {
        ColorLinks::first_node_of(self, option)
    }
    fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        ColorLinks::option_nodes(self, x)
    }
    fn choosable(&self, option: usize) -> Result<u32, ForceError> {
        ColorLinks::choosable(self, option)
    }
    fn cover_option(&mut self, x: u32) {
        ColorLinks::cover_option(self, x);
    }
    fn uncover_option(&mut self, x: u32) {
        ColorLinks::uncover_option(self, x);
    }
    fn exclude_option(&mut self, x: u32) {
        ColorLinks::exclude_option(self, x);
    }
    fn include_option(&mut self, x: u32) {
        ColorLinks::include_option(self, x);
    }
    #[inline(always)]
    fn work(&self) -> (u64, u64) {
        ColorLinks::work(self)
    }
    #[inline(always)]
    fn set_work(&mut self, work: (u64, u64)) {
        ColorLinks::set_work(self, work);
    }
    fn copy_from(&mut self, other: &Self) {
        ColorLinks::copy_from(self, other);
    }
    fn rank_in_list(&self, x: u32) -> (u32, u32) {
        let i = self.item_of(x);
        (self.rank_from(self.first_in(i), x), self.len(i))
    }
    fn check(&self) -> Result<(), String> {
        ColorLinks::check(self)
    }
    #[cfg(test)]
    fn same_as(&self, other: &Self) -> bool {
        ColorLinks::same_as(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::colored::tests::dlx2_example_problem;

    /// DLX2's example (dlx2.w): its one solution is `A C X:1 Y:1` and `B X:1`.
    #[test]
    fn dlx2_s_example_has_its_one_solution() {
        let problem = dlx2_example_problem();
        let mut engine = Dlx2::new(&problem);
        let pristine = engine.clone();
        assert_eq!(super::super::all_solutions(&mut engine), vec![vec![1, 3]]);
        engine.check().unwrap();
        assert!(engine.same_links(&pristine));
    }
}

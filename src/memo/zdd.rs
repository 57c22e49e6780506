//! The diagram of all solutions: a zero-suppressed decision diagram (ZDD, Minato 1993; TAOCP
//! 7.1.4) over the options, as [`super::Memo::zdd`] builds it from its memo.
//!
//! A node is an option and two children: *lo*, the solutions without the option, and *hi*,
//! the rest of the solutions with it. The sinks are `0` (no solution) and `1` (the empty
//! solution: everything covered); the other nodes are numbered from 2 in the order they were
//! made, so every node comes after its children and the root is the last. A subproblem that
//! branches on item `i` with live options `o1 .. ok` makes a chain of nodes, one for each
//! option whose subproblem has a completion: `o1`'s *hi* is that subproblem's node and its
//! *lo* the node of `o2`, and so on; so the diagram has at most as many nodes as the memo
//! counted subproblems, times the most options an item is in. Every path from the root to
//! `1` is one solution (the options at which it takes *hi*), every solution one path.
//!
//! The text form ([`Zdd::write`]) is the one `xcover`'s `covers_zdd` yields: one node a line,
//! `ID OPTION LO HI` in decimal, except that OPTION here is the option's 1-based number (the
//! line number among the option lines of Knuth's format) where xcover's is 0-based.

use std::io::{self, Write};

use num_bigint::BigUint;

use super::tally::Tally;
use crate::count::Count;
use crate::rng::Rng;

/// A node of a [`Zdd`]: an option (its index in the problem) and the two children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZddNode {
    /// The option's index in the problem, from 0.
    pub option: u32,
    /// The node of the solutions without the option.
    pub lo: u32,
    /// The node of the rest of the solutions with it.
    pub hi: u32,
}

/// The diagram of all solutions (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zdd {
    /// Node `id` is `nodes[id - 2]`.
    nodes: Vec<ZddNode>,
    root: u32,
}

impl Zdd {
    /// A diagram of `nodes` (numbered from 2, children first) and its root.
    pub(crate) fn new(nodes: Vec<ZddNode>, root: u32) -> Zdd {
        Zdd { nodes, root }
    }

    /// The root: `0` when there is no solution, `1` when the empty set of options is the one
    /// solution, else a node.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The nodes other than the sinks; the node numbered `id` is `nodes()[id - 2]`.
    pub fn nodes(&self) -> &[ZddNode] {
        &self.nodes
    }

    /// The node numbered `id` (at least 2).
    fn node(&self, id: u32) -> ZddNode {
        self.nodes[id as usize - 2]
    }

    /// The number of paths to `1` below each node, sinks included (`[0, 1, ...]`).
    fn path_counts(&self) -> Vec<Tally> {
        let mut counts = vec![Tally::ZERO, Tally::ONE];
        counts.reserve(self.nodes.len());
        for n in &self.nodes {
            let mut c = counts[n.lo as usize].clone();
            c.add(&counts[n.hi as usize]);
            counts.push(c);
        }
        counts
    }

    /// The number of solutions: paths from the root to `1`.
    pub fn count(&self) -> Count {
        self.path_counts()[self.root as usize].to_count()
    }

    /// Every solution, as the options at which its path takes *hi*, in path order.
    pub fn solutions(&self) -> Paths<'_> {
        Paths {
            zdd: self,
            stack: vec![(self.root, 0)],
            path: Vec::new(),
        }
    }

    /// `k` solutions drawn uniformly at random, with replacement, from generator seed `seed`
    /// (the same seed gives the same sample); none when there is no solution. Each draw picks
    /// a number below the count, uniformly (by rejection), and walks down to the path of
    /// that rank. The draws are made one at a time as the iterator is advanced, so memory
    /// does not grow with `k`: only the path counts of the nodes are kept.
    pub fn sample(&self, k: u64, seed: u64) -> Samples<'_> {
        let counts: Vec<BigUint> = self.path_counts().iter().map(Tally::to_big).collect();
        let left = if counts[self.root as usize] == BigUint::ZERO {
            0
        } else {
            k
        };
        Samples {
            zdd: self,
            counts,
            rng: Rng::new(seed),
            left,
        }
    }

    /// Writes the diagram, one node a line, `ID OPTION LO HI` (OPTION from 1; see the module
    /// docs), children first, the root last.
    ///
    /// # Errors
    /// Those of `out`.
    pub fn write<W: Write>(&self, out: &mut W) -> io::Result<()> {
        for (j, n) in self.nodes.iter().enumerate() {
            writeln!(out, "{} {} {} {}", j + 2, n.option + 1, n.lo, n.hi)?;
        }
        Ok(())
    }
}

/// A number in `0..n` (`n > 0`), uniformly: random numbers of `n`'s bit length, until one is
/// below `n` (fewer than two tries on average).
fn below(rng: &mut Rng, n: &BigUint) -> BigUint {
    let bits = n.bits();
    let words = bits.div_ceil(64) as usize;
    let top = bits % 64;
    loop {
        let mut bytes = Vec::with_capacity(8 * words);
        for w in 0..words {
            let mut digit = rng.next_u64();
            if w + 1 == words && top != 0 {
                digit &= (1 << top) - 1;
            }
            bytes.extend_from_slice(&digit.to_le_bytes());
        }
        let r = BigUint::from_bytes_le(&bytes);
        if r < *n {
            return r;
        }
    }
}

/// Solutions drawn uniformly at random from a [`Zdd`], one at a time (see [`Zdd::sample`]).
#[derive(Clone, Debug)]
pub struct Samples<'a> {
    zdd: &'a Zdd,
    /// The number of paths to `1` below each node, sinks included.
    counts: Vec<BigUint>,
    rng: Rng,
    /// Draws still to make.
    left: u64,
}

impl Iterator for Samples<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let mut id = self.zdd.root;
        let mut rank = below(&mut self.rng, &self.counts[id as usize]);
        let mut solution = Vec::new();
        while id > 1 {
            let n = self.zdd.node(id);
            let with = &self.counts[n.hi as usize];
            if rank < *with {
                solution.push(n.option as usize);
                id = n.hi;
            } else {
                rank -= with;
                id = n.lo;
            }
        }
        Some(solution)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = usize::try_from(self.left).unwrap_or(usize::MAX);
        (left, usize::try_from(self.left).ok())
    }
}

/// The solutions of a [`Zdd`], one path at a time (see [`Zdd::solutions`]).
#[derive(Clone, Debug)]
pub struct Paths<'a> {
    zdd: &'a Zdd,
    /// Nodes still to visit, each with the length of the path above it.
    stack: Vec<(u32, usize)>,
    path: Vec<usize>,
}

impl Iterator for Paths<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        while let Some((id, depth)) = self.stack.pop() {
            self.path.truncate(depth);
            match id {
                0 => {}
                1 => return Some(self.path.clone()),
                _ => {
                    let n = self.zdd.node(id);
                    self.stack.push((n.lo, depth));
                    self.stack.push((n.hi, depth + 1));
                    self.path.push(n.option as usize);
                }
            }
        }
        None
    }
}

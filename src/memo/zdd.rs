//! The diagram of all solutions: a zero-suppressed decision diagram (ZDD, Minato 1993; TAOCP
//! 7.1.4) over the options, as [`super::Memo::zdd`] builds it from its memo.
//!
//! A node is an option and two children: *lo*, the solutions without the option, and *hi*,
//! the rest of the solutions with it. The sinks are `0` (no solution) and `1` (the empty
//! solution: everything covered); the other nodes are numbered from 2 in the order they were
//! made, so every node comes after its children and the root is the last. A subproblem that
//! branches on item `i` with live options `o1 < .. < ok` (in the order of their numbers)
//! makes a chain of nodes, one for each option whose subproblem has a completion: `o1`'s *hi*
//! is that subproblem's node and its *lo* the node of `o2`, and so on. Every path from the
//! root to `1` is one solution (the options at which it takes *hi*), every solution one path.
//!
//! # Unique nodes
//! A [`Builder`] makes the nodes through a *unique table* keyed by `(option, lo, hi)`, as
//! every ZDD package does (Minato 1993; TAOCP 7.1.4's "unique tables"): a node asked for
//! twice is made once. So when the memo table evicts a subproblem and counts it again, the
//! chain it makes again is the one it made before, node for node: a subproblem's item, its
//! live options and (by induction from the sinks) their subproblems' nodes depend only on
//! the subproblem, and the chain takes its options in the order of their numbers, not in
//! the order the state happens to hold them. The diagram is then the same whatever the
//! memo's bound: at most as many nodes as there are distinct subproblems with a completion,
//! times the most options an item is in, and the root is the last node made.
//!
//! # Memory
//! A node costs 12 bytes and its slot in the unique table 8 (4 bytes a slot, at most half
//! full). A [`Builder`] never holds more than its bound: it grows its arrays only while they
//! fit, and a diagram that needs more is refused ([`DiagramFull`]) rather than left to
//! exhaust the machine's memory.
//!
//! The text form ([`Zdd::write`]) is the one `xcover`'s `covers_zdd` yields: one node a line,
//! `ID OPTION LO HI` in decimal, except that OPTION here is the option's 1-based number (the
//! line number among the option lines of Knuth's format) where xcover's is 0-based.

use std::hash::Hasher;
use std::io::{self, Write};

use num_bigint::BigUint;
use rustc_hash::FxHasher;

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

/// The bytes of a node in a [`Builder`]'s array.
const NODE_BYTES: usize = std::mem::size_of::<ZddNode>();

/// Why a [`Builder`] could not make a node: the diagram would pass its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DiagramFull {
    /// The nodes made so far.
    pub(crate) nodes: usize,
}

/// The hash of a node in the unique table (FxHash: a multiply a word).
fn node_hash(n: &ZddNode) -> u64 {
    let mut h = FxHasher::default();
    h.write_u64(u64::from(n.option) << 32 | u64::from(n.lo));
    h.write_u32(n.hi);
    h.finish()
}

/// Makes the nodes of a diagram, each once, within a bound on memory (see the module docs).
#[derive(Debug)]
pub(crate) struct Builder {
    /// Node `id` is `nodes[id - 2]`.
    nodes: Vec<ZddNode>,
    /// The unique table: `0` for an empty slot, else a node's id; a power of two in length,
    /// at most half full, probed linearly.
    slots: Vec<u32>,
    /// The most bytes the two arrays may take.
    max_bytes: usize,
    /// The most bytes they took.
    peak_bytes: usize,
}

impl Builder {
    /// A builder of at most about `max_bytes` bytes.
    pub(crate) fn new(max_bytes: usize) -> Builder {
        Builder {
            nodes: Vec::new(),
            slots: Vec::new(),
            max_bytes,
            peak_bytes: 0,
        }
    }

    /// The node `(option, lo, hi)`: the one made before if there is one, else a new one.
    ///
    /// # Errors
    /// [`DiagramFull`] if a new node does not fit in the bound (or in 32-bit ids).
    pub(crate) fn node(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, DiagramFull> {
        let node = ZddNode { option, lo, hi };
        let hash = node_hash(&node);
        if let Some(id) = self.find(&node, hash) {
            return Ok(id);
        }
        let full = DiagramFull {
            nodes: self.nodes.len(),
        };
        if self.nodes.len() >= u32::MAX as usize - 2 {
            return Err(full);
        }
        if 2 * (self.nodes.len() + 1) > self.slots.len() {
            self.grow_slots().ok_or(full)?;
        }
        if self.nodes.len() == self.nodes.capacity() {
            // Double while it fits, else take what is left of the bound.
            let room = self.max_bytes.saturating_sub(self.bytes()) / NODE_BYTES;
            let more = self.nodes.capacity().max(16).min(room);
            if more == 0 {
                return Err(full);
            }
            self.nodes.reserve_exact(more);
        }
        self.nodes.push(node);
        let id = self.nodes.len() as u32 + 1;
        self.place(id, hash);
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        Ok(id)
    }

    /// The node equal to `node` (of hash `hash`), if one was made.
    fn find(&self, node: &ZddNode, hash: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut s = hash as usize & mask;
        loop {
            match self.slots[s] {
                0 => return None,
                id if self.nodes[id as usize - 2] == *node => return Some(id),
                _ => s = (s + 1) & mask,
            }
        }
    }

    /// Puts node `id` (of hash `hash`) in the first empty slot of its probe sequence.
    fn place(&mut self, id: u32, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut s = hash as usize & mask;
        while self.slots[s] != 0 {
            s = (s + 1) & mask;
        }
        self.slots[s] = id;
    }

    /// Doubles the unique table (to 32 slots at first), if that fits in the bound.
    fn grow_slots(&mut self) -> Option<()> {
        let size = (2 * self.slots.len()).max(32);
        if NODE_BYTES * self.nodes.capacity() + 4 * size > self.max_bytes {
            return None;
        }
        self.slots = vec![0; size];
        for j in 0..self.nodes.len() {
            self.place(j as u32 + 2, node_hash(&self.nodes[j]));
        }
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        Some(())
    }

    /// The nodes made so far.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The bytes the arrays hold now.
    fn bytes(&self) -> usize {
        NODE_BYTES * self.nodes.capacity() + 4 * self.slots.len()
    }

    /// The most bytes the arrays held.
    pub(crate) fn peak_bytes(&self) -> usize {
        self.peak_bytes
    }

    /// The diagram of the nodes made, with `root` its root.
    pub(crate) fn finish(self, root: u32) -> Zdd {
        Zdd::new(self.nodes, root)
    }
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

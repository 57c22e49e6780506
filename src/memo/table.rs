//! The memo table: what each subproblem counted, under a bound on memory.
//!
//! Keys are fixed-width bitsets ([`super::state::State::key`]), stored back to back in one
//! arena, so that an entry costs its key's words, its value and a 4-byte slot, with no
//! allocation of its own. The slots are open addressing with linear probing, at most half
//! full, hashed by FxHash (`rustc-hash`), which hashes a word in a multiply.
//!
//! # Eviction
//! The table has two generations, each allowed half the bound. Entries go into the young one;
//! a lookup that finds an entry in the old one copies it into the young one (so entries in
//! use survive); when the young generation is full, the old one is dropped (its entries are
//! *evicted*) and the young one becomes the old. A dropped subproblem is counted again when it
//! comes back, so counts stay exact; only time is lost. This is a coarse least recently used
//! policy, in O(1) per operation and without any per-entry bookkeeping.

use std::hash::Hasher;

use rustc_hash::FxHasher;

/// One generation: keys in an arena, values beside them, slots pointing at both.
#[derive(Debug)]
struct Generation<V> {
    words: usize,
    keys: Vec<u64>,
    values: Vec<V>,
    /// `0` for an empty slot, else the entry's index plus one.
    slots: Vec<u32>,
}

impl<V: Clone> Generation<V> {
    fn new(words: usize) -> Self {
        Generation {
            words,
            keys: Vec::new(),
            values: Vec::new(),
            slots: vec![0; 16],
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    /// The slot where `key` is, or the empty slot where it would go.
    fn find(&self, key: &[u64], hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut s = hash as usize & mask;
        loop {
            match self.slots[s] {
                0 => return s,
                e => {
                    let e = (e - 1) as usize;
                    if self.keys[e * self.words..(e + 1) * self.words] == *key {
                        return s;
                    }
                }
            }
            s = (s + 1) & mask;
        }
    }

    fn get(&self, key: &[u64], hash: u64) -> Option<&V> {
        match self.slots[self.find(key, hash)] {
            0 => None,
            e => Some(&self.values[(e - 1) as usize]),
        }
    }

    /// Inserts a key that is not in the table.
    fn insert(&mut self, key: &[u64], hash: u64, value: V) {
        if 2 * (self.len() + 1) > self.slots.len() {
            self.grow();
        }
        let s = self.find(key, hash);
        debug_assert_eq!(self.slots[s], 0, "a key is inserted once");
        self.keys.extend_from_slice(key);
        self.values.push(value);
        self.slots[s] = self.len() as u32;
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        for e in 0..self.len() {
            let key = &self.keys[e * self.words..(e + 1) * self.words];
            let s = self.find(key, hash(key));
            self.slots[s] = e as u32 + 1;
        }
    }

    /// The bytes this generation has allocated.
    fn bytes(&self) -> usize {
        8 * self.keys.capacity()
            + std::mem::size_of::<V>() * self.values.capacity()
            + 4 * self.slots.len()
    }
}

/// The hash of a key.
pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h = FxHasher::default();
    for &w in key {
        h.write_u64(w);
    }
    h.finish()
}

/// A memo table of at most about `max_bytes` bytes (see the module docs).
#[derive(Debug)]
pub(crate) struct Table<V> {
    young: Generation<V>,
    old: Generation<V>,
    /// Entries per generation: half the bound over the bytes of an entry.
    room: usize,
    /// Entries dropped so far.
    pub(crate) evictions: u64,
    /// The most bytes the two generations held at once.
    pub(crate) peak_bytes: usize,
}

impl<V: Clone> Table<V> {
    /// A table for keys of `words` words and at most about `max_bytes` bytes (at least one
    /// entry per generation).
    pub(crate) fn new(words: usize, max_bytes: usize) -> Self {
        // An entry's key, value and its two slots (the table is at most half full), counted
        // once more for the slack of a vector that doubles.
        let entry = 2 * (8 * words + std::mem::size_of::<V>() + 8);
        Table {
            young: Generation::new(words),
            old: Generation::new(words),
            room: (max_bytes / 2 / entry).clamp(1, u32::MAX as usize - 1),
            evictions: 0,
            peak_bytes: 0,
        }
    }

    /// The value of `key`, if it is in the table (then it is young afterwards).
    pub(crate) fn get(&mut self, key: &[u64]) -> Option<V> {
        let h = hash(key);
        if let Some(v) = self.young.get(key, h) {
            return Some(v.clone());
        }
        let v = self.old.get(key, h)?.clone();
        self.insert_hashed(key, h, v.clone());
        Some(v)
    }

    /// Records the value of `key`, which is not in the table.
    pub(crate) fn insert(&mut self, key: &[u64], value: V) {
        self.insert_hashed(key, hash(key), value);
    }

    fn insert_hashed(&mut self, key: &[u64], hash: u64, value: V) {
        if self.young.len() >= self.room {
            self.evictions += self.old.len() as u64;
            let words = self.young.words;
            self.old = std::mem::replace(&mut self.young, Generation::new(words));
        }
        self.young.insert(key, hash, value);
        self.peak_bytes = self.peak_bytes.max(self.bytes());
    }

    /// The bytes held now.
    pub(crate) fn bytes(&self) -> usize {
        self.young.bytes() + self.old.bytes()
    }

    /// The entries held now.
    pub(crate) fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_it_keeps_and_forgets_only_old_entries_when_full() {
        let mut table = Table::<u32>::new(2, 0);
        table.room = 100;
        for k in 0..250u64 {
            table.insert(&[k, !k], k as u32);
            assert_eq!(table.get(&[k, !k]), Some(k as u32));
        }
        assert!(table.evictions > 0);
        assert_eq!(table.len() as u64 + table.evictions, 250);
        assert_eq!(table.get(&[249, !249]), Some(249));
        assert_eq!(table.get(&[0, !0]), None);
        assert_eq!(table.get(&[7, 7]), None);
    }
}

//! The check of the colored links' invariants (listed in the module docs of [`super`]):
//! every list walked, every link, length and color compared with what the lists hold.

use super::{CLEANSED, ColorLinks, NO_COLOR, ROOT, STRIDE, header};

impl ColorLinks {
    /// Walks every list and checks the invariants listed in the module docs.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub(crate) fn check(&self) -> Result<(), String> {
        let n = self.items;
        let size = self.nodes.len() as u64 * u64::from(STRIDE);
        let valid = |x: u32| x.is_multiple_of(STRIDE) && u64::from(x) < size;
        for (k, node) in self.nodes.iter().enumerate() {
            if !valid(node.up) || !valid(node.down) || node.item > n {
                return Err(format!("node {k} has a link out of range: {node:?}"));
            }
        }
        if self.len.len() != n as usize + 1
            || self.prev.len() != n as usize + 2
            || self.next.len() != n as usize + 2
        {
            return Err("the item arrays do not match the number of items".to_string());
        }
        if let Some(i) =
            (0..n + 2).find(|&i| self.prev[i as usize] > n + 1 || self.next[i as usize] > n + 1)
        {
            return Err(format!("item {i} has a link out of range"));
        }
        for head in [ROOT, n + 1] {
            let mut i = head;
            let mut steps = 0;
            loop {
                let j = self.next[i as usize];
                if self.prev[j as usize] != i {
                    return Err(format!("item list: prev[next[{i}]] != {i}"));
                }
                i = j;
                steps += 1;
                if i == head {
                    break;
                }
                if steps > n + 1 {
                    return Err(format!("item list through {head} is not circular"));
                }
            }
        }
        for c in 1..=n {
            let head = header(c);
            let purified = self.nodes[c as usize].color;
            let mut x = head;
            let mut count = 0u32;
            loop {
                let node = self.nodes[(x / STRIDE) as usize];
                let (up, down) = (
                    self.nodes[(node.down / STRIDE) as usize].up,
                    self.nodes[(node.up / STRIDE) as usize].down,
                );
                if up != x || down != x {
                    return Err(format!("list of item {c}: node {x} is not doubly linked"));
                }
                if node.item != c {
                    return Err(format!("list of item {c}: node {x} has item {}", node.item));
                }
                if x != head && node.color == CLEANSED && purified == NO_COLOR {
                    return Err(format!(
                        "list of item {c}: node {x} is cleansed, but the item is not purified"
                    ));
                }
                x = node.down;
                if x == head {
                    break;
                }
                count += 1;
                if count as usize > self.nodes.len() {
                    return Err(format!("list of item {c} is not circular"));
                }
            }
            if count != self.len[c as usize] {
                return Err(format!(
                    "item {c}: len is {} but its list has {count} nodes",
                    self.len[c as usize]
                ));
            }
        }
        Ok(())
    }
}

//! Random small matrices: the engine's count must equal a brute-force count over all subsets
//! of options, and the links must be intact afterwards.
#![no_main]

use dancing::{Problem, ProblemBuilder, Solver};
use libfuzzer_sys::fuzz_target;

/// Reads a problem from bytes: primary and secondary counts, then up to 14 options, each a
/// bit mask of up to 12 items.
fn problem(data: &[u8]) -> Option<Problem> {
    let (&head, rest) = data.split_first()?;
    let primary = usize::from(head % 8) + 1;
    let secondary = usize::from(head / 8 % 5);
    let items = primary + secondary;
    let mut b = ProblemBuilder::new(primary, secondary);
    for pair in rest.chunks_exact(2).take(14) {
        let mask = u16::from_le_bytes([pair[0], pair[1]]) as usize & ((1 << items) - 1);
        let option: Vec<usize> = (0..items).filter(|i| mask >> i & 1 == 1).collect();
        if !option.is_empty() {
            b.option(option).ok()?;
        }
    }
    b.build().ok()
}

fn brute_force(p: &Problem) -> u64 {
    let m = p.option_count();
    let mut count = 0;
    'subsets: for mask in 0u32..(1 << m) {
        let mut hits = vec![0; p.item_count()];
        for k in (0..m).filter(|k| mask >> k & 1 == 1) {
            if !p.option(k).any(|i| p.is_primary(i)) {
                continue 'subsets;
            }
            for i in p.option(k) {
                hits[i] += 1;
                if hits[i] > 1 {
                    continue 'subsets;
                }
            }
        }
        if (0..p.primary_items()).all(|i| hits[i] == 1) {
            count += 1;
        }
    }
    count
}

fuzz_target!(|data: &[u8]| {
    let Some(p) = problem(data) else { return };
    let mut solver = Solver::new(&p);
    assert_eq!(solver.count(None).unwrap(), brute_force(&p));
    solver.check_invariants().unwrap();
    solver.reset();
    solver.check_invariants().unwrap();
    assert_eq!(solver.count(None).unwrap(), brute_force(&p));
});

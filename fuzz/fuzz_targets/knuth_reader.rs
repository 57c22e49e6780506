//! Any bytes through Knuth's format reader, and every problem it accepts through the engine
//! (with a node budget): nothing may panic, and every solution must be an exact cover.
#![no_main]

use std::ops::ControlFlow;

use dancing::Solver;
use dancing::knuth::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(parsed) = parse(data) else { return };
    let problem = &parsed.problem;
    assert_eq!(parsed.item_names.len(), problem.item_count());
    assert_eq!(parsed.options.len(), problem.option_count());
    let mut solver = Solver::new(problem);
    solver.set_max_nodes(Some(10_000));
    let _ = solver.for_each_solution(|solution| {
        let mut hits = vec![0u32; problem.item_count()];
        for &k in solution {
            for i in problem.option(k) {
                hits[i] += 1;
            }
        }
        for (i, &h) in hits.iter().enumerate() {
            assert!(h <= 1, "item {i} covered twice");
            assert!(
                !problem.is_primary(i) || h == 1,
                "primary item {i} not covered"
            );
        }
        ControlFlow::Continue(())
    });
    solver.check_invariants().expect("the links are intact");
});

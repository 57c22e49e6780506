//! Any bytes through the Sudoku reader, and every puzzle it accepts through the solver (with a
//! node budget) and the independent checker: nothing may panic, and every solution must
//! verify against its puzzle.
#![no_main]

use dancing::sudoku::check::verify;
use dancing::sudoku::read::PuzzleReader;
use dancing::sudoku::solve::SudokuSolver;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut solver = None;
    for puzzle in PuzzleReader::new(data).take(64).flatten() {
        let solver = solver.get_or_insert_with(|| {
            let mut s = SudokuSolver::new(puzzle.grid.shape());
            s.set_max_nodes(Some(20_000));
            s
        });
        if let Ok(solved) = solver.solve(&puzzle.grid, 2) {
            verify(&puzzle.grid, &solved.grid).expect("a solution verifies");
        }
    }
});

//! The rule of [`Engine::Auto`]: it moves large sparse searches (N queens for large N) to the
//! links and keeps dense ones (Sudoku, Langford pairs, pentominoes) on the bits; a Sudoku
//! solver reused across 16x16 puzzles, some moved and some not, gives the answers and
//! statistics of both engines; nearly full Sudoku grids go to the links and the published
//! 36x36 puzzle to the learning engine, on one thread and on two. (The engines against each
//! other are in `engines`.)

use crate::common;

use std::path::Path;

use common::shared_data;
use dancing::problems::queens::{Order, Queens};
use dancing::{AUTO_PROBE_NODES, Engine, Problem, ProblemBuilder, Solver, Step};

/// The engine that a solver under [`Engine::Auto`] (or `engine`) runs once its search has
/// passed the probe.
fn engine_after_the_probe(problem: &Problem, engine: Engine) -> Engine {
    let mut solver = Solver::with_engine(problem, engine);
    assert_eq!(
        solver.engine(),
        Engine::Bits,
        "the problem fits the bit engine"
    );
    solver.set_max_nodes(Some(AUTO_PROBE_NODES + 1));
    assert!(solver.count(None).is_err(), "the search passes the probe");
    solver.engine()
}

#[test]
fn auto_moves_large_sparse_searches_to_the_links_and_keeps_dense_ones_on_the_bits() {
    let queens = |n| Queens::new(n, Order::OrganPipe).unwrap().problem().clone();
    for n in [80, 100] {
        let problem = queens(n);
        assert_eq!(
            engine_after_the_probe(&problem, Engine::Auto),
            Engine::Links,
            "queens {n}"
        );
        // Asked for, the bits stay.
        assert_eq!(
            engine_after_the_probe(&problem, Engine::Bits),
            Engine::Bits,
            "queens {n}"
        );
    }
    let rules = dancing::sudoku::rules::Rules::classic(dancing::sudoku::grid::Shape::CLASSIC);
    let dense = [
        ("queens 20", queens(20)),
        ("queens 40", queens(40)),
        ("langford 12 half", dancing::problems::langford(12, true)),
    ];
    // The empty Sudoku grid is the band engine's (tests/integration/band.rs), which never
    // moves.
    assert_eq!(
        Solver::new(&dancing::sudoku::solve::matrix(&rules)).engine(),
        Engine::Band
    );
    for (name, problem) in &dense {
        assert_eq!(
            engine_after_the_probe(problem, Engine::Auto),
            Engine::Bits,
            "{name}"
        );
    }
    let Some(path) = shared_data("exact-cover/pentomino-6x10-xq.dlx") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let problem = dancing::knuth::parse_str(&text).unwrap().problem;
    assert_eq!(engine_after_the_probe(&problem, Engine::Auto), Engine::Bits);
}

/// One Sudoku solver reused across the 16x16 puzzles of `puzzles/generated/` (the Sudoku
/// layer resets it between puzzles): `auto` runs them on the learning engine (their 4,096
/// options are past the bit engine's kept conflicts, and the cells partition them), in its
/// own tree, and each puzzle's answer and count are those of the links and of the bits, on
/// searches long enough to pass the bits' probe; each solution is valid.
#[test]
fn a_sudoku_solver_reused_across_16x16_puzzles_solves_as_the_links_and_the_bits() {
    use dancing::sudoku::solve::SudokuSolver;
    use dancing::sudoku::{check, grid::Shape, read::parse_line_as, rules::Rules};
    let shape = Shape::new(4).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/generated/16x16-seed16.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut solvers = [Engine::Auto, Engine::Links, Engine::Bits]
        .map(|engine| SudokuSolver::with_engine(Rules::classic(shape), engine));
    let mut past_the_probe = 0;
    for line in text.lines() {
        let puzzle = parse_line_as(shape, line).unwrap();
        let results = solvers.each_mut().map(|solver| solver.solve(&puzzle, 2));
        assert_eq!(results[0], results[1], "{line}");
        assert_eq!(results[0], results[2], "{line}");
        assert_eq!(solvers[0].engine(), Engine::Learn, "{line}");
        let solved = results[0].as_ref().unwrap();
        assert_eq!(solved.count, 1, "{line}");
        assert_eq!(check::verify(&puzzle, &solved.grid), Ok(()), "{line}");
        assert_eq!(solvers[1].stats(), solvers[2].stats(), "{line}");
        past_the_probe += usize::from(solvers[2].stats().nodes > AUTO_PROBE_NODES);
    }
    assert!(past_the_probe >= 5, "{past_the_probe}");
}

/// `auto` gives a nearly full Sudoku grid to the links at the start of its search (see
/// `AUTO_FULL`): the empty 12x12, 16x16, 25x25 and 36x36 grids (the learning engine ran for
/// minutes on the empty 36x36, the links take 2,415 nodes), also after a reset, without building the
/// learning engine; the published 36x36 puzzle, forced into the same solver, moves to the
/// learning engine, and the empty grid after it back to the links, and a reset brings the
/// learning engine back. Each answer is valid.
#[test]
fn auto_solves_nearly_full_sudoku_grids_on_the_links_and_puzzles_on_the_learning_engine() {
    use dancing::sudoku::solve::{SudokuSolver, matrix};
    use dancing::sudoku::{check, grid::Grid, grid::Shape, read::parse_line_as, rules::Rules};
    let shapes = [
        Shape::with_boxes(3, 4),
        Shape::new(4),
        Shape::new(5),
        Shape::new(6),
    ];
    for shape in shapes.map(Option::unwrap) {
        let boxes = shape.side();
        let problem = matrix(&Rules::classic(shape));
        let mut solver = Solver::new(&problem);
        // Forty times the links' nodes on the empty 36x36.
        solver.set_max_nodes(Some(100_000));
        for _ in 0..2 {
            assert_eq!(solver.engine(), Engine::Links, "{boxes}");
            let first = solver.next_solution().unwrap().expect("a full grid");
            assert_eq!(first.len(), shape.cells(), "{boxes}");
            assert_eq!(solver.engine(), Engine::Links, "{boxes}");
            solver.reset();
        }
        let empty = Grid::empty(shape);
        let solved = SudokuSolver::new(shape).solve(&empty, 1).unwrap();
        assert_eq!(check::verify(&empty, &solved.grid), Ok(()), "{boxes}");
    }
    let shape = Shape::new(6).unwrap();
    let mut solver = Solver::new(&matrix(&Rules::classic(shape)));
    solver.set_max_nodes(Some(100_000));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/shapes/36x36.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = parse_line_as(shape, line.split_whitespace().next().unwrap()).unwrap();
    let side = shape.side();
    let givens: Vec<usize> = (0..shape.cells())
        .filter_map(|cell| {
            let digit = puzzle.cells()[cell];
            (digit != 0).then(|| cell * side + usize::from(digit) - 1)
        })
        .collect();
    solver.force_all(&givens).unwrap();
    solver.set_pause_every(Some(1));
    assert_eq!(solver.step(), Step::Paused);
    assert_eq!(solver.engine(), Engine::Learn, "the published 36x36 puzzle");
    solver.set_pause_every(None);
    let solution = solver.next_solution().unwrap().expect("its solution");
    assert!(givens.iter().all(|g| solution.contains(g)));
    solver.reset();
    assert_eq!(solver.engine(), Engine::Learn, "after a reset");
    let first = solver.next_solution().unwrap().expect("a full grid");
    assert_eq!(first.len(), shape.cells());
    assert_eq!(solver.engine(), Engine::Links, "the empty grid");
    solver.reset();
    assert_eq!(solver.engine(), Engine::Learn, "after a reset");
}

/// A 25x25 grid with a fifth of its cells given (from a full grid, drawn by a seed), near
/// full enough for the links to try it first (`AUTO_NEAR`), where the links take 226,957
/// nodes: the try ends without a solution, and the search moves to the learning engine,
/// its givens forced again there, which solves it (in 4,677 nodes, the try's included).
#[test]
fn a_near_empty_25x25_grid_that_the_links_try_in_vain_is_solved_on_the_learning_engine() {
    use dancing::sudoku::solve::SudokuSolver;
    use dancing::sudoku::{check, grid::Shape, read::parse_line_as};
    let shape = Shape::new(5).unwrap();
    let line = concat!(
        ".8......CN....5I..J...........H..........M.6..D...G......P....7...9........",
        "..6...O..L...C.................9A........D................N..B.......O.46..",
        ".B.....F...I8.............G........7..L..B................L.....D.....A...9",
        "...5.....9.....1G..D..F8..2.....G.C......3......P............J.E8.......G..",
        ".D......P...........O..E5...N....E..3...2.H.F....KEO.....B..M.......1..8.7.",
        "F72.......5.9.A..OI..6.......L.F.H.......6..P.C...........4.............OI.",
        "..M............5......9..5E..............C....F....F...........9..ENO......",
        ".K..........N...P3..C...G...DG....4..3....L...E.....P......I....G...2.....B",
        ".......L.......C18....3..",
    );
    let puzzle = parse_line_as(shape, line).unwrap();
    let mut solver = SudokuSolver::new(shape);
    let solved = solver.solve(&puzzle, 1).unwrap();
    assert_eq!(check::verify(&puzzle, &solved.grid), Ok(()));
    assert_eq!(solver.engine(), Engine::Learn, "after the links' try");
    assert!(solver.stats().nodes < 100_000, "{:?}", solver.stats());
}

/// A count on two threads of a 16x16 puzzle with a given taken out (186 solutions): under
/// `auto` the split runs on the learning engine, and so does each subtree, which a solver
/// built on the links enters by moving to the learning engine before it descends, though
/// on one thread the links would try it first; the total is the links' count on one thread.
#[test]
fn a_count_on_two_threads_of_a_16x16_puzzle_under_auto_is_the_links_count() {
    use dancing::sudoku::{grid::Shape, read::parse_line_as, rules::Rules, solve::matrix};
    let shape = Shape::new(4).unwrap();
    let mut puzzle = parse_line_as(shape, first_generated_puzzle(16)).unwrap();
    let first = (0..shape.cells())
        .find(|&c| puzzle.cells()[c] != 0)
        .unwrap();
    puzzle.set(first / shape.side(), first % shape.side(), 0);
    let full = matrix(&Rules::classic(shape));
    let side = shape.side();
    let mut b = ProblemBuilder::new(full.primary_items(), full.secondary_items());
    for k in 0..full.option_count() {
        let (cell, digit) = (k / side, (k % side + 1) as u8);
        let given = puzzle.cells()[cell];
        if given == 0 || given == digit {
            b.option(full.option(k)).unwrap();
        }
    }
    let problem = b.build().unwrap();
    // Its givens taken out of the matrix instead of forced, the problem looks near-empty
    // (`AUTO_NEAR`): on one thread the links try it first, and a count that finds no
    // solution in the try moves to the learning engine without counting twice.
    let mut auto = Solver::new(&problem);
    auto.set_pause_every(Some(1));
    assert_eq!(auto.step(), Step::Paused);
    assert_eq!(auto.engine(), Engine::Links);
    let links = Solver::with_engine(&problem, Engine::Links)
        .count(None)
        .unwrap();
    let mut auto = Solver::new(&problem);
    assert_eq!(auto.count(None).unwrap(), links);
    assert_eq!(auto.engine(), Engine::Learn, "after the links' try");
    assert_eq!(dancing::count_parallel(&problem, 2).solutions, links);
    assert!(links.to_u64().is_some_and(|n| n > 1), "{links}");
}

/// The first puzzle of `puzzles/generated/{side}x{side}-seed{side}.txt` (its first field).
fn first_generated_puzzle(side: usize) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("puzzles/generated/{side}x{side}-seed{side}.txt"));
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().next().unwrap();
    line.split_whitespace().next().unwrap().to_string()
}

/// The matrix of the first puzzle of `puzzles/generated/{side}x{side}-seed{side}.txt`,
/// exported by `dancing sudoku --to-dlx` and read back as a user's file is.
fn exported_puzzle(side: usize) -> Problem {
    let puzzle = first_generated_puzzle(side);
    let assert = common::dancing()
        .args(["sudoku", "--size", &side.to_string(), "--to-dlx"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success();
    let dlx = common::stdout_of(&assert);
    dancing::knuth::parse_str(&dlx).unwrap().problem
}

/// A Sudoku matrix of more than `AUTO_LATIN_OPTIONS` options (a 25x25 puzzle exported, which
/// the grouping test does not take) runs under `Auto` as the learning engine's problems do,
/// with the links' and the bits' count, and its reported statistics stay Knuth's tree on the
/// bits; a 16x16 export, within the limit, stays on the bits by SSXCC2's rule.
#[test]
fn auto_counts_a_large_exported_sudoku_on_the_learning_engine_and_a_small_one_on_the_weighted_bits()
{
    use dancing::{AUTO_LATIN_OPTIONS, Choice};
    let large = exported_puzzle(25);
    assert!(large.option_count() > AUTO_LATIN_OPTIONS);
    let mut auto = Solver::new(&large);
    let count = auto.count(None).unwrap();
    assert_eq!(auto.engine(), Engine::Learn);
    for engine in [Engine::Links, Engine::Bits] {
        let mut solver = Solver::with_engine(&large, engine);
        solver.set_choice(Choice::Wdeg);
        assert_eq!(solver.count(None).unwrap(), count, "{engine:?}");
    }
    assert_eq!(count, 1, "a generated puzzle has one solution");
    assert_eq!(Engine::Auto.for_stats(&large), Engine::Bits);

    let small = exported_puzzle(16);
    assert!(small.option_count() <= AUTO_LATIN_OPTIONS);
    let mut auto = Solver::new(&small);
    assert_eq!(auto.count(None).unwrap(), 1);
    assert_eq!(auto.engine(), Engine::Bits);
    assert_eq!(auto.choice(), Some(Choice::Wdeg));
    assert_eq!(Engine::Auto.for_stats(&small), Engine::Auto);
}

/// A problem with multiplicities: item 0 covered twice, by the options `{0}` (`copies` of
/// them) and `{0, 1}`, item 1 at most once.
fn bounded_with_copies(copies: usize) -> Problem {
    let mut b = ProblemBuilder::new(2, 0);
    b.bounds(0, 2, 2).unwrap();
    b.bounds(1, 0, 1).unwrap();
    for _ in 0..copies {
        b.option([0]).unwrap();
    }
    b.option([1, 0]).unwrap();
    b.build().unwrap()
}

#[test]
fn auto_runs_dlx3_on_multiplicities_with_copies_of_an_option_and_the_bitsets_without() {
    // Two copies of `{0}`: DLX3's tree on the links; the solutions are the copies together
    // and either copy with `{0, 1}`.
    let copies = bounded_with_copies(2);
    assert_eq!(Solver::new(&copies).engine(), Engine::Links);
    // One: SSMCC's binary tree on bitsets; the one solution is `{0}` with `{0, 1}`.
    let single = bounded_with_copies(1);
    assert_eq!(Solver::new(&single).engine(), Engine::MccBits);
    for (problem, count) in [(&copies, 3), (&single, 1)] {
        for engine in [Engine::Auto, Engine::Links, Engine::Mcc, Engine::MccBits] {
            let mut solver = Solver::with_engine(problem, engine);
            assert_eq!(solver.count(None).unwrap(), count, "{engine:?}");
        }
    }
}

//! [`Engine::Auto`]'s portfolio on nearly full 36x36 Sudoku grids (`AUTO_FULL`): the links
//! and the learning engine take turns in slices of mems (`AUTO_TRY_MEMS`, the links'
//! weighted by `AUTO_LINKS_UPDATE_MEMS` and `AUTO_LINKS_NODE_MEMS`), each resuming its own
//! search, until one finds a solution. The grids are random givens of a
//! full grid (drawn by a seed, as `docs/performance.md` measures them): a first solution
//! found on either engine after the turns is a valid grid, the nodes are those of the
//! engine that found it resumed (not restarted) plus the other's slices, the search goes on
//! on that engine alone (the next solutions are the links' own), and a budget or the
//! pauses count both engines' nodes.

use dancing::sudoku::grid::Shape;
use dancing::sudoku::rules::Rules;
use dancing::sudoku::solve::matrix;
use dancing::sudoku::{check, grid::Grid};
use dancing::{
    AUTO_LINKS_NODE_MEMS, AUTO_LINKS_UPDATE_MEMS, AUTO_TRY_MEMS, Engine, Solver, Stats, Step,
};

/// A 36x36 grid with `givens` (row, column, digit in the symbols `0-9A-Z` of the 36x36
/// files, `0` the first digit) and the solver of the classic matrix with them forced, under
/// `engine`.
fn grid_36(givens: &[(usize, usize, char)], engine: Engine) -> (Grid, Solver) {
    let shape = Shape::new(6).unwrap();
    let side = shape.side();
    let mut puzzle = Grid::empty(shape);
    let mut options = Vec::new();
    for &(row, col, symbol) in givens {
        let digit = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".find(symbol).unwrap();
        puzzle.set(row, col, digit as u8 + 1);
        options.push((row * side + col) * side + digit);
    }
    let mut solver = Solver::with_engine(&matrix(&Rules::classic(shape)), engine);
    solver.force_all(&options).unwrap();
    (puzzle, solver)
}

/// The grid of a solution of the classic 36x36 matrix.
fn solved_grid(solution: &[usize]) -> Grid {
    let shape = Shape::new(6).unwrap();
    let side = shape.side();
    let mut grid = Grid::empty(shape);
    for &option in solution {
        let (cell, digit) = (option / side, (option % side + 1) as u8);
        grid.set(cell / side, cell % side, digit);
    }
    grid
}

/// Twelve givens (`k12s1`, 0.99 full): the links find a grid in 46,128 nodes (6.3 million
/// mems), the learning engine in 15,067 and nine seconds.
const TWELVE: [(usize, usize, char); 12] = [
    (2, 0, 'Y'),
    (2, 14, 'T'),
    (6, 18, '8'),
    (7, 21, '0'),
    (10, 17, '3'),
    (11, 0, 'R'),
    (17, 1, 'R'),
    (20, 32, '2'),
    (22, 3, 'U'),
    (23, 19, 'D'),
    (24, 26, '8'),
    (25, 19, 'U'),
];

/// Twenty-four givens (`k24s2`, 0.98 full): the links find a grid in 88,860 nodes (12.2
/// million mems, past their first slice), the learning engine in 3,366 (63 million).
const TWENTY_FOUR: [(usize, usize, char); 24] = [
    (0, 15, 'N'),
    (4, 7, 'Y'),
    (6, 3, 'Y'),
    (6, 4, '8'),
    (11, 1, 'L'),
    (11, 5, 'O'),
    (14, 4, 'V'),
    (15, 9, 'F'),
    (15, 21, 'J'),
    (17, 6, 'I'),
    (17, 16, 'T'),
    (17, 27, '2'),
    (19, 1, 'J'),
    (19, 8, 'Z'),
    (22, 18, 'T'),
    (27, 5, 'P'),
    (27, 7, 'R'),
    (28, 8, 'K'),
    (28, 14, 'A'),
    (31, 24, 'Z'),
    (32, 15, 'T'),
    (32, 18, 'J'),
    (33, 6, 'U'),
    (34, 21, '2'),
];

/// Three givens (`k3s1`): the links take 2.6 million nodes, the learning engine more than
/// 40,000 (more than 15 s).
const THREE: [(usize, usize, char); 3] = [(22, 24, 'H'), (28, 2, 'A'), (35, 22, '4')];

/// The links' mems (`AUTO_LINKS_UPDATE_MEMS`, `AUTO_LINKS_NODE_MEMS`) in `stats`.
fn links_mems(stats: &Stats) -> u64 {
    stats.updates * AUTO_LINKS_UPDATE_MEMS + stats.nodes * AUTO_LINKS_NODE_MEMS
}

/// The links solve the grid within their first slice: no turn of the learning engine's,
/// the links' nodes and grid, and their next solutions.
#[test]
fn a_grid_the_links_solve_within_their_first_slice_costs_no_turn_of_the_learning_engine() {
    let (puzzle, mut links) = grid_36(&TWELVE, Engine::Links);
    let first = links.next_solution().unwrap().expect("a grid");
    let (_, mut auto) = grid_36(&TWELVE, Engine::Auto);
    let solution = auto.next_solution().unwrap().expect("a grid");
    assert_eq!(check::verify(&puzzle, &solved_grid(&solution)), Ok(()));
    assert!(links_mems(&links.stats()) < AUTO_TRY_MEMS * (5184 - 4 * 12));
    assert_eq!(solution, first);
    assert_eq!(auto.stats(), links.stats());
    assert_eq!(auto.engine(), Engine::Links);
    assert_eq!(
        auto.next_solution().unwrap(),
        links.next_solution().unwrap()
    );
}

/// The links' first slice ends without a solution, the learning engine's turn too, and the
/// links, resumed, find theirs.
#[test]
fn a_grid_the_links_solve_after_the_learning_engine_s_turns_is_solved_on_the_links_resumed() {
    let (puzzle, mut links) = grid_36(&TWENTY_FOUR, Engine::Links);
    let first = links.next_solution().unwrap().expect("a grid");
    let alone = links.stats().nodes;
    let (puzzle_again, mut auto) = grid_36(&TWENTY_FOUR, Engine::Auto);
    assert_eq!(puzzle, puzzle_again);
    let solution = auto.next_solution().unwrap().expect("a grid");
    assert_eq!(check::verify(&puzzle, &solved_grid(&solution)), Ok(()));
    assert_eq!(auto.engine(), Engine::Links);
    let nodes = auto.stats().nodes;
    // More than the links' first slice: the learning engine had a turn in between; and
    // fewer than the links' nodes twice: the links resumed their search.
    assert!(
        links_mems(&links.stats()) > AUTO_TRY_MEMS * (5184 - 4 * 24),
        "{alone}"
    );
    assert!(
        nodes > alone && nodes < alone + alone / 16,
        "{nodes} against {alone}"
    );
    // The links' search goes on from there: the next solutions are theirs, in their order,
    // none counted twice.
    assert_eq!(solution, first);
    for _ in 0..5 {
        assert_eq!(
            auto.next_solution().unwrap(),
            links.next_solution().unwrap()
        );
    }
    assert_eq!(auto.engine(), Engine::Links);
}

/// The learning engine finds the grid in one of its turns, in a fraction of the links'
/// nodes, and a reset runs the same portfolio again.
#[test]
fn a_grid_the_learning_engine_solves_in_its_turn_is_solved_there_in_a_fraction_of_the_links_nodes()
{
    // 36 givens (`near1`, 0.93 full): the links take 1,377,173 nodes, the learning
    // engine 1,969.
    let givens = [
        (0, 0, 'N'),
        (1, 6, 'N'),
        (3, 11, '1'),
        (4, 15, 'M'),
        (4, 16, 'X'),
        (7, 0, 'M'),
        (9, 19, 'N'),
        (10, 1, 'C'),
        (10, 17, 'L'),
        (11, 20, 'O'),
        (13, 30, 'X'),
        (14, 3, '4'),
        (15, 9, 'I'),
        (15, 11, 'X'),
        (16, 6, '9'),
        (16, 26, 'N'),
        (18, 16, 'B'),
        (18, 25, 'D'),
        (19, 23, 'S'),
        (20, 26, 'F'),
        (22, 6, '5'),
        (22, 10, 'D'),
        (22, 18, '7'),
        (23, 7, 'S'),
        (24, 21, '9'),
        (27, 31, '5'),
        (27, 35, 'B'),
        (28, 10, 'B'),
        (28, 21, 'Z'),
        (29, 8, 'G'),
        (29, 29, 'B'),
        (30, 31, 'M'),
        (31, 31, 'X'),
        (32, 27, 'U'),
        (33, 27, 'A'),
        (35, 24, 'P'),
    ];
    let (puzzle, mut auto) = grid_36(&givens, Engine::Auto);
    let solution = auto.next_solution().unwrap().expect("a grid");
    assert_eq!(check::verify(&puzzle, &solved_grid(&solution)), Ok(()));
    assert_eq!(auto.engine(), Engine::Learn);
    let nodes = auto.stats().nodes;
    assert!(nodes < 400_000, "{nodes}");
    // A reset brings the search back to its start: the same grid again.
    auto.reset();
    let (_, mut again) = grid_36(&givens, Engine::Auto);
    assert_eq!(again.next_solution().unwrap(), Some(solution));
}

/// On a grid that neither engine solves soon, the links' first slice ends at its mems (not
/// its nodes), the budget stops the portfolio at its count of both engines' nodes, and the
/// pauses come every 50 nodes across the turns.
#[test]
fn a_budget_and_the_pauses_count_both_engines_nodes_and_the_slices_their_mems() {
    let (_, mut auto) = grid_36(&THREE, Engine::Auto);
    auto.set_max_nodes(Some(200_000));
    let gave_up = auto.next_solution().unwrap_err();
    assert_eq!(gave_up.nodes, 200_000);
    assert_eq!(gave_up.solutions, 0);
    let (_, mut auto) = grid_36(&THREE, Engine::Auto);
    auto.set_max_nodes(Some(200_000));
    auto.set_pause_every(Some(50));
    let (mut last, mut engines, mut on_links) = (0, Vec::new(), None);
    loop {
        match auto.step() {
            Step::Paused => {
                let nodes = auto.stats().nodes;
                assert!(nodes - last <= 50, "{last} to {nodes}");
                last = nodes;
                if engines.last() != Some(&auto.engine()) {
                    engines.push(auto.engine());
                }
                if engines == [Engine::Links] {
                    on_links = Some(auto.stats());
                }
            }
            Step::GaveUp => break,
            step => panic!("{step:?} within the budget"),
        }
    }
    assert_eq!(auto.stats().nodes, 200_000);
    assert!(
        engines.starts_with(&[Engine::Links, Engine::Learn, Engine::Links]),
        "{engines:?}"
    );
    // The links' first slice, read at its last pause (50 nodes before its end at most):
    // its mems, within a thirty-second of the slice's, whatever its nodes.
    let slice = AUTO_TRY_MEMS * (5184 - 4 * 3);
    let mems = links_mems(&on_links.expect("a pause on the links"));
    assert!(
        mems > slice - slice / 32 - 50 * 1000 && mems <= slice + slice / 32,
        "{mems} against {slice}"
    );
}

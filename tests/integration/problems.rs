//! The classic families of `dancing::problems` against their published counts, every
//! decoded solution checked by a checker written here (it shares no code with the
//! encodings), and every export to Knuth's format read back to the same problem.

use crate::common;

use std::collections::HashSet;
use std::ops::ControlFlow;

use dancing::problems::langford::Langford;
use dancing::problems::polyomino::{self, Letters};
use dancing::problems::queens::{Order, Queens};
use dancing::problems::tiling::{
    Dimension, MAX_TILING_NODES, Orientations, Shape, TilingBuilder, TilingError, TilingProblem,
};
use dancing::{Problem, Solver, knuth};

/// Every solution of `problem`, handed to `check`; returns how many there were.
pub(crate) fn each_solution(problem: &Problem, mut check: impl FnMut(&[usize])) -> u64 {
    let mut solver = Solver::new(problem);
    let mut n = 0;
    solver
        .for_each_solution(|s| {
            check(s);
            n += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    n
}

/// Asserts that the problem written in Knuth's format with its names reads back to itself.
fn assert_round_trip(problem: &Problem, names: &[String], text: &str) {
    let read = knuth::parse_str(text).unwrap();
    assert_eq!(&read.problem, problem);
    assert_eq!(read.item_names, names);
}

/// `text` without its comment lines.
fn without_comments(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('|')).collect()
}

// ---------------------------------------------------------------- queens

/// OEIS A000170, n = 1..=12.
const QUEENS: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/// No two queens share a row, a column or a diagonal.
fn assert_queens_safe(columns: &[usize]) {
    let n = columns.len();
    for r in 0..n {
        for s in r + 1..n {
            let (a, b) = (columns[r] as i64, columns[s] as i64);
            assert_ne!(a, b, "{columns:?}: same column");
            assert_ne!((a - b).abs(), (s - r) as i64, "{columns:?}: same diagonal");
        }
    }
    assert!(columns.iter().all(|&c| c < n));
}

#[test]
fn queens_counts_match_oeis_a000170_in_both_orders_and_every_board_is_safe() {
    for (n, &count) in (1..=12).zip(&QUEENS) {
        for order in [Order::Natural, Order::OrganPipe] {
            let queens = Queens::new(n, order).unwrap();
            let found = if n <= 9 {
                let mut boards = HashSet::new();
                each_solution(queens.problem(), |s| {
                    let board = queens.decode(s);
                    assert_queens_safe(board.columns());
                    assert!(boards.insert(board.columns().to_vec()), "a board twice");
                })
            } else {
                dancing::count_parallel(queens.problem(), 2)
                    .solutions
                    .to_u64()
                    .unwrap()
            };
            assert_eq!(found, count, "{n} queens, {order:?}");
        }
    }
}

#[test]
fn queens_natural_order_is_the_classic_problem() {
    let n = 6;
    let problem = dancing::problems::queens(n);
    assert_eq!(&problem, Queens::new(n, Order::Natural).unwrap().problem());
    for k in 0..n * n {
        let (r, c) = (k / n, k % n);
        let d = 2 * n - 1;
        let expected = vec![r, n + c, 2 * n + r + c, 2 * n + d + (n - 1 + r - c)];
        assert_eq!(problem.option(k).collect::<Vec<_>>(), expected);
    }
}

#[test]
fn organ_pipe_order_searches_fewer_nodes_than_natural_order() {
    for n in [8, 10, 11] {
        let nodes = |order| {
            let mut solver = Solver::new(Queens::new(n, order).unwrap().problem());
            solver.count(None).unwrap();
            solver.stats().nodes
        };
        let (natural, organ) = (nodes(Order::Natural), nodes(Order::OrganPipe));
        assert!(organ < natural, "{n} queens: {organ} >= {natural}");
    }
}

#[test]
fn queens_exports_read_back_and_match_knuths_files() {
    for n in [1, 4, 8, 20, 40] {
        for order in [Order::Natural, Order::OrganPipe] {
            let q = Queens::new(n, order).unwrap();
            assert_round_trip(q.problem(), q.item_names(), &q.to_dlx());
        }
    }
    for n in 4..=16 {
        let Some(path) = common::shared_data(&format!("exact-cover/nqueens-{n}.dlx")) else {
            return;
        };
        let knuths = std::fs::read_to_string(path).unwrap();
        let ours = Queens::new(n, Order::OrganPipe).unwrap().to_dlx();
        assert_eq!(
            without_comments(&ours),
            without_comments(&knuths),
            "{n} queens"
        );
    }
}

// ---------------------------------------------------------------- Langford pairs

/// OEIS A014552, n = 1..=12.
const LANGFORD: [u64; 12] = [0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144];

/// Each value `v` in `1..=n` appears twice, `v` slots apart.
fn assert_langford(slots: &[usize]) {
    let n = slots.len() / 2;
    for v in 1..=n {
        let at: Vec<usize> = (0..2 * n).filter(|&i| slots[i] == v).collect();
        assert_eq!(at.len(), 2, "{slots:?}: {v} is not there twice");
        assert_eq!(
            at[1] - at[0],
            v + 1,
            "{slots:?}: the {v}s are not {v} apart"
        );
    }
}

#[test]
fn langford_counts_match_oeis_a014552_and_every_sequence_is_a_langford_pairing() {
    for (n, &count) in (1..=12).zip(&LANGFORD) {
        for half in [true, false] {
            let langford = Langford::new(n, half).unwrap();
            let expected = if half { count } else { 2 * count };
            let found = if n <= 8 {
                let mut seen = HashSet::new();
                each_solution(langford.problem(), |s| {
                    let sequence = langford.decode(s);
                    assert_langford(sequence.slots());
                    assert!(seen.insert(sequence.slots().to_vec()));
                    if half {
                        let mirror: Vec<usize> = sequence.slots().iter().rev().copied().collect();
                        assert!(!seen.contains(&mirror), "both mirror images kept");
                    }
                })
            } else {
                dancing::count_parallel(langford.problem(), 2)
                    .solutions
                    .to_u64()
                    .unwrap()
            };
            assert_eq!(found, expected, "L(2,{n}), half: {half}");
        }
    }
}

#[test]
fn langford_exports_read_back_and_match_knuths_files() {
    for n in [1, 3, 7] {
        let l = Langford::new(n, true).unwrap();
        assert_round_trip(l.problem(), &l.item_names(), &l.to_dlx());
    }
    for (n, half) in [(7, false), (8, true), (11, true), (12, false)] {
        let suffix = if half { "-half" } else { "" };
        let Some(path) = common::shared_data(&format!("exact-cover/langford-{n}{suffix}.dlx"))
        else {
            return;
        };
        let knuths = std::fs::read_to_string(path).unwrap();
        let ours = Langford::new(n, half).unwrap().to_dlx();
        assert_eq!(
            without_comments(&ours),
            without_comments(&knuths),
            "L(2,{n})"
        );
    }
}

// ---------------------------------------------------------------- the packing checker

pub(crate) type Point = [i32; 3];
type Matrix = [[i32; 3]; 3];

fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut m = [[0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

/// The group generated by `generators`, by closing under products.
fn closure(generators: &[Matrix]) -> Vec<Matrix> {
    let identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
    let mut group = vec![identity];
    let mut k = 0;
    while k < group.len() {
        for g in generators {
            let m = multiply(&group[k], g);
            if !group.contains(&m) {
                group.push(m);
            }
        }
        k += 1;
    }
    group
}

/// The motions a piece may make, as matrices acting on `[layer, row, column]`.
fn motions(dimension: Dimension, orientations: Orientations) -> Vec<Matrix> {
    // A quarter turn in the plane (row, column) -> (column, -row), a flip of the rows, and
    // quarter turns of space about the other two axes.
    let turn = [[1, 0, 0], [0, 0, 1], [0, -1, 0]];
    let flip = [[1, 0, 0], [0, -1, 0], [0, 0, 1]];
    let turn_y = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]];
    let mirror = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
    let group = match (dimension, orientations) {
        (_, Orientations::Fixed) => closure(&[]),
        (Dimension::Plane, Orientations::Rotations) => closure(&[turn]),
        (Dimension::Plane, Orientations::All) => closure(&[turn, flip]),
        (Dimension::Space, Orientations::Rotations) => closure(&[turn, turn_y]),
        (Dimension::Space, Orientations::All) => closure(&[turn, turn_y, mirror]),
    };
    let expected = match (dimension, orientations) {
        (_, Orientations::Fixed) => 1,
        (Dimension::Plane, Orientations::Rotations) => 4,
        (Dimension::Plane, Orientations::All) => 8,
        (Dimension::Space, Orientations::Rotations) => 24,
        (Dimension::Space, Orientations::All) => 48,
    };
    assert_eq!(group.len(), expected);
    group
}

/// The cells moved so that their least coordinates are 0, sorted.
fn normalized(cells: impl IntoIterator<Item = Point>) -> Vec<Point> {
    let mut cells: Vec<Point> = cells.into_iter().collect();
    let min = (0..3)
        .map(|i| cells.iter().map(|c| c[i]).min().unwrap())
        .collect::<Vec<_>>();
    for c in &mut cells {
        for i in 0..3 {
            c[i] -= min[i];
        }
    }
    cells.sort_unstable();
    cells
}

/// Every placement shape of each piece: its cells under every motion.
fn shapes(tiling: &TilingProblem, motions: &[Matrix]) -> Vec<HashSet<Vec<Point>>> {
    tiling
        .pieces()
        .iter()
        .map(|piece| {
            motions
                .iter()
                .map(|m| {
                    normalized(
                        piece.shape.cells().iter().map(|c| {
                            [0, 1, 2].map(|i| (0..3).map(|k| m[i][k] * c[k]).sum::<i32>())
                        }),
                    )
                })
                .collect()
        })
        .collect()
}

/// Checks a solution as a packing: every board cell covered exactly once, each piece placed
/// as often as it has copies, each placement a moved copy of its piece inside the board.
fn check_packing(tiling: &TilingProblem, shapes: &[HashSet<Vec<Point>>], solution: &[usize]) {
    let board = tiling.board().cells();
    let cells: HashSet<Point> = board.iter().copied().collect();
    let mut covered = HashSet::new();
    let mut uses = vec![0; tiling.pieces().len()];
    for &k in solution {
        for placed in tiling.placed(k) {
            let points: Vec<Point> = placed.cells.iter().map(|&i| board[i]).collect();
            for p in &points {
                assert!(cells.contains(p), "{p:?} is outside the board");
                assert!(covered.insert(*p), "{p:?} is covered twice");
            }
            assert!(
                shapes[placed.piece].contains(&normalized(points.iter().copied())),
                "piece {} is not placed as its shape",
                tiling.pieces()[placed.piece].name
            );
            uses[placed.piece] += 1;
        }
    }
    assert_eq!(covered.len(), board.len(), "some cell is not covered");
    for (piece, &n) in tiling.pieces().iter().zip(&uses) {
        assert_eq!(n, piece.copies, "piece {} placed {n} times", piece.name);
    }
    // The decoded packing agrees with the options.
    let packing = tiling.decode(solution);
    for (i, &n) in packing.cover.iter().enumerate() {
        assert!(packing.placed[n].cells.contains(&i));
    }
}

/// Counts the solutions, checking each, and checks the export.
pub(crate) fn count_checked(tiling: &TilingProblem, orientations: Orientations) -> u64 {
    let shapes = shapes(tiling, &motions(tiling.dimension(), orientations));
    let count = each_solution(tiling.problem(), |s| check_packing(tiling, &shapes, s));
    assert_round_trip(
        tiling.problem(),
        tiling.item_names(),
        &tiling.to_dlx("test"),
    );
    count
}

pub(crate) fn pentomino_board(board: Shape, reduce: bool) -> TilingProblem {
    let mut builder = TilingBuilder::new(Dimension::Plane, board);
    builder
        .pieces(polyomino::pentominoes(Letters::Golomb), 1)
        .reduce_symmetry(reduce);
    builder.build().unwrap()
}

/// The 8x8 board without its centre 2x2 (Scott's problem of 1958).
fn scott_board() -> Shape {
    polyomino::board_from_drawing(
        "########\n########\n########\n###..###\n###..###\n########\n########\n########\n",
    )
    .unwrap()
}

// ---------------------------------------------------------------- pentominoes

#[test]
fn pentomino_rectangles_up_to_symmetry_match_the_published_counts() {
    for (size, count) in [("6x10", 2339), ("5x12", 1010), ("4x15", 368), ("3x20", 2)] {
        let tiling = pentomino_board(polyomino::rectangle(size).unwrap(), true);
        assert_eq!(tiling.symmetries(), 4);
        assert_eq!(count_checked(&tiling, Orientations::All), count, "{size}");
    }
}

#[test]
fn pentomino_rectangles_in_all_match_the_published_counts() {
    // 6x10 and 5x12 take about 3 s and 2 s on one thread.
    for (size, count) in [("6x10", 9356), ("5x12", 4040), ("4x15", 1472), ("3x20", 8)] {
        let tiling = pentomino_board(polyomino::rectangle(size).unwrap(), false);
        assert_eq!(count_checked(&tiling, Orientations::All), count, "{size}");
    }
}

#[test]
fn scotts_board_with_the_centre_removed_has_65_solutions_up_to_its_8_symmetries_and_520() {
    let reduced = pentomino_board(scott_board(), true);
    assert_eq!(reduced.symmetries(), 8);
    assert_eq!(count_checked(&reduced, Orientations::All), 65);
    let all = pentomino_board(scott_board(), false);
    assert_eq!(count_checked(&all, Orientations::All), 520);
}

#[test]
#[cfg_attr(not(shared_data), ignore = "needs ../shared/data (absent)")]
fn the_6x10_problem_is_knuths_item_for_item_and_searched_node_for_node() {
    let Some(path) = common::shared_data("exact-cover/pentomino-6x10.dlx") else {
        return;
    };
    let knuths = std::fs::read_to_string(path).unwrap();
    let ours = pentomino_board(polyomino::rectangle("6x10").unwrap(), false).to_dlx("6x10");
    let (ours, knuths) = (without_comments(&ours), without_comments(&knuths));
    assert_eq!(ours[0], knuths[0], "the item lines differ");
    let sorted = |lines: &[&str]| {
        let mut options: Vec<String> = lines[1..].iter().map(|l| l.to_string()).collect();
        options.sort();
        options
    };
    assert_eq!(sorted(&ours), sorted(&knuths), "the options differ");
    // With the same items in the same order, the search is DLX1's: 3,637,261 nodes (the
    // statistics in ../shared/data/README.md); option order does not change a full count.
    let tiling = pentomino_board(polyomino::rectangle("6x10").unwrap(), false);
    assert_eq!(
        dancing::count_parallel(tiling.problem(), 2).nodes,
        3_637_261
    );
}

#[test]
fn symmetry_reduction_on_6x10_pins_the_x_to_one_quarter_as_knuth_does() {
    let tiling = pentomino_board(polyomino::rectangle("6x10").unwrap(), true);
    let reduction = tiling.reduction().unwrap();
    assert_eq!(reduction.pinned, [9], "the X is piece 9");
    assert_eq!(reduction.options, 8);
    let Some(path) = common::shared_data("exact-cover/pentomino-6x10-xq.dlx") else {
        return;
    };
    let knuths = std::fs::read_to_string(path).unwrap();
    let mut ours: Vec<String> = without_comments(&tiling.to_dlx("xq"))
        .iter()
        .map(|l| l.to_string())
        .collect();
    let mut theirs: Vec<String> = without_comments(&knuths)
        .iter()
        .map(|l| l.to_string())
        .collect();
    ours[1..].sort();
    theirs[1..].sort();
    assert_eq!(ours, theirs);
}

// ---------------------------------------------------------------- other pieces and rules

/// Counts packings by brute force, independently of the engine and the encoding: fill the
/// first empty cell with every shape of every piece that has copies left.
fn brute_force(board: &[Point], shapes: &[(Vec<Vec<Point>>, usize)]) -> u64 {
    fn fill(
        empty: &mut Vec<Point>,
        shapes: &[(Vec<Vec<Point>>, usize)],
        left: &mut [usize],
    ) -> u64 {
        let Some(&first) = empty.iter().min() else {
            return 1;
        };
        let mut count = 0;
        for (p, (forms, _)) in shapes.iter().enumerate() {
            if left[p] == 0 {
                continue;
            }
            for form in forms {
                // Put the form's first cell on the first empty cell.
                let shift = [0, 1, 2].map(|i| first[i] - form[0][i]);
                let cells: Vec<Point> = form
                    .iter()
                    .map(|c| [0, 1, 2].map(|i| c[i] + shift[i]))
                    .collect();
                if cells.iter().all(|c| empty.contains(c)) {
                    empty.retain(|c| !cells.contains(c));
                    left[p] -= 1;
                    count += fill(empty, shapes, left);
                    left[p] += 1;
                    empty.extend(cells);
                }
            }
        }
        count
    }
    let mut left: Vec<usize> = shapes.iter().map(|s| s.1).collect();
    fill(&mut board.to_vec(), shapes, &mut left)
}

#[test]
fn copies_orientations_and_boards_agree_with_brute_force() {
    type Pieces = Vec<(String, Shape)>;
    let cases: Vec<(&str, Pieces, usize)> = vec![
        (
            "2x10",
            polyomino::named_pieces("domino", Letters::Golomb).unwrap(),
            10,
        ),
        (
            "4x4",
            polyomino::named_pieces("domino", Letters::Golomb).unwrap(),
            8,
        ),
        ("4x5", polyomino::tetrominoes(), 1),
        (
            "3x4",
            polyomino::named_pieces("L3", Letters::Golomb).unwrap(),
            4,
        ),
        (
            "4x6",
            polyomino::named_pieces("L4,T4", Letters::Golomb).unwrap(),
            3,
        ),
        ("2x6", polyomino::trominoes(), 2),
    ];
    for (size, pieces, copies) in cases {
        for orientations in [
            Orientations::All,
            Orientations::Rotations,
            Orientations::Fixed,
        ] {
            let mut builder =
                TilingBuilder::new(Dimension::Plane, polyomino::rectangle(size).unwrap());
            builder
                .pieces(pieces.clone(), copies)
                .orientations(orientations);
            let tiling = builder.build().unwrap();
            let motions = motions(Dimension::Plane, orientations);
            let forms: Vec<(Vec<Vec<Point>>, usize)> = shapes(&tiling, &motions)
                .into_iter()
                .map(|s| (s.into_iter().collect(), copies))
                .collect();
            let expected = brute_force(tiling.board().cells(), &forms);
            assert_eq!(
                count_checked(&tiling, orientations),
                expected,
                "{size} {orientations:?}"
            );
        }
    }
    // Published: 89 domino tilings of 2x10 (a Fibonacci number), 36 of 4x4, 6728 of 6x6.
    let mut builder = TilingBuilder::new(Dimension::Plane, polyomino::rectangle("6x6").unwrap());
    builder.pieces(
        polyomino::named_pieces("domino", Letters::Golomb).unwrap(),
        18,
    );
    assert_eq!(
        count_checked(&builder.build().unwrap(), Orientations::All),
        6728
    );
}

#[test]
fn a_solution_that_is_its_own_mirror_image_is_counted_once() {
    // A ring around one square: one solution, mapped to itself by all 8 symmetries.
    let board = polyomino::board_from_drawing("###\n###\n###\n").unwrap();
    let pieces = polyomino::pieces_from_drawing("RRR\nRMR\nRRR\n").unwrap();
    for reduce in [true, false] {
        let mut builder = TilingBuilder::new(Dimension::Plane, board.clone());
        builder.pieces(pieces.clone(), 1).reduce_symmetry(reduce);
        let tiling = builder.build().unwrap();
        assert_eq!(tiling.symmetries(), 8);
        assert_eq!(count_checked(&tiling, Orientations::All), 1);
    }
    // Four squares of one shape but four names in a 4x4: 4! labellings, 3 up to symmetry.
    let board = polyomino::rectangle("4x4").unwrap();
    let pieces = polyomino::pieces_from_drawing("aabb\naabb\nccdd\nccdd\n").unwrap();
    for (reduce, count) in [(true, 3), (false, 24)] {
        let mut builder = TilingBuilder::new(Dimension::Plane, board.clone());
        builder.pieces(pieces.clone(), 1).reduce_symmetry(reduce);
        assert_eq!(
            count_checked(&builder.build().unwrap(), Orientations::All),
            count
        );
    }
}

#[test]
fn symmetry_reduction_needs_a_piece_used_once() {
    let mut builder = TilingBuilder::new(Dimension::Plane, polyomino::rectangle("2x4").unwrap());
    builder
        .pieces(
            polyomino::named_pieces("domino", Letters::Golomb).unwrap(),
            4,
        )
        .reduce_symmetry(true);
    assert_eq!(builder.build().unwrap_err(), TilingError::NothingToPin);
}

#[test]
fn builder_errors_say_what_is_wrong() {
    let board = polyomino::rectangle("2x3").unwrap();
    let domino = polyomino::named_pieces("I2", Letters::Golomb).unwrap();
    let build = |pieces: Vec<(String, Shape)>, copies| {
        let mut builder = TilingBuilder::new(Dimension::Plane, board.clone());
        builder.pieces(pieces, copies);
        builder.build().unwrap_err()
    };
    assert_eq!(
        build(domino.clone(), 2),
        TilingError::AreaMismatch {
            pieces: 4,
            board: 6
        }
    );
    assert_eq!(build(Vec::new(), 1), TilingError::NoPieces);
    assert_eq!(
        build(domino.clone(), 0),
        TilingError::NoCopies { name: "I2".into() }
    );
    let named = |name: &str| vec![(name.to_owned(), domino[0].1.clone())];
    assert_eq!(
        build(named("a b"), 3),
        TilingError::BadName { name: "a b".into() }
    );
    // Cell 0,1 is named `01`, as in Knuth's files.
    let mut builder = TilingBuilder::new(Dimension::Plane, polyomino::rectangle("1x2").unwrap());
    builder.pieces(named("01"), 1);
    assert_eq!(
        builder.build().unwrap_err(),
        TilingError::DuplicateName { name: "01".into() }
    );
    // Copies that would overflow the count of cells are no match for the board.
    assert!(matches!(
        build(domino.clone(), usize::MAX),
        TilingError::AreaMismatch { .. }
    ));
}

#[test]
fn a_board_whose_options_would_pass_the_limit_is_refused_before_they_are_made() {
    let tiling = |size: &str, copies| {
        let mut builder = TilingBuilder::new(Dimension::Plane, polyomino::rectangle(size).unwrap());
        builder.pieces(polyomino::pentominoes(Letters::Golomb), copies);
        builder.build()
    };
    // 48,000 cells, each the place of 63 pentomino orientations of 6 nodes: 18,144,000.
    assert_eq!(
        tiling("200x240", 800).unwrap_err(),
        TilingError::TooLarge {
            bound: 18_144_000,
            max: MAX_TILING_NODES
        }
    );
}

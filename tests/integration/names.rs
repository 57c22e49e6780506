//! Names live once, in the problem: every reader and front end attaches them to its
//! `Problem`, and `knuth::write_with_names` writes any of them back in Knuth's format, which
//! reads back to the same problem with the same names.

use dancing::knuth::{self, ParseErrorKind};
use dancing::named::{NamedBuilder, NamedError};
use dancing::problems::langford::Langford;
use dancing::problems::queens::{Order, Queens};
use dancing::sudoku::{export, grid::Shape, read::parse_line_as, rules::Rules};
use dancing::{NameError, Problem};

/// Writes `problem` with its names, reads it back, and checks that the problem and its
/// names survive; returns the text.
fn assert_round_trip(problem: &Problem) -> String {
    let names = problem.names().expect("a named problem");
    let text = knuth::write_with_names(problem);
    let read = knuth::parse_str(&text).unwrap();
    assert_eq!(&read.problem, problem);
    assert_eq!(read.item_names, names.items().to_vec());
    assert_eq!(read.problem.names().unwrap().items(), names.items());
    text
}

/// The lines that are not comments.
fn body(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('|')).collect()
}

#[test]
fn every_shipped_knuth_file_reads_writes_and_reads_back_to_its_own_names() {
    let mut files = 0;
    for entry in std::fs::read_dir("puzzles/exact-cover").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "dlx") {
            continue;
        }
        let read = knuth::parse(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(read.problem.names().unwrap().items(), &read.item_names);
        let text = assert_round_trip(&read.problem);
        // Each option is written as its line was, blanks made single spaces, and its costs
        // (DLX5's `|n`) as one at the end, their sum, unless it is 0.
        let written = body(&text);
        for (k, source) in read.options.iter().enumerate() {
            let (costs, mut words): (Vec<&str>, Vec<&str>) = source
                .text
                .split_whitespace()
                .partition(|w| w.starts_with('|'));
            let cost: u64 = costs.iter().map(|c| c[1..].parse::<u64>().unwrap()).sum();
            let cost = format!("|{cost}");
            if cost != "|0" {
                words.push(&cost);
            }
            assert_eq!(written[k + 1], words.join(" "), "{}", path.display());
        }
        files += 1;
    }
    assert!(files >= 5, "only {files} files");
}

#[test]
fn colors_and_bounds_round_trip_with_their_names() {
    let text = "| DLX3's example, colors named\nA B 2:3|C | X Y\nA B X:red Y:0\nA C X:blue Y:1\n\
                C X:red\nB X:blue\nC Y:1\n";
    let read = knuth::parse_str(text).unwrap();
    assert_eq!(read.color_names, ["red", "0", "blue", "1"]);
    assert_eq!(read.problem.names().unwrap().colors(), &read.color_names);
    let written = assert_round_trip(&read.problem);
    assert_eq!(body(&written), body(text));
    // Without names, colors and items are numbered, as always.
    assert!(knuth::write(&read.problem).starts_with("x0 x1 2:3|x2 | x3 x4\nx0 x1 x3:0 x4:1\n"));
}

#[test]
fn the_front_ends_keep_their_item_names_in_the_problem_and_export_them() {
    for order in [Order::Natural, Order::OrganPipe] {
        let q = Queens::new(8, order).unwrap();
        assert_eq!(q.problem().names().unwrap().items(), q.item_names());
        assert_eq!(body(&q.to_dlx()), body(&assert_round_trip(q.problem())));
    }
    let l = Langford::new(7, false).unwrap();
    assert_eq!(l.problem().names().unwrap().items(), &l.item_names());
    assert_eq!(body(&l.to_dlx()), body(&assert_round_trip(l.problem())));
    // The queens of the convenience function keep the names of the front end.
    let names = dancing::problems::queens(4).names().unwrap().clone();
    assert_eq!((names.item("r0"), names.item("c0")), (Some(0), Some(4)));

    let shape = Shape::new(2).unwrap();
    let puzzle = parse_line_as(shape, "1234341221434.21").unwrap();
    let text = export::to_dlx(&Rules::classic(shape), &puzzle).unwrap();
    let read = knuth::parse_str(&text).unwrap();
    assert_eq!(read.item_names, ["r4c2", "b3#3", "r4#3", "c2#3"]);
}

#[test]
fn a_problem_built_by_name_is_written_with_its_names_and_read_back() -> Result<(), NamedError> {
    let mut b = NamedBuilder::new();
    b.primary("seat1")?
        .primary_with_bounds("seat2", 0, 1)?
        .secondary("blind")?;
    b.option("Ann in 1", ["seat1", "blind:open"])?
        .option("Bob in 2", ["seat2", "blind:open"])?;
    let named = b.build()?;
    let names = named.problem().names().unwrap();
    assert_eq!(names.options().unwrap(), &["Ann in 1", "Bob in 2"]);
    assert_eq!(names.item("blind"), Some(2));
    let text = assert_round_trip(named.problem());
    // The colors keep the names the options gave them.
    assert_eq!(
        text,
        "seat1 0:1|seat2 | blind\nseat1 blind:open\nseat2 blind:open\n"
    );
    Ok(())
}

#[test]
fn every_reader_still_refuses_a_repeated_item_name_in_its_own_words() {
    let e = knuth::parse_str("A B A\nA\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));
    assert_eq!(e.kind, ParseErrorKind::DuplicateItem { name: "A".into() });
    let mut b = NamedBuilder::new();
    let e = b
        .primary("a")
        .unwrap()
        .primary("a")
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.to_string(), "item `a` is declared twice");
    let e = knuth::write_named(
        &dancing::problems::knuth_example(),
        &["A", "B", "C", "D", "B", "F", "G"].map(String::from),
    )
    .unwrap_err();
    assert_eq!(
        e,
        NameError::DuplicateName {
            name: "B".into(),
            first: 1,
            second: 4
        }
    );
}

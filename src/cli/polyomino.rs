//! `dancing polyomino` and `dancing polycube`: packing pieces into a board or a box, with
//! letter pictures (colored on a terminal) and SVG pictures.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use dancing::problems::polycube;
use dancing::problems::polyomino::{self, Letters};
use dancing::problems::svg;
use dancing::problems::tiling::{
    Dimension, Orientations, Packing, Shape, TilingBuilder, TilingProblem,
};

use super::Exit;
use super::solve::{Color, Family, SolveArgs};

/// Pack polyominoes (pieces of squares) into a board: Scott's pentomino problem and its kin.
///
/// Every cell of the board is covered once and every piece used once (or --copies times).
/// Prints the first solution as letters, one per cell (`.` outside the board), colored on a
/// terminal. Exit codes: 0 found, 1 no solution, 2 usage or input error, 3 --max-nodes ran
/// out.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing polyomino 6x10\n  \
    dancing polyomino 6x10 --symmetry --count\n  \
    dancing polyomino 6x10 --symmetry --limit 12 --svg sheet.svg\n  \
    dancing polyomino board.txt --pieces pentominoes,O4\n  \
    dancing polyomino 6x6 --pieces domino --copies 18 --count\n  \
    dancing polyomino 3x20 --to-dlx | dancing cover --count")]
pub struct PolyominoArgs {
    /// The board: ROWSxCOLUMNS (such as 6x10), or a file with the board drawn, one line a
    /// row: every character but blanks and `.` is a cell, so `.` marks a hole.
    board: String,
    /// The pieces: sets and pieces by name, separated by commas: pentominoes, tetrominoes,
    /// trominoes, domino, monomino, hexominoes; F I L N P T U V W X Y Z, I4 O4 T4 L4 S4,
    /// I3 L3, I2, O1, H01 to H35.
    #[arg(long, default_value = "pentominoes", value_name = "NAMES")]
    pieces: String,
    /// A file with the pieces drawn, each with a character of its own, which names it
    /// (instead of --pieces).
    #[arg(long, value_name = "FILE", conflicts_with = "pieces")]
    pieces_file: Option<PathBuf>,
    /// Use every piece exactly K times. Copies of a piece are indistinguishable: a
    /// packing is counted once, however its copies are swapped (`--to-dlx` gives such a
    /// piece bounds `K|name`).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    copies: u16,
    /// Pieces may be turned but not flipped over.
    #[arg(long, visible_alias = "rotations", conflicts_with = "fixed")]
    no_reflections: bool,
    /// Pieces may be neither turned nor flipped: placed only as drawn.
    #[arg(long)]
    fixed: bool,
    /// Keep one solution of each family of rotated and mirrored images, by pinning a piece
    /// (Knuth's trick: the X to one quarter of the 6x10 board); counts are up to symmetry.
    /// A rule written for boards, 4x faster at listing than --up-to-symmetry (which finds
    /// the symmetry in the matrix) and checked against it by the tests.
    #[arg(long, conflicts_with = "up_to_symmetry")]
    symmetry: bool,
    /// Name the pentominoes with Conway's letters O to Z instead of Golomb's.
    #[arg(long)]
    conway: bool,
    /// Also draw the solutions printed as an SVG image: one, or a sheet of all of them
    /// (with --all or --limit).
    #[arg(long, value_name = "FILE", conflicts_with = "count")]
    svg: Option<PathBuf>,
    /// Color the letter pictures.
    #[arg(long, value_enum, default_value_t)]
    color: Color,
    #[command(flatten)]
    solve: SolveArgs,
}

/// Pack polycubes (pieces of cubes) into a box: the Soma cube and its kin.
///
/// Every cell of the box is filled once and every piece used once (or --copies times);
/// pieces are turned in space but not reflected, as solid pieces are. Prints the first
/// solution as its layers side by side, one letter per cube, colored on a terminal. Exit
/// codes: 0 found, 1 no solution, 2 usage or input error, 3 --max-nodes ran out.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing polycube 3x3x3\n  \
    dancing polycube 3x3x3 --symmetry --count\n  \
    dancing polycube 2x3x10 --pieces pentominoes --symmetry --all")]
pub struct PolycubeArgs {
    /// The box: LAYERSxROWSxCOLUMNS (such as 3x3x3), or a file with the shape drawn layer by
    /// layer, layers separated by a line of `-`: every character but blanks and `.` is a
    /// cell.
    board: String,
    /// The pieces: sets and pieces by name, separated by commas: soma (V L T Z A B P),
    /// tetracubes (I O L T Z A B P), tricubes (I3 V), pentominoes (flat pentacubes).
    #[arg(long, default_value = "soma", value_name = "NAMES")]
    pieces: String,
    /// A file with the pieces drawn layer by layer (layers separated by a line of `-`),
    /// each with a character of its own, which names it (instead of --pieces).
    #[arg(long, value_name = "FILE", conflicts_with = "pieces")]
    pieces_file: Option<PathBuf>,
    /// Use every piece exactly K times. Copies of a piece are indistinguishable: a
    /// packing is counted once, however its copies are swapped (`--to-dlx` gives such a
    /// piece bounds `K|name`).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..))]
    copies: u16,
    /// Pieces may also be reflected (as no solid piece can).
    #[arg(long, conflicts_with = "fixed")]
    mirror: bool,
    /// Pieces may not be turned: placed only as drawn.
    #[arg(long)]
    fixed: bool,
    /// Keep one solution of each family of rotated and mirrored images, by pinning a piece;
    /// counts are up to symmetry (240 for the Soma cube). A rule written for boxes; see
    /// --up-to-symmetry for the symmetry found in the matrix.
    #[arg(long, conflicts_with = "up_to_symmetry")]
    symmetry: bool,
    /// Also draw the solutions printed as an SVG image, layers side by side: one, or a sheet
    /// of all of them (with --all or --limit).
    #[arg(long, value_name = "FILE", conflicts_with = "count")]
    svg: Option<PathBuf>,
    /// Color the letter pictures.
    #[arg(long, value_enum, default_value_t)]
    color: Color,
    #[command(flatten)]
    solve: SolveArgs,
}

/// Runs `dancing polyomino`.
pub fn run_polyomino(args: PolyominoArgs) -> anyhow::Result<Exit> {
    let board = match drawing_file(&args.board)? {
        Some(text) => polyomino::board_from_drawing(&text),
        None => polyomino::rectangle(&args.board),
    }
    .with_context(|| format!("board {}", args.board))?;
    let letters = if args.conway {
        Letters::Conway
    } else {
        Letters::Golomb
    };
    let pieces = match &args.pieces_file {
        Some(path) => polyomino::pieces_from_drawing(&read(path)?)
            .with_context(|| format!("pieces in {}", path.display()))?,
        None => polyomino::named_pieces(&args.pieces, letters)?,
    };
    let orientations = if args.fixed {
        Orientations::Fixed
    } else if args.no_reflections {
        Orientations::Rotations
    } else {
        Orientations::All
    };
    let tiling = build(
        Dimension::Plane,
        board,
        pieces,
        args.copies.into(),
        orientations,
        args.symmetry,
    )?;
    let comment = polyomino::export_comment(
        &args.board,
        &pieces_named(&args.pieces, args.pieces_file.as_deref()),
    );
    solve(
        &tiling,
        &comment,
        &args.solve,
        args.svg.as_deref(),
        args.color,
    )
}

/// Runs `dancing polycube`.
pub fn run_polycube(args: PolycubeArgs) -> anyhow::Result<Exit> {
    let board = match drawing_file(&args.board)? {
        Some(text) => dancing::problems::tiling::board_from_drawing(&text),
        None => polycube::cuboid(&args.board),
    }
    .with_context(|| format!("box {}", args.board))?;
    let pieces = match &args.pieces_file {
        Some(path) => dancing::problems::tiling::pieces_from_drawing(&read(path)?)
            .with_context(|| format!("pieces in {}", path.display()))?,
        None => polycube::named_pieces(&args.pieces)?,
    };
    let orientations = if args.fixed {
        Orientations::Fixed
    } else if args.mirror {
        Orientations::All
    } else {
        Orientations::Rotations
    };
    let tiling = build(
        Dimension::Space,
        board,
        pieces,
        args.copies.into(),
        orientations,
        args.symmetry,
    )?;
    let comment = polycube::export_comment(
        &args.board,
        &pieces_named(&args.pieces, args.pieces_file.as_deref()),
    );
    solve(
        &tiling,
        &comment,
        &args.solve,
        args.svg.as_deref(),
        args.color,
    )
}

/// How the pieces were given, for the export's comment.
fn pieces_named(names: &str, file: Option<&Path>) -> String {
    match file {
        Some(path) => format!("drawn in {}", path.display()),
        None => names.to_owned(),
    }
}

/// The text of `board` if it names a file (anything that is not a size is taken as one).
fn drawing_file(board: &str) -> anyhow::Result<Option<String>> {
    let looks_like_size = board
        .split(['x', 'X'])
        .all(|n| !n.is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()));
    if looks_like_size {
        Ok(None)
    } else {
        read(Path::new(board)).map(Some)
    }
}

fn read(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

fn build(
    dimension: Dimension,
    board: Shape,
    pieces: Vec<(String, Shape)>,
    copies: usize,
    orientations: Orientations,
    symmetry: bool,
) -> anyhow::Result<TilingProblem> {
    let mut builder = TilingBuilder::new(dimension, board);
    builder
        .pieces(pieces, copies)
        .orientations(orientations)
        .reduce_symmetry(symmetry);
    Ok(builder.build()?)
}

/// Solves a packing problem, printing letter pictures and writing the SVG.
fn solve(
    tiling: &TilingProblem,
    comment: &str,
    args: &SolveArgs,
    svg_path: Option<&Path>,
    color: Color,
) -> anyhow::Result<Exit> {
    let family = Family {
        problem: tiling.problem(),
        to_dlx: &|| tiling.to_dlx(comment),
        up_to: tiling.reduction().map(|_| tiling.symmetries()),
        seed: None,
    };
    let legend = legend(tiling);
    if args.prints_solutions() && !args.to_dlx() && !args.quiet() && !legend.is_empty() {
        super::report::write_stderr(&format!("pieces: {legend}\n"));
    }
    let color = color.enabled();
    let mut packings: Vec<Packing> = Vec::new();
    let gap = match tiling.dimension() {
        Dimension::Plane => "",
        Dimension::Space => "  ",
    };
    let exit = args.run(&family, |out, solution| {
        let packing = tiling.decode(solution);
        let picture = tiling.picture(&packing, gap);
        if color {
            out.write_all(colored(&picture, tiling.glyphs()).as_bytes())?;
        } else {
            out.write_all(picture.as_bytes())?;
        }
        if svg_path.is_some() {
            packings.push(packing);
        }
        Ok(())
    })?;
    if let Some(path) = svg_path
        && !packings.is_empty()
    {
        let columns = (packings.len() as f64).sqrt().ceil() as usize;
        let image = svg::sheet(tiling, &packings, columns);
        std::fs::write(path, image).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(exit)
}

/// `A=H01 B=H02 ...` for the pieces whose characters are not their name, a piece of several
/// copies with one for each (`ABCDEFGH=I2`, eight dominoes); empty if none.
fn legend(tiling: &TilingProblem) -> String {
    tiling
        .pieces()
        .iter()
        .enumerate()
        .map(|(p, piece)| (piece, tiling.piece_glyphs(p).iter().collect::<String>()))
        .filter(|(piece, glyphs)| piece.name != *glyphs)
        .map(|(piece, glyphs)| format!("{glyphs}={}", piece.name))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Background colors (of the 256-color palette) for the pieces, close to the SVG's.
const ANSI: [u8; 12] = [203, 71, 221, 68, 208, 97, 81, 170, 155, 218, 66, 183];

/// The picture with each piece's character on its own background color.
fn colored(picture: &str, glyphs: &[char]) -> String {
    let mut out = String::with_capacity(picture.len() * 12);
    for ch in picture.chars() {
        match glyphs.iter().position(|&g| g == ch) {
            Some(k) => {
                let background = ANSI.get(k).copied().unwrap_or(17 + (k * 37 % 214) as u8);
                out += &format!("\x1b[30;48;5;{background}m{ch}\x1b[0m");
            }
            None => out.push(ch),
        }
    }
    out
}

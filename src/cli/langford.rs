//! `dancing langford`: Langford pairs, solutions as sequences.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use dancing::problems::langford::Langford;
use dancing::restart::DEFAULT_SEED;

use super::Exit;
use super::solve::{Family, SolveArgs};

/// Arrange two 1s, two 2s, ..., two Ns in a row so that the two copies of each k have k
/// numbers between them (Langford pairs; solutions exist when N mod 4 is 0 or 3).
///
/// Prints the first solution as the sequence of numbers. Where solutions exist it is found
/// by randomized restarts from seed 0 (see --seed), which answer 100 at once; `--seed none`
/// gives the first solution of the search in the problem's order.
/// Exit codes: 0 found, 1 no solution, 2 usage error, 3 --max-nodes ran out.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing langford 7 --all --half\n  \
    dancing langford 7 --svg pairs.svg\n  \
    dancing langford 12 --count --half --jobs 2")]
pub struct LangfordArgs {
    /// The largest number, 1 to 1000.
    n: usize,
    /// Keep one of each pair of mirror-image solutions (the count is then OEIS A014552).
    #[arg(long)]
    half: bool,
    /// Also write the first solution printed as a printable SVG picture to this file: the
    /// row of numbers, each pair joined by an arc in its color.
    #[arg(long, value_name = "FILE", conflicts_with = "count")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    solve: SolveArgs,
}

/// Runs `dancing langford`.
pub fn run(args: LangfordArgs) -> anyhow::Result<Exit> {
    let langford = Langford::new(args.n, args.half)?;
    let family = Family {
        problem: langford.problem(),
        to_dlx: &|| langford.to_dlx(),
        up_to: None,
        // Where solutions exist, restarts find one at once (48: 75 nodes, 100: 110, where
        // the search in the problem's order had none after 10 s); where none exist they only
        // repeat the work of proving it (13: 255 million nodes instead of 16 million).
        seed: langford.has_solutions().then_some(DEFAULT_SEED),
    };
    let mut first = None;
    let exit = args.solve.run(&family, |out, solution| {
        let sequence = langford.decode(solution);
        writeln!(out, "{sequence}")?;
        if args.svg.is_some() && first.is_none() {
            first = Some(sequence);
        }
        Ok(())
    })?;
    if let (Some(path), Some(sequence)) = (&args.svg, first) {
        std::fs::write(path, sequence.svg())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(exit)
}

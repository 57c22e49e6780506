//! `dancing langford`: Langford pairs, solutions as sequences.

use clap::Args;
use dancing::problems::langford::Langford;

use super::Exit;
use super::solve::{Family, SolveArgs};

/// Arrange two 1s, two 2s, ..., two Ns in a row so that the two copies of each k have k
/// numbers between them (Langford pairs; solutions exist when N mod 4 is 0 or 3).
///
/// Prints the first solution as the sequence of numbers.
/// Exit codes: 0 found, 1 no solution, 2 usage error, 3 --max-nodes ran out.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dancing langford 7 --all --half\n  \
    dancing langford 12 --count --half --jobs 2")]
pub struct LangfordArgs {
    /// The largest number.
    #[arg(value_parser = clap::value_parser!(u16).range(1..=1000))]
    n: u16,
    /// Keep one of each pair of mirror-image solutions (the count is then OEIS A014552).
    #[arg(long)]
    half: bool,
    #[command(flatten)]
    solve: SolveArgs,
}

/// Runs `dancing langford`.
pub fn run(args: LangfordArgs) -> anyhow::Result<Exit> {
    let langford = Langford::new(args.n.into(), args.half);
    let family = Family {
        problem: langford.problem(),
        to_dlx: &|| langford.to_dlx(),
        up_to: None,
    };
    args.solve.run(&family, |out, solution| {
        writeln!(out, "{}", langford.decode(solution))?;
        Ok(())
    })
}

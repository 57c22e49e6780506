//! `dancing langford`: Langford pairs, solutions as sequences.

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
    dancing langford 12 --count --half --jobs 2")]
pub struct LangfordArgs {
    /// The largest number, 1 to 1000.
    n: usize,
    /// Keep one of each pair of mirror-image solutions (the count is then OEIS A014552).
    #[arg(long)]
    half: bool,
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
    args.solve.run(&family, |out, solution| {
        writeln!(out, "{}", langford.decode(solution))?;
        Ok(())
    })
}

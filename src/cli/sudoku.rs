pub fn run(_: SudokuArgs) -> anyhow::Result<super::Exit> {
    unimplemented!()
}
#[derive(Debug, clap::Args)]
pub struct SudokuArgs {}

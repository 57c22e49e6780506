//! `dancing serve`: runs the server, a separate executable `dancing-serve` installed beside
//! `dancing`, as git runs its subcommands.
//!
//! The server's crates (tokio, hyper, axum) are linked into `dancing-serve` alone, so that
//! every other command starts without them, with less code to map and fewer relocations
//! to write (docs/performance.md, "The server in its own executable").
//!
//! `dancing` still owns the subcommand's definition ([`args`], the same file `dancing-serve`
//! reads its arguments with): `dancing --help`, `dancing serve --help` and the usage errors
//! are its own, and only arguments that parse reach the server. It then runs
//! `dancing-serve` from the directory of the running executable with the words it was given
//! after `serve`. On Unix the server replaces the process (`exec`): its signals (Ctrl-C,
//! SIGTERM), its exit code and its standard streams are the command's, and the Ctrl-C
//! handler that [`super::run`] installed is gone (`exec` resets a caught signal to its
//! default). Elsewhere `dancing` waits for it and exits with its code.

#[expect(
    dead_code,
    reason = "dancing parses the arguments to check them; dancing-serve reads them"
)]
pub mod args;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

use super::Exit;

/// The server's file name, without the platform's suffix (`.exe`).
const SERVER: &str = "dancing-serve";

/// Runs `dancing-serve` with `words`, the arguments given after `serve` (already checked).
/// On Unix it returns only when the server could not be started; elsewhere, when it ends.
pub fn run(words: &[OsString]) -> anyhow::Result<Exit> {
    let server = server_path().context("cannot find the server, dancing-serve")?;
    let mut command = Command::new(&server);
    command.args(words);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let err = command.exec();
        Err(cannot_run(&server, err))
    }
    #[cfg(not(unix))]
    {
        let status = command.status().map_err(|err| cannot_run(&server, err))?;
        std::process::exit(status.code().unwrap_or(Exit::Error as i32))
    }
}

/// `dancing-serve` beside the running executable (symbolic links followed, as the system
/// reports the executable's path).
fn server_path() -> std::io::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    Ok(exe.with_file_name(format!("{SERVER}{}", std::env::consts::EXE_SUFFIX)))
}

/// The error of a server that is missing or cannot be run, naming where it was looked for
/// and how to get it.
fn cannot_run(server: &Path, err: std::io::Error) -> anyhow::Error {
    anyhow::anyhow!(
        "cannot run the server {}: {err}; `dancing serve` runs {SERVER} from beside dancing: \
         `cargo install` installs both, `cargo build` builds both",
        server.display()
    )
}

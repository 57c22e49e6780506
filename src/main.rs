//! The `dancing` command: parses the arguments, runs the command, maps the result to an exit
//! code. Everything else lives in the library and in the small `cli` modules.
//!
//! The process starts at [`main`], not at the standard library's `lang_start`: see there.

#![cfg_attr(not(test), no_main)]

mod cli;

use clap::{CommandFactory, FromArgMatches};

/// The process's entry point, called by the C runtime in place of the standard library's
/// `lang_start`, which does four things before `fn main` and one after:
///
/// - it finds the main thread's stack (`pthread_getattr_np`, which reads `/proc/self/maps`
///   with `sscanf`) and installs a `SIGSEGV` handler that tells a stack overflow from another
///   fault: 111,000 of the 683,000 instructions of a run on an empty file (`valgrind
///   --tool=callgrind`); with the kernel's part, such a run took 1.16 times the CPU it takes
///   without (`compare.py -n 31`). Not done here: a stack overflow ends the process by
///   `SIGSEGV` without the message (the searches keep explicit stacks, nothing in `dancing`
///   recurses on its input);
/// - it ignores `SIGPIPE`, so that a write to a closed pipe is an error (which
///   [`cli::is_broken_pipe`] turns into success), not a kill: done here, as it does it;
/// - it opens `/dev/null` on any of the standard streams that the process was started
///   without, so that a file opened later does not take its number: done here, as it does it;
/// - it names the main thread `main`, which only a panic's message would show;
/// - after `fn main`, it flushes standard output: [`std::process::exit`] does that too, and is
///   how [`main`] ends. A panic still exits with 101, after its message.
///
/// The arguments are read from `argv` as the C runtime hands them over, not through
/// `std::env::args_os`, which on some C libraries (musl) learns them from `lang_start` alone.
#[cfg(not(test))]
// SAFETY: the C runtime calls `main` once, before any other code of the crate but the
// standard library's `.init_array` entries (which capture the arguments for `std::env`); no
// other symbol of the binary or its libraries is named `main`.
#[unsafe(no_mangle)]
extern "C" fn main(argc: std::ffi::c_int, argv: *const *const std::ffi::c_char) -> std::ffi::c_int {
    start();
    // SAFETY: the C runtime hands `main` `argc` pointers in `argv`, each to a NUL-terminated
    // string that lives as long as the process.
    let args = unsafe { arguments(argc, argv) };
    let code = std::panic::catch_unwind(|| run(args)).map_or(101, |code| code as i32);
    std::process::exit(code)
}

/// The command line's words, copied out of C's `argv`.
///
/// # Safety
/// `argv` holds at least `argc` pointers, each to a NUL-terminated string.
#[cfg(not(test))]
unsafe fn arguments(
    argc: std::ffi::c_int,
    argv: *const *const std::ffi::c_char,
) -> Vec<std::ffi::OsString> {
    use std::os::unix::ffi::OsStrExt;
    (0..usize::try_from(argc).unwrap_or(0))
        .map(|i| {
            // SAFETY: `i < argc`, and the caller vouches for `argv`'s first `argc` strings.
            let word = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
            std::ffi::OsStr::from_bytes(word.to_bytes()).to_owned()
        })
        .collect()
}

/// What `lang_start` does before `fn main` that `dancing` needs: `SIGPIPE` ignored, and the
/// standard streams open (`/dev/null` for any that is closed).
#[cfg(not(test))]
fn start() {
    for fd in 0..3 {
        // SAFETY: `fcntl(F_GETFD)` only reads the descriptor's flags; `open` is given a
        // NUL-terminated path. Nothing else runs yet, so no other thread opens descriptors.
        unsafe {
            if libc::fcntl(fd, libc::F_GETFD) == -1
                && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
                && libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) == -1
            {
                std::process::abort();
            }
        }
    }
    // SAFETY: setting a signal's disposition to `SIG_IGN` installs no code to run.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// The command run from its arguments, and its exit code.
#[cfg_attr(test, allow(dead_code))]
fn run(words: Vec<std::ffi::OsString>) -> u8 {
    let args = parse(&words);
    let exit = match cli::run(args, &words) {
        Ok(code) => code,
        Err(err) if cli::is_broken_pipe(&err) => cli::Exit::Success,
        Err(err) => {
            cli::report::say(format!("{err:#}"));
            // What Ctrl-C cut short (a read it stopped) exits as an interrupted run does.
            if cli::interrupted() {
                cli::Exit::Interrupted
            } else {
                cli::Exit::Error
            }
        }
    };
    exit as u8
}

/// Reads the command line as `clap::Parser::parse` does (the same messages and exit codes),
/// but leaves the command's definition and the parsed matches to the process's exit instead
/// of dropping them: freeing the definition of every subcommand's arguments cost 140,000 of
/// the 1.30 million instructions that a run on an empty file takes (`valgrind
/// --tool=callgrind`), where a batch of 300 puzzles takes 11 million in all.
///
/// Neither this function nor [`definition`] is inlined into [`main`], so that the stack
/// frames of the definition (7.9 KB, the derive's `Command`s moved by value) and of the
/// parse are not one frame that stays under the whole run.
///
/// clap is given copies of the words (a few short strings), which stay with the caller for
/// `serve` to hand to the server.
#[inline(never)]
fn parse(words: &[std::ffi::OsString]) -> cli::Cli {
    let mut command = definition();
    let parsed = command
        .try_get_matches_from_mut(words)
        .and_then(|mut matches| {
            let args = cli::Cli::from_arg_matches_mut(&mut matches);
            std::mem::forget(matches);
            args
        });
    match parsed {
        Ok(args) => {
            std::mem::forget(command);
            args
        }
        Err(err) => err.format(&mut command).exit(),
    }
}

/// The command line's definition (every subcommand's name and summary; their arguments are
/// deferred), built in a frame of its own that is gone before the parse starts.
#[inline(never)]
fn definition() -> clap::Command {
    cli::Cli::command()
}

/// C's `pow`, the one function `dancing` took from the C math library, here from the `libm`
/// crate (the Rust port of musl's), so that the dynamic loader no longer maps `libm.so.6`,
/// relocates it and looks up its symbols: 28,000 of the 549,000 instructions of a run on an
/// empty file (`valgrind --tool=callgrind`) and 9 page faults. Its caller: indicatif's
/// rate estimate on a shown progress display (tokio's scheduler, which calls it too, is in
/// `dancing-serve`, which links `libm.so.6`).
/// The linker resolves its calls here and, as rustc links with `--as-needed`, leaves
/// `libm.so.6` out.
#[cfg(not(test))]
// SAFETY: the function has C's signature and meaning for `pow`; no other object the binary
// links defines the symbol, since `libm.so.6` is no longer linked.
#[unsafe(no_mangle)]
extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

#[cfg(test)]
mod tests {
    /// The `pow` the binary exports (the `libm` crate's) agrees with the C library's, which
    /// `f64::powf` calls in a test build (where the binary defines no `pow`), to within one
    /// unit in the last place, on a grid of bases and exponents with the edge cases.
    #[test]
    fn the_exported_pow_agrees_with_the_c_librarys() {
        let bases = [
            0.0,
            -0.0,
            1e-300,
            0.1,
            0.5,
            0.9,
            0.999,
            1.0,
            1.5,
            2.0,
            10.0,
            1e300,
            -2.0,
            -0.5,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let exponents = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1.0 / 3.0,
            2.0,
            3.0,
            -0.25,
            52.5,
            1e10,
            -1e10,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for x in bases {
            for y in exponents {
                let (ours, theirs) = (libm::pow(x, y), x.powf(y));
                let ulps = (ours.to_bits() as i64).abs_diff(theirs.to_bits() as i64);
                assert!(
                    (ours.is_nan() && theirs.is_nan()) || ours == theirs || ulps <= 1,
                    "pow({x}, {y}): {ours} against {theirs}"
                );
            }
        }
    }
}

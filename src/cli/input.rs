//! The input streams of the commands, which Ctrl-C stops: a read waiting on a terminal or a
//! pipe that sends nothing, and a read that never meets a line's end (`/dev/zero`), end at
//! the next look at the flag instead of going on until the input does.
//!
//! Two parts make it work. [`stop_blocked_reads`] takes `SA_RESTART` off the Ctrl-C handler
//! (signal-hook sets it), so that a read blocked in the kernel returns `EINTR` when the
//! signal comes instead of waiting again; and [`Stoppable`] looks at the flag before every
//! read (and so after every `EINTR`, which readers try again), and fails once it is up. The
//! commands then end as they do when Ctrl-C stops a search: exit 130.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// A buffered reader that fails with "interrupted (Ctrl-C)" once Ctrl-C has been pressed.
///
/// It wraps the buffer rather than the stream beneath it: a `Read` of its own under a
/// `BufReader` would have the buffer zeroed before its first read (8 KiB, 8,200
/// instructions), which the standard library skips for a `File`. A read that `EINTR` ended
/// returns `Interrupted`, which every reader of the crate and of the standard library tries
/// again: the flag is looked at then.
#[derive(Debug)]
pub struct Stoppable<R>(R);

impl<R> Stoppable<R> {
    /// An error once Ctrl-C has been pressed.
    fn go_on(&self) -> io::Result<()> {
        if super::interrupted() {
            Err(io::Error::other("interrupted (Ctrl-C)"))
        } else {
            Ok(())
        }
    }
}

impl<R: BufRead> Read for Stoppable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.go_on()?;
        self.0.read(buf)
    }
}

impl<R: BufRead> BufRead for Stoppable<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.go_on()?;
        self.0.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.0.consume(amount);
    }
}

/// Standard input, buffered, stopped by Ctrl-C.
pub fn stdin() -> Stoppable<BufReader<io::Stdin>> {
    Stoppable(BufReader::new(io::stdin()))
}

/// A file, buffered, stopped by Ctrl-C.
pub fn file(file: File) -> Stoppable<BufReader<File>> {
    Stoppable(BufReader::new(file))
}

/// The whole of a file, read at once where it is a regular file (which ends, and whose size
/// sizes the buffer), and through [`Stoppable`] otherwise (a pipe, a device).
pub fn read_whole(path: &Path) -> io::Result<Vec<u8>> {
    let mut file = File::open(path)?;
    let mut bytes = Vec::new();
    if file.metadata()?.is_file() {
        file.read_to_end(&mut bytes)?;
    } else {
        self::file(file).read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// All of standard input, through [`Stoppable`].
pub fn read_stdin() -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    Stoppable(io::stdin().lock()).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Takes `SA_RESTART` off the handler of `SIGINT` that is installed, so that Ctrl-C ends a
/// read blocked in the kernel with `EINTR` (see the module docs). Every read and write of the
/// commands goes through the standard library, which tries again on `EINTR`.
pub fn stop_blocked_reads() {
    // SAFETY: `sigaction` with a null new action only writes the current one into `action`, a
    // `sigaction` that lives through the call; the second call installs that same action (the
    // handler signal-hook installed, its mask and flags) with `SA_RESTART` cleared, a change
    // to the flags only. A zeroed `sigaction` is a valid value of the C struct.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(libc::SIGINT, std::ptr::null(), &mut action) == 0
            && action.sa_flags & libc::SA_RESTART != 0
        {
            action.sa_flags &= !libc::SA_RESTART;
            libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
        }
    }
}

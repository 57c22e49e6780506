//! `dancing --generate KIND`: shell completions and a man page, made from the command line's
//! own definition (clap_complete, clap_mangen), as ripgrep's `rg --generate` makes its own.
//! What they say is what `--help` says: they cannot drift from the arguments they describe.

use std::io::Write;

use anyhow::Context;
use clap::{CommandFactory, ValueEnum};
use clap_complete::Shell;

use super::{Cli, Exit};

/// What `--generate` prints on standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// Completions for bash.
    CompleteBash,
    /// Completions for zsh.
    CompleteZsh,
    /// Completions for fish.
    CompleteFish,
    /// Completions for PowerShell.
    CompletePowershell,
    /// The man page, in roff (`man -l -` reads it).
    Man,
}

/// Prints `kind` for the whole command line, every subcommand's arguments included.
pub fn run(kind: Kind) -> anyhow::Result<Exit> {
    let mut command = Cli::command();
    // Every subcommand's arguments, which the parse defers until one runs.
    command.build();
    // Made in memory, then written: clap_complete panics on a failed write (a closed pipe),
    // where a write of the whole text returns the error.
    let mut text = Vec::new();
    let shell = match kind {
        Kind::CompleteBash => Shell::Bash,
        Kind::CompleteZsh => Shell::Zsh,
        Kind::CompleteFish => Shell::Fish,
        Kind::CompletePowershell => Shell::PowerShell,
        Kind::Man => {
            man(&command, &mut text).context("cannot make the man page")?;
            return print(&text);
        }
    };
    let name = command.get_name().to_owned();
    clap_complete::generate(shell, &mut command, name, &mut text);
    print(&text)
}

/// The man page of `command` (built), from clap_mangen's sections: the name, synopsis,
/// description and options of `dancing`, then a section for each subcommand, depth first
/// (`dancing sudoku`, `dancing sudoku hint`, ...) with its synopsis, description, options
/// and examples as subsections, then the version: one page with every argument, as `--help`
/// has them (clap_mangen's own list of subcommands would send the reader to pages of their
/// own, `dancing-sudoku(1)`, which this page replaces).
fn man<'a>(command: &'a clap::Command, text: &mut Vec<u8>) -> std::io::Result<()> {
    let page = clap_mangen::Man::new(command.clone());
    page.render_title(text)?;
    let mut sections = Vec::new();
    page.render_name_section(&mut sections)?;
    page.render_synopsis_section(&mut sections)?;
    page.render_description_section(&mut sections)?;
    page.render_options_section(&mut sections)?;
    copy(&sections, text, false)?;
    // clap's own `help` subcommands, which say nothing that the sections do not.
    let subcommands = |command: &'a clap::Command| {
        command
            .get_subcommands()
            .filter(|sub| sub.get_name() != "help")
    };
    let mut stack: Vec<&clap::Command> = subcommands(command).collect();
    stack.reverse();
    while let Some(sub) = stack.pop() {
        let first = stack.len();
        stack.extend(subcommands(sub));
        stack[first..].reverse();
        let name = sub.get_bin_name().unwrap_or(sub.get_name());
        writeln!(text, ".SH \"{name}\"")?;
        let page = clap_mangen::Man::new(sub.clone());
        let mut sections = Vec::new();
        page.render_synopsis_section(&mut sections)?;
        page.render_description_section(&mut sections)?;
        page.render_options_section(&mut sections)?;
        if sub.get_after_help().is_some() {
            page.render_extra_section(&mut sections)?;
        }
        copy(&sections, text, true)?;
    }
    let mut sections = Vec::new();
    page.render_version_section(&mut sections)?;
    copy(&sections, text, false)
}

/// Appends clap_mangen's rendered `sections` to `text` without the preamble that each
/// rendering starts with (the title's has set it); a subcommand's (`sub`) are subsections:
/// `.SH OPTIONS` becomes `.SS Options`, and the examples (`after_help`, `.SH EXTRA`, whose
/// text says "Examples:") a paragraph.
fn copy(sections: &[u8], text: &mut Vec<u8>, sub: bool) -> std::io::Result<()> {
    for line in String::from_utf8_lossy(sections).lines() {
        if line.starts_with(".ie \\n(.g .ds Aq") || line.starts_with(".el .ds Aq") {
            continue;
        }
        match line.strip_prefix(".SH ") {
            Some("EXTRA") if sub => writeln!(text, ".PP")?,
            Some(heading) if sub => writeln!(text, ".SS {}", title_case(heading))?,
            _ => writeln!(text, "{line}")?,
        }
    }
    Ok(())
}

/// `SYNOPSIS` as `Synopsis`: a subsection's heading.
fn title_case(heading: &str) -> String {
    let lower = heading.to_lowercase();
    let mut chars = lower.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Writes `text` on standard output.
fn print(text: &[u8]) -> anyhow::Result<Exit> {
    let mut out = std::io::stdout().lock();
    out.write_all(text)?;
    out.flush()?;
    Ok(Exit::Success)
}

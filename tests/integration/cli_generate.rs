//! `dancing --generate`: the shell completions and the man page, made from the command
//! line's definition. Each is checked for what a user gets from it: bash's completions run
//! in bash, the others and the man page read for every subcommand and for options that
//! only a subcommand's deferred definition has.

use crate::common;

use common::{binary, dancing, stdout_of};

/// The subcommands, as the man page names its sections.
const SUBCOMMANDS: [&str; 10] = [
    "cover",
    "sudoku",
    "sudoku generate",
    "sudoku rate",
    "sudoku hint",
    "queens",
    "langford",
    "polyomino",
    "polycube",
    "serve",
];

/// What `dancing --generate kind` prints, after checking that it exits 0 with nothing on
/// stderr.
fn generated(kind: &str) -> String {
    let assert = dancing()
        .args(["--generate", kind])
        .assert()
        .success()
        .stderr("");
    stdout_of(&assert)
}

/// The words bash's completion of `dancing` offers for the command line `words`, the last
/// one being completed.
fn bash_completes(words: &[&str]) -> Vec<String> {
    let script = generated("complete-bash");
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(
            r#"eval "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
               _dancing dancing "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
               printf '%s\n' "${COMPREPLY[@]}""#,
        )
        .arg("bash")
        .arg(&script)
        .args(words)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn bash_completes_subcommands_and_the_options_of_a_subcommand() {
    assert_eq!(bash_completes(&["dancing", "su"]), ["sudoku"]);
    assert_eq!(bash_completes(&["dancing", "co"]), ["cover"]);
    assert_eq!(
        bash_completes(&["dancing", "cover", "--est"]),
        ["--estimate"]
    );
    assert_eq!(bash_completes(&["dancing", "sudoku", "hi"]), ["hint"]);
    assert_eq!(
        bash_completes(&["dancing", "--generate", "complete-z"]),
        ["complete-zsh"]
    );
}

#[test]
fn zsh_fish_and_powershell_completions_name_the_subcommands_and_their_options() {
    for (kind, register, estimate) in [
        ("complete-zsh", "#compdef dancing\n", "--estimate=["),
        ("complete-fish", "\ncomplete -c dancing ", "-l estimate"),
        (
            "complete-powershell",
            "\nRegister-ArgumentCompleter -Native -CommandName 'dancing' ",
            "'--estimate'",
        ),
    ] {
        let script = generated(kind);
        for word in [
            register, "sudoku", "cover", "hint", "polycube", "serve", estimate,
        ] {
            assert!(script.contains(word), "{kind} lacks {word:?}");
        }
    }
}

#[test]
fn the_man_page_has_a_title_and_every_subcommand_with_its_options() {
    let page = generated("man");
    assert!(page.contains("\n.TH dancing 1 "), "{}", &page[..200]);
    // One preamble, and no section of clap's own `help` subcommands.
    assert_eq!(page.matches(".ds Aq \\(aq").count(), 1);
    assert!(!page.contains("help\"\n"));
    let mut at = 0;
    for sub in SUBCOMMANDS {
        let heading = format!("\n.SH \"dancing {sub}\"\n");
        let found = page[at..]
            .find(&heading)
            .unwrap_or_else(|| panic!("no section {heading:?} after byte {at}"));
        at += found + heading.len();
        let section = &page[at..];
        let end = section.find("\n.SH ").unwrap_or(section.len());
        let section = &section[..end];
        for part in [".SS Synopsis", ".SS Description", ".SS Options"] {
            assert!(section.contains(part), "dancing {sub} lacks {part}");
        }
        assert!(section.contains("\\-\\-help"), "dancing {sub} lacks --help");
    }
    let cover = &page[page.find(".SH \"dancing cover\"").unwrap()..];
    assert!(cover.contains("\\fB\\-\\-estimate\\fR"));
    let version = format!("\n.SH VERSION\nv{}\n", env!("CARGO_PKG_VERSION"));
    assert!(page.ends_with(&version), "{}", &page[page.len() - 100..]);
}

#[test]
fn generate_refuses_a_subcommand_and_an_unknown_kind_with_exit_2() {
    dancing()
        .args(["--generate", "man", "sudoku"])
        .assert()
        .code(2)
        .stdout("");
    let assert = dancing()
        .args(["--generate", "complete-tcsh"])
        .assert()
        .code(2)
        .stdout("");
    assert!(common::stderr_of(&assert).contains("complete-powershell"));
}

#[test]
fn a_completion_written_into_a_closed_pipe_ends_quietly_with_exit_0() {
    // zsh's completions (some 78 KB) are more than a pipe holds: the writes after `head`
    // exits fail with a broken pipe.
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(r#""$0" --generate complete-zsh | head -1; echo "status ${PIPESTATUS[0]}""#)
        .arg(binary())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "#compdef dancing\nstatus 0\n"
    );
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

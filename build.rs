//! Build script: tells the tests whether the public data sets are present ([`shared_data`]),
//! and links the unwinder statically on GNU/Linux ([`static_unwinder`]).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    shared_data();
    static_unwinder();
}

/// Tells the tests whether the public data sets of `../shared/data` (beside the checkout,
/// absent on a clean clone) are present, by the cfg `shared_data`. The tests whose whole
/// point is that data are `#[cfg_attr(not(shared_data), ignore = ...)]`, so that a clean
/// clone's `cargo test` counts them as ignored instead of passed.
///
/// Cargo runs this again when the folder changes or disappears. A folder that appears where
/// there was none is not seen until `build.rs` changes (`touch build.rs`) or `cargo clean`:
/// watching a missing path would make Cargo run this, and rebuild the crate, on every build.
fn shared_data() {
    println!("cargo::rustc-check-cfg=cfg(shared_data)");
    println!("cargo::rerun-if-changed=build.rs");
    if Path::new("../shared/data").is_dir() {
        println!("cargo::rustc-cfg=shared_data");
        println!("cargo::rerun-if-changed=../shared/data");
    }
}

/// On GNU/Linux, Rust's standard library links the unwinder (`_Unwind_*`, for panics and
/// backtraces) as `-lgcc_s`, the shared libgcc_s.so.1. Loading it costs every run: the
/// loader maps and relocates one library more, and its constructor (`__cpu_indicator_init`)
/// runs six `cpuid` instructions, each a trip to the hypervisor on a virtual machine. So a
/// copy of GCC's static unwinder, libgcc_eh.a (what a `crt-static` build links), is put
/// under the name `libgcc_s.a` in a folder the linker searches first, where `-lgcc_s` finds
/// it: one puzzle 878,547 -> 838,390 instructions (callgrind) and 1.085 times less CPU
/// (`compare.py -n 101`), 300 puzzles 1.051 (docs/performance.md, "The process's start").
///
/// Only where the compiler can say where libgcc_eh.a is (`cc -print-file-name`), for a
/// build whose target is the host (the host's compiler answers for the host), and not for
/// a `crt-static` build, which links libgcc_eh already; elsewhere the shared library stays.
fn static_unwinder() {
    let var = |key: &str| std::env::var(key).unwrap_or_default();
    let crt_static = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static");
    if var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || crt_static
        || var("HOST") != var("TARGET")
    {
        return;
    }
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let Ok(found) = Command::new(cc)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
    else {
        return;
    };
    let archive = PathBuf::from(String::from_utf8_lossy(&found.stdout).trim());
    if !found.status.success() || !archive.is_absolute() || !archive.is_file() {
        return;
    }
    let folder = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let copy = folder.join("libgcc_s.a");
    // Whatever is there goes first: copying over a link to the archive would empty it.
    let _ = std::fs::remove_file(&copy);
    if std::fs::copy(&archive, &copy).is_ok() {
        println!("cargo::rustc-link-search=native={}", folder.display());
    }
}

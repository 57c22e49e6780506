//! Build script: tells the tests whether the public data sets of `../shared/data` (beside the
//! checkout, absent on a clean clone) are present, by the cfg `shared_data`. The tests whose
//! whole point is that data are `#[cfg_attr(not(shared_data), ignore = ...)]`, so that a
//! clean clone's `cargo test` counts them as ignored instead of passed.
//!
//! Cargo runs this again when the folder changes or disappears. A folder that appears where
//! there was none is not seen until `build.rs` changes (`touch build.rs`) or `cargo clean`:
//! watching a missing path would make Cargo run this, and rebuild the crate, on every build.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_data)");
    println!("cargo::rerun-if-changed=build.rs");
    if Path::new("../shared/data").is_dir() {
        println!("cargo::rustc-cfg=shared_data");
        println!("cargo::rerun-if-changed=../shared/data");
    }
}

//! The integration tests of `dancing`, in one test binary: one module per area, each the file
//! of the same name beside this one, and `common` with the helpers they share. One binary
//! links the crate once (fat LTO in release) instead of once per file. Run one area with
//! `cargo test --profile tests --test integration cli_cover::` (the README's profile: release
//! without fat LTO).

mod common;

mod band;
mod batch;
mod cli_budgets;
mod cli_common;
mod cli_copies;
mod cli_cover;
mod cli_frontends;
mod cli_generate;
mod cli_generate_shapes;
mod cli_interrupt;
mod cli_layouts_and_edges;
mod cli_restarts;
mod cli_shapes;
mod cli_sudoku;
mod cli_sudoku_errors;
mod cli_sudoku_reports;
mod cli_symmetry;
mod cli_symmetry_parts;
mod cli_symmetry_stops;
mod colors;
mod colors_oracle;
mod distributed;
mod distributed_bounds;
mod docs;
mod engine;
mod engines;
mod engines_auto;
mod engines_mcc;
mod engines_portfolio;
mod engines_wdeg;
mod estimate;
mod exclude;
mod hardening;
mod hardening_scale;
mod instances;
mod knuth_format;
mod memo;
mod mincost;
mod named;
mod names;
mod parallel;
mod preprocess;
mod problems;
mod problems_pictures;
mod propagate;
mod serve;
mod sudoku_generate;
mod sudoku_layouts;
mod sudoku_read;
mod sudoku_sets;
mod sudoku_shapes;
mod sudoku_solve;
mod sudoku_variant_hints;

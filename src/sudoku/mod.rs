//! Sudoku on the exact-cover engine: grids of every common size, the rules of the common
//! variants, the readers of the common puzzle formats, the exact-cover encoding and its
//! solver, and a checker that does not use the engine.
//!
//! Data flows one way: [`read`] turns text into [`grid::Grid`]s (with [`symbols`] for how
//! digits are written), [`solve`] encodes a grid under its [`rules::Rules`] as exact cover,
//! searches and decodes the chosen options back into a grid, and [`check`] verifies the
//! result independently; [`export`] writes a puzzle's exact-cover problem in Knuth's format,
//! and [`svg`] draws a grid. The size of the boxes is a parameter ([`grid::Shape`]: 4x4 to
//! 36x36, square or rectangular boxes); variants (X, hyper, jigsaw, extra regions,
//! anti-knight, anti-king) only add items to the matrix.
//!
//! The modules are layered, each importing only those below it: [`shape`] (sizes, boxes,
//! units) at the bottom; [`symbols`] on it; [`grid`] above those; [`rules`] above the grid;
//! and the rest ([`read`], [`solve`], [`check`], ...) on top.

pub mod check;
mod decode;
pub mod export;
pub mod generate;
pub mod grid;
pub mod hint;
mod matrix;
pub mod rate;
pub mod read;
pub mod rules;
pub mod shape;
pub mod solve;
pub mod svg;
pub mod symbols;
pub mod verdict;

#[cfg(test)]
mod tests {
    /// The modules of the lower layers and their sources, bottom first.
    const LAYERS: [(&str, &str); 4] = [
        ("shape", include_str!("shape.rs")),
        ("symbols", include_str!("symbols.rs")),
        ("grid", include_str!("grid.rs")),
        ("rules", include_str!("rules/mod.rs")),
    ];

    /// The modules of `crate::sudoku` that `source` names outside its comments.
    fn named(source: &str) -> Vec<String> {
        let mut names = Vec::new();
        for line in source.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for prefix in ["super::", "crate::sudoku::"] {
                for (k, _) in line.match_indices(prefix) {
                    let rest = &line[k + prefix.len()..];
                    let end = rest
                        .find(|c: char| !(c.is_ascii_lowercase() || c == '_'))
                        .unwrap_or(rest.len());
                    names.push(rest[..end].to_string());
                }
            }
        }
        names
    }

    #[test]
    fn each_lower_layer_imports_only_the_layers_below_it() {
        for (k, (module, source)) in LAYERS.iter().enumerate() {
            let below: Vec<&str> = LAYERS[..k].iter().map(|(m, _)| *m).collect();
            for name in named(source) {
                assert!(
                    name.is_empty() || below.contains(&name.as_str()),
                    "{module} names `{name}`, which is not below it"
                );
            }
        }
    }
}

//! Perft suites shipped under `corpus/perft/`: lines `FEN ; 1=20 2=400 …`, `#` for comments.

use std::path::Path;

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// File and line, for messages.
    pub origin: String,
    /// The position.
    pub fen: String,
    /// (depth, count) pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a suite; errors name the file and line.
///
/// ```
/// let cases = feerie::corpus::parse_perft_suite("x.txt", "# c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; 1=5 2=25\n").unwrap();
/// assert_eq!(cases[0].counts, vec![(1, 5), (2, 25)]);
/// assert!(feerie::corpus::parse_perft_suite("x.txt", "4k3/8 w ; 1=x").is_err());
/// ```
pub fn parse_perft_suite(name: &str, text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let origin = format!("{name}:{}", i + 1);
        let (fen, counts) = line
            .split_once(';')
            .ok_or_else(|| format!("{origin}: expected 'FEN ; depth=count ...'"))?;
        let counts = counts
            .split_whitespace()
            .map(|w| {
                let (d, n) = w
                    .split_once('=')
                    .ok_or_else(|| format!("{origin}: '{w}' is not depth=count"))?;
                match (d.parse(), n.parse()) {
                    (Ok(d), Ok(n)) => Ok((d, n)),
                    _ => Err(format!("{origin}: '{w}' is not depth=count")),
                }
            })
            .collect::<Result<Vec<_>, String>>()?;
        cases.push(PerftCase {
            origin,
            fen: fen.trim().to_string(),
            counts,
        });
    }
    Ok(cases)
}

/// Every suite file (`*.txt`) of a folder, sorted by name: regular files of at most
/// [`crate::limits::MAX_INPUT_BYTES`] each.
pub fn load_perft_dir(dir: &Path) -> Result<Vec<PerftCase>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    let mut cases = Vec::new();
    for path in paths {
        let text = crate::limits::read_text(&path, crate::limits::MAX_INPUT_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        cases.extend(parse_perft_suite(&path.display().to_string(), &text)?);
    }
    Ok(cases)
}

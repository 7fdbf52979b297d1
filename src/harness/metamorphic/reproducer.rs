//! A disagreement written as a reproducer: a folder of its own holding both inputs, Popeye's
//! flags for each, both outputs and what differs, never over an existing folder.

use std::path::{Path, PathBuf};

use super::relations::Relation;
use super::run::Disagreement;

/// Writes `d`, found on problem `problem` of the file `input`, under `dir` in a new folder named
/// after the file, the problem and the relation (`-2`, `-3`, … added when the name is taken),
/// and returns the folder.
pub fn write_reproducer(
    dir: &Path,
    input: &Path,
    problem: usize,
    relation: Relation,
    d: &Disagreement,
) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let stem = input
        .file_stem()
        .map_or_else(|| "input".into(), |s| s.to_string_lossy());
    let relation = relation.name();
    let base = format!("{stem}-problem-{problem}-{relation}");
    let mut n = 1;
    let folder = loop {
        let name = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let folder = dir.join(name);
        match std::fs::create_dir(&folder) {
            Ok(()) => break folder,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    };
    let files = [
        ("original.inp", d.original_input.as_str()),
        ("changed.inp", d.changed_input.as_str()),
        ("original.out", d.original_output.as_str()),
        ("changed.out", d.changed_output.as_str()),
    ];
    for (name, text) in files {
        std::fs::write(folder.join(name), text)?;
    }
    let readme = format!(
        "relation: {relation}\nproblem: {problem}\ndiffers: {}\n\
         original: py {} original.inp\nchanged: py {} changed.inp\n",
        d.why, d.original_flags, d.changed_flags
    );
    std::fs::write(folder.join("README"), readme)?;
    Ok(folder)
}

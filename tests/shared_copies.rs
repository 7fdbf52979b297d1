//! The repository's copies of the shared data (`corpus/shared/golden`, `corpus/shared/perft`,
//! read by tests/golden.rs and tests/perft.rs) equal ../shared/golden and ../shared/perft byte
//! for byte, and no file of those folders is missing from the copies, so that the two cannot
//! drift apart. Skipped with a line when ../shared is absent (a failure instead under
//! FEERIE_REQUIRE_SHARED or CI=true).

mod common;

use std::collections::BTreeSet;
use std::path::Path;

/// The names of the regular files of `dir`.
fn names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

fn check_copy(folder: &str) {
    let copy = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/shared")
        .join(folder);
    let copied = names(&copy);
    assert!(!copied.is_empty(), "{} is empty", copy.display());
    let Some(original) = common::shared_dir(folder) else {
        return;
    };
    let originals = names(&original);
    assert_eq!(
        copied,
        originals,
        "the files of {} and {} differ: copy the folder again",
        copy.display(),
        original.display()
    );
    for name in &originals {
        let ours = std::fs::read(copy.join(name)).unwrap();
        let theirs = std::fs::read(original.join(name)).unwrap();
        assert!(
            ours == theirs,
            "{} differs from {}: copy it again",
            copy.join(name).display(),
            original.join(name).display()
        );
    }
}

#[test]
fn the_golden_records_are_the_shared_ones() {
    check_copy("golden");
}

#[test]
fn the_perft_counts_are_the_shared_ones() {
    check_copy("perft");
}

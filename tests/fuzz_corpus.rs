//! Every file of `corpus/<target>/` replayed through the function its fuzz target wraps: the
//! seeds, and every input a fuzzing run found worth keeping, stay clean in normal test runs.

use std::path::Path;

use feerie::harness::targets::TARGETS;

#[test]
fn every_corpus_file_replays_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for (name, target) in TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} has no seed", dir.display());
        for file in files {
            let data = std::fs::read(&file).unwrap();
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name}: {} fails", file.display());
        }
    }
}

/// The targets reject nothing by panicking: arbitrary bytes, empty input and invalid UTF-8 go
/// through every one of them.
#[test]
fn targets_take_any_bytes() {
    let mut rng = feerie::playout::Rng::new(11);
    let mut inputs: Vec<Vec<u8>> = vec![vec![], vec![0xff, 0xfe], b"[+".to_vec()];
    for _ in 0..200 {
        let len = rng.below(64);
        inputs.push((0..len).map(|_| rng.below(256) as u8).collect());
    }
    for (name, target) in TARGETS {
        for data in &inputs {
            let outcome = std::panic::catch_unwind(|| target(data));
            assert!(outcome.is_ok(), "{name} panics on {data:?}");
        }
    }
}

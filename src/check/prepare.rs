//! Before any work: every flag checked, the perft suites and the scenarios read and validated
//! (a malformed scenario or perft position ends the run here, before the first stage), the
//! JUnit file's and the report's paths checked, so that a typo costs no minute of perft.

use std::path::{Path, PathBuf};

use feerie_oracle::{Validation, fen};

use super::{CheckOptions, DEFAULT_PERFT, DEFAULT_REPRODUCERS, DEFAULT_SCENARIOS, Prepared};
use crate::error::{Error, LimitError, ScenarioError};
use crate::harness::Bucket;
use crate::limits::{MAX_FUZZ, check_depth, check_threads};

/// Checks every flag, reads and validates the perft suites and the scenarios, and checks where
/// the JUnit file and the report go: any error here is bad input (exit 2) and comes before any
/// work. Of several malformed scenarios, all but the last are printed on stderr here (one
/// `error:` line each) and the last is the error returned, so that each is named once.
pub fn prepare(o: CheckOptions) -> Result<Prepared, Error> {
    check_depth("--depth", o.depth)?;
    if o.depth == 0 {
        return Err(Error::Usage("--depth must be at least 1".into()));
    }
    check_depth("--max-depth", o.max_depth)?;
    check_threads("--jobs", o.jobs)?;
    if o.fuzz_solve > MAX_FUZZ {
        return Err(LimitError::Bound(format!(
            "--fuzz-solve {} is too many: at most {MAX_FUZZ} per family and profile",
            o.fuzz_solve
        ))
        .into());
    }
    if o.fuzz > MAX_FUZZ {
        return Err(LimitError::Bound(format!(
            "--fuzz {} is too many: at most {MAX_FUZZ} per family and profile",
            o.fuzz
        ))
        .into());
    }
    let buckets = Bucket::matching(&o.only)?;
    for filter in &o.only {
        // Each filter must match by itself: a typo next to a good name is not ignored.
        Bucket::matching(std::slice::from_ref(filter))?;
    }
    let mut notes = Vec::new();
    let perft = load_folder(
        (&o.perft, DEFAULT_PERFT, "--perft"),
        "perft suites",
        "no perft suite (*.txt)",
        &mut notes,
        |dir| crate::corpus::load_perft_dir(dir).map_err(Error::from),
    )?;
    let mut scenarios = load_folder(
        (&o.scenarios, DEFAULT_SCENARIOS, "--scenarios"),
        "scenarios",
        "no scenario (*.yaml)",
        &mut notes,
        |dir| crate::scenario::load_dir(dir).map_err(Error::from),
    )?
    .unwrap_or_default();
    let reproducers = o
        .reproducers
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_REPRODUCERS));
    if reproducers.exists() {
        if !reproducers.is_dir() {
            return Err(Error::Usage(format!(
                "--reproducers {} is not a folder",
                reproducers.display()
            )));
        }
        scenarios.extend(crate::scenario::load_dir(&reproducers)?);
    }
    refuse_malformed(&scenarios)?;
    for case in perft.iter().flatten() {
        fen::parse(&case.fen, Validation::Lenient).map_err(|e| Error::at(&case.origin, e))?;
    }
    // The files read, which no report may replace: the scenarios and the perft suites.
    let mut inputs: Vec<PathBuf> = scenarios
        .iter()
        .map(|s| match s {
            Ok(s) => PathBuf::from(&s.file),
            Err(e) => PathBuf::from(&e.file),
        })
        .collect();
    let perft_folder = o
        .perft
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_PERFT));
    if perft.is_some()
        && let Ok(entries) = std::fs::read_dir(&perft_folder)
    {
        inputs.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
    }
    let read: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    // Every scenario also runs in its mirrors (see crate::scenario::mirror).
    let (scenarios, [colours, files]) = crate::scenario::mirror::with_mirrors(scenarios);
    if colours + files > 0 {
        notes.push(format!(
            "scenarios: {colours} colour-mirrored and {files} file-mirrored copies added"
        ));
    }
    if let Some(path) = &o.report {
        crate::report::html::check_path(path, &read)?;
    }
    if let Some(path) = &o.junit {
        crate::report::target::check_writable("--junit", path, &read)?;
    }
    Ok(Prepared {
        options: o,
        perft,
        scenarios,
        reproducers,
        buckets,
        inputs,
        notes,
    })
}

/// Ends the run before any stage when a scenario (or reproducer) is malformed: each but the
/// last is printed on stderr, the last is the error.
fn refuse_malformed(scenarios: &super::Loaded) -> Result<(), Error> {
    let mut malformed: Vec<_> = scenarios
        .iter()
        .filter_map(|s| s.as_ref().err().cloned())
        .collect();
    let Some(last) = malformed.pop() else {
        return Ok(());
    };
    for e in malformed {
        eprintln!("error: {e}");
    }
    Err(ScenarioError::Load(last).into())
}

/// A stage's inputs read from its folder (`folder`: the flag's value, the default folder, the
/// flag), which must hold at least one (`none` says what is missing there); `None`, with a note,
/// when the default folder is absent.
fn load_folder<T>(
    (given, default, flag): (&Option<PathBuf>, &str, &str),
    what: &str,
    none: &str,
    notes: &mut Vec<String>,
    load: impl FnOnce(&Path) -> Result<Vec<T>, Error>,
) -> Result<Option<Vec<T>>, Error> {
    match folder(given, default, flag, what)? {
        Found::Here(dir) => {
            let loaded = load(&dir)?;
            if loaded.is_empty() {
                return Err(ScenarioError::Folder(format!("{none} in {}", dir.display())).into());
            }
            Ok(Some(loaded))
        }
        Found::Absent(note) => {
            notes.push(note);
            Ok(None)
        }
    }
}

enum Found {
    Here(PathBuf),
    Absent(String),
}

/// A stage's folder: the one given (which must exist), or the default one when present; a
/// missing default is a note saying how to point at it.
fn folder(given: &Option<PathBuf>, default: &str, flag: &str, what: &str) -> Result<Found, Error> {
    match given {
        Some(dir) if dir.is_dir() => Ok(Found::Here(dir.clone())),
        Some(dir) if dir.exists() => Err(Error::Usage(format!(
            "{flag} {} is not a folder",
            dir.display()
        ))),
        Some(dir) => Err(Error::Usage(format!(
            "{flag} {} does not exist",
            dir.display()
        ))),
        None if Path::new(default).is_dir() => Ok(Found::Here(PathBuf::from(default))),
        None => Ok(Found::Absent(format!(
            "{what}: skipped ({default} is not here; run from the repository or pass {flag} DIR)"
        ))),
    }
}

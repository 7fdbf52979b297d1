//! The relations over many files at once: `jobs` workers take the files in turn, and each
//! file's report is handed on in the files' order as soon as it and those before it are done,
//! so that what is printed or counted does not depend on which worker finished first.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::popeye_runs::Settings;
use super::run::{FileReport, run_file};

/// Runs the relations of `settings` over `files` (each a path and its text), `jobs` at a time,
/// `started` told of each file as a worker takes it and `progress` given each progress line,
/// and hands each file's report to `take` with the file's
/// index, in the files' order. When `take` returns false no further file is started and no
/// further report is handed on (the files under way finish).
pub fn run_files(
    files: &[(&Path, &str)],
    settings: &Settings,
    jobs: usize,
    started: &(dyn Fn(&Path) + Sync),
    progress: &(dyn Fn(&str) + Sync),
    mut take: impl FnMut(usize, FileReport) -> bool,
) {
    let stop = AtomicBool::new(false);
    let next = AtomicUsize::new(0);
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(files.len()) {
            let sender = sender.clone();
            let (stop, next) = (&stop, &next);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(path, text)) = files.get(i) else {
                        break;
                    };
                    started(path);
                    let report = run_file(path, text, settings, &mut |line| progress(line));
                    if sender.send((i, report)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // The reports that came before their turn, by index.
        let mut waiting: BTreeMap<usize, FileReport> = BTreeMap::new();
        let mut turn = 0;
        for (i, report) in receiver {
            waiting.insert(i, report);
            while let Some(report) = waiting.remove(&turn) {
                if !take(turn, report) {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                turn += 1;
            }
        }
    });
}

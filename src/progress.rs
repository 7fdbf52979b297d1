//! Progress of a long stage on stderr: a bar on a terminal (redrawn every second, so that it
//! shows from the first second even while one step takes long), plain lines otherwise (one when
//! the stage starts, one every few seconds while steps complete, one at the end), nothing when
//! disabled.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often a plain line is printed, while steps complete.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// The progress of one stage: `total` steps of some `unit` (`positions`, `scenarios`).
///
/// ```
/// let p = feerie::progress::Progress::new("perft (reference)", "counts", 3, false);
/// p.step();
/// p.finish();
/// ```
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    label: String,
    unit: String,
    total: u64,
    done: AtomicU64,
    failures: AtomicU64,
    started: Instant,
    last_line: Mutex<Instant>,
    enabled: bool,
}

impl Progress {
    /// A stage's progress; `enabled: false` prints nothing. On a terminal a bar appears at once;
    /// otherwise a first line says what the stage is about to do.
    pub fn new(label: &str, unit: &str, total: u64, enabled: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (enabled && terminal).then(|| {
            let bar = indicatif::ProgressBar::new(total);
            let template = format!(
                "{label} {{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} (eta {{eta}}) {{msg}}"
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar.enable_steady_tick(Duration::from_secs(1));
            bar
        });
        if enabled && !terminal {
            eprintln!("{label}: {total} {unit} to go");
        }
        let now = Instant::now();
        Progress {
            bar,
            label: label.to_string(),
            unit: unit.to_string(),
            total,
            done: AtomicU64::new(0),
            failures: AtomicU64::new(0),
            started: now,
            last_line: Mutex::new(now),
            enabled,
        }
    }

    /// One failure (divergence, failed expectation) seen; counted on the bar.
    pub fn failure(&self) {
        let n = self.failures.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &self.bar {
            bar.set_message(format!("{n} failure(s)"));
        }
    }

    /// One step done.
    pub fn step(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
            return;
        }
        if !self.enabled {
            return;
        }
        let mut last = self.last_line.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() >= PLAIN_EVERY || done == self.total {
            *last = Instant::now();
            eprintln!(
                "{}: {done}/{} {} ({}%), {} failure(s), {:.1} s",
                self.label,
                self.total,
                self.unit,
                done * 100 / self.total.max(1),
                self.failures.load(Ordering::Relaxed),
                self.started.elapsed().as_secs_f64()
            );
        }
    }

    /// The stage is over: the bar goes.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

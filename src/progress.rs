//! Progress of a long stage on stderr: a bar on a terminal (redrawn every second, so that it
//! shows from the first second even while one step takes long), plain lines otherwise (one when
//! the stage starts, one every few seconds until it ends, even while a single step takes long,
//! one at the end), nothing when disabled.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How often a plain line is printed while the stage runs.
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
    counts: Arc<Counts>,
    /// Wakes the thread that prints plain lines, to end it.
    stop: Arc<(Mutex<bool>, Condvar)>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

/// What the plain lines report.
struct Counts {
    label: String,
    unit: String,
    total: u64,
    done: AtomicU64,
    failures: AtomicU64,
    started: Instant,
    plain: bool,
    ended: AtomicBool,
}

impl Counts {
    fn line(&self) {
        let done = self.done.load(Ordering::Relaxed);
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
        let plain = enabled && !terminal;
        let counts = Arc::new(Counts {
            label: label.to_string(),
            unit: unit.to_string(),
            total,
            done: AtomicU64::new(0),
            failures: AtomicU64::new(0),
            started: Instant::now(),
            plain,
            ended: AtomicBool::new(false),
        });
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let ticker = plain.then(|| {
            eprintln!("{label}: {total} {unit} to go");
            let (counts, stop) = (Arc::clone(&counts), Arc::clone(&stop));
            std::thread::spawn(move || {
                let (lock, wake) = &*stop;
                let mut stopped = lock.lock().unwrap_or_else(|e| e.into_inner());
                // The flag is read before each wait: a stage that ends before this thread
                // first takes the lock has already notified, and waiting then would hold up
                // the stage's end (joined on drop) for PLAIN_EVERY.
                while !*stopped {
                    let (guard, timeout) = wake
                        .wait_timeout(stopped, PLAIN_EVERY)
                        .unwrap_or_else(|e| e.into_inner());
                    stopped = guard;
                    if !*stopped && timeout.timed_out() {
                        counts.line();
                    }
                }
            })
        });
        Progress {
            bar,
            counts,
            stop,
            ticker,
        }
    }

    /// One failure (divergence, failed expectation) seen; counted on the bar and the lines.
    pub fn failure(&self) {
        let n = self.counts.failures.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &self.bar {
            bar.set_message(format!("{n} failure(s)"));
        }
    }

    /// One step done.
    pub fn step(&self) {
        self.counts.done.fetch_add(1, Ordering::Relaxed);
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// The stage is over: the bar goes, or the last plain line is printed.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        self.stop_ticker();
        if self.counts.plain && !self.counts.ended.swap(true, Ordering::Relaxed) {
            self.counts.line();
        }
    }

    fn stop_ticker(&self) {
        let (lock, wake) = &*self.stop;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        wake.notify_all();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop_ticker();
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

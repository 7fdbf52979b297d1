//! Standard output of the command line. `println!` panics when stdout is a closed pipe
//! (`feerie check | head -1`) or a full disk; these macros end the process the way a command-line
//! tool is expected to instead: quietly with exit 0 when the reader has gone, and with one line
//! on stderr and exit 2 when the output cannot be written.

use std::io::Write;

/// Writes to standard output, ending the process cleanly when that fails (see the module).
///
/// ```
/// feerie::output::write(format_args!("{}\n", 42));
/// ```
pub fn write(args: std::fmt::Arguments<'_>) {
    if TEXT_TO_STDERR.load(std::sync::atomic::Ordering::Relaxed) {
        // Standard output carries a document; the text is for whoever watches the run.
        let _ = std::io::stderr().lock().write_fmt(args);
        return;
    }
    let result = std::io::stdout().lock().write_fmt(args);
    if let Err(e) = result {
        failed(e);
    }
}

/// Lines written to standard output in batches, through [`write()`]: a solving run prints
/// hundreds of thousands of lines, and a write per line would cost more than finding them.
/// A batch is written when it holds 16 KB, when its oldest line is 100 ms old (a thread of the
/// batch looks every 100 ms, so that a reader sees each solution within 200 ms of its finding
/// while the search goes on), and when [`Batch::flush`] is called or the batch dropped. Lines
/// may come from several threads.
///
/// ```
/// let batch = feerie::output::Batch::new();
/// batch.line("  1.Ka1-b1 Rh1-h2   2.Kb1-a1 Rh2-h1 #");
/// batch.flush();
/// ```
pub struct Batch {
    shared: std::sync::Arc<Shared>,
    /// The thread that writes a batch grown old; `None` when it could not start (then every
    /// line is written at once).
    flusher: Option<std::thread::JoinHandle<()>>,
}

struct Shared {
    pending: std::sync::Mutex<Pending>,
    /// Set when the batch is dropped: the flusher stops.
    stop: std::sync::Mutex<bool>,
    wake: std::sync::Condvar,
}

struct Pending {
    text: String,
    since: std::time::Instant,
}

impl Shared {
    fn pending(&self) -> std::sync::MutexGuard<'_, Pending> {
        // A thread that panicked while holding it left whole lines: they are still worth writing.
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes the batch when `due` says it is due.
    fn write_if(&self, due: impl Fn(&Pending) -> bool) {
        let mut pending = self.pending();
        if !pending.text.is_empty() && due(&pending) {
            write(format_args!("{}", pending.text));
            pending.text.clear();
        }
    }
}

impl Batch {
    /// The size at which a batch is written.
    const BYTES: usize = 16 * 1024;
    /// The age at which a batch's oldest line is written.
    const AGE: std::time::Duration = std::time::Duration::from_millis(100);

    /// An empty batch, with its flusher thread.
    pub fn new() -> Batch {
        let shared = std::sync::Arc::new(Shared {
            pending: std::sync::Mutex::new(Pending {
                text: String::with_capacity(Self::BYTES + 256),
                since: std::time::Instant::now(),
            }),
            stop: std::sync::Mutex::new(false),
            wake: std::sync::Condvar::new(),
        });
        let watched = std::sync::Arc::clone(&shared);
        let flusher = std::thread::Builder::new()
            .name("output batch".into())
            .spawn(move || {
                let mut stop = watched.stop.lock().unwrap_or_else(|e| e.into_inner());
                while !*stop {
                    stop = watched
                        .wake
                        .wait_timeout(stop, Self::AGE)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                    watched.write_if(|p| p.since.elapsed() >= Self::AGE);
                }
            })
            .ok();
        Batch { shared, flusher }
    }

    /// Adds `line` and a newline; writes the batch when it is due.
    pub fn line(&self, line: &str) {
        let mut pending = self.shared.pending();
        if pending.text.is_empty() {
            pending.since = std::time::Instant::now();
        }
        pending.text.push_str(line);
        pending.text.push('\n');
        if pending.text.len() >= Self::BYTES || self.flusher.is_none() {
            write(format_args!("{}", pending.text));
            pending.text.clear();
        }
    }

    /// Writes what the batch holds.
    pub fn flush(&self) {
        self.shared.write_if(|_| true);
    }
}

impl Default for Batch {
    fn default() -> Batch {
        Batch::new()
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        *self.shared.stop.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.shared.wake.notify_all();
        if let Some(flusher) = self.flusher.take() {
            let _ = flusher.join();
        }
        self.flush();
    }
}

/// Whether the text output goes to standard error (see [`text_to_stderr`]).
static TEXT_TO_STDERR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// From now on, [`write()`] (and `out!`, `outln!`) writes to standard error: standard output is
/// kept for one machine-readable [`document`] (`--format json`).
pub fn text_to_stderr() {
    TEXT_TO_STDERR.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Writes a machine-readable document, and a newline, to standard output, with the same
/// handling of a closed pipe or a full disk as [`write()`].
pub fn document(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
        failed(e);
    }
}

/// Flushes standard output (what `print!` left in the buffer), with the same handling.
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        failed(e);
    }
}

/// Ends the process after a write to standard output failed.
pub fn failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        // The reader has what it wanted (`| head`): stop without a word, as other tools do.
        std::process::exit(0);
    }
    // stderr may be gone too; there is nothing more to do about it then.
    let _ = writeln!(
        std::io::stderr(),
        "error: cannot write to standard output: {e}"
    );
    std::process::exit(2);
}

/// Why standard output cannot take the command's output, if it cannot: closed (`>&-`) or
/// open for reading only. Rust's standard output swallows writes to a bad descriptor, so that
/// a command would print nothing and end with 0 as if it had been read; the command line
/// refuses to start instead. The Rust runtime opens `/dev/null` on a closed descriptor before
/// `main`, so the binary looks before it does (an ELF constructor) and keeps what it saw.
///
/// ```
/// // The tests run with their standard output open.
/// assert_eq!(feerie::output::stdout_unwritable(), None);
/// ```
pub fn stdout_unwritable() -> Option<&'static str> {
    // SAFETY: fcntl(F_GETFL) only reads the descriptor's flags; no memory is involved.
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    if flags == -1 {
        return Some(STDOUT_CLOSED);
    }
    let mode = flags & libc::O_ACCMODE;
    if mode != libc::O_WRONLY && mode != libc::O_RDWR {
        return Some(STDOUT_READ_ONLY);
    }
    None
}

/// What [`stdout_unwritable`] says of a closed standard output.
pub const STDOUT_CLOSED: &str = "it is closed";

/// What [`stdout_unwritable`] says of a standard output open for reading only.
pub const STDOUT_READ_ONLY: &str = "it is open for reading only";

/// `println!` through [`write()`].
#[macro_export]
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` through [`write()`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

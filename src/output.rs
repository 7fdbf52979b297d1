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
/// A batch is written when it holds 16 KB or its oldest line is 100 ms old (so that a
/// reader sees solutions as they come), and when [`Batch::flush`] is called or the batch
/// dropped. Lines may come from several threads.
///
/// ```
/// let batch = feerie::output::Batch::new();
/// batch.line("  1.Ka1-b1 Rh1-h2   2.Kb1-a1 Rh2-h1 #");
/// batch.flush();
/// ```
pub struct Batch {
    pending: std::sync::Mutex<Pending>,
}

struct Pending {
    text: String,
    since: std::time::Instant,
}

impl Batch {
    /// The size at which a batch is written.
    const BYTES: usize = 16 * 1024;
    /// The age at which a batch's oldest line is written.
    const AGE: std::time::Duration = std::time::Duration::from_millis(100);

    /// An empty batch.
    pub fn new() -> Batch {
        Batch {
            pending: std::sync::Mutex::new(Pending {
                text: String::with_capacity(Self::BYTES + 256),
                since: std::time::Instant::now(),
            }),
        }
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, Pending> {
        // A thread that panicked while holding it left whole lines: they are still worth writing.
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Adds `line` and a newline; writes the batch when it is due.
    pub fn line(&self, line: &str) {
        let mut pending = self.pending();
        if pending.text.is_empty() {
            pending.since = std::time::Instant::now();
        }
        pending.text.push_str(line);
        pending.text.push('\n');
        if pending.text.len() >= Self::BYTES || pending.since.elapsed() >= Self::AGE {
            write(format_args!("{}", pending.text));
            pending.text.clear();
        }
    }

    /// Writes what the batch holds.
    pub fn flush(&self) {
        let mut pending = self.pending();
        if !pending.text.is_empty() {
            write(format_args!("{}", pending.text));
            pending.text.clear();
        }
    }
}

impl Default for Batch {
    fn default() -> Batch {
        Batch::new()
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
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

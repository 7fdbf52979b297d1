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

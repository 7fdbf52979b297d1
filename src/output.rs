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
    let result = std::io::stdout().lock().write_fmt(args);
    if let Err(e) = result {
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

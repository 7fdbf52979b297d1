//! Why an outside program gave no usable answer ([`RunError`]), naming the program and, for a
//! flood, the [`Stream`].

use std::process::ExitStatus;
use std::time::Duration;

/// Which output stream of a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

impl std::fmt::Display for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stream::Stdout => "standard output",
            Stream::Stderr => "standard error",
        })
    }
}

/// Why an outside program gave no usable answer. The child has been killed and reaped.
#[derive(Debug)]
pub enum RunError {
    /// It could not be started (not found, not executable, …).
    Start {
        /// The program.
        program: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// It did not finish (or answer) within the deadline.
    Timeout {
        /// The program.
        program: String,
        /// The deadline.
        after: Duration,
    },
    /// It wrote more than the bound on one stream (or one line longer than the bound).
    TooMuchOutput {
        /// The program.
        program: String,
        /// Which stream.
        stream: Stream,
        /// The bound, in bytes.
        limit: usize,
    },
    /// It closed its output (ended) while an answer was awaited.
    Ended {
        /// The program.
        program: String,
        /// Its exit status, if it has ended.
        status: Option<ExitStatus>,
    },
    /// Reading from it or writing to it failed.
    Io {
        /// The program.
        program: String,
        /// What was being done.
        doing: &'static str,
        /// What the system said.
        source: std::io::Error,
    },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Start { program, source } => write!(f, "cannot start '{program}': {source}"),
            RunError::Timeout { program, after } => write!(
                f,
                "'{program}' gave no answer within {} s and was stopped (--timeout SECS gives it longer)",
                after.as_secs_f64()
            ),
            RunError::TooMuchOutput {
                program,
                stream,
                limit,
            } => write!(
                f,
                "'{program}' wrote more than {} MiB on its {stream} and was stopped",
                (*limit as f64 / (1 << 20) as f64)
            ),
            RunError::Ended { program, status } => match status.and_then(|s| s.code()) {
                Some(code) => write!(f, "'{program}' ended unexpectedly (exit code {code})"),
                None => write!(f, "'{program}' ended unexpectedly"),
            },
            RunError::Io {
                program,
                doing,
                source,
            } => write!(f, "'{program}': {doing}: {source}"),
        }
    }
}

impl std::error::Error for RunError {}

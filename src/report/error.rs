//! Why a report could not be written: a `--report` or `--junit` path that cannot take the file
//! (see [`super::target`]), or a file (the HTML report, a JUnit file) the machine refuses to
//! write. The first is bad input, checked before any work (exit 2); the second comes at the end
//! of a run, where a difference already found still wins (exit 1), else the exit code is 2.
//!
//! ```
//! use std::path::PathBuf;
//! use feerie::report::error::ReportError;
//! let e = ReportError::NoFolder { flag: "--report", path: PathBuf::from("out/r.html"), folder: PathBuf::from("out") };
//! assert_eq!(e.to_string(), "--report out/r.html: the folder out does not exist");
//! assert!(e.is_usage());
//! ```

use std::fmt;
use std::path::PathBuf;

/// Why a report was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportError {
    /// `--report` or `--junit` names a folder.
    IsFolder {
        /// The flag.
        flag: &'static str,
        /// The path given.
        path: PathBuf,
    },
    /// `--report` or `--junit` is in a folder that does not exist.
    NoFolder {
        /// The flag.
        flag: &'static str,
        /// The report's path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
    },
    /// `--report` or `--junit` names something other than a regular file: a symbolic link, a
    /// FIFO, a socket, a device. It is not replaced.
    NotAFile {
        /// The flag.
        flag: &'static str,
        /// The path given.
        path: PathBuf,
        /// What it is (`a symbolic link`).
        kind: &'static str,
    },
    /// `--report` or `--junit` names one of the command's inputs.
    IsInput {
        /// The flag.
        flag: &'static str,
        /// The path given.
        path: PathBuf,
        /// The input it is.
        input: PathBuf,
    },
    /// Two flags of one command name the same file to write (`--junit X --report X`).
    SameOutput {
        /// The first flag.
        flag: &'static str,
        /// The other flag.
        other: &'static str,
        /// The path the first names.
        path: PathBuf,
    },
    /// The HTML report could not be written.
    Write {
        /// The report's path.
        path: PathBuf,
        /// The system's words.
        reason: String,
    },
    /// The file given to a flag (`--junit`, `-o`) could not be written.
    WriteFlag {
        /// The flag, `--junit`.
        flag: &'static str,
        /// The file.
        path: PathBuf,
        /// The system's words.
        reason: String,
    },
}

impl ReportError {
    /// True for a path that was wrong from the start (bad input), false for a write that
    /// failed.
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            ReportError::IsFolder { .. }
                | ReportError::NoFolder { .. }
                | ReportError::NotAFile { .. }
                | ReportError::IsInput { .. }
                | ReportError::SameOutput { .. }
        )
    }

    /// A failed write of the file of `flag` at `path`: [`ReportError::Write`] for the HTML
    /// report, [`ReportError::WriteFlag`] for the others.
    pub fn write(flag: &'static str, path: &std::path::Path, e: std::io::Error) -> ReportError {
        let (path, reason) = (path.to_path_buf(), e.to_string());
        if flag == "--report" {
            ReportError::Write { path, reason }
        } else {
            ReportError::WriteFlag { flag, path, reason }
        }
    }
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::IsFolder { flag, path } => {
                write!(f, "{flag} {} is a folder", path.display())
            }
            ReportError::NoFolder { flag, path, folder } => write!(
                f,
                "{flag} {}: the folder {} does not exist",
                path.display(),
                folder.display()
            ),
            ReportError::NotAFile { flag, path, kind } => write!(
                f,
                "{flag} {} is {kind}, not a regular file: not replaced (give a new file's path)",
                path.display()
            ),
            ReportError::IsInput { flag, path, input } => write!(
                f,
                "{flag} {} is one of the command's inputs ({}): not overwritten",
                path.display(),
                input.display()
            ),
            ReportError::SameOutput { flag, other, path } => write!(
                f,
                "{flag} {} is the file {other} writes too: give each its own file",
                path.display()
            ),
            ReportError::Write { path, reason } => {
                write!(f, "cannot write the report {}: {reason}", path.display())
            }
            ReportError::WriteFlag { flag, path, reason } => {
                write!(f, "{flag}: cannot write {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for ReportError {}

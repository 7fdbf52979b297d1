//! Why a report could not be written: a `--report` path that cannot be a file, or a file (the
//! HTML report, a JUnit file) the machine refuses to write. The first is bad input, checked
//! before any work; the second comes at the end of a run. The command line exits 2 on either.
//!
//! ```
//! use std::path::PathBuf;
//! use feerie::report::error::ReportError;
//! let e = ReportError::NoFolder { path: PathBuf::from("out/r.html"), folder: PathBuf::from("out") };
//! assert_eq!(e.to_string(), "--report out/r.html: the folder out does not exist");
//! assert!(e.is_usage());
//! ```

use std::fmt;
use std::path::PathBuf;

/// Why a report was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportError {
    /// `--report` names a folder.
    IsFolder(PathBuf),
    /// `--report` is in a folder that does not exist.
    NoFolder {
        /// The report's path.
        path: PathBuf,
        /// Its folder.
        folder: PathBuf,
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
            ReportError::IsFolder(_) | ReportError::NoFolder { .. }
        )
    }
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::IsFolder(path) => write!(f, "--report {} is a folder", path.display()),
            ReportError::NoFolder { path, folder } => write!(
                f,
                "--report {}: the folder {} does not exist",
                path.display(),
                folder.display()
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

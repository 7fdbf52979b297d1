//! Why the rules book could not be made: a file, a scenario, a marker or the engine.

use std::fmt;
use std::path::PathBuf;

use crate::scenario::{LoadError, ScenarioError};

/// Why the book could not be made.
#[derive(Debug)]
pub enum BookError {
    /// A file that cannot be read or written.
    Io(PathBuf, std::io::Error),
    /// A page that is not a regular file (a link, a FIFO, a device): not read.
    NotAFile(PathBuf, &'static str),
    /// A page that cannot be read: too large, not UTF-8, unreadable.
    Read(PathBuf, crate::limits::LimitError),
    /// The scenarios folder does not read.
    Scenarios(ScenarioError),
    /// A scenario the book names does not load.
    Scenario(LoadError),
    /// A marker naming a scenario that does not exist, or not closed.
    Marker {
        /// The page.
        page: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The engine could not answer for an example.
    Engine(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            BookError::NotAFile(path, kind) => write!(
                f,
                "{} is {kind}, not a regular file: not read (the book's pages are regular files)",
                path.display()
            ),
            BookError::Read(path, e) => write!(f, "{}: {e}", path.display()),
            BookError::Scenarios(e) => e.fmt(f),
            BookError::Scenario(e) => e.fmt(f),
            BookError::Marker { page, why } => write!(f, "{}: {why}", page.display()),
            BookError::Engine(e) => write!(f, "book: {e}"),
        }
    }
}

impl std::error::Error for BookError {}

//! Why documents cannot be merged: [`MergeError`] and its one-line messages.

use std::fmt;
use std::path::PathBuf;

use crate::limits::LimitError;
use crate::report::error::ReportError;
use crate::shard::Shard;

/// Why documents cannot be merged.
#[derive(Debug)]
pub enum MergeError {
    /// No document was given.
    Nothing,
    /// A file that cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: LimitError,
    },
    /// A file that is not a document of a command `feerie merge` joins.
    NotADocument {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: super::document::NotADocument,
    },
    /// Documents of two different commands.
    Kinds {
        /// The first document's command.
        first: String,
        /// The other's.
        other: String,
    },
    /// Documents of the same command but not of one run; the message says what differs.
    OtherRun(String),
    /// A document that is already a merge.
    AlreadyMerged,
    /// A document whose `shard` is not `K/N`.
    BadShard {
        /// The field as written.
        shard: String,
        /// Why it does not read.
        reason: String,
    },
    /// The same shard twice.
    Twice(Shard),
    /// Shards of different counts (`1/2` and `1/3`).
    ShardCounts(Shard, Shard),
    /// Shards missing from the run (`3/3`).
    Missing(Vec<String>),
    /// A fuzz family's digest that is not hexadecimal.
    Digest {
        /// The family.
        family: String,
        /// The digest as written.
        digest: String,
    },
    /// `--junit` asked of documents that carry no cases for it.
    NoJunit(String),
    /// A file to write (`-o`, `--junit`) or the report could not be written.
    Write(ReportError),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Nothing => f.write_str("nothing to merge: give the shards' JSON documents"),
            MergeError::Read { path, error } => write!(f, "{}: {error}", path.display()),
            MergeError::NotADocument { path, reason } => write!(
                f,
                "{}: not a document of `feerie check`, `feerie popeye verify` or `feerie popeye compare` with --format json ({reason})",
                path.display()
            ),
            MergeError::Kinds { first, other } => write!(
                f,
                "documents of `{first}` and of `{other}` cannot be merged: give the shards of one run"
            ),
            MergeError::OtherRun(what) => {
                write!(f, "the documents are not shards of one run: {what}")
            }
            MergeError::AlreadyMerged => f.write_str(
                "a merged document cannot be merged again: merge the shards' own documents",
            ),
            MergeError::BadShard { shard, reason } => write!(f, "shard '{shard}': {reason}"),
            MergeError::Twice(shard) => write!(f, "shard {shard} is given twice"),
            MergeError::ShardCounts(a, b) => write!(
                f,
                "shards of {} and of {} cannot be merged: {a} and {b}",
                a.count(),
                b.count()
            ),
            MergeError::Missing(shards) => write!(
                f,
                "missing shard {} (a merged report covers the whole run)",
                shards.join(", ")
            ),
            MergeError::Digest { family, digest } => write!(
                f,
                "fuzz family {family}: digest '{digest}' is not hexadecimal"
            ),
            MergeError::NoJunit(command) => write!(
                f,
                "--junit: the documents of `{command}` do not carry what a JUnit file needs; run the shards with --junit instead"
            ),
            MergeError::Write(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MergeError {}

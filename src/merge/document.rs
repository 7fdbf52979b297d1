//! The documents `feerie merge` reads ([`Document`]: one per command it joins, from JSON or JSON
//! lines), and the check that their shards are each shard of one run once.

use std::path::Path;

use super::MergeError;
use crate::report::json::{CheckDocument, CompareDocument, SCHEMA_VERSION};
use crate::report::verify::VerifyDocument;
use crate::shard::Shard;

/// A document `feerie merge` joins.
#[derive(Clone, Debug)]
pub enum Document {
    /// `feerie check --format json`.
    Check(CheckDocument),
    /// `feerie popeye verify --format json`.
    Verify(VerifyDocument),
    /// `feerie popeye compare --scenarios --format json`.
    Compare(CompareDocument),
}

impl Document {
    /// The command that wrote it.
    pub fn command(&self) -> &str {
        match self {
            Document::Check(d) => &d.command,
            Document::Verify(d) => &d.command,
            Document::Compare(d) => &d.command,
        }
    }

    /// Its shard field and its merged list.
    pub(super) fn shard(&self) -> (&str, &[String]) {
        match self {
            Document::Check(d) => (&d.shard, &d.merged),
            Document::Verify(d) => (&d.shard, &d.merged),
            Document::Compare(d) => (&d.shard, &d.merged),
        }
    }

    /// The document's exit code.
    pub fn exit_code(&self) -> i32 {
        match self {
            Document::Check(d) => d.exit_code,
            Document::Verify(d) => d.exit_code,
            Document::Compare(d) => d.exit_code,
        }
    }

    /// The document read from `text`, the contents of `path`: one JSON document, or JSON lines
    /// whose last line is it (with its `"line": "summary"`).
    ///
    /// ```
    /// use std::path::Path;
    /// use feerie::merge::{Document, MergeError};
    /// let lines = "{\"line\":\"case\",\"name\":\"x\"}\n{\"line\":\"summary\",\"command\":\"moves\"}\n";
    /// let e = Document::read(Path::new("moves.jsonl"), lines).unwrap_err();
    /// assert!(matches!(e, MergeError::NotADocument { .. }));
    /// assert!(e.to_string().starts_with("moves.jsonl: not a document"));
    /// assert!(e.to_string().contains("`moves`"));
    /// assert!(Document::read(Path::new("x.json"), "{").is_err());
    /// let future = "{\"command\":\"popeye verify\",\"schema\":99}";
    /// let e = Document::read(Path::new("v.json"), future).unwrap_err();
    /// assert!(e.to_string().contains("schema 99, but this feerie reads only schema 1"));
    /// ```
    pub fn read(path: &Path, text: &str) -> Result<Document, MergeError> {
        Document::parse(text).map_err(|reason| MergeError::NotADocument {
            path: path.to_path_buf(),
            reason,
        })
    }

    /// [`Document::read`] without the path: the reason a text is not a document. The reason is
    /// the `reason` of [`MergeError::NotADocument`], which [`Document::read`] wraps at once with
    /// the path.
    fn parse(text: &str) -> Result<Document, NotADocument> {
        let whole: Result<serde_json::Value, _> = serde_json::from_str(text);
        let mut value = match whole {
            Ok(v) => v,
            // JSON lines: the document is the last line.
            Err(e) => {
                let last = text.lines().rev().find(|l| !l.trim().is_empty());
                match last.map(serde_json::from_str::<serde_json::Value>) {
                    Some(Ok(v)) if text.trim().lines().count() > 1 => v,
                    _ => return Err(NotADocument::Json(e)),
                }
            }
        };
        if let Some(fields) = value.as_object_mut()
            && fields.get("line").is_some_and(|l| l == "summary")
        {
            fields.remove("line");
        }
        let command = value
            .get("command")
            .and_then(|c| c.as_str())
            .unwrap_or("")
            .to_string();
        // A document of another schema may mean other things by the same fields: refused
        // before its fields are read, whatever its command.
        if matches!(
            command.as_str(),
            "check" | "popeye verify" | "popeye compare"
        ) {
            let schema = value.get("schema");
            if schema.and_then(serde_json::Value::as_u64) != Some(u64::from(SCHEMA_VERSION)) {
                return Err(NotADocument::Schema(
                    schema.map_or_else(|| "none".to_string(), |s| s.to_string()),
                ));
            }
        }
        let typed = NotADocument::Json;
        match command.as_str() {
            "check" => serde_json::from_value(value)
                .map(Document::Check)
                .map_err(typed),
            "popeye verify" => serde_json::from_value(value)
                .map(Document::Verify)
                .map_err(typed),
            "popeye compare" => serde_json::from_value(value)
                .map(Document::Compare)
                .map_err(typed),
            "" => Err(NotADocument::NoCommand),
            other => Err(NotADocument::NotMerged(other.to_string())),
        }
    }
}

/// The shards of documents (each its `shard` field and its `merged` list), checked to be each
/// shard of one count once.
pub(super) fn check_shards<'a>(
    docs: impl IntoIterator<Item = (&'a str, &'a [String])>,
) -> Result<(), MergeError> {
    let mut shards: Vec<Shard> = Vec::new();
    for (text, merged) in docs {
        if !merged.is_empty() {
            return Err(MergeError::AlreadyMerged);
        }
        let shard: Shard = text
            .parse::<Shard>()
            .map_err(|reason| MergeError::BadShard {
                shard: text.to_string(),
                reason: reason.to_string(),
            })?;
        if shards.contains(&shard) {
            return Err(MergeError::Twice(shard));
        }
        shards.push(shard);
    }
    let Some(first) = shards.first() else {
        return Err(MergeError::Nothing);
    };
    let count = first.count();
    if let Some(s) = shards.iter().find(|s| s.count() != count) {
        return Err(MergeError::ShardCounts(shards[0], *s));
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !shards.iter().any(|s| s.index() == *k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing(missing));
    }
    Ok(())
}

/// The exit code of a merged run: the one its contents give (`found`: a difference, a failure,
/// a malformed input, whatever each shard's own field says), or, when they give none, the
/// worst the shards claim (a claim other than 0 or 1 counts as 2), so that a shard's
/// `exit_code` can fail a merge but never pass one.
pub(super) fn exit_code(found: i32, claimed: impl IntoIterator<Item = i32>) -> i32 {
    if found != 0 {
        return found;
    }
    claimed
        .into_iter()
        .map(|c| match c {
            0 | 1 => c,
            _ => 2,
        })
        .max()
        .unwrap_or(0)
}

/// The shard of a document already checked by [`check_shards`].
pub(super) fn shard_of(text: &str) -> Shard {
    text.parse().unwrap_or_default()
}

/// Why a text is not a document `feerie merge` joins.
#[derive(Debug)]
pub enum NotADocument {
    /// Not JSON, or JSON without the fields of its command's document.
    Json(serde_json::Error),
    /// JSON without a `command` field.
    NoCommand,
    /// The document of a command whose documents are not merged.
    NotMerged(String),
    /// A `schema` other than the one this feerie writes (its value as written, or `none`).
    Schema(String),
}

impl std::fmt::Display for NotADocument {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotADocument::Json(e) => e.fmt(f),
            NotADocument::NoCommand => f.write_str("no `command` field"),
            NotADocument::NotMerged(command) => write!(f, "`{command}` documents are not merged"),
            NotADocument::Schema(schema) => write!(
                f,
                "schema {schema}, but this feerie reads only schema {SCHEMA_VERSION}"
            ),
        }
    }
}

impl std::error::Error for NotADocument {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exit_code_is_the_contents_before_the_claims() {
        assert_eq!(exit_code(1, [0, 2]), 1);
        assert_eq!(exit_code(0, [0, 1]), 1);
        assert_eq!(exit_code(0, [0, 77]), 2);
        assert_eq!(exit_code(0, [0, -1]), 2);
        assert_eq!(exit_code(0, [0, 0]), 0);
    }
}

//! Popeye's whole answers kept in a folder, so that a long run made again (at another commit of
//! the relations, or after one was cut short) does not ask Popeye again what it has answered.
//!
//! An answer is Popeye's output to one input with one table size from one binary: each entry is
//! keyed by the SHA-256 of the binary's bytes, the table size and the input, and holds all three
//! besides the output, so that an entry is used only for exactly what it answers. Only answers
//! that do not depend on the machine's load are kept: a run stopped by its deadline, or one in
//! which Popeye's own `maxtime` interrupted a problem, is asked again next time.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The version of the entries' layout; an entry of another is not read.
const LAYOUT: u32 = 1;

/// A folder of Popeye's answers for one binary.
///
/// ```
/// # let dir = tempfile::tempdir().unwrap();
/// # let py = dir.path().join("py");
/// # std::fs::write(&py, b"a binary").unwrap();
/// use feerie::harness::metamorphic::answer_cache::AnswerCache;
/// let cache = AnswerCache::open(&dir.path().join("answers"), &py).unwrap();
/// assert!(cache.get("begin ... end", "256M").is_none());
/// cache.put("begin ... end", "256M", "the output", "");
/// assert_eq!(cache.get("begin ... end", "256M").unwrap().0, "the output");
/// assert!(cache.get("begin ... end", "8M").is_none());
/// assert_eq!((cache.hits(), cache.stored()), (1, 1));
/// ```
#[derive(Debug)]
pub struct AnswerCache {
    dir: PathBuf,
    /// The binary's SHA-256, in hexadecimal.
    binary: String,
    hits: AtomicUsize,
    stored: AtomicUsize,
}

/// One entry as written.
#[derive(Serialize, Deserialize)]
struct Entry {
    layout: u32,
    binary: String,
    maxmem: String,
    input: String,
    stdout: String,
    stderr: String,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl AnswerCache {
    /// The cache in `dir` (made if missing) for the binary `py`, whose bytes are read to name it.
    pub fn open(dir: &Path, py: &Path) -> Result<AnswerCache, String> {
        let bytes = std::fs::read(py).map_err(|e| format!("{}: {e}", py.display()))?;
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(AnswerCache {
            dir: dir.to_path_buf(),
            binary: hex(&Sha256::digest(&bytes)),
            hits: AtomicUsize::new(0),
            stored: AtomicUsize::new(0),
        })
    }

    fn path(&self, input: &str, maxmem: &str) -> PathBuf {
        let mut key = Sha256::new();
        for part in [self.binary.as_str(), maxmem, input] {
            key.update(part.as_bytes());
            key.update([0]);
        }
        self.dir.join(format!("{}.json", hex(&key.finalize())))
    }

    /// Popeye's standard output and error for `input` with a table of `maxmem`, if kept. An
    /// entry that does not read, or is for another binary, table or input, is not an answer.
    pub fn get(&self, input: &str, maxmem: &str) -> Option<(String, String)> {
        let text = std::fs::read_to_string(self.path(input, maxmem)).ok()?;
        let entry: Entry = serde_json::from_str(&text).ok()?;
        let same = entry.layout == LAYOUT
            && entry.binary == self.binary
            && entry.maxmem == maxmem
            && entry.input == input;
        same.then(|| {
            self.hits.fetch_add(1, Ordering::Relaxed);
            (entry.stdout, entry.stderr)
        })
    }

    /// Keeps an answer. Written to a temporary file and renamed, so that a reader never sees a
    /// part of one; a failure to write only loses the entry.
    pub fn put(&self, input: &str, maxmem: &str, stdout: &str, stderr: &str) {
        let entry = Entry {
            layout: LAYOUT,
            binary: self.binary.clone(),
            maxmem: maxmem.to_string(),
            input: input.to_string(),
            stdout: stdout.to_string(),
            stderr: stderr.to_string(),
        };
        let Ok(text) = serde_json::to_string(&entry) else {
            return;
        };
        let Ok(mut file) = tempfile::NamedTempFile::new_in(&self.dir) else {
            return;
        };
        if std::io::Write::write_all(&mut file, text.as_bytes()).is_ok()
            && file.persist(self.path(input, maxmem)).is_ok()
        {
            self.stored.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// How many answers were taken from the folder.
    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::Relaxed)
    }

    /// How many answers were written to it.
    pub fn stored(&self) -> usize {
        self.stored.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_answers_only_its_own_binary_table_and_input() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, b"one binary").unwrap();
        std::fs::write(&b, b"another binary").unwrap();
        let folder = dir.path().join("cache");
        let cache_a = AnswerCache::open(&folder, &a).unwrap();
        cache_a.put("input", "256M", "out", "err");
        assert_eq!(
            cache_a.get("input", "256M"),
            Some(("out".into(), "err".into()))
        );
        assert_eq!(cache_a.get("input ", "256M"), None);
        assert_eq!(cache_a.get("input", "8M"), None);
        let cache_b = AnswerCache::open(&folder, &b).unwrap();
        assert_eq!(cache_b.get("input", "256M"), None);
        // An entry whose content is not what its name says (a collision, an edit) is no answer.
        let path = cache_a.path("input", "256M");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(
            &path,
            text.replace("\"input\":\"input\"", "\"input\":\"other\""),
        )
        .unwrap();
        assert_eq!(cache_a.get("input", "256M"), None);
        std::fs::write(&path, "not json").unwrap();
        assert_eq!(cache_a.get("input", "256M"), None);
    }

    #[test]
    fn a_missing_binary_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let err = AnswerCache::open(dir.path(), &dir.path().join("nope")).unwrap_err();
        assert!(err.contains("nope"), "{err}");
    }
}

//! The bounds the command line and the scenario files enforce on what a user asks for, so that
//! an absurd request is a clear error instead of a stack overflow or a machine brought to its
//! knees.

/// The deepest search any command or scenario may ask for (half-moves). Perft recursion takes
/// stack at every ply and cost grows exponentially, so no real run gets near it; beyond it a
/// request is a typo or a test of the tool, and is refused.
///
/// ```
/// use feerie::limits::{MAX_DEPTH, check_depth};
/// assert!(check_depth("--depth", 5).is_ok());
/// assert!(check_depth("--depth", MAX_DEPTH + 1).unwrap_err().to_string().contains("at most 32"));
/// ```
pub const MAX_DEPTH: u32 = 32;

/// The most threads `perft --threads` and `check --jobs` accept.
pub const MAX_THREADS: usize = 256;

/// The most fuzzed positions per family and profile `check --fuzz` accepts (a run of that
/// size would already take years; the bound keeps the arithmetic on counts exact).
pub const MAX_FUZZ: u64 = 1_000_000_000_000;

/// A request beyond the bounds of the command line, or an input file that is not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitError {
    /// A number beyond its bound; the message names the flag and the bound.
    Bound(String),
    /// A file that is not read: not a regular file, too large, not UTF-8, or unreadable.
    Unread(String),
}

impl std::fmt::Display for LimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitError::Bound(message) | LimitError::Unread(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for LimitError {}

/// An error when `depth` (given by `flag`) is above [`MAX_DEPTH`].
pub fn check_depth(flag: &str, depth: u32) -> Result<u32, LimitError> {
    if depth > MAX_DEPTH {
        Err(LimitError::Bound(format!(
            "{flag} {depth} is too deep: at most {MAX_DEPTH} half-moves (a perft of that depth would not finish anyway)"
        )))
    } else {
        Ok(depth)
    }
}

/// An error when `threads` (given by `flag`) is 0 or above [`MAX_THREADS`].
///
/// ```
/// use feerie::limits::check_threads;
/// assert!(check_threads("--threads", 4).is_ok());
/// assert!(check_threads("--threads", 0).is_err());
/// assert!(check_threads("--threads", 100_000).unwrap_err().to_string().contains("at most 256"));
/// ```
pub fn check_threads(flag: &str, threads: usize) -> Result<usize, LimitError> {
    if threads == 0 {
        Err(LimitError::Bound(format!("{flag} must be at least 1")))
    } else if threads > MAX_THREADS {
        Err(LimitError::Bound(format!(
            "{flag} {threads} is too many: at most {MAX_THREADS} (this machine has {} core(s))",
            std::thread::available_parallelism().map_or(1, |n| n.get())
        )))
    } else {
        Ok(threads)
    }
}

/// Cuts a text that goes into a one-line message to at most `max` characters, saying how much
/// was left out, so that a 100 KB input is not echoed whole.
///
/// ```
/// use feerie::limits::shorten;
/// assert_eq!(shorten("abc", 10), "abc");
/// let long = "x".repeat(1000);
/// let short = shorten(&long, 40);
/// assert!(short.len() < 100 && short.contains("1000 characters"));
/// ```
pub fn shorten(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… (cut: {count} characters in all)")
}

/// [`shorten`] on every quoted span (`'…'`) of a message longer than `max` characters, and on
/// the whole message at ten times that, so that an error about a huge input stays one readable
/// line that still says which field and what is wrong.
///
/// ```
/// use feerie::limits::shorten_quoted;
/// let message = format!("FEN reserve: '{}' is not a piece", "Q".repeat(5000));
/// let short = shorten_quoted(&message, 60);
/// assert!(short.starts_with("FEN reserve: 'QQQ") && short.ends_with("' is not a piece"));
/// assert!(short.len() < 200, "{short}");
/// ```
pub fn shorten_quoted(message: &str, max: usize) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find('\'') {
        out += &rest[..=open];
        let after = &rest[open + 1..];
        match after.find('\'') {
            Some(close) => {
                out += &shorten(&after[..close], max);
                out.push('\'');
                rest = &after[close + 1..];
            }
            None => {
                rest = after;
                break;
            }
        }
    }
    out += rest;
    let one_line = out.lines().collect::<Vec<_>>().join(" ");
    shorten(&one_line, max * 10)
}

/// A message made one safe line of an error: [`shorten_quoted`] (spans and the whole cut, the
/// lines joined), then every control character left escaped (`\x1b`, `\x07`, `\r`), so that a
/// binary file quoted in an error cannot move the cursor, ring the bell or recolour the
/// terminal. Every error line of the command line goes through it.
///
/// ```
/// use feerie::limits::error_line;
/// assert_eq!(error_line("line 2: '\u{1b}[31mred\u{7}' is not a command"), "line 2: '\\x1b[31mred\\x07' is not a command");
/// assert_eq!(error_line("a\nb"), "a b");
/// assert_eq!(error_line("caf\u{e9} \u{9b}"), "caf\u{e9} \\x9b");
/// ```
pub fn error_line(message: &str) -> String {
    escape_controls(&shorten_quoted(message, 80))
}

/// `text` with each control character (C0, DEL, C1: what a terminal may act on) written as
/// `\r`, `\t` or `\xNN`.
fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The largest input file read whole (bytes): Popeye inputs and perft suites are kilobytes.
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Reads a regular file of at most `max` bytes as UTF-8 text. A FIFO, a device or a folder is
/// refused without being opened (opening a FIFO blocks, reading `/dev/zero` never ends), and so
/// is a larger file; the error says which and why, without the path (the caller names it).
///
/// ```
/// use feerie::limits::read_text;
/// assert!(read_text(std::path::Path::new("/dev/zero"), 100).unwrap_err().to_string().contains("not a regular file"));
/// assert!(read_text(std::path::Path::new("Cargo.toml"), 10).unwrap_err().to_string().contains("bytes"));
/// assert!(read_text(std::path::Path::new("Cargo.toml"), 1 << 20).unwrap().contains("[package]"));
/// ```
pub fn read_text(path: &std::path::Path, max: u64) -> Result<String, LimitError> {
    String::from_utf8(read_bytes(path, max)?).map_err(|e| {
        LimitError::Unread(format!(
            "not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// As [`read_text`], for text that may be in an 8-bit encoding, as Popeye's files are (its
/// German examples are in Latin-1): UTF-8 when the bytes are, Latin-1 otherwise (every byte is
/// a character then, so nothing is refused for its encoding).
///
/// ```
/// let path = std::env::temp_dir().join(format!("feerie-latin1-{}.txt", std::process::id()));
/// std::fs::write(&path, b"auto M\xfcller\n").unwrap();
/// assert_eq!(feerie::limits::read_8bit_text(&path, 100).unwrap(), "auto M\u{fc}ller\n");
/// std::fs::write(&path, "auto M\u{fc}ller\n").unwrap();
/// assert_eq!(feerie::limits::read_8bit_text(&path, 100).unwrap(), "auto M\u{fc}ller\n");
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_8bit_text(path: &std::path::Path, max: u64) -> Result<String, LimitError> {
    Ok(match String::from_utf8(read_bytes(path, max)?) {
        Ok(text) => text,
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    })
}

/// The bytes of a regular file of at most `max` bytes (see [`read_text`]).
fn read_bytes(path: &std::path::Path, max: u64) -> Result<Vec<u8>, LimitError> {
    use std::io::Read;
    let meta =
        std::fs::metadata(path).map_err(|e| LimitError::Unread(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(LimitError::Unread(
            "not a regular file (a folder, FIFO, socket or device): not read".into(),
        ));
    }
    if meta.len() > max {
        return Err(LimitError::Unread(format!(
            "{} bytes, more than the {max} read at most",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| LimitError::Unread(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(LimitError::Unread(format!(
            "more than the {max} bytes read at most"
        )));
    }
    Ok(bytes)
}

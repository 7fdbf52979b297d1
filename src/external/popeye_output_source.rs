//! Where Popeye's output is read from, line by line and as many times as a reader needs: a
//! text in memory, or a file streamed from its start on each reading, so that an output of
//! millions of lines is never held whole. A file is read as a text would be: UTF-8 when all of
//! it is, Latin-1 otherwise (as [`crate::limits::read_8bit_text`] decides), its lines split as
//! [`str::lines`] splits them.

use std::io::{BufRead, BufReader, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::limits::LimitError;

/// The longest line read from an output file (bytes): Popeye's lines are short, and a longer
/// one (a file without line ends) would have to be held whole.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Popeye's output, read line by line.
#[derive(Clone, Debug)]
pub enum OutputSource<'a> {
    /// A text in memory.
    Text(&'a str),
    /// A regular file, read from its start on each reading.
    File {
        /// The file.
        path: PathBuf,
        /// Whether all of it is UTF-8 (else each byte is read as a Latin-1 character).
        utf8: bool,
    },
}

impl OutputSource<'_> {
    /// A regular file as a source (a FIFO, a device or a folder is refused without being
    /// opened): read once through to learn its encoding and check its lines' length. The
    /// error says why, without the path (the caller names it).
    pub fn file(path: &Path) -> Result<OutputSource<'static>, LimitError> {
        let meta =
            std::fs::metadata(path).map_err(|e| LimitError::Unread(format!("cannot read: {e}")))?;
        if !meta.is_file() {
            return Err(LimitError::Unread(
                "not a regular file (a folder, FIFO, socket or device): not read".into(),
            ));
        }
        let mut utf8 = true;
        each_raw_line(path, 1, &mut |_, bytes| {
            utf8 &= std::str::from_utf8(bytes).is_ok();
            ControlFlow::Continue(())
        })?;
        Ok(OutputSource::File {
            path: path.to_path_buf(),
            utf8,
        })
    }

    /// Calls `f` with each line from line `from` on (1-based number, text), until it breaks
    /// or the lines end.
    pub fn each_line(
        &self,
        from: usize,
        f: &mut dyn FnMut(usize, &str) -> ControlFlow<()>,
    ) -> Result<(), LimitError> {
        match self {
            OutputSource::Text(text) => {
                for (i, line) in text.lines().enumerate().skip(from.saturating_sub(1)) {
                    if f(i + 1, line).is_break() {
                        break;
                    }
                }
                Ok(())
            }
            OutputSource::File { path, utf8 } => each_raw_line(path, from, &mut |n, bytes| {
                if *utf8 {
                    // Checked when the source was made; a file changed since reads as Latin-1.
                    if let Ok(text) = std::str::from_utf8(bytes) {
                        return f(n, text);
                    }
                }
                let text: String = bytes.iter().map(|&b| char::from(b)).collect();
                f(n, &text)
            }),
        }
    }
}

/// Each line of a file from line `from` on as bytes, without its line end (`\n`, or `\r\n`).
fn each_raw_line(
    path: &Path,
    from: usize,
    f: &mut dyn FnMut(usize, &[u8]) -> ControlFlow<()>,
) -> Result<(), LimitError> {
    let unread = |e: std::io::Error| LimitError::Unread(format!("cannot read: {e}"));
    let file = std::fs::File::open(path).map_err(unread)?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(unread)?;
        if read == 0 {
            return Ok(());
        }
        number += 1;
        let ended = line.last() == Some(&b'\n');
        if ended {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        } else if read > MAX_LINE_BYTES {
            return Err(LimitError::Unread(format!(
                "line {number} is longer than {MAX_LINE_BYTES} bytes: not read"
            )));
        }
        if number >= from && f(number, &line).is_break() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(source: &OutputSource, from: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        source
            .each_line(from, &mut |n, l| {
                out.push((n, l.to_string()));
                ControlFlow::Continue(())
            })
            .unwrap();
        out
    }

    #[test]
    fn a_file_reads_as_its_text_does() {
        let dir = tempfile::tempdir().unwrap();
        for bytes in [
            &b"a\r\nb\n\nc"[..],
            b"a\nM\xfcller\n",
            "x\nM\u{fc}ller\n\n".as_bytes(),
            b"",
        ] {
            let path = dir.path().join("out");
            std::fs::write(&path, bytes).unwrap();
            let file = OutputSource::file(&path).unwrap();
            let text = crate::limits::read_8bit_text(&path, 1 << 20).unwrap();
            assert_eq!(lines_of(&file, 1), lines_of(&OutputSource::Text(&text), 1));
            assert_eq!(lines_of(&file, 2), lines_of(&OutputSource::Text(&text), 2));
        }
        assert!(OutputSource::file(dir.path()).is_err());
    }
}

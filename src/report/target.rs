//! Where a report goes (`--report`, `--junit`): a path checked before any work and again just
//! before the file is put in place, written through a temporary file beside it and renamed
//! over the path, so that a reader never sees half a report.
//!
//! A path that exists must be a regular file: a folder, a symbolic link (never followed out), a
//! FIFO, a socket or a device is refused rather than replaced, and so is a path that is one of
//! the command's own inputs (the same file, by device and inode, whatever the path that names
//! it), so that `popeye verify IN OUT --report IN` cannot destroy its input.
//!
//! ```
//! use std::path::Path;
//! use feerie::report::target::{check_target, write_file};
//! let dir = tempfile::tempdir().unwrap();
//! let input = dir.path().join("in.json");
//! std::fs::write(&input, "{}").unwrap();
//! let inputs = [input.as_path()];
//! let e = check_target("--report", &input, &inputs).unwrap_err();
//! assert!(e.to_string().contains("one of the command's inputs"), "{e}");
//! assert!(check_target("--junit", Path::new("/dev/null"), &[]).unwrap_err().to_string().contains("not a regular file"));
//! let out = dir.path().join("r.html");
//! write_file("--report", &out, b"<html>", &inputs).unwrap();
//! assert_eq!(std::fs::read_to_string(&out).unwrap(), "<html>");
//! ```

use std::path::Path;

use super::error::ReportError;

/// The folder a file at `path` goes in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// What a path that is not a regular file is, in words.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if meta.file_type().is_symlink() {
        "a symbolic link"
    } else {
        "something other than a file"
    }
}

/// Whether two metadata are of one file.
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

/// Checks that a file written for `flag` (`--report`, `--junit`) can go at `path`: its folder
/// exists, and the path either does not exist or is a regular file (not followed if it is a
/// link) that is none of `inputs` (compared as files: a link or a hard link to an input is that
/// input; an input that does not exist is no file). Run it before any work; [`write_file`]
/// runs it again just before writing.
pub fn check_target(flag: &'static str, path: &Path, inputs: &[&Path]) -> Result<(), ReportError> {
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.is_dir() {
            return Err(ReportError::IsFolder {
                flag,
                path: path.to_path_buf(),
            });
        }
        if !meta.is_file() {
            return Err(ReportError::NotAFile {
                flag,
                path: path.to_path_buf(),
                kind: kind(&meta),
            });
        }
        if let Some(input) = inputs.iter().find(|input| same_path(input, path)) {
            return Err(ReportError::IsInput {
                flag,
                path: path.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    let folder = folder_of(path);
    if !folder.is_dir() {
        return Err(ReportError::NoFolder {
            flag,
            path: path.to_path_buf(),
            folder: folder.to_path_buf(),
        });
    }
    Ok(())
}

/// What names the file at `path`, whether or not it exists yet: its canonical path, or for a
/// file still to be made, its folder's canonical path and its name (`X`, `./X` and `d/../X`
/// name one file before any of them is written).
fn resolved(path: &Path) -> Option<std::path::PathBuf> {
    if let Ok(canonical) = std::fs::canonicalize(path) {
        return Some(canonical);
    }
    let name = path.file_name()?;
    Some(std::fs::canonicalize(folder_of(path)).ok()?.join(name))
}

/// Whether `a` and `b` name one file: the same resolved path, or (both existing) the same
/// device and inode, so that a hard link is caught too.
fn same_path(a: &Path, b: &Path) -> bool {
    if let (Some(x), Some(y)) = (resolved(a), resolved(b))
        && x == y
    {
        return true;
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) => same_file(&x, &y),
        _ => false,
    }
}

/// Checks, before any work, that the files one command writes (each `(flag, path)`) are
/// distinct from each other and from every file it reads (`inputs`: its input files, the
/// Popeye binary it runs): `merge --junit X --report X` would lose one, `popeye verify --py X
/// --report X` would write HTML over the binary. Paths are compared as files, also when an
/// output does not exist yet (its folder is resolved). Each command calls this once with all
/// its outputs; [`check_target`] then checks each path on its own.
///
/// ```
/// use std::path::Path;
/// use feerie::report::target::check_outputs;
/// let dir = tempfile::tempdir().unwrap();
/// let (x, same) = (dir.path().join("x"), dir.path().join(".").join("x"));
/// let e = check_outputs(&[("--junit", &x), ("--report", &same)], &[]).unwrap_err();
/// assert!(e.to_string().starts_with("--report") && e.to_string().contains("--junit"), "{e}");
/// std::fs::write(&x, "binary").unwrap();
/// let e = check_outputs(&[("--report", &same)], &[&x]).unwrap_err();
/// assert!(e.to_string().contains("inputs"), "{e}");
/// assert!(check_outputs(&[("--junit", &x), ("--report", &dir.path().join("y"))], &[]).is_ok());
/// ```
pub fn check_outputs(
    outputs: &[(&'static str, &Path)],
    inputs: &[&Path],
) -> Result<(), ReportError> {
    for (index, (flag, path)) in outputs.iter().enumerate() {
        if let Some((other, _)) = outputs[..index].iter().find(|(_, p)| same_path(p, path)) {
            return Err(ReportError::SameOutput {
                flag,
                other,
                path: path.to_path_buf(),
            });
        }
        if let Some(input) = inputs.iter().find(|input| same_path(input, path)) {
            return Err(ReportError::IsInput {
                flag,
                path: path.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    Ok(())
}

/// [`check_target`], then a probe that the folder takes a new file (a temporary file made and
/// removed at once), so that an unwritable folder is said before any work too.
pub fn check_writable(
    flag: &'static str,
    path: &Path,
    inputs: &[&Path],
) -> Result<(), ReportError> {
    check_target(flag, path, inputs)?;
    tempfile::NamedTempFile::new_in(folder_of(path))
        .map(drop)
        .map_err(|e| ReportError::write(flag, path, e))
}

/// Writes `bytes` to `path` for `flag`: [`check_target`] again, then a temporary file beside
/// the path (readable by all: a report is for others to read), written whole and renamed over
/// the path.
pub fn write_file(
    flag: &'static str,
    path: &Path,
    bytes: &[u8],
    inputs: &[&Path],
) -> Result<(), ReportError> {
    check_target(flag, path, inputs)?;
    let fail = |e: std::io::Error| ReportError::write(flag, path, e);
    let mut file = tempfile::NamedTempFile::new_in(folder_of(path)).map_err(fail)?;
    // An interrupted run leaves no half-written report beside the path.
    let _registered = crate::external::process::cleanup::remove_on_signal(file.path());
    std::io::Write::write_all(&mut file, bytes).map_err(fail)?;
    file.as_file().sync_all().map_err(fail)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(fail)?;
    }
    // Checked once more as late as can be: a path turned into a link or a device meanwhile is
    // still not replaced.
    check_target(flag, path, inputs)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_fifos_and_inputs_are_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.txt");
        std::fs::write(&input, "input").unwrap();
        let link = dir.path().join("link.html");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let e = write_file("--report", &link, b"x", &[]).unwrap_err();
        assert!(e.to_string().contains("a symbolic link"), "{e}");
        assert!(e.is_usage());
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        // A hard link to an input is the input.
        let hard = dir.path().join("hard.html");
        std::fs::hard_link(&input, &hard).unwrap();
        let e = write_file("--junit", &hard, b"x", &[&input]).unwrap_err();
        assert!(e.to_string().starts_with("--junit "), "{e}");
        // So is the input named another way.
        let other = dir.path().join(".").join("in.txt");
        assert!(write_file("--report", &other, b"x", &[&input]).is_err());
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "input");
        let fifo = dir.path().join("fifo");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let e = check_target("--report", &fifo, &[]).unwrap_err();
        assert!(e.to_string().contains("a FIFO"), "{e}");
        let e = check_target("--report", dir.path(), &[]).unwrap_err();
        assert!(e.to_string().contains("is a folder"), "{e}");
        let e = check_writable("--report", &dir.path().join("no/r.html"), &[]).unwrap_err();
        assert!(e.to_string().contains("does not exist"), "{e}");
        // A regular file is replaced whole, and nothing else is left in the folder.
        let out = dir.path().join("out.xml");
        std::fs::write(&out, "old old old").unwrap();
        write_file("--junit", &out, b"new", &[&input]).unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 5);
    }
}

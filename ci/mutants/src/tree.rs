//! The solver's source unpacked (or copied) outside the repository, built once pristine, then
//! patched one file at a time; the pristine text is written back by a guard that runs on every
//! path out (errors and panics included), and the interrupt path rebuilds the pristine binary.

use crate::process::{Ending, run_shell, run_shell_with};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub struct WorkTree {
    /// The root of the unpacked source (where the build command runs).
    pub root: PathBuf,
    pub build: String,
    pub build_limit: Duration,
}

/// Prepares `work` from `origin` (a `.tar.gz`/`.tgz`/`.tar` archive or a source folder): unpacks
/// or copies it when `work` holds no tree yet, and writes the listed files back from the origin
/// in every case (a previous run killed by SIGKILL may have left one patched); rewriting them
/// gives them a new time, so the next build recompiles them.
pub fn prepare(origin: &Path, work: &Path, files: &[String]) -> Result<PathBuf, String> {
    fs::create_dir_all(work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let origin = &fs::canonicalize(origin)
        .map_err(|e| format!("no source archive or folder at {}: {e}", origin.display()))?;
    let work = &fs::canonicalize(work).map_err(|e| format!("{}: {e}", work.display()))?;
    let is_archive = origin.is_file();
    let root = if is_archive {
        let top = archive_top(origin)?;
        let root = work.join(&top);
        if !root.is_dir() {
            shell_ok(
                &format!("tar xf {} -C {}", quote(origin), quote(work)),
                work,
            )?;
        }
        let members: Vec<String> = files
            .iter()
            .map(|f| quote_str(&format!("{top}/{f}")))
            .collect();
        shell_ok(
            &format!(
                "tar xmf {} -C {} {}",
                quote(origin),
                quote(work),
                members.join(" ")
            ),
            work,
        )?;
        root
    } else if origin.is_dir() {
        let root = work.join("source");
        if !root.is_dir() {
            shell_ok(&format!("cp -a {} {}", quote(origin), quote(&root)), work)?;
        }
        for f in files {
            let text = fs::read(origin.join(f))
                .map_err(|e| format!("cannot read {f} in {}: {e}", origin.display()))?;
            fs::write(root.join(f), text).map_err(|e| format!("cannot restore {f}: {e}"))?;
        }
        root
    } else {
        return Err(format!(
            "no source archive or folder at {}",
            origin.display()
        ));
    };
    for f in files {
        if !root.join(f).is_file() {
            return Err(format!("{f}: no such file in the source"));
        }
    }
    Ok(root)
}

/// The single top folder of an archive, which it must have.
fn archive_top(archive: &Path) -> Result<String, String> {
    let listing = run_shell(
        &format!("tar tf {} | head -1", quote(archive)),
        Path::new("."),
        Duration::from_secs(120),
    )
    .map_err(|e| format!("cannot list {}: {e}", archive.display()))?;
    let first = String::from_utf8_lossy(&listing.stdout).trim().to_string();
    let top = first.split('/').next().unwrap_or("").to_string();
    if top.is_empty() || top == "." {
        return Err(format!(
            "{}: the archive has no single top folder",
            archive.display()
        ));
    }
    Ok(top)
}

fn shell_ok(command: &str, cwd: &Path) -> Result<(), String> {
    let done =
        run_shell(command, cwd, Duration::from_secs(600)).map_err(|e| format!("{command}: {e}"))?;
    match done.ending {
        Ending::Exited(0) => Ok(()),
        other => Err(format!("{command}: {other:?}: {}", done.stderr_tail.trim())),
    }
}

pub fn quote(path: &Path) -> String {
    quote_str(&path.to_string_lossy())
}

pub fn quote_str(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// How a build ended.
pub enum Build {
    Built { seconds: f64 },
    Failed { seconds: f64, message: String },
    Interrupted,
}

impl WorkTree {
    pub fn build(&self) -> Build {
        self.build_with(true)
    }

    /// The build that puts the pristine binary back, which an interrupt does not stop.
    pub fn rebuild_pristine(&self) -> Build {
        self.build_with(false)
    }

    fn build_with(&self, interruptible: bool) -> Build {
        match run_shell_with(&self.build, &self.root, self.build_limit, interruptible) {
            Err(e) => Build::Failed {
                seconds: 0.0,
                message: e.to_string(),
            },
            Ok(done) => match done.ending {
                Ending::Exited(0) => Build::Built {
                    seconds: done.seconds,
                },
                Ending::Interrupted => Build::Interrupted,
                other => Build::Failed {
                    seconds: done.seconds,
                    message: format!("{other:?}: {}", last_line(&done.stderr_tail)),
                },
            },
        }
    }
}

fn last_line(text: &str) -> String {
    text.lines()
        .rev()
        .find(|l| l.contains("error"))
        .or_else(|| text.lines().last())
        .unwrap_or("")
        .trim()
        .to_string()
}

/// A file of the tree with a mutant written into it; dropping the guard writes the pristine
/// text back.
pub struct Patched {
    path: PathBuf,
    pristine: String,
}

impl Patched {
    pub fn apply(path: &Path, pristine: &str, mutated: &str) -> Result<Patched, String> {
        fs::write(path, mutated).map_err(|e| format!("cannot patch {}: {e}", path.display()))?;
        Ok(Patched {
            path: path.to_path_buf(),
            pristine: pristine.to_string(),
        })
    }
}

impl Drop for Patched {
    fn drop(&mut self) {
        if let Err(e) = fs::write(&self.path, &self.pristine) {
            eprintln!(
                "feerie-mutants: could not restore {}: {e}",
                self.path.display()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patched_file_is_restored_when_the_guard_goes_even_by_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.c");
        let pristine = "int f(int a) { return a < 1; }\n";
        fs::write(&path, pristine).unwrap();
        {
            let _guard =
                Patched::apply(&path, pristine, "int f(int a) { return a <= 1; }\n").unwrap();
            assert!(fs::read_to_string(&path).unwrap().contains("<="));
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), pristine);
        let path2 = path.clone();
        let unwound = std::panic::catch_unwind(move || {
            let _guard = Patched::apply(&path2, pristine, "broken").unwrap();
            panic!("judge failed");
        });
        assert!(unwound.is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), pristine);
    }

    #[test]
    fn preparing_from_a_folder_copies_it_and_writes_listed_files_back() {
        let origin = tempfile::tempdir().unwrap();
        fs::write(origin.path().join("a.c"), "int x;\n").unwrap();
        let work = tempfile::tempdir().unwrap();
        let root = prepare(origin.path(), work.path(), &["a.c".into()]).unwrap();
        fs::write(root.join("a.c"), "mutated").unwrap();
        let again = prepare(origin.path(), work.path(), &["a.c".into()]).unwrap();
        assert_eq!(again, root);
        assert_eq!(fs::read_to_string(root.join("a.c")).unwrap(), "int x;\n");
        assert!(prepare(origin.path(), work.path(), &["missing.c".into()]).is_err());
    }
}

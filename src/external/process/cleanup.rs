//! What an interrupted run leaves behind, removed: on SIGINT or SIGTERM the process groups of
//! the programs still running are killed and the temporary files and folders still in use
//! are removed, then the process ends with 130 (SIGINT) or 143 (SIGTERM), as a shell reports
//! a command it interrupted.
//!
//! A temporary path is registered while it lives ([`remove_on_signal`], a guard that forgets
//! it when dropped); a child's process group from its start to its reaping (by `group`).
//! The signal handler itself only writes the signal's number into a pipe (all a handler may
//! safely do); a thread of its own reads it and does the work, outside the handler.
//!
//! ```
//! use feerie::external::process::cleanup::remove_on_signal;
//! let dir = tempfile::tempdir().unwrap();
//! let guard = remove_on_signal(dir.path());
//! drop(guard); // forgotten again: the folder is the caller's to remove
//! ```

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// The temporary paths in use, each with its registration number.
static PATHS: Mutex<Vec<(u64, PathBuf)>> = Mutex::new(Vec::new());
/// The process groups of the children still running.
static GROUPS: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());
/// The last registration number given.
static NEXT: AtomicU64 = AtomicU64::new(0);
/// The pipe's writing end, for the handler (-1 until installed).
static PIPE: AtomicI32 = AtomicI32::new(-1);
/// The handlers are installed once.
static INSTALL: Once = Once::new();

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A thread that panicked while holding it left a list still worth cleaning.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary path registered for removal on a signal, until this is dropped.
#[must_use = "the path is forgotten when the guard is dropped"]
pub struct Registered(u64);

impl Drop for Registered {
    fn drop(&mut self) {
        lock(&PATHS).retain(|(n, _)| *n != self.0);
    }
}

/// Registers `path` (a temporary file or folder) for removal if the process is interrupted
/// while the guard lives; installs the signal handlers the first time.
pub fn remove_on_signal(path: &Path) -> Registered {
    install();
    let number = NEXT.fetch_add(1, Ordering::Relaxed) + 1;
    lock(&PATHS).push((number, path.to_path_buf()));
    Registered(number)
}

/// A temporary folder registered for removal on a signal from the moment it exists: made while
/// the list of paths is held, so that an interruption either comes first (and the folder is
/// never made, the process ending) or finds it listed. Making the folder and then registering
/// it would leave one made in between behind.
pub struct TemporaryFolder {
    // Dropped first: the folder is removed while still listed, so an interruption meanwhile
    // removes what is left of it.
    dir: tempfile::TempDir,
    _registered: Registered,
}

impl TemporaryFolder {
    /// A new folder under the system's temporary folder (`TMPDIR`).
    pub fn new() -> std::io::Result<TemporaryFolder> {
        install();
        let mut paths = lock(&PATHS);
        let dir = tempfile::tempdir()?;
        let number = NEXT.fetch_add(1, Ordering::Relaxed) + 1;
        paths.push((number, dir.path().to_path_buf()));
        Ok(TemporaryFolder {
            dir,
            _registered: Registered(number),
        })
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// Registers a child's process group (its pid: it leads a group of its own) for killing on a
/// signal.
pub(super) fn kill_on_signal(group: u32) {
    install();
    lock(&GROUPS).push(group as libc::pid_t);
}

/// Forgets a child's process group, before it is reaped (its id may then be reused).
pub(super) fn forget_group(group: u32) {
    lock(&GROUPS).retain(|g| *g != group as libc::pid_t);
}

/// The handler: the signal's number into the pipe, nothing else (async-signal-safe).
extern "C" fn on_signal(signal: libc::c_int) {
    let fd = PIPE.load(Ordering::Relaxed);
    let byte = signal as u8;
    // SAFETY: write(2) of one byte from the stack to a descriptor we own is
    // async-signal-safe; its result cannot be acted on here.
    unsafe {
        libc::write(fd, (&byte as *const u8).cast(), 1);
    }
}

/// Installs the handlers of SIGINT and SIGTERM and the thread that cleans up, once. When the
/// pipe or the thread cannot be made, the signals keep their default action (the run ends
/// without cleaning, as before).
fn install() {
    INSTALL.call_once(|| {
        let mut fds = [0 as libc::c_int; 2];
        // SAFETY: pipe2 fills the two descriptors of the array it is given.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return;
        }
        let reader = fds[0];
        let started = std::thread::Builder::new()
            .name("signal cleanup".into())
            .spawn(move || {
                let mut byte = 0u8;
                // SAFETY: read(2) of one byte into a local.
                let n = unsafe { libc::read(reader, (&mut byte as *mut u8).cast(), 1) };
                if n == 1 {
                    clean_up_and_exit(libc::c_int::from(byte));
                }
            });
        if started.is_err() {
            return;
        }
        PIPE.store(fds[1], Ordering::Relaxed);
        for signal in [libc::SIGINT, libc::SIGTERM] {
            // SAFETY: a sigaction whose handler only writes to a pipe; the struct is zeroed
            // (no flags, an empty mask) before the handler is set.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    });
}

/// Kills the children's groups (so that none writes into a folder being removed), removes the
/// temporary paths, and ends the process with 128 + the signal's number.
fn clean_up_and_exit(signal: libc::c_int) -> ! {
    for group in lock(&GROUPS).iter() {
        // SAFETY: kill(2) with a negative pid signals a process group; no memory is involved.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
    // Held to the end: a path registered meanwhile waits, and is not left half-listed.
    let paths = lock(&PATHS);
    for (_, path) in paths.iter() {
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let _ = std::fs::remove_dir_all(path);
            }
            Ok(_) => {
                let _ = std::fs::remove_file(path);
            }
            Err(_) => {}
        }
    }
    let what = if signal == libc::SIGINT {
        "interrupted"
    } else {
        "terminated"
    };
    eprintln!("feerie: {what}; temporary files removed");
    std::process::exit(128 + signal);
}

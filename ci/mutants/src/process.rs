//! Outside commands run with a deadline in their own process group (killed whole when the
//! deadline passes or an interrupt arrives), and the interrupt flag itself.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn note_interrupt(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// SIGINT and SIGTERM set a flag instead of ending the program, so that the patched file is
/// restored and the table written before it exits.
pub fn catch_interrupts() {
    let handler = note_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t;
    // SAFETY: the handler only stores into an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// How a command ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    /// Killed by a signal of its own (a crash).
    Signalled(i32),
    TimedOut,
    Interrupted,
}

pub struct Finished {
    pub ending: Ending,
    pub seconds: f64,
    /// Standard output, at most `OUTPUT_BOUND` bytes of it.
    pub stdout: Vec<u8>,
    /// The last bytes of standard error, for error messages.
    pub stderr_tail: String,
}

const OUTPUT_BOUND: u64 = 16 << 20;

/// Runs `command` through `sh -c` in `cwd` with at most `limit` of time; an interrupt stops it.
pub fn run_shell(command: &str, cwd: &Path, limit: Duration) -> std::io::Result<Finished> {
    run_shell_with(command, cwd, limit, true)
}

/// As `run_shell`; when `interruptible` is false an interrupt does not stop the command (the
/// rebuild of the pristine binary on the way out).
pub fn run_shell_with(
    command: &str,
    cwd: &Path,
    limit: Duration,
    interruptible: bool,
) -> std::io::Result<Finished> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let started = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = child.id() as libc::pid_t;
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = (&mut out).take(OUTPUT_BOUND).read_to_end(&mut buf);
        // Drain the rest so that the child never blocks on a full pipe.
        let _ = std::io::copy(&mut out, &mut std::io::sink());
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err.read_to_end(&mut buf);
        let tail = buf.len().saturating_sub(2000);
        String::from_utf8_lossy(&buf[tail..]).into_owned()
    });
    let ending = loop {
        if let Some(status) = child.try_wait()? {
            break match (status.code(), status.signal()) {
                (Some(code), _) => Ending::Exited(code),
                (None, Some(signal)) => Ending::Signalled(signal),
                _ => Ending::Exited(-1),
            };
        }
        let stop = if interruptible && interrupted() {
            Some(Ending::Interrupted)
        } else if started.elapsed() >= limit {
            Some(Ending::TimedOut)
        } else {
            None
        };
        if let Some(stop) = stop {
            // SIGTERM first, so that a judge can end the programs it started in groups of
            // their own; then SIGKILL for whatever is left.
            // SAFETY: signalling the process group this function created.
            unsafe {
                libc::kill(-group, libc::SIGTERM);
            }
            let grace = Instant::now();
            while grace.elapsed() < Duration::from_secs(3) && child.try_wait()?.is_none() {
                std::thread::sleep(Duration::from_millis(20));
            }
            // SAFETY: as above.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
            let _ = child.wait();
            break stop;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    // The group is killed so that no grandchild keeps the pipes open.
    // SAFETY: as above; the group may already be gone, which is harmless.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    let stdout = out_reader.join().unwrap_or_default();
    let stderr_tail = err_reader.join().unwrap_or_default();
    Ok(Finished {
        ending,
        seconds: started.elapsed().as_secs_f64(),
        stdout,
        stderr_tail,
    })
}

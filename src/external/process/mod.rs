//! Running outside programs (Popeye, UCI engines) under limits: a deadline and a bound on the
//! bytes read from them. A program that hangs, floods its output or echoes forever ends with a
//! typed [`RunError`] instead of hanging feerie or eating its memory.
//!
//! The child is started in a process group of its own, so that killing it also kills what it
//! started (a shell script's `sleep`, say), which would otherwise keep its pipes open. It is
//! always reaped.
//!
//! ```
//! use std::time::Duration;
//! use feerie::external::process::{Program, RunError};
//!
//! let done = Program::new("sh").args(["-c", "echo hello"]).run().unwrap();
//! assert_eq!(done.stdout_text(), "hello\n");
//!
//! let hung = Program::new("sh").args(["-c", "sleep 30"]).deadline(Duration::from_millis(200)).run();
//! assert!(matches!(hung, Err(RunError::Timeout { .. })));
//! ```

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Default deadline of one outside call: `--timeout` on the command line.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// Default bound on the bytes read from one stream of one outside call (64 MiB: a Popeye listing
/// of every sequence of 3 half-moves from a busy position is a few MiB).
pub const DEFAULT_MAX_OUTPUT: usize = 64 << 20;

/// Which output stream of a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

impl std::fmt::Display for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stream::Stdout => "standard output",
            Stream::Stderr => "standard error",
        })
    }
}

/// Why an outside program gave no usable answer. The child has been killed and reaped.
#[derive(Debug)]
pub enum RunError {
    /// It could not be started (not found, not executable, …).
    Start {
        /// The program.
        program: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// It did not finish (or answer) within the deadline.
    Timeout {
        /// The program.
        program: String,
        /// The deadline.
        after: Duration,
    },
    /// It wrote more than the bound on one stream (or one line longer than the bound).
    TooMuchOutput {
        /// The program.
        program: String,
        /// Which stream.
        stream: Stream,
        /// The bound, in bytes.
        limit: usize,
    },
    /// It closed its output (ended) while an answer was awaited.
    Ended {
        /// The program.
        program: String,
        /// Its exit status, if it has ended.
        status: Option<ExitStatus>,
    },
    /// Reading from it or writing to it failed.
    Io {
        /// The program.
        program: String,
        /// What was being done.
        doing: &'static str,
        /// What the system said.
        source: std::io::Error,
    },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Start { program, source } => write!(f, "cannot start '{program}': {source}"),
            RunError::Timeout { program, after } => write!(
                f,
                "'{program}' gave no answer within {} s and was stopped (--timeout SECS gives it longer)",
                after.as_secs_f64()
            ),
            RunError::TooMuchOutput {
                program,
                stream,
                limit,
            } => write!(
                f,
                "'{program}' wrote more than {} MiB on its {stream} and was stopped",
                (*limit as f64 / (1 << 20) as f64)
            ),
            RunError::Ended { program, status } => match status.and_then(|s| s.code()) {
                Some(code) => write!(f, "'{program}' ended unexpectedly (exit code {code})"),
                None => write!(f, "'{program}' ended unexpectedly"),
            },
            RunError::Io {
                program,
                doing,
                source,
            } => write!(f, "'{program}': {doing}: {source}"),
        }
    }
}

impl std::error::Error for RunError {}

/// What a finished program gave back.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Its exit status.
    pub status: ExitStatus,
    /// Everything it wrote on standard output.
    pub stdout: Vec<u8>,
    /// Everything it wrote on standard error.
    pub stderr: Vec<u8>,
}

impl Finished {
    /// Standard output as text (invalid UTF-8 replaced).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Standard error as text (invalid UTF-8 replaced).
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }
}

/// One call of an outside program: what to run, where, with what input and under what limits.
#[derive(Clone, Debug)]
pub struct Program {
    program: PathBuf,
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    stdin: Option<Vec<u8>>,
    deadline: Duration,
    max_output: usize,
}

impl Program {
    /// A call of `program` (a path, or a name looked up on PATH) without arguments, in the
    /// current folder, with empty input, [`DEFAULT_TIMEOUT`] and [`DEFAULT_MAX_OUTPUT`].
    pub fn new(program: impl AsRef<Path>) -> Program {
        Program {
            program: program.as_ref().to_path_buf(),
            args: Vec::new(),
            dir: None,
            stdin: None,
            deadline: DEFAULT_TIMEOUT,
            max_output: DEFAULT_MAX_OUTPUT,
        }
    }

    /// Adds arguments.
    pub fn args<I, S>(mut self, args: I) -> Program
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Adds one argument that is a path.
    pub fn arg_path(mut self, path: impl AsRef<Path>) -> Program {
        self.args.push(path.as_ref().as_os_str().to_os_string());
        self
    }

    /// Runs it in this folder.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Program {
        self.dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Feeds it this on standard input (then closes it).
    pub fn stdin(mut self, input: impl Into<Vec<u8>>) -> Program {
        self.stdin = Some(input.into());
        self
    }

    /// Stops it after this long.
    pub fn deadline(mut self, deadline: Duration) -> Program {
        self.deadline = deadline;
        self
    }

    /// Stops it when it writes more than this many bytes on one stream.
    pub fn max_output(mut self, bytes: usize) -> Program {
        self.max_output = bytes;
        self
    }

    fn name(&self) -> String {
        self.program.display().to_string()
    }

    fn command(&self) -> Command {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .process_group(0);
        if let Some(dir) = &self.dir {
            cmd.current_dir(dir);
        }
        cmd
    }

    /// Runs it to the end and returns what it wrote and its exit status (whatever the status:
    /// the caller judges it), or why it gave no usable answer.
    pub fn run(&self) -> Result<Finished, RunError> {
        let program = self.name();
        let start = Instant::now();
        let mut child = spawn(&mut self.command()).map_err(|source| RunError::Start {
            program: program.clone(),
            source,
        })?;
        let mut guard = Guard { child: &mut child };
        let writer = guard.child.stdin.take().map(|mut pipe| {
            let input = self.stdin.clone().unwrap_or_default();
            // A program that does not read its input gets it cut off when it is killed.
            std::thread::spawn(move || {
                let _ = pipe.write_all(&input);
            })
        });
        let (events, received) = mpsc::channel();
        let out = collect(
            guard.child.stdout.take().expect("piped"),
            Stream::Stdout,
            self.max_output,
            events.clone(),
        );
        let err = collect(
            guard.child.stderr.take().expect("piped"),
            Stream::Stderr,
            self.max_output,
            events,
        );
        let mut open = 2;
        let mut failure = None;
        while open > 0 && failure.is_none() {
            let left = self.deadline.saturating_sub(start.elapsed());
            match received.recv_timeout(left) {
                Ok(Event::Closed) => open -= 1,
                Ok(Event::Overflow(stream)) => {
                    failure = Some(RunError::TooMuchOutput {
                        program: program.clone(),
                        stream,
                        limit: self.max_output,
                    })
                }
                Ok(Event::Failed(source)) => {
                    failure = Some(RunError::Io {
                        program: program.clone(),
                        doing: "reading its output",
                        source,
                    })
                }
                Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => {
                    failure = Some(RunError::Timeout {
                        program: program.clone(),
                        after: self.deadline,
                    })
                }
            }
        }
        // Both streams are closed: wait for the exit, still within the deadline.
        let status = match failure {
            Some(e) => Err(e),
            None => loop {
                match guard.child.try_wait() {
                    Ok(Some(status)) => break Ok(status),
                    Ok(None) if start.elapsed() >= self.deadline => {
                        break Err(RunError::Timeout {
                            program: program.clone(),
                            after: self.deadline,
                        });
                    }
                    Ok(None) => std::thread::sleep(Duration::from_millis(2)),
                    Err(source) => {
                        break Err(RunError::Io {
                            program: program.clone(),
                            doing: "waiting for it to end",
                            source,
                        });
                    }
                }
            },
        };
        if status.is_err() {
            guard.kill();
        }
        drop(guard);
        // The group is dead or done: the pipes are closed and the threads end.
        let stdout = out.join().unwrap_or_default();
        let stderr = err.join().unwrap_or_default();
        if let Some(w) = writer {
            let _ = w.join();
        }
        Ok(Finished {
            status: status?,
            stdout,
            stderr,
        })
    }

    /// Starts it for a conversation line by line: [`Conversation::send`] and
    /// [`Conversation::read_line`], each read under the deadline and the output bound.
    pub fn converse(&self) -> Result<Conversation, RunError> {
        let program = self.name();
        let mut cmd = self.command();
        cmd.stdin(Stdio::piped()).stderr(Stdio::null());
        let mut child = spawn(&mut cmd).map_err(|source| RunError::Start {
            program: program.clone(),
            source,
        })?;
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (lines, received) = mpsc::sync_channel(256);
        let max_line = self.max_output;
        // The reader thread is let go: it ends when the pipe closes or the receiver is gone.
        std::thread::spawn(move || read_lines(output, max_line, lines));
        Ok(Conversation {
            program,
            child,
            input: Some(input),
            lines: received,
            deadline: self.deadline,
            max_output: self.max_output,
            read_since_send: 0,
            started: Instant::now(),
        })
    }
}

/// Kills the child's process group unless it was let go, and always reaps the child.
struct Guard<'a> {
    child: &'a mut Child,
}

impl Guard<'_> {
    fn kill(&mut self) {
        kill_group(self.child);
    }
}

impl Drop for Guard<'_> {
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            kill_group(self.child);
        }
        let _ = self.child.wait();
    }
}

/// Kills the child and everything in its process group. The child is not reaped yet, so its
/// process group id cannot have been reused.
fn kill_group(child: &mut Child) {
    let group = child.id() as libc::pid_t;
    // SAFETY: kill(2) with a negative pid signals a process group; no memory is involved.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    let _ = child.kill();
}

enum Event {
    Closed,
    Overflow(Stream),
    Failed(std::io::Error),
}

/// Reads a stream to its end (or to the bound) on a thread of its own.
fn collect(
    mut pipe: impl Read + Send + 'static,
    stream: Stream,
    limit: usize,
    events: mpsc::Sender<Event>,
) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 64 * 1024];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => {
                    let _ = events.send(Event::Closed);
                    return buffer;
                }
                Ok(n) if buffer.len() + n > limit => {
                    let _ = events.send(Event::Overflow(stream));
                    return buffer;
                }
                Ok(n) => buffer.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = events.send(Event::Failed(e));
                    return buffer;
                }
            }
        }
    })
}

/// A line from a conversation's reader thread.
enum Line {
    Text(String),
    TooLong,
    Failed(std::io::Error),
}

fn read_lines(output: impl Read, max_line: usize, lines: SyncSender<Line>) {
    let mut reader = BufReader::new(output);
    loop {
        let mut bytes = Vec::new();
        // One byte more than the bound tells a line at the bound from a longer one.
        let read = (&mut reader)
            .take(max_line as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let line = match read {
            Ok(0) => return,
            Ok(n) if n > max_line => Line::TooLong,
            Ok(_) => Line::Text(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) => Line::Failed(e),
        };
        let stop = !matches!(line, Line::Text(_));
        // The receiver gone (the conversation ended) ends the thread.
        if lines.send(line).is_err() || stop {
            return;
        }
    }
}

/// A program started for a line-by-line conversation ([`Program::converse`]). Each read waits
/// at most the deadline, and the bytes read between two sends are bounded; on a failure the
/// program is killed. Dropping it closes its input, gives it a moment to end, then kills it.
pub struct Conversation {
    program: String,
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<Line>,
    deadline: Duration,
    max_output: usize,
    read_since_send: usize,
    started: Instant,
}

impl Conversation {
    /// Sends one line (a newline is added) and restarts the deadline.
    pub fn send(&mut self, line: &str) -> Result<(), RunError> {
        self.read_since_send = 0;
        self.started = Instant::now();
        let written = match self.input.as_mut() {
            Some(input) => writeln!(input, "{line}").and_then(|_| input.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        written.map_err(|source| {
            // A closed input most often means the program has ended: say so, with its status.
            if source.kind() == std::io::ErrorKind::BrokenPipe {
                let status = self.exit_status_soon();
                if status.is_some() {
                    self.stop();
                    return RunError::Ended {
                        program: self.program.clone(),
                        status,
                    };
                }
            }
            self.stop();
            RunError::Io {
                program: self.program.clone(),
                doing: "writing to its input",
                source,
            }
        })
    }

    /// The program's exit status if it ends within a moment (about 100 ms).
    fn exit_status_soon(&mut self) -> Option<ExitStatus> {
        for _ in 0..50 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    /// The next line, without its line end, within the deadline counted from the last send.
    pub fn read_line(&mut self) -> Result<String, RunError> {
        let left = self.deadline.saturating_sub(self.started.elapsed());
        let failure = match self.lines.recv_timeout(left) {
            Ok(Line::Text(text)) => {
                self.read_since_send += text.len();
                if self.read_since_send <= self.max_output {
                    return Ok(text.trim_end_matches(['\n', '\r']).to_string());
                }
                RunError::TooMuchOutput {
                    program: self.program.clone(),
                    stream: Stream::Stdout,
                    limit: self.max_output,
                }
            }
            Ok(Line::TooLong) => RunError::TooMuchOutput {
                program: self.program.clone(),
                stream: Stream::Stdout,
                limit: self.max_output,
            },
            Ok(Line::Failed(source)) => RunError::Io {
                program: self.program.clone(),
                doing: "reading its output",
                source,
            },
            Err(RecvTimeoutError::Disconnected) => {
                // End of output: give the program a moment to exit so that its status is known.
                RunError::Ended {
                    program: self.program.clone(),
                    status: self.exit_status_soon(),
                }
            }
            Err(RecvTimeoutError::Timeout) => RunError::Timeout {
                program: self.program.clone(),
                after: self.deadline,
            },
        };
        self.stop();
        Err(failure)
    }

    /// Kills the program's group (if it is still running) and reaps it.
    fn stop(&mut self) {
        self.input = None;
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            kill_group(&mut self.child);
        }
        let _ = self.child.wait();
        self.lines = mpsc::sync_channel(0).1;
    }
}

impl Drop for Conversation {
    fn drop(&mut self) {
        // Closing its input lets a well-behaved program end by itself.
        self.input = None;
        for _ in 0..100 {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop();
    }
}

/// Starts the command, trying again for a short while when the program file is still held open
/// for writing. A script written just before it is run (a stand-in, a freshly built binary) can
/// be busy for a moment because another thread forked while the file was open: the child keeps
/// the descriptor until its own exec, and the kernel refuses to run the file meanwhile.
fn spawn(cmd: &mut Command) -> std::io::Result<Child> {
    const TRIES: u32 = 50;
    let mut tries = 0;
    loop {
        match cmd.spawn() {
            Err(error)
                if error.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < TRIES =>
            {
                tries += 1;
                std::thread::sleep(Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

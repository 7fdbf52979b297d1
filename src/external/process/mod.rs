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
//!
//! The module's parts: `error` says why a program gave no answer, `run` runs one to its end,
//! `conversation` talks to one line by line, `group` starts, kills and reaps its process group,
//! `cleanup` kills the groups and removes the temporary files of a run ended by a signal.

pub mod cleanup;
mod conversation;
mod error;
mod group;
mod run;

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

pub use conversation::Conversation;
pub use error::{RunError, Stream};
pub use run::Finished;

/// Default deadline of one outside call: `--timeout` on the command line.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// Default bound on the bytes read from one stream of one outside call (64 MiB: a Popeye listing
/// of every sequence of 3 half-moves from a busy position is a few MiB).
pub const DEFAULT_MAX_OUTPUT: usize = 64 << 20;

/// One call of an outside program: what to run, where, with what input and under what limits.
#[derive(Clone, Debug)]
pub struct Program {
    program: PathBuf,
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    stdin: Option<Vec<u8>>,
    deadline: Duration,
    max_output: usize,
    stdout_to: Option<PathBuf>,
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
            stdout_to: None,
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

    /// Stops it when it writes more than this many bytes on one stream (on standard error at
    /// most [`DEFAULT_MAX_OUTPUT`] when standard output goes to a file: that one is held).
    pub fn max_output(mut self, bytes: usize) -> Program {
        self.max_output = bytes;
        self
    }

    /// Writes its standard output to this file (made anew) instead of keeping it, still under
    /// the bound: an output too long to hold is then read from the file.
    /// [`Finished::stdout`] is left empty.
    pub fn stdout_to(mut self, path: impl AsRef<Path>) -> Program {
        self.stdout_to = Some(path.as_ref().to_path_buf());
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
}

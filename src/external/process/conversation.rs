//! Talking to a program line by line ([`Program::converse`], [`Conversation`]): a UCI engine's
//! handshake and answers, each read awaited under the deadline and the bytes between two sends
//! bounded.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use super::group::{kill_group, spawn};
use super::{Program, RunError, Stream};

impl Program {
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
        super::cleanup::forget_group(self.child.id());
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

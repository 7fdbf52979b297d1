//! Running a program to its end ([`Program::run`]): its input fed on a thread, both output
//! streams read on threads of their own under the output bound, the whole under the deadline.

use std::io::{Read, Write};
use std::process::ExitStatus;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::group::{Guard, spawn};
use super::{Program, RunError, Stream};

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

impl Program {
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
        let sink = match &self.stdout_to {
            Some(path) => match std::fs::File::create(path) {
                Ok(file) => Some(std::io::BufWriter::new(file)),
                Err(source) => {
                    guard.kill();
                    return Err(RunError::Io {
                        program,
                        doing: "making the file of its output",
                        source,
                    });
                }
            },
            None => None,
        };
        // A stream kept in memory keeps the usual bound, also when standard output goes to a
        // file under a larger one.
        let bound = |stream: Stream| match (stream, &self.stdout_to) {
            (Stream::Stderr, Some(_)) => self.max_output.min(super::DEFAULT_MAX_OUTPUT),
            _ => self.max_output,
        };
        let out = collect(
            guard.child.stdout.take().expect("piped"),
            Stream::Stdout,
            bound(Stream::Stdout),
            events.clone(),
            sink,
        );
        let err = collect(
            guard.child.stderr.take().expect("piped"),
            Stream::Stderr,
            bound(Stream::Stderr),
            events,
            None,
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
                        limit: bound(stream),
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
}

enum Event {
    Closed,
    Overflow(Stream),
    Failed(std::io::Error),
}

/// Reads a stream to its end (or to the bound) on a thread of its own: kept, or written to
/// `file` when one is given (then nothing is kept).
fn collect(
    mut pipe: impl Read + Send + 'static,
    stream: Stream,
    limit: usize,
    events: mpsc::Sender<Event>,
    mut file: Option<std::io::BufWriter<std::fs::File>>,
) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buffer = Vec::new();
        let mut read = 0usize;
        let mut chunk = [0u8; 64 * 1024];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => {
                    if let Some(Err(e)) = file.as_mut().map(Write::flush) {
                        let _ = events.send(Event::Failed(e));
                        return buffer;
                    }
                    let _ = events.send(Event::Closed);
                    return buffer;
                }
                Ok(n) if read + n > limit => {
                    let _ = events.send(Event::Overflow(stream));
                    return buffer;
                }
                Ok(n) => {
                    read += n;
                    match file.as_mut() {
                        Some(f) => {
                            if let Err(e) = f.write_all(&chunk[..n]) {
                                let _ = events.send(Event::Failed(e));
                                return buffer;
                            }
                        }
                        None => buffer.extend_from_slice(&chunk[..n]),
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = events.send(Event::Failed(e));
                    return buffer;
                }
            }
        }
    })
}

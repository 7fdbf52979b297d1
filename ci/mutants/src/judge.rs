//! The judges of a built mutant: the triviality check (a tiny problem compared with the pristine
//! binary), the ordered stages sharing one budget, and Popeye's own example files compared with
//! their expected outputs.

use crate::process::{Ending, run_shell};
use crate::tree::quote;
use serde::Serialize;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What became of a mutant under one judge.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    Killed {
        stage: String,
        seconds: f64,
        /// The last line the killing stage wrote (its verdict: a finding, or a stage that
        /// compared too little), so that the table tells a kill by a finding from another.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        why: String,
    },
    Survived {
        budget_spent_in: Option<String>,
        seconds: f64,
    },
    NoCompile {
        message: String,
    },
    Trivial {
        reason: String,
    },
    Error {
        stage: String,
        message: String,
    },
    Equivalent {
        reason: String,
    },
    Interrupted,
}

/// One stage of the judge: a shell command with `{py}` (the mutant binary) and `{tmp}` (a fresh
/// empty folder) in it.
#[derive(Clone, Debug)]
pub struct Stage {
    pub name: String,
    pub command: String,
}

impl Stage {
    /// Reads `NAME=COMMAND`.
    pub fn parse(text: &str) -> Result<Stage, String> {
        match text.split_once('=') {
            Some((name, command)) if !name.trim().is_empty() && !command.trim().is_empty() => {
                Ok(Stage {
                    name: name.trim().to_string(),
                    command: command.to_string(),
                })
            }
            _ => Err(format!("--stage {text:?}: expected NAME=COMMAND")),
        }
    }
}

fn expand(template: &str, binary: &Path, tmp: &Path) -> String {
    template
        .replace("{py}", &quote(binary))
        .replace("{tmp}", &quote(tmp))
}

/// Runs the stages in order within `budget`: the first to exit 1 kills the mutant; exit 0 of
/// every stage is a survival; any other ending is an error (not a kill); a stage still running
/// when the budget is spent is stopped and the mutant survives.
pub fn run_stages(stages: &[Stage], binary: &Path, cwd: &Path, budget: Duration) -> Outcome {
    let started = Instant::now();
    for stage in stages {
        let Some(left) = budget.checked_sub(started.elapsed()) else {
            return Outcome::Survived {
                budget_spent_in: Some(stage.name.clone()),
                seconds: started.elapsed().as_secs_f64(),
            };
        };
        let tmp = match tempfile::tempdir() {
            Ok(t) => t,
            Err(e) => {
                return Outcome::Error {
                    stage: stage.name.clone(),
                    message: format!("no temporary folder: {e}"),
                };
            }
        };
        let command = expand(&stage.command, binary, tmp.path());
        let done = match run_shell(&command, cwd, left) {
            Ok(d) => d,
            Err(e) => {
                return Outcome::Error {
                    stage: stage.name.clone(),
                    message: e.to_string(),
                };
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        match &done.ending {
            Ending::Exited(0) => {}
            Ending::Exited(1) => {
                return Outcome::Killed {
                    stage: stage.name.clone(),
                    seconds,
                    why: verdict_line(&done),
                };
            }
            Ending::TimedOut => {
                return Outcome::Survived {
                    budget_spent_in: Some(stage.name.clone()),
                    seconds,
                };
            }
            Ending::Interrupted => return Outcome::Interrupted,
            other => {
                return Outcome::Error {
                    stage: stage.name.clone(),
                    message: format!("{other:?}: {}", last_words(&done)),
                };
            }
        }
    }
    Outcome::Survived {
        budget_spent_in: None,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The last line a stage that did not pass wrote (standard error first, else standard output),
/// to say why.
fn last_words(done: &crate::process::Finished) -> String {
    last_line(&done.stderr_tail)
        .or_else(|| last_line(&String::from_utf8_lossy(&done.stdout)))
        .unwrap_or_default()
}

/// The last line of `text` that is not blank.
fn last_line(text: &str) -> Option<String> {
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(str::to_string)
}

/// The last line a killing stage wrote on standard output (its verdict), else on standard error.
fn verdict_line(done: &crate::process::Finished) -> String {
    last_line(&String::from_utf8_lossy(&done.stdout))
        .or_else(|| last_line(&done.stderr_tail))
        .unwrap_or_default()
}

/// The triviality check: the mutant's standard output and exit code on a tiny problem must be
/// the pristine binary's.
pub struct TrivialCheck {
    pub command: String,
    pub limit: Duration,
    pub expected: (Vec<u8>, Ending),
}

impl TrivialCheck {
    pub fn record(
        command: &str,
        pristine: &Path,
        cwd: &Path,
        limit: Duration,
    ) -> Result<TrivialCheck, String> {
        let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
        let done = run_shell(&expand(command, pristine, tmp.path()), cwd, limit)
            .map_err(|e| e.to_string())?;
        match done.ending {
            Ending::Exited(_) if !done.stdout.is_empty() => Ok(TrivialCheck {
                command: command.to_string(),
                limit,
                expected: (done.stdout, done.ending),
            }),
            other => Err(format!(
                "the triviality check fails on the pristine binary ({other:?}, {} bytes of output): {}",
                done.stdout.len(),
                done.stderr_tail.trim()
            )),
        }
    }

    /// None when the mutant answers as the pristine binary does, else why it is trivial.
    pub fn check(&self, binary: &Path, cwd: &Path) -> Result<Option<String>, Outcome> {
        let tmp = tempfile::tempdir().map_err(|e| Outcome::Error {
            stage: "trivial".into(),
            message: e.to_string(),
        })?;
        let done = run_shell(&expand(&self.command, binary, tmp.path()), cwd, self.limit).map_err(
            |e| Outcome::Error {
                stage: "trivial".into(),
                message: e.to_string(),
            },
        )?;
        Ok(match done.ending {
            Ending::Interrupted => return Err(Outcome::Interrupted),
            Ending::TimedOut => Some(format!(
                "hangs on the tiny problem (over {} s)",
                self.limit.as_secs()
            )),
            Ending::Signalled(s) => Some(format!("crashes on the tiny problem (signal {s})")),
            ref e if *e != self.expected.1 => Some(format!("ends with {e:?} on the tiny problem")),
            _ if done.stdout != self.expected.0 => {
                Some("a wrong answer on the tiny problem".into())
            }
            _ => None,
        })
    }
}

/// Popeye's own example files: each input is solved in an empty folder and every output file it
/// writes that has an expected version in `REGRESSIONTESTS/` is compared with it, as Popeye's
/// scripts do (`diff -wb`), after the move counters of a measuring build are taken out.
pub struct Examples {
    pub source_root: PathBuf,
    pub inputs: Vec<String>,
    pub command: String,
}

const COUNTERS: [&str; 4] = [
    "add_to_move_generation_stack:",
    "play_move:",
    "is_white_king_square_attacked:",
    "is_black_king_square_attacked:",
];

/// An output reduced to what a comparison looks at: each line without its blanks and without the
/// move counters (`name: number`) of a measuring build, blank lines dropped.
pub fn normalise(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| {
            let mut line = line.to_string();
            for counter in COUNTERS {
                while let Some(at) = line.find(counter) {
                    let rest = &line[at + counter.len()..];
                    let digits_end = rest.len() - rest.trim_start().len()
                        + rest
                            .trim_start()
                            .find(|c: char| !c.is_ascii_digit())
                            .unwrap_or(rest.trim_start().len());
                    line = format!("{}{}", &line[..at], &rest[digits_end..]);
                }
            }
            line.split_whitespace().collect::<String>()
        })
        .filter(|l| !l.is_empty())
        .collect()
}

impl Examples {
    /// Solves one input with `binary` and compares; Ok(true) when every output matches.
    fn matches(&self, input: &str, binary: &Path, limit: Duration) -> Result<(bool, f64), Ending> {
        let tmp = tempfile::tempdir().map_err(|_| Ending::Exited(-1))?;
        let path = self.source_root.join(input);
        let command = format!(
            "{} {}",
            expand(&self.command, binary, tmp.path()),
            quote(&path)
        );
        let done = run_shell(&command, tmp.path(), limit).map_err(|_| Ending::Exited(-1))?;
        if matches!(done.ending, Ending::TimedOut | Ending::Interrupted) {
            return Err(done.ending);
        }
        let mut compared = 0;
        for entry in fs::read_dir(tmp.path()).into_iter().flatten().flatten() {
            let expected = self
                .source_root
                .join("REGRESSIONTESTS")
                .join(entry.file_name());
            let (Ok(got), Ok(want)) = (fs::read(entry.path()), fs::read(&expected)) else {
                continue;
            };
            compared += 1;
            if normalise(&String::from_utf8_lossy(&got))
                != normalise(&String::from_utf8_lossy(&want))
            {
                return Ok((false, done.seconds));
            }
        }
        Ok((compared > 0, done.seconds))
    }

    /// Keeps the inputs the pristine binary passes (saying which it drops), with their times.
    pub fn calibrate(&mut self, pristine: &Path, limit: Duration) -> Vec<(String, f64)> {
        let mut kept = Vec::new();
        for input in std::mem::take(&mut self.inputs) {
            match self.matches(&input, pristine, limit) {
                Ok((true, s)) => kept.push((input, s)),
                Ok((false, _)) => eprintln!(
                    "feerie-mutants: {input}: the pristine binary does not give the expected output; left out"
                ),
                Err(e) => eprintln!("feerie-mutants: {input}: the pristine binary {e:?}; left out"),
            }
        }
        self.inputs = kept.iter().map(|(i, _)| i.clone()).collect();
        kept
    }

    /// The first input whose output differs kills the mutant; one that runs past ten times the
    /// pristine time (and at least 10 s) kills it as a hang; running out of budget is a survival.
    pub fn judge(&self, binary: &Path, budget: Duration, pristine_seconds: &[f64]) -> Outcome {
        let started = Instant::now();
        for (input, pristine) in self.inputs.iter().zip(pristine_seconds) {
            let hang = Duration::from_secs_f64((pristine * 10.0).max(10.0));
            let Some(left) = budget.checked_sub(started.elapsed()) else {
                return Outcome::Survived {
                    budget_spent_in: Some(input.clone()),
                    seconds: started.elapsed().as_secs_f64(),
                };
            };
            let seconds = || started.elapsed().as_secs_f64();
            match self.matches(input, binary, left.min(hang)) {
                Ok((true, _)) => {}
                Ok((false, _)) => {
                    return Outcome::Killed {
                        stage: input.clone(),
                        seconds: seconds(),
                        why: String::new(),
                    };
                }
                Err(Ending::Interrupted) => return Outcome::Interrupted,
                Err(Ending::TimedOut) if left > hang => {
                    return Outcome::Killed {
                        stage: format!("{input} (hang)"),
                        seconds: seconds(),
                        why: String::new(),
                    };
                }
                Err(Ending::TimedOut) => {
                    return Outcome::Survived {
                        budget_spent_in: Some(input.clone()),
                        seconds: seconds(),
                    };
                }
                Err(e) => {
                    return Outcome::Error {
                        stage: input.clone(),
                        message: format!("{e:?}"),
                    };
                }
            }
        }
        Outcome::Survived {
            budget_spent_in: None,
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_drops_blanks_and_measuring_counters_only() {
        let reference =
            "1.Ka1-b1 !\n  add_to_move_generation_stack:      839017\nmate  play_move:  12\n\n";
        let plain = "1.Ka1-b1  !\nmate\n";
        assert_eq!(normalise(reference), normalise(plain));
        assert_ne!(normalise("1.Ka1-b2 !"), normalise(plain));
    }

    #[test]
    fn the_first_stage_that_exits_1_kills_and_other_codes_are_errors() {
        let cwd = Path::new(".");
        let bin = Path::new("/bin/true");
        let st = |n: &str, c: &str| Stage {
            name: n.into(),
            command: c.into(),
        };
        let budget = Duration::from_secs(20);
        match run_stages(
            &[
                st("a", "exit 0"),
                st(
                    "b",
                    "echo progress >&2; echo 'result: FAILED: 1 finding'; exit 1",
                ),
                st("c", "exit 1"),
            ],
            bin,
            cwd,
            budget,
        ) {
            // The kill says why: the verdict the stage printed last, not its progress.
            Outcome::Killed { stage, why, .. } => {
                assert_eq!(stage, "b");
                assert_eq!(why, "result: FAILED: 1 finding");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            run_stages(&[st("a", "exit 0")], bin, cwd, budget),
            Outcome::Survived {
                budget_spent_in: None,
                ..
            }
        ));
        assert!(matches!(
            run_stages(&[st("a", "exit 2"), st("b", "exit 1")], bin, cwd, budget),
            Outcome::Error { .. }
        ));
        assert!(matches!(
            run_stages(
                &[st("slow", "sleep 5")],
                bin,
                cwd,
                Duration::from_millis(300)
            ),
            Outcome::Survived {
                budget_spent_in: Some(_),
                ..
            }
        ));
        assert!(matches!(
            run_stages(&[st("p", "test -x {py} && exit 1")], bin, cwd, budget),
            Outcome::Killed { .. }
        ));
    }
}

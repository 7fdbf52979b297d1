//! A UCI engine's `go perft` as an outside check of orthodox move generation.
//!
//! The engine is started once and fed positions one by one: `position fen …`, `go perft N`,
//! then its `move: count` lines up to `Nodes searched: N`. Moves are compared in UCI's
//! long algebraic notation (`e2e4`, `e7e8q`, castling as the king's move `e1g1`).

use std::collections::BTreeMap;
use std::time::Duration;

use feerie_oracle::{MoveRecord, Position, Setup, Walk, fen};

use super::ExternalError;
use super::process::{Conversation, DEFAULT_TIMEOUT, Program, RunError};

/// A running UCI engine. Every answer is awaited under a deadline and a bound on the bytes read
/// ([`super::process::Conversation`]): an engine that hangs, echoes or floods is stopped with a
/// clear error.
pub struct UciEngine {
    command: String,
    conversation: Conversation,
}

/// Bound on the bytes of one answer of a UCI engine (its `uci` options, a `go perft` divide):
/// a few KiB in practice.
pub const MAX_ANSWER: usize = 1 << 20;

/// Why a UCI engine gave no answer to compare. The engine has been stopped.
#[derive(Debug)]
pub enum UciError {
    /// It could not be started: not installed, not executable.
    Start(RunError),
    /// It did not take a line: it has ended, or its input is closed.
    Send(RunError),
    /// It gave no awaited answer: the deadline passed, it ended (crashed), or it flooded its
    /// output.
    Answer {
        /// The engine, as it was given.
        command: String,
        /// What went wrong.
        error: RunError,
        /// Its last line before, if it wrote one: what it said instead of the answer.
        last_line: Option<String>,
    },
    /// Its `go perft` answer ended without a `Nodes searched: N` line.
    NoNodeCount {
        /// The engine, as it was given.
        command: String,
    },
}

impl std::fmt::Display for UciError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UciError::Start(e) => write!(
                f,
                "UCI engine: {e} (install it, e.g. apt-get install stockfish, or give its path)"
            ),
            UciError::Send(e) => write!(f, "UCI engine: {e}"),
            UciError::Answer {
                command,
                error,
                last_line,
            } => {
                write!(f, "UCI engine '{command}': {error}")?;
                match last_line {
                    Some(l) => write!(
                        f,
                        " (its last line: '{}')",
                        l.chars().take(80).collect::<String>()
                    ),
                    None => Ok(()),
                }
            }
            UciError::NoNodeCount { command } => write!(f, "no node count from '{command}'"),
        }
    }
}

impl std::error::Error for UciError {}

/// A UCI engine's answer to `go perft`: the count under each root move, and the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciPerft {
    /// `move: count` lines.
    pub divide: BTreeMap<String, u64>,
    /// `Nodes searched`.
    pub total: u64,
}

impl UciEngine {
    /// Starts the engine (a command found on PATH or in /usr/games, or a path) and waits for
    /// `uciok`, each answer within [`DEFAULT_TIMEOUT`].
    pub fn start(command: &str) -> Result<UciEngine, UciError> {
        UciEngine::start_with_timeout(command, DEFAULT_TIMEOUT)
    }

    /// [`UciEngine::start`] with another deadline for each answer (`uciok`, `readyok`, and the
    /// whole of each `go perft`).
    pub fn start_with_timeout(command: &str, timeout: Duration) -> Result<UciEngine, UciError> {
        let spawn = |program: &str| {
            Program::new(program)
                .deadline(timeout)
                .max_output(MAX_ANSWER)
                .converse()
        };
        // Debian installs game engines in /usr/games, which is not always on PATH.
        let conversation = spawn(command)
            .or_else(|e| match (command.contains('/'), &e) {
                (false, RunError::Start { source, .. })
                    if source.kind() == std::io::ErrorKind::NotFound =>
                {
                    spawn(&format!("/usr/games/{command}")).map_err(|_| e)
                }
                _ => Err(e),
            })
            .map_err(UciError::Start)?;
        let mut engine = UciEngine {
            command: command.to_string(),
            conversation,
        };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok")?;
        engine.send("isready")?;
        engine.wait_for(|l| l == "readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        self.conversation.send(line).map_err(UciError::Send)
    }

    /// Reads lines until one satisfies `done`; returns the lines up to it.
    fn wait_for(&mut self, done: impl Fn(&str) -> bool) -> Result<Vec<String>, UciError> {
        let mut lines: Vec<String> = Vec::new();
        loop {
            let line = self
                .conversation
                .read_line()
                .map_err(|error| UciError::Answer {
                    command: self.command.clone(),
                    error,
                    last_line: lines.last().cloned(),
                })?;
            let line = line.trim().to_string();
            let finished = done(&line);
            lines.push(line);
            if finished {
                return Ok(lines);
            }
        }
    }

    /// The engine's perft of an orthodox position; [`ExternalError::Inexpressible`] for a
    /// position UCI cannot express ([`standard_fen`]).
    pub fn perft(&mut self, position: &Position, depth: u32) -> Result<UciPerft, ExternalError> {
        let fen = standard_fen(position.setup())?;
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go perft {depth}"))?;
        let lines = self.wait_for(|l| l.starts_with("Nodes searched"))?;
        let mut divide = BTreeMap::new();
        let mut total = None;
        for line in &lines {
            if let Some(n) = line.strip_prefix("Nodes searched:") {
                total = n.trim().parse().ok();
            } else if let Some((mv, n)) = line.split_once(':')
                && let Ok(n) = n.trim().parse::<u64>()
            {
                divide.insert(mv.trim().to_string(), n);
            }
        }
        let total = total.ok_or_else(|| UciError::NoNodeCount {
            command: self.command.clone(),
        })?;
        Ok(UciPerft { divide, total })
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        // The conversation then closes its input and stops the engine if it does not end.
        let _ = self.conversation.send("quit");
    }
}

/// A FEN a UCI engine reads: orthodox units only, no reserve, castling as `KQkq` (a king's
/// right alone, `E`/`e`, is dropped: without a rook right it changes nothing in orthodox chess).
///
/// ```
/// use feerie::oracle::{fen, Validation};
/// let p = fen::parse("4k3/8/8/8/8/8/8/4K3 w Ee - 0 1", Validation::Strict).unwrap();
/// assert_eq!(feerie::external::uci::standard_fen(p.setup()).unwrap(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// ```
pub fn standard_fen(setup: &Setup) -> Result<String, ExternalError> {
    if setup.reserve.is_some() {
        return Err(ExternalError::Inexpressible(
            "a Parrain reserve has no UCI equivalent".into(),
        ));
    }
    if let Some((sq, p)) = setup.board.pieces().find(|(_, p)| {
        p.walk.fen_char().is_none() || p.magic || p.mutable || p.royal != (p.walk == Walk::King)
    }) {
        return Err(ExternalError::Inexpressible(format!(
            "the unit {p} on {sq} is not orthodox"
        )));
    }
    let text = fen::write(setup);
    let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let castling: String = fields[2]
        .chars()
        .filter(|c| !matches!(c, 'E' | 'e'))
        .collect();
    fields[2] = if castling.is_empty() || castling == "-" {
        "-".into()
    } else {
        castling
    };
    Ok(fields.join(" "))
}

/// A move in UCI notation.
///
/// ```
/// use feerie::oracle::{Engine, Position, ReferenceEngine, Rules};
/// let moves = ReferenceEngine.legal_moves(&Position::start(), &Rules::orthodox()).unwrap();
/// let uci: Vec<String> = moves.iter().map(feerie::external::uci::uci_move).collect();
/// assert!(uci.contains(&"g1f3".to_string()));
/// ```
pub fn uci_move(mv: &MoveRecord) -> String {
    if let Some(side) = mv.castling {
        let [king_from, king_to, ..] = side.squares(mv.mover.colour);
        return format!("{king_from}{king_to}");
    }
    let promotion = match mv.promotion.map(|p| p.walk) {
        Some(Walk::Queen) => "q",
        Some(Walk::Rook) => "r",
        Some(Walk::Bishop) => "b",
        Some(Walk::Knight) => "n",
        // Orthodox chess promotes to none of the others; UCI has no letter for them.
        Some(_) | None => "",
    };
    format!("{}{}{promotion}", mv.from, mv.to)
}

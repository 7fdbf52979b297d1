//! Asking Popeye about many positions in one run: for each position its legal moves (with check
//! marks) and, to a given depth, the number of sequences of that many half-moves, counted under
//! each first move.
//!
//! Each question becomes one or two Popeye problems (a move listing, `sstipulation … 1s[~]`,
//! and a listing of every line of the depth) separated by `next`, so that the comparison is not
//! bound by the start of a process. Popeye answers each problem with a section ending in
//! `solution finished.`; when the sections do not add up, or when Popeye complains on its
//! standard error (a refused problem prints no section, or one for a garbled problem), the
//! questions are asked again one by one, so that the refused one is found and reported with
//! Popeye's own words while the others are answered.

use super::ExternalError;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use feerie_oracle::{CheckMark, Colour, MoveRecord, Position, Rules, popeye_input};

use super::popeye_fault::{self, HANG_AFTER};
use super::popeye_output;
use super::process::{Program, RunError};

/// One position to ask about.
#[derive(Clone, Debug)]
pub struct Question {
    /// The position.
    pub position: Position,
    /// The rules, which Popeye is told as conditions.
    pub rules: Rules,
    /// Sequences of this many half-moves are counted when it is 2 or more; 1 asks for the
    /// moves alone.
    pub depth: u32,
}

/// A move as Popeye prints it in a move listing.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ListedMove {
    /// The move without mark (`PPf7*g6 ep.=P`).
    pub text: String,
    /// Popeye marks it `+` (it marks mate so too in a listing).
    pub check: bool,
}

impl ListedMove {
    /// Our engine's move as Popeye lists it: its notation without mark, and whether it checks
    /// (or mates).
    pub fn of(mv: &MoveRecord) -> ListedMove {
        ListedMove {
            text: mv.notation_without_check(),
            check: mv.check != CheckMark::None,
        }
    }
}

impl From<&popeye_output::SolutionMove> for ListedMove {
    fn from(m: &popeye_output::SolutionMove) -> ListedMove {
        ListedMove {
            text: m.text.clone(),
            check: m.mark.is_some(),
        }
    }
}

/// As Popeye writes it in a listing: the move, then ` +` when it checks.
impl std::fmt::Display for ListedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)?;
        if self.check {
            f.write_str(" +")?;
        }
        Ok(())
    }
}

/// Popeye's count of the sequences of `depth` half-moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineCount {
    /// The depth.
    pub depth: u32,
    /// All sequences.
    pub total: u64,
    /// The sequences under each first move, by the move's text.
    pub by_first_move: BTreeMap<String, u64>,
}

/// Popeye's answer to one question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The legal moves, sorted, and the line count when the depth was 2 or more.
    Answered {
        /// The moves.
        moves: Vec<ListedMove>,
        /// The sequences of the question's depth.
        lines: Option<LineCount>,
    },
    /// Popeye would not solve it; its words.
    Refused(String),
    /// Popeye was killed by a signal (a segmentation fault, an abort) or stopped itself on a
    /// fatal error when asked this question alone: a fault of the binary's, which a campaign
    /// reports as a finding; how the run ended.
    Crashed(String),
    /// Popeye gave no answer within the run's timeout (at least [`HANG_AFTER`]) when asked this
    /// question alone: a fault of the binary's as a crash is; the line that says so.
    Hung(String),
    /// Not asked: Popeye hung on an earlier question of the same run, and the time a hang
    /// costs is not spent again on the rest of the run; why.
    NotAsked(String),
}

/// How Popeye is run.
#[derive(Clone, Debug)]
pub struct PopeyeRunner<'a> {
    /// The binary.
    pub binary: &'a Path,
    /// The deadline of one run of the binary.
    pub timeout: Duration,
}

impl PopeyeRunner<'_> {
    /// Popeye's replies to `questions`, in order. An error is a run that failed as a whole
    /// (the binary could not start, timed out, flooded its output) or a question Popeye's
    /// input cannot express.
    pub fn ask(&self, questions: &[Question]) -> Result<Vec<Reply>, ExternalError> {
        if questions.is_empty() {
            return Ok(Vec::new());
        }
        let mut problems = Vec::new();
        for q in questions {
            problems.extend(problems_of(q)?);
        }
        // No position takes Popeye long: a run of several is given HANG_AFTER per position at
        // most, then its positions are asked alone, each within the whole timeout, so that a
        // deep position on a loaded machine is not taken for a hang.
        let deadline = match questions.len() {
            1 => self.timeout,
            n => self.timeout.min(HANG_AFTER.saturating_mul(n as u32)),
        };
        let (stdout, stderr) = match self.run(&problems, deadline) {
            Ok(out) => out,
            // A deep listing of many positions may pass the output bound, and a crash must be
            // laid at one position's door: ask in halves.
            Err(Failure::Overflow(_) | Failure::Crashed(_)) if questions.len() > 1 => {
                let (a, b) = questions.split_at(questions.len() / 2);
                let mut replies = self.ask(a)?;
                replies.extend(self.ask(b)?);
                return Ok(replies);
            }
            Err(Failure::Crashed(how)) => return Ok(vec![Reply::Crashed(how)]),
            Err(Failure::TimedOut(after, _))
                if questions.len() > 1 && popeye_fault::hangs(after) =>
            {
                return self.ask_until_hang(questions);
            }
            Err(Failure::TimedOut(after, _)) if popeye_fault::hangs(after) => {
                return Ok(vec![Reply::Hung(popeye_fault::hung_after(after))]);
            }
            Err(e) => return Err(ExternalError::Failed(e.to_string())),
        };
        let chunks = popeye_output::parse(&stdout);
        if stderr.trim().is_empty() && chunks.len() == problems.len() {
            let mut replies = Vec::new();
            let mut chunks = chunks.iter();
            for q in questions {
                let listing = chunks.next().expect("counted");
                let moves = listed_moves(listing);
                let lines = if q.depth >= 2 {
                    Some(line_count(chunks.next().expect("counted"), q.depth))
                } else {
                    None
                };
                replies.push(Reply::Answered { moves, lines });
            }
            return Ok(replies);
        }
        if questions.len() == 1 {
            let words = if stderr.trim().is_empty() {
                format!(
                    "{} answer section(s) for {} problem(s)",
                    chunks.len(),
                    problems.len()
                )
            } else {
                one_line(&stderr)
            };
            return Ok(vec![Reply::Refused(words)]);
        }
        let mut replies = Vec::new();
        for q in questions {
            replies.extend(self.ask(std::slice::from_ref(q))?);
        }
        Ok(replies)
    }

    /// The questions of a run that timed out, asked one at a time up to the first that Popeye
    /// hangs on alone, which is a fault of the binary's; those after it are not asked.
    fn ask_until_hang(&self, questions: &[Question]) -> Result<Vec<Reply>, ExternalError> {
        let mut replies = Vec::new();
        for (i, q) in questions.iter().enumerate() {
            let reply = self.ask(std::slice::from_ref(q))?;
            let hung = matches!(reply.as_slice(), [Reply::Hung(_)]);
            replies.extend(reply);
            if hung {
                let why = "not asked: Popeye hung on an earlier position of its run";
                replies.extend((i + 1..questions.len()).map(|_| Reply::NotAsked(why.into())));
                break;
            }
        }
        Ok(replies)
    }

    /// Popeye's version, from the banner it prints first (`Popeye 4.104`).
    pub fn version(&self) -> Result<String, ExternalError> {
        let problem = popeye_input::write(
            &Position::start(),
            &Rules::orthodox(),
            "sstipulation white 1s[~]",
        )
        .map_err(|e| ExternalError::Inexpressible(e.to_string()))?;
        let (stdout, _) = self
            .run(&[problem], self.timeout)
            .map_err(|e| ExternalError::Failed(e.to_string()))?;
        version_of(&stdout).ok_or_else(|| {
            ExternalError::Failed(format!(
                "{} printed no version banner: is it Popeye?",
                self.binary.display()
            ))
        })
    }

    /// Runs the problems as one input within `deadline`; standard output and standard error.
    fn run(&self, problems: &[String], deadline: Duration) -> Result<(String, String), Failure> {
        let dir = super::process::cleanup::TemporaryFolder::new()
            .map_err(|e| Failure::Other(format!("cannot make a temporary folder: {e}")))?;
        let file = dir.path().join("feerie.inp");
        std::fs::write(&file, join(problems))
            .map_err(|e| Failure::Other(format!("cannot write {}: {e}", file.display())))?;
        let done = Program::new(self.binary)
            .args(["-maxmem", "256M"])
            .arg_path(&file)
            .current_dir(dir.path())
            .deadline(deadline)
            .max_output(MAX_OUTPUT)
            .run()
            .map_err(|e| match e {
                RunError::TooMuchOutput { .. } => Failure::Overflow(format!("Popeye: {e}")),
                RunError::Timeout { after, .. } => Failure::TimedOut(after, format!("Popeye: {e}")),
                e => Failure::Other(format!("Popeye: {e}")),
            })?;
        if done.status.code().is_none() {
            return Err(Failure::Crashed(format!(
                "Popeye ({}) crashed (killed by a signal: {}){}",
                self.binary.display(),
                done.status,
                match one_line(&done.stderr_text()) {
                    words if words.is_empty() => String::new(),
                    words => format!(": {words}"),
                }
            )));
        }
        if !done.status.success() && popeye_fault::aborted(&done.stderr_text()) {
            return Err(Failure::Crashed(format!(
                "Popeye ({}) aborted: {}",
                self.binary.display(),
                one_line(&done.stderr_text())
            )));
        }
        if !done.status.success() {
            return Err(Failure::Other(format!(
                "Popeye ({}) failed{}: {}",
                self.binary.display(),
                done.status
                    .code()
                    .map_or(String::new(), |c| format!(" with exit code {c}")),
                one_line(&done.stderr_text())
            )));
        }
        Ok((done.stdout_text(), done.stderr_text()))
    }
}

/// Bytes read from one run of Popeye at most: a listing of every line of a few half-moves from
/// a batch of busy positions runs to tens of MiB; a batch past this is asked again in halves.
const MAX_OUTPUT: usize = 256 << 20;

/// Why a run gave no answer.
#[derive(Debug)]
enum Failure {
    /// Popeye printed more than [`MAX_OUTPUT`].
    Overflow(String),
    /// Popeye was killed by a signal or stopped itself on a fatal error.
    Crashed(String),
    /// Popeye gave no answer within the deadline (the first), and was stopped.
    TimedOut(Duration, String),
    /// Anything else.
    Other(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Overflow(m) | Failure::Crashed(m) | Failure::Other(m) => f.write_str(m),
            Failure::TimedOut(_, m) => f.write_str(m),
        }
    }
}

/// `Popeye 4.104` from a banner such as `Popeye Linux-6.1-64Bit v4.104 (1024 MB)`.
///
/// ```
/// use feerie::external::popeye_batch::version_of;
/// let banner = "Popeye Linux-6.18.44-fc-unknown-64Bit v4.104 (1024 MB)\n\n   1.e2-e4 !\n";
/// assert_eq!(version_of(banner).as_deref(), Some("Popeye 4.104"));
/// assert_eq!(version_of("hello"), None);
/// ```
pub fn version_of(stdout: &str) -> Option<String> {
    let banner = stdout.lines().find(|l| l.starts_with("Popeye "))?;
    let version = banner
        .split_whitespace()
        .find_map(|w| w.strip_prefix('v'))
        .filter(|v| v.starts_with(|c: char| c.is_ascii_digit()))?;
    Some(format!("Popeye {version}"))
}

/// The Popeye problems of one question: the move listing, then the line listing.
fn problems_of(q: &Question) -> Result<Vec<String>, ExternalError> {
    let side = match q.position.side_to_move() {
        Colour::White => "white",
        Colour::Black => "black",
    };
    let mut stipulations = vec![format!("sstipulation {side} 1s[~]")];
    if comparable_depth(q.depth, &q.rules) != q.depth {
        return Err(ExternalError::Inexpressible(format!(
            "Popeye lists lines of {} half-moves under Ohneschach at even depths only",
            q.depth
        )));
    }
    if q.depth >= 2 {
        stipulations.push(format!(
            "sstipulation {side} {}",
            line_stipulation(q.depth, &q.rules)
        ));
    }
    stipulations
        .iter()
        .map(|s| {
            popeye_input::write(&q.position, &q.rules, s)
                .map_err(|e| ExternalError::Inexpressible(e.to_string()))
        })
        .collect()
}

/// The depth Popeye's line listing can be compared at, at most `depth`: under Ohneschach an
/// even one (its any-move end parses after a pair of half-moves only, see
/// [`line_stipulation`]); under Super Circe at most 2 (a capture is one line per empty square:
/// three half-moves from a middlegame are tens of millions of lines, over the bound on
/// Popeye's output); else `depth`.
///
/// ```
/// use feerie::external::popeye_batch::comparable_depth;
/// use feerie::oracle::{Condition, Profile, Rules};
/// let checkless = Rules::new([Condition::Checkless], Profile::Popeye).unwrap();
/// assert_eq!(comparable_depth(3, &checkless), 2);
/// assert_eq!(comparable_depth(1, &checkless), 1);
/// assert_eq!(comparable_depth(3, &Rules::orthodox()), 3);
/// let super_circe = Rules::new([Condition::CirceSuper], Profile::Popeye).unwrap();
/// assert_eq!(comparable_depth(3, &super_circe), 2);
/// ```
pub fn comparable_depth(depth: u32, rules: &Rules) -> u32 {
    if rules
        .circe_model()
        .is_some_and(|m| m.rebirth_square_chosen())
    {
        return depth.min(2);
    }
    if rules.checkless() && depth >= 3 && !depth.is_multiple_of(2) {
        depth - 1
    } else {
        depth
    }
}

/// Help play of exactly `depth` half-moves, any end: every line of that length is printed
/// once (`2:2hh[!#|#]`, `3:3h[!#|#]h`, `4:4hh[!#|#]`). Under Ohneschach the end is any move
/// (`2:2hh[~]`): Popeye 4.104 does not ask its last move whether a check mates when the goal
/// is a mate or not a mate, and does when it is any move, as in its move listing; it reads
/// that end after a pair of half-moves only (`3:3h[~]h` is no stipulation to it), so an odd
/// depth is not asked there ([`comparable_depth`]).
///
/// ```
/// use feerie::external::popeye_batch::line_stipulation;
/// use feerie::oracle::{Condition, Profile, Rules};
/// assert_eq!(line_stipulation(2, &Rules::orthodox()), "2:2hh[!#|#]");
/// assert_eq!(line_stipulation(3, &Rules::orthodox()), "3:3h[!#|#]h");
/// let checkless = Rules::new([Condition::Checkless], Profile::Popeye).unwrap();
/// assert_eq!(line_stipulation(2, &checkless), "2:2hh[~]");
/// assert_eq!(line_stipulation(1, &checkless), "1s[~]");
/// ```
pub fn line_stipulation(depth: u32, rules: &Rules) -> String {
    if rules.checkless() && depth == 1 {
        // The move listing, which asks each move.
        return "1s[~]".into();
    }
    let end = if rules.checkless() { "~" } else { "!#|#" };
    if depth.is_multiple_of(2) {
        format!("{depth}:{depth}hh[{end}]")
    } else {
        format!("{depth}:{depth}h[{end}]h")
    }
}

/// Problems written one by one (`beginproblem … endproblem`) as one input, separated by `next`.
fn join(problems: &[String]) -> String {
    let bodies: Vec<&str> = problems
        .iter()
        .map(|p| {
            p.trim()
                .trim_start_matches("beginproblem")
                .trim_end_matches("endproblem")
                .trim()
        })
        .collect();
    format!("beginproblem\n{}\nendproblem\n", bodies.join("\nnext\n"))
}

fn listed_moves(chunk: &popeye_output::Chunk) -> Vec<ListedMove> {
    let mut moves: Vec<ListedMove> = chunk
        .twins
        .iter()
        .flat_map(|t| t.segments.iter().flatten())
        .filter(|m| m.ply == 0)
        .map(ListedMove::from)
        .collect();
    moves.sort();
    moves
}

/// Popeye's sequences of `depth` half-moves, each counted once: lines are compared as sets, as
/// the moves of one position are (Popeye 4.104 prints some twice: under Mars Circe, every line
/// with a castling of a king standing on its rebirth square).
pub fn line_count(chunk: &popeye_output::Chunk, depth: u32) -> LineCount {
    let mut count = LineCount {
        depth,
        total: 0,
        by_first_move: BTreeMap::new(),
    };
    let mut seen = std::collections::HashSet::new();
    for segment in chunk.twins.iter().flat_map(|t| t.segments.iter()) {
        let mut first = None;
        let mut line: Vec<&str> = Vec::new();
        for m in segment {
            if m.ply == 0 {
                first = Some(m.text.clone());
            }
            line.truncate(m.ply);
            line.push(&m.text);
            if m.ply + 1 == depth as usize && seen.insert(line.join(" ")) {
                count.total += 1;
                *count
                    .by_first_move
                    .entry(first.clone().unwrap_or_default())
                    .or_default() += 1;
            }
        }
    }
    count
}

/// Popeye's complaint on one line, cut to a readable length.
fn one_line(text: &str) -> String {
    let mut lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    lines.dedup();
    let joined = lines.join(" / ");
    if joined.chars().count() > 300 {
        let cut: String = joined.chars().take(300).collect();
        format!("{cut}…")
    } else {
        joined
    }
}

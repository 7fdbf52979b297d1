//! Replaying Popeye's solutions through an engine: every move of every solution of every
//! supported problem (twins included) must be legal where Popeye plays it, with the rebirths,
//! mutations and check marks Popeye prints.

use feerie_oracle::notation::popeye_input::{Language, PopeyeProblem, UnitColour};
use feerie_oracle::notation::popeye_twin;
use feerie_oracle::notation::popeye_words::{self, Command, PopeyeOption};
use feerie_oracle::popeye_input::PopeyeInputError;
use feerie_oracle::popeye_move::{self, MoveText};
use feerie_oracle::{
    CheckMark, Colour, Engine, Position, Profile, Rules, Square, Validation, popeye_input,
};

pub use super::popeye_english::{english_line, english_move};
use super::popeye_output::{self, Chunk, SolutionMove};
use crate::solve::stipulation::{Goal, Stipulation};

/// What a replay found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayReport {
    /// Problems in the input.
    pub problems: usize,
    /// Twins (or problems without twins) whose solutions were replayed.
    pub replayed: usize,
    /// Moves replayed.
    pub moves: usize,
    /// Twins not replayed, each with the reason (`problem 3 b): fairy piece 'g' on e8`).
    pub skipped: Vec<String>,
    /// Moves our engine does not accept, each with where and why.
    pub rejected: Vec<String>,
    /// Problems we could replay whose solution section is missing from the output (an empty,
    /// truncated or mismatched output): errors, like rejected moves.
    pub missing: Vec<String>,
}

impl ReplayReport {
    /// Whether the output passed: every replayable problem found in it, every move accepted.
    pub fn passed(&self) -> bool {
        self.rejected.is_empty() && self.missing.is_empty()
    }
}

/// Replays the solutions of `output` (Popeye's output for `input`) with `engine` under the
/// popeye profile. A problem of the input that does not read is skipped with the reason (the
/// others are read one by one); an error is an input with no problem at all.
pub fn replay(
    input: &str,
    output: &str,
    engine: &dyn Engine,
) -> Result<ReplayReport, PopeyeInputError> {
    let problems = read_problems(input)?;
    let chunks = popeye_output::parse(output);
    // The output's lines, where a move's `!` or `?` and the passes between moves are read.
    let lines: Vec<&str> = output.lines().collect();
    let mut report = ReplayReport {
        problems: problems.len(),
        ..Default::default()
    };
    let mut next_chunk = 0;
    for (index, read) in problems.iter().enumerate() {
        let number = index + 1;
        let (language, problem) = match read {
            Ok(x) => x,
            Err(e) => {
                report
                    .skipped
                    .push(format!("problem {number}: it does not read ({e})"));
                continue;
            }
        };
        let chunk = find_chunk(problem, &chunks, next_chunk);
        if let Some(found) = chunk {
            next_chunk = found + 1;
        }
        replay_problem(
            &lines,
            problem,
            *language,
            chunk.map(|i| &chunks[i]),
            number,
            engine,
            &mut report,
        );
    }
    Ok(report)
}

type ReadProblem = Result<(Language, PopeyeProblem), Unreadable>;

/// Why one problem of an input does not read.
#[derive(Debug)]
enum Unreadable {
    /// The problem's text is not Popeye input.
    Input(PopeyeInputError),
    /// The text between two `next` lines holds no problem.
    Empty,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Input(e) => e.fmt(f),
            Unreadable::Empty => f.write_str("no problem"),
        }
    }
}

/// The problems of an input: the whole file read at once, or, when it does not read, each
/// problem (between `next` lines) read alone, so that one problem we cannot read does not stop
/// the others.
fn read_problems(input: &str) -> Result<Vec<ReadProblem>, PopeyeInputError> {
    match popeye_input::parse(input) {
        Ok(file) => {
            let language = file.language;
            Ok(file
                .problems
                .into_iter()
                .map(|p| Ok((language, p)))
                .collect())
        }
        Err(whole) => {
            let Some(language) = input
                .split_whitespace()
                .next()
                .and_then(|first| popeye_words::file_language(first).ok())
            else {
                return Err(whole);
            };
            let parts = split_problems(input, language);
            if parts.len() < 2 {
                return Err(whole);
            }
            let (begin, end) = (language.begin_word(), Command::End.word(language));
            Ok(parts
                .iter()
                .map(|part| {
                    let text = format!("{begin}\n{part}\n{end}\n");
                    popeye_input::parse(&text)
                        .map_err(Unreadable::Input)
                        .and_then(|f| {
                            let language = f.language;
                            f.problems
                                .into_iter()
                                .next()
                                .map(|p| (language, p))
                                .ok_or(Unreadable::Empty)
                        })
                })
                .collect())
        }
    }
}

/// The text of each problem, split at the lines that start with `next` (`weiteresproblem`),
/// without the file's begin and end words; the words are read in the file's `language`.
fn split_problems(input: &str, language: Language) -> Vec<String> {
    let command = |w: &str| Command::of(language, w).found();
    let mut parts = vec![String::new()];
    let mut first = true;
    for line in input.lines() {
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or("");
        let mut rest = line.trim_start();
        if first && !head.is_empty() {
            first = false;
            if popeye_words::file_language(head) == Ok(language) {
                rest = rest[head.len()..].trim_start();
            }
        }
        if command(head) == Some(Command::Next) {
            parts.push(line.trim_start()[head.len()..].to_string());
            continue;
        }
        let last = parts.last_mut().expect("one part");
        last.push_str(rest);
        last.push('\n');
    }
    // The end word closes the last problem; the wrapper adds its own.
    if let Some(last) = parts.last_mut() {
        let trimmed = last.trim_end();
        if let Some(end) = trimmed.split_whitespace().last()
            && command(end) == Some(Command::End)
        {
            *last = trimmed[..trimmed.len() - end.len()].to_string();
        }
    }
    parts
}

/// The chunk of `problem`: the next one whose diagram shows its units (a few chunks ahead at
/// most, since a problem Popeye rejects prints none), or the next one without diagram.
pub fn find_chunk(problem: &PopeyeProblem, chunks: &[Chunk], from: usize) -> Option<usize> {
    let board = diagram(problem);
    (from..chunks.len().min(from + 4)).find(|&i| match &chunks[i].board {
        Some(b) => *b == board,
        None => i == from,
    })
}

/// Whether `chunk` shows `problem`'s diagram, or no diagram (`option noboard`).
pub fn shows_diagram(problem: &PopeyeProblem, chunk: &Chunk) -> bool {
    chunk.board.as_ref().is_none_or(|b| *b == diagram(problem))
}

/// The problem's units as Popeye's diagram shows them: square and colour, in square order.
fn diagram(problem: &PopeyeProblem) -> Vec<(Square, char)> {
    let mut board: Vec<(Square, char)> = problem
        .units
        .iter()
        .map(|u| {
            let c = match u.colour {
                UnitColour::Side(Colour::White) => 'w',
                UnitColour::Side(Colour::Black) => 'b',
                UnitColour::Neutral => 'n',
            };
            (u.square, c)
        })
        .collect();
    board.sort();
    board
}

fn replay_problem(
    lines: &[&str],
    problem: &PopeyeProblem,
    language: Language,
    chunk: Option<&Chunk>,
    number: usize,
    engine: &dyn Engine,
    report: &mut ReplayReport,
) {
    let twins = popeye_twin::twins(problem);
    // Why none of its twins can be replayed, if so: then its output does not matter.
    let reasons: Vec<String> = twins
        .iter()
        .filter_map(|t| match &t.problem {
            Err(e) => Some(e.to_string()),
            Ok(p) => unsupported_play(p).or_else(|| {
                p.to_position(Profile::Popeye, Validation::Lenient)
                    .err()
                    .map(|e| e.to_string())
            }),
        })
        .collect();
    if let Some(why) = unsupported_play(problem) {
        report.skipped.push(format!("problem {number}: {why}"));
        return;
    }
    if !reasons.is_empty() && reasons.len() == twins.len() {
        let mut distinct: Vec<&String> = Vec::new();
        for r in &reasons {
            if !distinct.contains(&r) {
                distinct.push(r);
            }
        }
        let why: Vec<&str> = distinct.iter().map(|s| s.as_str()).collect();
        report
            .skipped
            .push(format!("problem {number}: {}", why.join("; ")));
        return;
    }
    let Some(chunk) = chunk else {
        let stipulation = problem
            .stipulation
            .as_deref()
            .or(problem.structured_stipulation.as_deref());
        match stipulation {
            Some(stip) => report.missing.push(format!(
                "problem {number} ({stip}): no solution section in the output (it is empty, \
                 truncated, or the output of another input)"
            )),
            None => report
                .skipped
                .push(format!("problem {number}: no stipulation")),
        }
        return;
    };
    if twins.len() != chunk.twins.len() {
        report.skipped.push(format!(
            "problem {number}: {} twins in the input, {} in the output",
            twins.len(),
            chunk.twins.len()
        ));
        return;
    }
    for (twin, out) in twins.iter().zip(&chunk.twins) {
        let name = if twin.label.is_empty() {
            format!("problem {number}")
        } else {
            format!("problem {number} {})", twin.label)
        };
        let twinned = match &twin.problem {
            Ok(p) => p,
            Err(e) => {
                report.skipped.push(format!("{name}: {e}"));
                continue;
            }
        };
        if let Some(reason) = unsupported_play(twinned) {
            report.skipped.push(format!("{name}: {reason}"));
            continue;
        }
        let (position, rules) = match twinned.to_position(Profile::Popeye, Validation::Lenient) {
            Ok(x) => x,
            Err(e) => {
                report.skipped.push(format!("{name}: {e}"));
                continue;
            }
        };
        report.replayed += 1;
        for segment in &out.segments {
            let start = position.clone();
            let context = Context {
                engine,
                rules: &rules,
                name: &name,
                language,
                series: is_series(twinned),
                help: is_help(twinned),
                lines,
                goal: goal_of(twinned),
            };
            context.replay_segment(&start, segment, report);
        }
    }
}

/// Stipulations, options and units whose solutions are not a plain sequence of moves from the
/// diagram that we can replay.
fn unsupported_play(problem: &PopeyeProblem) -> Option<String> {
    let stip = problem
        .stipulation
        .clone()
        .or_else(|| problem.structured_stipulation.clone())
        .unwrap_or_default();
    let lower = stipulation_text(problem);
    let bare = lower
        .trim_start_matches("ser-")
        .trim_start_matches("pser-")
        .trim_start_matches("phser-");
    let proof = bare.trim_start_matches('h');
    if stip.contains("=>") || proof.starts_with("dia") || proof.starts_with("a=>b") {
        return Some(format!("stipulation {stip} (a proof game or a=>b)"));
    }
    // Double mate, counter-mate and auto-mate leave the side that moved in check: Popeye
    // plays such moves, the rules feerie replays them under do not.
    if lower.contains("##") || lower.contains("!#") {
        return Some(format!(
            "stipulation {stip} (a goal that leaves the side that moved in check)"
        ));
    }
    if lower.starts_with("reci") {
        return Some(format!(
            "stipulation {stip} (reciprocal play: two solutions per line)"
        ));
    }
    if popeye_input::intro_series(&lower).is_some() {
        return Some(format!(
            "stipulation {stip} (an intro series: the series is numbered again after it)"
        ));
    }
    if bare.starts_with('h')
        && (lower.contains(".5") || problem.has_option(PopeyeOption::WhiteToPlay))
    {
        return Some(format!(
            "stipulation {stip} (help play where the other side begins)"
        ));
    }
    if problem.has_option(PopeyeOption::Duplex) || problem.has_option(PopeyeOption::HalfDuplex) {
        return Some(
            "duplex (a stock output does not mark where the other side's solutions begin)".into(),
        );
    }
    if problem.total.is_some() {
        return Some("colourless (total invisible) pieces".into());
    }
    if let Some(s) = &problem.structured_stipulation
        && s.matches('[').count() > 1
    {
        return Some(format!(
            "structured stipulation {s} (its moves are not numbered by half-move)"
        ));
    }
    None
}

struct Context<'a> {
    engine: &'a dyn Engine,
    rules: &'a Rules,
    name: &'a str,
    language: Language,
    /// Series play: a half-move missing from a line is the waiting side's, which makes no
    /// move (a Parrain rebirth waits for the next move played); elsewhere it is a pass (a
    /// threat).
    series: bool,
    /// Help play: every line is a whole solution, its moves numbered one after the other.
    help: bool,
    /// The output's lines.
    lines: &'a [&'a str],
    /// The stipulation's goal, which says how Popeye marks a checking move (`None`: a
    /// stipulation we do not read, whose marks are checked only where they are printed).
    goal: Option<Goal>,
}

/// The stipulation's text (`stipulation` or `sstipulation`), in lower case, without the
/// `exact-` that may begin it (which changes the length of the lines, not how they are
/// played).
fn stipulation_text(problem: &PopeyeProblem) -> String {
    let text = problem
        .stipulation
        .as_deref()
        .or(problem.structured_stipulation.as_deref())
        .unwrap_or_default()
        .to_ascii_lowercase();
    match text.strip_prefix("exact-") {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// Whether the problem's stipulation is help play (`h#2`, `hs#3`, `ser-h#4` is series).
fn is_help(problem: &PopeyeProblem) -> bool {
    stipulation_text(problem).starts_with('h')
}

/// The goal of a stipulation we read.
fn goal_of(problem: &PopeyeProblem) -> Option<Goal> {
    problem
        .stipulation
        .as_deref()?
        .parse::<Stipulation>()
        .ok()
        .map(|s| s.goal)
}

/// The mark Popeye prints after a move that gives `check` under `goal`, as `verify` lays it
/// out (`solve::layout`): under a mate or stalemate goal `+` or `#`; under `#=` a mate is
/// marked by the goal's own `#=` (no mark); under any other goal a mate is marked `+`.
fn expected_mark(goal: Goal, check: CheckMark) -> Option<char> {
    match (goal, check) {
        (_, CheckMark::None) => None,
        (Goal::Mate | Goal::Stalemate, CheckMark::Mate) => Some('#'),
        (Goal::MateOrStalemate, CheckMark::Mate) => None,
        _ => Some('+'),
    }
}

/// Whether the problem's stipulation is series play (`ser-…`, `pser-…`, `phser-…`).
fn is_series(problem: &PopeyeProblem) -> bool {
    let s = stipulation_text(problem);
    s.starts_with("ser-") || s.starts_with("pser-") || s.starts_with("phser-")
}

impl Context<'_> {
    fn replay_segment(&self, start: &Position, moves: &[SolutionMove], report: &mut ReplayReport) {
        // The positions before each half-move of the current line; None below a rejected move.
        let mut path: Vec<Option<Position>> = vec![Some(start.clone())];
        let mut previous: Option<&SolutionMove> = None;
        for mv in moves {
            if let Some(why) = self.misnumbered(previous, mv) {
                report.rejected.push(format!(
                    "{} (output line {}): {} — {why}",
                    self.name, mv.line, mv.text
                ));
            }
            previous = Some(mv);
            path.truncate(mv.ply + 1);
            while path.len() <= mv.ply {
                let last = path.last().cloned().flatten();
                // The set play's first move follows the diagram, where the other side begins
                // (a Parrain rebirth still waits); a threat follows a pass.
                let set_play = path.len() == 1;
                path.push(last.map(|p| {
                    if self.series {
                        p.turn_skipped()
                    } else if set_play {
                        p.other_side_begins()
                    } else {
                        p.passed()
                    }
                }));
            }
            let Some(before) = path[mv.ply].clone() else {
                continue;
            };
            report.moves += 1;
            match self.play(&before, mv) {
                Ok(after) => path.push(Some(after)),
                Err(why) => {
                    report.rejected.push(format!(
                        "{} (output line {}): {} — {why}",
                        self.name, mv.line, mv.text
                    ));
                    path.push(None);
                }
            }
        }
    }

    /// Why a move's number is not one Popeye prints after the move before it (`previous`, in
    /// the segment), if so. A line starts again at a half-move not past the last one; help
    /// and series lines start at the first move (`1.`, or `1...` for set play). Otherwise the
    /// next half-move follows, or one after a pass: a threat's in direct and self play, the
    /// waiting side's in series play; help play never passes.
    fn misnumbered(&self, previous: Option<&SolutionMove>, mv: &SolutionMove) -> Option<String> {
        let ply = mv.ply;
        let number = |ply: usize| {
            if ply.is_multiple_of(2) {
                format!("{}.", ply / 2 + 1)
            } else {
                format!("{}...", ply / 2 + 1)
            }
        };
        let restart = previous.is_none_or(|p| ply <= p.ply);
        if restart && !self.help && !self.series && ply > 1 && self.key_or_refutation(mv) {
            return Some(format!(
                "numbered {}, but marked as a key, try or refutation (`!`, `?`), which stand \
                 at the first move only",
                number(ply)
            ));
        }
        if restart {
            return ((self.help || self.series) && self.goal.is_some() && ply > 1).then(|| {
                format!(
                    "a line that starts at move {}, not at the first",
                    number(ply)
                )
            });
        }
        let previous = previous.expect("not a restart");
        let p = previous.ply;
        // A pass: the waiting side's in series play; in direct and self play only where
        // Popeye prints one (a threat, a null move) between the two moves.
        let passed = self.series
            // A stipulation we do not read (a structured one, `pser-#3`): its passes are not
            // known, so one is allowed anywhere.
            || self.goal.is_none()
            || !self.help
                && (previous.line..mv.line).any(|line| self.passes_after(line));
        if ply > 1 && self.key_or_refutation(mv) {
            return Some(format!(
                "numbered {}, but marked as a key, try or refutation (`!`, `?`), which stand \
                 at the first move only",
                number(ply)
            ));
        }
        (ply > p + 1 && !(passed && ply == p + 2)).then(|| {
            format!(
                "numbered {} after {}: the move numbers skip a move",
                number(ply),
                number(p)
            )
        })
    }

    /// Whether the other side passes after output line `line` (1-based): a threat follows
    /// (`threat:`), or a null move stands there (`8... ...`).
    fn passes_after(&self, line: usize) -> bool {
        self.lines.get(line.wrapping_sub(1)).is_some_and(|text| {
            text.split_whitespace()
                .any(|w| matches!(w, "threat:" | "Drohung:" | "menace:" | "..."))
        })
    }

    /// Whether Popeye marks the move `!` or `?` (after its check mark and goal marker): a key,
    /// a try or a refutation.
    fn key_or_refutation(&self, mv: &SolutionMove) -> bool {
        let Some(line) = self.lines.get(mv.line.wrapping_sub(1)) else {
            return false;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| w.ends_with(mv.text.as_str())) else {
            return false;
        };
        // Up to the next move: the marks and goal markers after it, then `!` or `?`.
        words[at + 1..]
            .iter()
            .take_while(|w| !w.chars().any(|c| c.is_ascii_digit()))
            .any(|w| matches!(*w, "!" | "?"))
    }

    fn play(&self, before: &Position, mv: &SolutionMove) -> Result<Position, Rejection> {
        let text = match self.language {
            Language::English => mv.text.clone(),
            Language::German => english_move(&mv.text),
        };
        let parsed: MoveText = text.parse().map_err(Rejection::Unread)?;
        let legal = self
            .engine
            .legal_moves(before, self.rules)
            .map_err(Rejection::Engine)?;
        let record =
            popeye_move::resolve(&parsed.to_string(), &legal).map_err(|e| Rejection::NotLegal {
                why: e.message,
                legal: legal.iter().map(|m| m.to_string()).collect(),
            })?;
        let mark_ok = match self.goal {
            Some(goal) => mv.mark == expected_mark(goal, record.check),
            None => match mv.mark {
                Some('#') => record.check == CheckMark::Mate,
                Some('+') => record.check != CheckMark::None,
                _ => true,
            },
        };
        if !mark_ok {
            return Err(Rejection::Mark {
                popeye: mv.mark,
                ours: record.check,
            });
        }
        self.engine
            .play(before, self.rules, &record)
            .map_err(Rejection::Engine)
    }
}

/// Why our engine does not play a move of Popeye's solution.
#[derive(Debug)]
enum Rejection {
    /// The move's text does not read.
    Unread(popeye_move::MoveParseError),
    /// Our engine refused the position or the move.
    Engine(feerie_oracle::EngineError),
    /// No legal move of ours, or more than one, is the move: why, and our legal moves.
    NotLegal { why: String, legal: Vec<String> },
    /// Popeye marks the move otherwise (check, mate) than our engine does.
    Mark {
        popeye: Option<char>,
        ours: CheckMark,
    },
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::Unread(e) => e.fmt(f),
            Rejection::Engine(e) => e.fmt(f),
            Rejection::NotLegal { why, legal } => {
                write!(f, "{why}; legal here: {}", legal.join(" "))
            }
            Rejection::Mark { popeye, ours } => write!(
                f,
                "Popeye {}, our engine gives '{}'",
                match popeye {
                    Some(mark) => format!("marks it '{mark}'"),
                    None => "prints no mark".to_string(),
                },
                match ours {
                    CheckMark::None => "no check",
                    _ => ours.suffix().trim(),
                }
            ),
        }
    }
}

//! The tree replay: what Popeye's answer claims, each claim posed to Popeye again as a problem
//! of its own. In a direct mate in two's tree, a threat after a key or a try, zugzwang, the
//! mates shown under a defence or under a move of set play, a try's refutation: each names a
//! position (the diagram and the moves printed above it) and what White can mate with there,
//! posed as `#1`. A defence shown under a threat must also stop it: if every threat still mates
//! after it, the tree shows a defence the threat answers. In a helpmate, the solutions that
//! begin with the same two half-moves are, without them, the solutions of the helpmate one move
//! shorter from the position those lead to.
//!
//! The positions are worked out from the moves as printed ([`super::replay_moves`]), with no
//! model of the rules. Sound only where a position plays as its diagram does whatever the play
//! that led to it ([`super::symmetry::HISTORY_FREE_CONDITIONS`]); a claim whose moves do not
//! replay or whose position could castle is not posed, and a problem with none left is not
//! checked.

use std::collections::BTreeSet;

use feerie_oracle::notation::popeye_twin::twins;
use feerie_oracle::notation::popeye_words::{Attribute, PopeyeOption};
use feerie_oracle::popeye_input::PopeyeProblem;

use super::answers::{line_text, move_lines};
use super::replay_moves::{may_castle, play};
use super::symmetry::{HISTORY_FREEDOM, symmetric};
use crate::external::popeye_output::{Chunk, OutputTwin, SolutionMove};

/// The attributes a unit may have for the replay: those that no move changes.
const KEPT_ATTRIBUTES: [Attribute; 6] = [
    Attribute::Royal,
    Attribute::Paralysing,
    Attribute::Uncapturable,
    Attribute::Patrol,
    Attribute::Bul,
    Attribute::Dob,
];

/// The play the replay reads: a direct mate in two's tree, or a helpmate's solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// `#2`: keys and tries, their threats, variations and refutations, set play.
    DirectTwo,
    /// `h#n`, n from 2 to [`LONGEST_HELP`]: each solution's first two half-moves, then the
    /// rest, a helpmate in n - 1.
    Help(u32),
}

/// The longest helpmate the replay poses again (as a helpmate one move shorter).
pub const LONGEST_HELP: u32 = 3;

/// The play of a stipulation the replay reads, or why it does not.
pub fn play_of(stipulation: &str) -> Result<Play, String> {
    let s = stipulation.to_ascii_lowercase();
    if s == "#2" {
        return Ok(Play::DirectTwo);
    }
    match s.strip_prefix("h#").and_then(|n| n.parse::<u32>().ok()) {
        Some(n) if (2..=LONGEST_HELP).contains(&n) => Ok(Play::Help(n)),
        _ => Err(format!(
            "{s} is neither a direct mate in two nor a helpmate in 2 to {LONGEST_HELP} moves"
        )),
    }
}

/// Whether the replay is sound for `problem`, whose options read as `options`.
pub(super) fn applies(problem: &PopeyeProblem, options: &[PopeyeOption]) -> Result<(), String> {
    for (label, twin) in twin_problems(problem)? {
        twin_applies(&twin, options).map_err(|why| match label.is_empty() {
            true => why,
            false => format!("twin {label}: {why}"),
        })?;
    }
    Ok(())
}

/// Whether the replay is sound for one twin's problem.
fn twin_applies(problem: &PopeyeProblem, options: &[PopeyeOption]) -> Result<(), String> {
    let play = match (&problem.stipulation, &problem.structured_stipulation) {
        (Some(s), None) => play_of(s)?,
        _ => return Err("a structured stipulation".into()),
    };
    let shows = [
        PopeyeOption::Variations,
        PopeyeOption::Try,
        PopeyeOption::SetPlay,
    ];
    match play {
        Play::DirectTwo if !options.iter().any(|o| shows.contains(o)) => {
            return Err(
                "no variation, try or set play shown: the tree claims nothing to pose".into(),
            );
        }
        Play::Help(_) if options.iter().any(|o| shows.contains(o)) => {
            return Err("set play, tries or variations in help play".into());
        }
        _ => {}
    }
    symmetric(problem, options, &HISTORY_FREEDOM)?;
    for unit in &problem.units {
        if let Some(a) = unit
            .attributes
            .iter()
            .find(|a| !KEPT_ATTRIBUTES.contains(a))
        {
            return Err(format!("the attribute {a:?}, which a move may change"));
        }
    }
    Ok(())
}

/// One claim of a problem's answer: after `moves` from the diagram, the problem `stipulation`
/// has the solutions `shown`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The moves from the diagram, as printed (without marks).
    pub moves: Vec<String>,
    /// The stipulation of the position they lead to: `#1` or a shorter helpmate.
    pub stipulation: String,
    /// The solutions shown from there, each a line as [`super::answers`] writes it (none for
    /// zugzwang and a refutation).
    pub shown: BTreeSet<String>,
    /// For a defence shown under a threat: the threats, of which it must stop one.
    pub threats: Option<BTreeSet<String>>,
    /// The claim in words.
    pub what: String,
}

impl Claim {
    /// A claim of a mate in two's tree: after `moves`, White's mates in one, read next.
    fn mates_in_one(moves: Vec<String>, what: String) -> Claim {
        Claim {
            moves,
            stipulation: "#1".into(),
            shown: BTreeSet::new(),
            threats: None,
            what,
        }
    }
}

/// `moves` as one line of play from their position (its first move at half-move 0), as the
/// relations compare lines.
fn line_of(moves: &[&SolutionMove]) -> String {
    line_text(0, moves.iter().enumerate().map(|(k, m)| (k, *m)))
}

/// Each twin's problem (the problem itself when it has no twin), with its label.
pub(super) fn twin_problems(
    problem: &PopeyeProblem,
) -> Result<Vec<(String, PopeyeProblem)>, String> {
    (twins(problem).into_iter())
        .map(|t| match t.problem {
            Ok(p) => Ok((t.label, p)),
            Err(e) => Err(format!("twin {}: {e}", t.label)),
        })
        .collect()
}

/// The claims of every twin's answer (each with its twin's problem), or why one does not read
/// as its play's.
pub fn claims(
    problem: &PopeyeProblem,
    chunk: &Chunk,
) -> Result<Vec<(Claim, PopeyeProblem)>, String> {
    let made = twin_problems(problem)?;
    if made.len() != chunk.twins.len() {
        return Err(format!(
            "{} twins printed where {} were made",
            chunk.twins.len(),
            made.len()
        ));
    }
    let mut out = Vec::new();
    for ((label, twin_problem), twin) in made.into_iter().zip(&chunk.twins) {
        let stipulation = twin_problem.stipulation.as_deref().unwrap_or_default();
        let claims = match play_of(stipulation)? {
            Play::DirectTwo => direct_claims(twin, chunk)?,
            Play::Help(n) => help_claims(twin, n)?,
        };
        for mut claim in claims {
            if !label.is_empty() {
                claim.what = format!("twin {label}: {}", claim.what);
            }
            out.push((claim, twin_problem.clone()));
        }
    }
    Ok(out)
}

/// A helpmate's claims: for each first two half-moves of its solutions, the rest of those
/// solutions are the helpmate one move shorter's from the position they lead to (short
/// solutions included: Popeye shows them in both).
fn help_claims(twin: &OutputTwin, n: u32) -> Result<Vec<Claim>, String> {
    let length = 2 * n as usize;
    let mut lines = Vec::new();
    for line in move_lines(twin.segments.iter().flatten()) {
        if let Some((k, m)) = line.iter().enumerate().find(|(k, m)| m.ply != *k) {
            return Err(format!(
                "{} is at half-move {} of its line, not {k}",
                m.text, m.ply
            ));
        }
        if line.len() > length {
            return Err(format!("a line of {} half-moves in h#{n}", line.len()));
        }
        // A solution shorter than asked (Popeye shows them) is the shorter helpmate's too; one
        // that mates in its first two half-moves leaves nothing to pose.
        if line.len() > 2 {
            lines.push(line);
        }
    }
    let mut claims: Vec<Claim> = Vec::new();
    for line in &lines {
        let moves = vec![line[0].text.clone(), line[1].text.clone()];
        let rest = line_of(&line[2..]);
        match claims.iter_mut().find(|c| c.moves == moves) {
            Some(claim) => {
                claim.shown.insert(rest);
            }
            None => claims.push(Claim {
                what: format!("the solutions after 1.{} {}", moves[0], moves[1]),
                moves,
                stipulation: format!("h#{}", n - 1),
                shown: BTreeSet::from([rest]),
                threats: None,
            }),
        }
    }
    Ok(claims)
}

/// The claims of a direct mate in two's tree, or why it does not read as one.
fn direct_claims(twin: &OutputTwin, chunk: &Chunk) -> Result<Vec<Claim>, String> {
    let mut claims: Vec<Claim> = Vec::new();
    // The attack (key or try) above: its move, its line, and the claim of its threats.
    let mut attack: Option<(String, usize, Option<usize>)> = None;
    // The claim whose mates are being read.
    let mut open: Option<usize> = None;
    for m in twin.segments.iter().flatten() {
        let word = line_of(&[m]);
        match m.ply {
            0 => {
                let raw = chunk.raw(m.line).unwrap_or("").trim_end();
                let threat = raw.ends_with("threat:") || raw.ends_with("Drohung:");
                let zugzwang = raw.ends_with("zugzwang.") || raw.ends_with("Zugzwang.");
                open = None;
                let mut threat_claim = None;
                if threat || zugzwang {
                    claims.push(Claim::mates_in_one(
                        vec![m.text.clone()],
                        match threat {
                            true => format!("the threats after 1.{}", m.text),
                            false => format!("zugzwang after 1.{} (no threat)", m.text),
                        },
                    ));
                    if threat {
                        threat_claim = Some(claims.len() - 1);
                        open = threat_claim;
                    }
                }
                attack = Some((m.text.clone(), m.line, threat_claim));
            }
            1 => {
                let (claim, refutation) = match &attack {
                    None => (
                        Claim::mates_in_one(
                            vec![m.text.clone()],
                            format!("the mates after 1...{} in set play", m.text),
                        ),
                        false,
                    ),
                    Some((a, line, _)) if twin.buts.iter().any(|b| line < b && *b < m.line) => (
                        Claim::mates_in_one(
                            vec![a.clone(), m.text.clone()],
                            format!("1...{} refutes 1.{a}", m.text),
                        ),
                        true,
                    ),
                    Some((a, _, threat)) => (
                        Claim {
                            threats: threat.map(|t| claims[t].shown.clone()),
                            ..Claim::mates_in_one(
                                vec![a.clone(), m.text.clone()],
                                format!("the mates after 1.{a} {}", m.text),
                            )
                        },
                        false,
                    ),
                };
                claims.push(claim);
                // A refutation is shown alone: nothing is read under it.
                open = (!refutation).then_some(claims.len() - 1);
            }
            2 => match open {
                Some(i) => {
                    claims[i].shown.insert(word);
                }
                None => return Err(format!("the mate {word} has nothing above it")),
            },
            _ => return Err(format!("a move at half-move {} in a mate in two", m.ply)),
        }
    }
    Ok(claims)
}

/// The position a claim names, posed with its stipulation (the side to move is the
/// stipulation's: White in a direct mate, Black in a helpmate).
pub(super) fn posed(problem: &PopeyeProblem, claim: &Claim) -> Result<PopeyeProblem, String> {
    let mut units = problem.units.clone();
    for text in &claim.moves {
        play(&mut units, text, problem.language)?;
    }
    if may_castle(&units) {
        return Err("a king and a unit of its side on their castling squares".into());
    }
    let kept = [PopeyeOption::NoWk, PopeyeOption::NoBk];
    let options = (problem.options.iter())
        .filter(|w| {
            PopeyeOption::of(problem.language, w)
                .found()
                .is_some_and(|o| kept.contains(&o))
        })
        .cloned()
        .collect();
    Ok(PopeyeProblem {
        texts: Vec::new(),
        stipulation: Some(claim.stipulation.clone()),
        units,
        options,
        ..problem.clone()
    })
}

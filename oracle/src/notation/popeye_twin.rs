//! Popeye's twins: each `twin` line changes the diagram (or, after `continued`, the previous
//! twin) into a new problem: `move`, `exchange`, `remove`, `add`, `rotate`, `mirror`, `shift`,
//! `PolishType`, `substitute`, `stipulation`, `sstipulation`, `condition`, or in a German file
//! `versetze`, `tausche`, `entferne`, `hinzufuegen`, `Drehung`, `Spiegelung`, `Verschiebung`,
//! `Farbwechsel`, `ersetze`, `Forderung`, `SForderung`, `Bedingung`, `ferner`. A word is read
//! as Popeye reads it ([`popeye_words`](super::popeye_words)), in the problem's language.
//! Each command makes the position Popeye 4.104 makes (`tests/popeye_twins.rs` compares them).
use super::popeye_input::{
    Language, PopeyeProblem, UnitColour, read_units, squares_of, walk_code, walk_of,
};
use super::popeye_words::words::{MIRROR_AXES, TWINNINGS};
use super::popeye_words::{CirceVariant, Lookup, MirrorAxis, PopeyeCondition, Twinning};
use crate::{File, Rank, Square};

use std::fmt;

/// Why a twin line cannot make its problem: a command not known, a square that does not read,
/// a unit missing where the command needs one, an angle, axis or value that does not read.
///
/// ```
/// use feerie_oracle::notation::{popeye_input, popeye_twin};
/// let file = popeye_input::parse("begin\npieces white ke1 black ke8\nstip ~1\ntwin move e2 e3\nend\n").unwrap();
/// let twins = popeye_twin::twins(&file.problems[0]);
/// assert_eq!(twins[1].problem.as_ref().unwrap_err().to_string(), "twin: no unit on e2 to move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwinError {
    /// What is wrong, as one line.
    pub message: String,
    /// Popeye reads no more of the input after this twin: a word where a twinning command is
    /// expected that names none ends the twin, and the word, being neither `twin`, `next` nor
    /// `end`, ends Popeye's reading of the file (it solves the twin with the commands before
    /// the word, prints no error, and stops).
    pub stops_reading: bool,
}

impl fmt::Display for TwinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TwinError {}

impl From<String> for TwinError {
    fn from(message: String) -> TwinError {
        TwinError {
            message,
            stops_reading: false,
        }
    }
}

impl From<&str> for TwinError {
    fn from(message: &str) -> TwinError {
        TwinError {
            message: message.into(),
            stops_reading: false,
        }
    }
}

/// One twin: its label as Popeye prints it (`a`, `b`, …; empty for a problem without twins) and
/// the problem it makes, or why it cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    /// `a`, `b`, … or empty.
    pub label: String,
    /// The twinned problem.
    pub problem: Result<PopeyeProblem, TwinError>,
}

/// The problems a problem stands for: itself when it has no twin; otherwise a), b), … in order,
/// a) being the diagram (or the zero position's first twin). The words are read in the
/// problem's language.
///
/// ```
/// use feerie_oracle::notation::{popeye_input, popeye_twin};
/// let file = popeye_input::parse("begin\npieces white ke1 pe2 black ke8\nstip ~1\ntwin move e2 e3\n\
///     twin continued remove e3\nend\n").unwrap();
/// let twins = popeye_twin::twins(&file.problems[0]);
/// assert_eq!(twins.len(), 3);
/// assert_eq!(twins[1].problem.as_ref().unwrap().units.len(), 3);
/// assert_eq!(twins[2].problem.as_ref().unwrap().units.len(), 2);
/// ```
pub fn twins(problem: &PopeyeProblem) -> Vec<Twin> {
    let language = problem.language;
    if problem.twins.is_empty() && problem.zero_position.is_none() {
        return vec![Twin {
            label: String::new(),
            problem: Ok(problem.clone()),
        }];
    }
    let mut texts: Vec<&str> = Vec::new();
    let mut out: Vec<Twin> = Vec::new();
    match &problem.zero_position {
        Some(zero) => texts.push(zero),
        None => out.push(Twin {
            label: "a".into(),
            problem: Ok(without_twins(problem)),
        }),
    }
    texts.extend(problem.twins.iter().map(String::as_str));
    for text in texts {
        let label = label_of(out.len());
        let (continued, rest) = strip_continued(text, language);
        let base = if continued {
            out.last()
                .map(|t| t.problem.clone())
                .unwrap_or_else(|| Ok(without_twins(problem)))
        } else {
            Ok(without_twins(problem))
        };
        let problem = base.and_then(|b| apply(b, rest, language));
        out.push(Twin { label, problem });
    }
    out
}

/// Popeye's twin labels: `a` to `z`, then `z1`, `z2`, …
fn label_of(index: usize) -> String {
    if index < 26 {
        ((b'a' + index as u8) as char).to_string()
    } else {
        format!("z{}", index - 25)
    }
}

fn without_twins(problem: &PopeyeProblem) -> PopeyeProblem {
    PopeyeProblem {
        twins: Vec::new(),
        zero_position: None,
        ..problem.clone()
    }
}

fn strip_continued(text: &str, language: Language) -> (bool, &str) {
    let trimmed = text.trim_start();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    if TWINNINGS.lookup(language, first) == Lookup::Found(Twinning::Continued) {
        (true, trimmed[first.len()..].trim_start())
    } else {
        (false, trimmed)
    }
}

/// Applies one twin line's commands to a problem.
fn apply(
    mut problem: PopeyeProblem,
    text: &str,
    language: Language,
) -> Result<PopeyeProblem, TwinError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    let square = |w: Option<&&str>| -> Result<Square, TwinError> {
        let w = w.ok_or("a twin command lacks its square")?;
        w.to_ascii_lowercase()
            .parse()
            .map_err(|_| TwinError::from(format!("'{w}' is not a square")))
    };
    // A word that begins a twinning command (even ambiguously) ends the words of the one before.
    let is_keyword = |w: &str| TWINNINGS.lookup(language, w).is_known();
    let occupied = |problem: &PopeyeProblem, sq: Square, what: &str| {
        if problem.units.iter().any(|u| u.square == sq) {
            Ok(())
        } else {
            Err(TwinError::from(format!("twin: no unit on {sq} to {what}")))
        }
    };
    while i < words.len() {
        let word = words[i];
        let lookup = TWINNINGS.lookup(language, word);
        let Lookup::Found(k) = lookup else {
            let why = TWINNINGS.why_not(language, word, "twinning command");
            // An ambiguous word is an error Popeye reports and reads past; a word that names
            // no command ends its reading of the input.
            let stops_reading = lookup == Lookup::Unknown;
            let ending = if stops_reading {
                " (Popeye solves the twin as the words before it make it, and reads no more of \
                 the input)"
            } else {
                ""
            };
            return Err(TwinError {
                message: format!("twin: {}{ending}", why.unwrap_or_default()),
                stops_reading,
            });
        };
        i += 1;
        match k {
            Twinning::Continued => {
                return Err("twin: continued must come first".into());
            }
            Twinning::Move => {
                let (from, to) = (square(words.get(i))?, square(words.get(i + 1))?);
                i += 2;
                occupied(&problem, from, "move")?;
                problem.units.retain(|u| u.square != to);
                for u in problem.units.iter_mut().filter(|u| u.square == from) {
                    u.square = to;
                }
            }
            Twinning::Exchange => {
                let (a, b) = (square(words.get(i))?, square(words.get(i + 1))?);
                i += 2;
                occupied(&problem, a, "exchange")?;
                occupied(&problem, b, "exchange")?;
                for u in problem.units.iter_mut() {
                    if u.square == a {
                        u.square = b;
                    } else if u.square == b {
                        u.square = a;
                    }
                }
            }
            Twinning::Remove => {
                // One word of squares: `remove b2` or `remove b2c7`.
                let list = words.get(i).ok_or("twin: remove without a square")?;
                i += 1;
                let squares = squares_of(list)
                    .ok_or_else(|| TwinError::from(format!("'{list}' is not a list of squares")))?;
                for sq in squares {
                    occupied(&problem, sq, "remove")?;
                    problem.units.retain(|u| u.square != sq);
                }
            }
            Twinning::Add => {
                let read = read_units(&words[i..], language, is_keyword)
                    .map_err(|(_, why)| TwinError::from(format!("twin: add: {why}")))?;
                i += read.words;
                for unit in read.units {
                    problem.units.retain(|u| u.square != unit.square);
                    problem.units.push(unit);
                }
            }
            Twinning::Rotate => {
                let angle = words.get(i).ok_or("twin: rotate without an angle")?;
                i += 1;
                let turns = match *angle {
                    "90" => 1,
                    "180" => 2,
                    "270" => 3,
                    other => return Err(format!("twin: cannot rotate by '{other}'").into()),
                };
                // A quarter turn counter-clockwise: a1 goes to h1, h1 to h8.
                map_squares(&mut problem, |f, r| {
                    let (mut f, mut r) = (f, r);
                    for _ in 0..turns {
                        (f, r) = (7 - r, f);
                    }
                    (f, r)
                });
            }
            Twinning::Mirror => {
                let axis = words.get(i).ok_or("twin: mirror without an axis")?;
                i += 1;
                let Lookup::Found(found) = MIRROR_AXES.lookup(language, axis) else {
                    let why = MIRROR_AXES.why_not(language, axis, "mirror axis");
                    return Err(format!("twin: {}", why.unwrap_or_default()).into());
                };
                // Each axis is named by the two corners it exchanges: `a1<-->h8` exchanges a1
                // and h8 (the mirror in the diagonal a8-h1), `a8<-->h1` exchanges a8 and h1
                // (the mirror in the diagonal a1-h8).
                let map: fn(u8, u8) -> (u8, u8) = match found {
                    MirrorAxis::A1H1 => |f, r| (7 - f, r),
                    MirrorAxis::A1A8 => |f, r| (f, 7 - r),
                    MirrorAxis::A1H8 => |f, r| (7 - r, 7 - f),
                    MirrorAxis::A8H1 => |f, r| (r, f),
                };
                map_squares(&mut problem, map);
            }
            Twinning::Shift => {
                let (a, b) = (square(words.get(i))?, square(words.get(i + 1))?);
                i += 2;
                let df = b.file().index() as i8 - a.file().index() as i8;
                let dr = b.rank().index() as i8 - a.rank().index() as i8;
                let mut moved = Vec::new();
                for u in &problem.units {
                    let to = u
                        .square
                        .offset(df, dr)
                        .ok_or_else(|| format!("twin: shift moves {} off the board", u.square))?;
                    moved.push(to);
                }
                for (u, to) in problem.units.iter_mut().zip(moved) {
                    u.square = to;
                }
            }
            Twinning::PolishType => {
                for u in problem.units.iter_mut() {
                    if let UnitColour::Side(c) = u.colour {
                        u.colour = UnitColour::Side(!c);
                    }
                }
            }
            Twinning::Substitute => {
                // Two words, each a walk's code alone: `substitute q b`.
                let mut code = |what: &str| -> Result<String, TwinError> {
                    let w = words
                        .get(i)
                        .ok_or_else(|| format!("twin: substitute without {what} walk"))?;
                    i += 1;
                    let ok = match w.split_once('/') {
                        Some((away, home)) => walk_code(away) && walk_code(home),
                        None => walk_code(w),
                    };
                    if ok {
                        Ok(w.to_ascii_lowercase())
                    } else {
                        Err(format!("twin: '{w}' is not a walk to substitute").into())
                    }
                };
                let from = code("the old")?;
                let to = code("the new")?;
                for u in problem.units.iter_mut().filter(|u| u.code == from) {
                    u.code = to.clone();
                    u.walk = walk_of(&to, language);
                }
            }
            Twinning::Stipulation => {
                let stip = words.get(i).ok_or("twin: stipulation without a value")?;
                i += 1;
                let mut stip = stip.to_string();
                // Popeye reads the length from the next word when the stipulation's own ends
                // before it (`dia 7.5`).
                if !stip.ends_with(|c: char| c.is_ascii_digit())
                    && let Some(length) = words
                        .get(i)
                        .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()))
                {
                    stip = format!("{stip} {length}");
                    i += 1;
                }
                problem.stipulation = Some(stip);
                problem.structured_stipulation = None;
            }
            Twinning::StructuredStipulation => {
                // The side, then the words of the stipulation up to the next command.
                let side = words.get(i).ok_or("twin: sstipulation without a value")?;
                let mut text = vec![*side];
                i += 1;
                while let Some(w) = words.get(i).filter(|w| text.len() < 2 || !is_keyword(w)) {
                    text.push(w);
                    i += 1;
                }
                problem.structured_stipulation = Some(text.join(" "));
                problem.stipulation = None;
            }
            Twinning::Condition => {
                let mut conditions: Vec<String> = Vec::new();
                // After a word that reads a sequence of walks, Popeye takes every piece code
                // (one or two letters or digits) as a walk of the sequence, before it looks
                // for a twinning command: `chamaeleoncirce s l t d s`.
                let mut in_walk_sequence = false;
                while let Some(w) = words.get(i) {
                    let piece_code = w.len() <= 2 && w.chars().all(|c| c.is_ascii_alphanumeric());
                    if !conditions.is_empty() && is_keyword(w) && !(in_walk_sequence && piece_code)
                    {
                        break;
                    }
                    in_walk_sequence = (in_walk_sequence && piece_code)
                        || reads_walk_sequence(language, w, &conditions);
                    conditions.push(w.to_string());
                    i += 1;
                }
                problem.conditions = conditions;
            }
        }
    }
    Ok(problem)
}

/// Whether Popeye reads a sequence of walks after `word`, a condition word that follows
/// `before` in one condition command.
fn reads_walk_sequence(language: Language, word: &str, before: &[String]) -> bool {
    let after_circe = before
        .iter()
        .any(|w| PopeyeCondition::of(language, w).found() == Some(PopeyeCondition::CIRCE));
    PopeyeCondition::of(language, word)
        .found()
        .is_some_and(PopeyeCondition::reads_walks)
        || (after_circe
            && CirceVariant::of(language, word)
                .found()
                .is_some_and(CirceVariant::reads_walk_sequence))
}

fn map_squares(problem: &mut PopeyeProblem, map: impl Fn(u8, u8) -> (u8, u8)) {
    for u in problem.units.iter_mut() {
        let (f, r) = map(u.square.file().index(), u.square.rank().index());
        u.square = Square::from_coords(
            File::new(f).expect("on board"),
            Rank::new(r).expect("on board"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Colour;
    use crate::notation::popeye_input;

    /// Each twin after the diagram of a one-problem file in the language `begin` opens
    /// (`anfang`: German), `pieces` its diagram and `twin` its one twinning line.
    fn twins_of(begin: &str, pieces: &str, twin: &str) -> Vec<Twin> {
        let (keyword, stip, twin_word, end) = if begin == "anfang" {
            ("steine", "forderung", "zwilling", "ende")
        } else {
            ("pieces", "stip", "twin", "end")
        };
        let text = format!("{begin}\n{keyword} {pieces}\n{stip} ~1\n{twin_word} {twin}\n{end}\n");
        let file = popeye_input::parse(&text).unwrap();
        twins(&file.problems[0]).into_iter().skip(1).collect()
    }

    /// The units of each twin of a one-problem file (`wke1`: a white king on e1), sorted, or
    /// why the twin cannot be made.
    fn made(begin: &str, pieces: &str, twin: &str) -> Vec<Result<Vec<String>, String>> {
        twins_of(begin, pieces, twin)
            .into_iter()
            .map(|t| {
                t.problem
                    .map(|p| {
                        let mut units: Vec<String> = p
                            .units
                            .iter()
                            .map(|u| {
                                let colour = match u.colour {
                                    UnitColour::Side(Colour::White) => "w",
                                    UnitColour::Side(Colour::Black) => "b",
                                    UnitColour::Neutral => "n",
                                };
                                format!("{colour}{}{}", u.code, u.square)
                            })
                            .collect();
                        units.sort();
                        units
                    })
                    .map_err(|e| e.message)
            })
            .collect()
    }

    fn units(v: &[&str]) -> Vec<Result<Vec<String>, String>> {
        vec![Ok(v.iter().map(|s| s.to_string()).collect())]
    }

    #[test]
    fn each_mirror_exchanges_the_corners_it_names() {
        for (axis, from, to) in [
            ("a1<-->h1", "a1", "h1"),
            ("a1<-->a8", "a1", "a8"),
            ("a1<-->h8", "a1", "h8"),
            ("a8<-->h1", "a8", "h1"),
        ] {
            let twin = made(
                "begin",
                &format!("white k{from}"),
                &format!("mirror {axis}"),
            );
            assert_eq!(twin, units(&[&format!("wk{to}")]), "{axis}");
        }
        // The diagonal mirrors, as Popeye 4.104 plays them: e1 goes to h4 and to a5.
        assert_eq!(
            made("begin", "white ke1", "mirror a1<-->h8"),
            units(&["wkh4"])
        );
        assert_eq!(
            made("begin", "white ke1", "mirror a8<-->h1"),
            units(&["wka5"])
        );
    }

    #[test]
    fn words_are_read_as_popeye_reads_them() {
        // Any unambiguous prefix, however short; an ambiguous one is refused.
        assert_eq!(made("begin", "white ke1", "ro 90"), units(&["wkh5"]));
        assert_eq!(
            made("begin", "white ke1 qd1", "r d1"),
            [Err(
                "twin: 'r' is ambiguous among Popeye's English twinning commands (remove, rotate)"
                    .to_string()
            )]
        );
        assert_eq!(
            made("begin", "white ke1 black ka8", "p"),
            units(&["bke1", "wka8"])
        );
        assert_eq!(made("begin", "white ke1", "polishtype"), units(&["bke1"]));
        assert_eq!(made("begin", "white ke1", "mirror a8"), units(&["wka5"]));
        // The file's language only.
        assert!(made("begin", "white ke1", "versetze e1 e2")[0].is_err());
        assert_eq!(
            made("anfang", "weiss ke1", "verschiebung e1 e2"),
            units(&["wke2"])
        );
        assert!(made("anfang", "weiss ke1", "move e1 e2")[0].is_err());
    }

    #[test]
    fn a_stipulation_s_length_may_be_the_next_word() {
        let stipulation = |twin: &str| -> Vec<Option<String>> {
            twins_of("begin", "white ke1", twin)
                .into_iter()
                .map(|t| t.problem.ok().and_then(|p| p.stipulation))
                .collect()
        };
        assert_eq!(stipulation("stipulation dia 7.5"), [Some("dia 7.5".into())]);
        assert_eq!(
            stipulation("stipulation h#2 move e1 e2"),
            [Some("h#2".into())]
        );
        assert_eq!(
            stipulation("stipulation dia3 rotate 90"),
            [Some("dia3".into())]
        );
    }

    #[test]
    fn a_word_naming_no_command_stops_popeye_s_reading() {
        let stops = |twin: &str| -> Vec<bool> {
            twins_of("begin", "white ke1 qd1", twin)
                .iter()
                .map(|t| t.problem.as_ref().is_err_and(|e| e.stops_reading))
                .collect()
        };
        // Popeye reads no more after a word that begins no twinning command, first or later.
        assert_eq!(stops("put e1 e2"), [true]);
        assert_eq!(stops("move e1 e2 put d1"), [true]);
        // An ambiguous word is an error Popeye reads past; a square that does not read, or a
        // missing unit, is the command's own error.
        assert_eq!(stops("r d1"), [false]);
        assert_eq!(stops("move e4 e5"), [false]);
        assert_eq!(stops("move e1 z9"), [false]);
    }

    #[test]
    fn a_walk_sequence_belongs_to_its_condition() {
        // The conditions of each twin of a one-problem file.
        let conditions = |begin: &str, twin: &str| -> Vec<Result<Vec<String>, String>> {
            let pieces = if begin == "anfang" {
                "weiss ke1"
            } else {
                "white ke1"
            };
            twins_of(begin, pieces, twin)
                .into_iter()
                .map(|t| t.problem.map(|p| p.conditions).map_err(|e| e.message))
                .collect()
        };
        let words = |v: &[&str]| vec![Ok(v.iter().map(|s| s.to_string()).collect())];
        // German `s` would be SForderung or Spiegelung; after ChamaeleonCirce it is a knight.
        assert_eq!(
            conditions("anfang", "bedingung chamaeleoncirce s l t d s"),
            words(&["chamaeleoncirce", "s", "l", "t", "d", "s"])
        );
        assert_eq!(
            conditions("begin", "condition circe chameleon s q r b s"),
            words(&["circe", "chameleon", "s", "q", "r", "b", "s"])
        );
        // The sequence ends at the first word that is no piece code.
        assert_eq!(
            conditions("begin", "condition chameleonchess q r rotate 90"),
            words(&["chameleonchess", "q", "r"])
        );
        // Elsewhere an ambiguous command word still ends the conditions, and is refused.
        assert!(conditions("begin", "condition madrasi s")[0].is_err());
    }

    #[test]
    fn commands_popeye_refuses_are_errors() {
        // `substitute` takes two walk codes, not `Q==>B`.
        assert!(made("begin", "white ke1 qd1", "substitute q==>b")[0].is_err());
        assert_eq!(
            made("begin", "white ke1 qd1 black qa8", "substitute q b"),
            units(&["bba8", "wbd1", "wke1"])
        );
        // Removing or exchanging needs a unit on each square; remove reads a list of squares.
        assert!(made("begin", "white ke1", "remove e2")[0].is_err());
        assert!(made("begin", "white ke1", "exchange e1 e2")[0].is_err());
        assert_eq!(
            made("begin", "white ke1 qd1 rb2", "remove d1b2"),
            units(&["wke1"])
        );
    }
}

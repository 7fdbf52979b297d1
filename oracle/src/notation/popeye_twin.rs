//! Popeye's twins: each `twin` line changes the diagram (or, after `continued`, the previous
//! twin) into a new problem: `move`, `exchange`, `remove`, `add`, `rotate`, `mirror`, `shift`,
//! `polish`, `substitute`, `stipulation`, `condition`, in English or German, abbreviated as
//! Popeye allows.

use super::popeye_input::{
    Language, PlacedUnit, PopeyeProblem, UnitColour, attribute_of, colour_of, piece_token, walk_of,
};
use crate::{File, Rank, Square};

use std::fmt;

/// Why a twin line cannot make its problem: a command not known, a square that does not read,
/// a unit missing where the command needs one, an angle, axis or value that does not read.
///
/// ```
/// use feerie_oracle::notation::{popeye_input, popeye_twin};
/// let file = popeye_input::parse("begin\npieces white ke1 black ke8\nstip ~1\ntwin move e2 e3\nend\n").unwrap();
/// let twins = popeye_twin::twins(&file.problems[0], file.language);
/// assert_eq!(twins[1].problem.as_ref().unwrap_err().to_string(), "twin: no unit on e2 to move");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwinError {
    /// What is wrong, as one line.
    pub message: String,
}

impl fmt::Display for TwinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TwinError {}

impl From<String> for TwinError {
    fn from(message: String) -> TwinError {
        TwinError { message }
    }
}

impl From<&str> for TwinError {
    fn from(message: &str) -> TwinError {
        TwinError {
            message: message.into(),
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
/// a) being the diagram (or the zero position's first twin).
///
/// ```
/// use feerie_oracle::notation::{popeye_input, popeye_twin};
/// let file = popeye_input::parse("begin\npieces white ke1 pe2 black ke8\nstip ~1\ntwin move e2 e3\n\
///     twin continued remove e3\nend\n").unwrap();
/// let twins = popeye_twin::twins(&file.problems[0], file.language);
/// assert_eq!(twins.len(), 3);
/// assert_eq!(twins[1].problem.as_ref().unwrap().units.len(), 3);
/// assert_eq!(twins[2].problem.as_ref().unwrap().units.len(), 2);
/// ```
pub fn twins(problem: &PopeyeProblem, language: Language) -> Vec<Twin> {
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
        let (continued, rest) = strip_continued(text);
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

fn strip_continued(text: &str) -> (bool, &str) {
    let trimmed = text.trim_start();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    if keyword(first) == Some(Keyword::Continued) {
        (true, trimmed[first.len()..].trim_start())
    } else {
        (false, trimmed)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keyword {
    Continued,
    Move,
    Exchange,
    Remove,
    Add,
    Rotate,
    Mirror,
    Shift,
    Polish,
    Substitute,
    Stipulation,
    Condition,
}

const KEYWORDS: &[(&str, Keyword)] = &[
    ("continued", Keyword::Continued),
    ("ferner", Keyword::Continued),
    ("move", Keyword::Move),
    ("versetze", Keyword::Move),
    ("exchange", Keyword::Exchange),
    ("tausche", Keyword::Exchange),
    ("remove", Keyword::Remove),
    ("entferne", Keyword::Remove),
    ("add", Keyword::Add),
    ("hinzufuegen", Keyword::Add),
    ("rotate", Keyword::Rotate),
    ("drehung", Keyword::Rotate),
    ("mirror", Keyword::Mirror),
    ("spiegelung", Keyword::Mirror),
    ("shift", Keyword::Shift),
    ("verschiebe", Keyword::Shift),
    ("polish", Keyword::Polish),
    ("farbwechsel", Keyword::Polish),
    ("substitute", Keyword::Substitute),
    ("ersetze", Keyword::Substitute),
    ("stipulation", Keyword::Stipulation),
    ("forderung", Keyword::Stipulation),
    ("condition", Keyword::Condition),
    ("bedingung", Keyword::Condition),
];

fn keyword(word: &str) -> Option<Keyword> {
    let w = word.to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    KEYWORDS
        .iter()
        .find(|(name, _)| name.starts_with(&w))
        .map(|(_, k)| *k)
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
    while i < words.len() {
        let word = words[i];
        let Some(k) = keyword(word) else {
            return Err(format!("twin command '{word}' is not known").into());
        };
        i += 1;
        match k {
            Keyword::Continued => {}
            Keyword::Move => {
                let (from, to) = (square(words.get(i))?, square(words.get(i + 1))?);
                i += 2;
                if !problem.units.iter().any(|u| u.square == from) {
                    return Err(format!("twin: no unit on {from} to move").into());
                }
                problem.units.retain(|u| u.square != to);
                for u in problem.units.iter_mut().filter(|u| u.square == from) {
                    u.square = to;
                }
            }
            Keyword::Exchange => {
                let (a, b) = (square(words.get(i))?, square(words.get(i + 1))?);
                i += 2;
                for u in problem.units.iter_mut() {
                    if u.square == a {
                        u.square = b;
                    } else if u.square == b {
                        u.square = a;
                    }
                }
            }
            Keyword::Remove => {
                let sq = square(words.get(i))?;
                i += 1;
                problem.units.retain(|u| u.square != sq);
            }
            Keyword::Add => {
                let mut colour = None;
                let mut attributes = Vec::new();
                while let Some(w) = words.get(i) {
                    if keyword(w).is_some() && piece_token(w).is_none() {
                        break;
                    }
                    if let Some(c) = colour_of(w) {
                        colour = Some(c);
                        attributes.clear();
                    } else if let Some((code, squares)) = piece_token(w) {
                        let colour = colour.ok_or_else(|| format!("twin: '{w}' without colour"))?;
                        for sq in squares {
                            problem.units.retain(|u| u.square != sq);
                            problem.units.push(PlacedUnit {
                                colour,
                                walk: walk_of(&code, language),
                                code: code.clone(),
                                attributes: attributes.clone(),
                                square: sq,
                            });
                        }
                    } else if let Some(a) = attribute_of(w) {
                        attributes.push(a);
                    } else {
                        return Err(format!("twin: '{w}' cannot be added").into());
                    }
                    i += 1;
                }
            }
            Keyword::Rotate => {
                let angle = words.get(i).ok_or("twin: rotate without an angle")?;
                i += 1;
                let turns = match *angle {
                    "90" => 1,
                    "180" => 2,
                    "270" => 3,
                    other => return Err(format!("twin: cannot rotate by '{other}'").into()),
                };
                // Popeye turns the board counter-clockwise: a1 goes to h1.
                map_squares(&mut problem, |f, r| {
                    let (mut f, mut r) = (f, r);
                    for _ in 0..turns {
                        (f, r) = (7 - r, f);
                    }
                    (f, r)
                });
            }
            Keyword::Mirror => {
                let axis = words
                    .get(i)
                    .ok_or("twin: mirror without an axis")?
                    .to_ascii_lowercase();
                i += 1;
                let map: fn(u8, u8) -> (u8, u8) = match axis.as_str() {
                    "a1<-->h1" | "h1<-->a1" => |f, r| (7 - f, r),
                    "a1<-->a8" | "a8<-->a1" => |f, r| (f, 7 - r),
                    "a1<-->h8" | "h8<-->a1" => |f, r| (r, f),
                    "h1<-->a8" | "a8<-->h1" => |f, r| (7 - r, 7 - f),
                    other => return Err(format!("twin: cannot mirror by '{other}'").into()),
                };
                map_squares(&mut problem, map);
            }
            Keyword::Shift => {
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
            Keyword::Polish => {
                for u in problem.units.iter_mut() {
                    if let UnitColour::Side(c) = u.colour {
                        u.colour = UnitColour::Side(!c);
                    }
                }
            }
            Keyword::Substitute => {
                let spec: Vec<&str> = words[i..]
                    .iter()
                    .take_while(|w| keyword(w).is_none())
                    .copied()
                    .collect();
                i += spec.len();
                let joined = spec.join(" ").replace("==>", " ");
                let codes: Vec<&str> = joined.split_whitespace().collect();
                let [from, to] = codes.as_slice() else {
                    return Err(format!("twin: cannot read substitute '{}'", spec.join(" ")).into());
                };
                let (from, to) = (from.to_ascii_lowercase(), to.to_ascii_lowercase());
                for u in problem.units.iter_mut().filter(|u| u.code == from) {
                    u.code = to.clone();
                    u.walk = walk_of(&to, language);
                }
            }
            Keyword::Stipulation => {
                let stip = words.get(i).ok_or("twin: stipulation without a value")?;
                i += 1;
                problem.stipulation = Some(stip.to_string());
                problem.structured_stipulation = None;
            }
            Keyword::Condition => {
                let mut conditions = Vec::new();
                while let Some(w) = words.get(i) {
                    if keyword(w).is_some_and(|k| k != Keyword::Condition) && !conditions.is_empty()
                    {
                        break;
                    }
                    conditions.push(w.to_string());
                    i += 1;
                }
                problem.conditions = conditions;
            }
        }
    }
    Ok(problem)
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

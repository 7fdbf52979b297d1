//! A move as Popeye prints it, played on a problem's units with no model of the rules: the
//! unit on the departure square goes to the arrival square, taking what stands there, then
//! each effect in brackets is done as printed (`[+bQd8]` puts back the unit captured,
//! `[-bSg2]` takes one off, `[bKe4->a8]` displaces one). A move that does not read so
//! (castling, en passant, a change of colour, a move with more squares) is refused, as is a
//! step of two ranks that a unit beside its arrival may take en passant, which a diagram does
//! not say.

use feerie_oracle::notation::popeye_words::Language;
use feerie_oracle::popeye_input::{PlacedUnit, UnitColour};
use feerie_oracle::{Colour, Square};

/// A move as Popeye prints it, read: where from and to, whether it captures there, the walk
/// promoted to, and the effects in brackets after it.
#[derive(Debug, PartialEq, Eq)]
struct Printed {
    code: String,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<String>,
    effects: Vec<Effect>,
}

/// An effect of a move, printed in brackets after it.
#[derive(Debug, PartialEq, Eq)]
enum Effect {
    /// `[+bQc3]`: a unit put on a square (a rebirth).
    Added(char, String, Square),
    /// `[-bSg2]`: a unit taken off.
    Removed(String, Square),
    /// `[bKe4->a8]`: a unit displaced.
    Moved(String, Square, Square),
}

/// The letters then a square that start `text`: (lower-case letters: colour and attributes,
/// upper-case letters: the walk's code, none for a pawn; the square; the rest).
fn unit_then_square(text: &str) -> Option<(&str, &str, Square, &str)> {
    let b = text.as_bytes();
    let mut at = 0;
    while !(at + 1 < b.len()
        && (b'a'..=b'h').contains(&b[at])
        && (b'1'..=b'8').contains(&b[at + 1]))
    {
        if !b.get(at)?.is_ascii_alphabetic() {
            return None;
        }
        at += 1;
    }
    let letters = &text[..at];
    let (prefix, code) =
        letters.split_at(letters.find(|c: char| c.is_ascii_uppercase()).unwrap_or(at));
    if !(prefix.chars().all(|c| c.is_ascii_lowercase())
        && code.chars().all(|c| c.is_ascii_uppercase()))
    {
        return None;
    }
    let square: Square = text[at..at + 2].parse().ok()?;
    Some((prefix, code, square, &text[at + 2..]))
}

/// `text` read as a plain move with its effects, or `None`.
fn read_move(text: &str) -> Option<Printed> {
    // A prefix of colour or attribute letters is the moving unit's, which its square tells.
    let (_, code, from, rest) = unit_then_square(text)?;
    let capture = match rest.as_bytes().first()? {
        b'-' => false,
        b'*' => true,
        _ => return None,
    };
    let to: Square = rest.get(1..3)?.parse().ok()?;
    let mut rest = &rest[3..];
    let mut promotion = None;
    if let Some(after) = rest.strip_prefix('=') {
        let len = after
            .find(|c: char| !c.is_ascii_uppercase())
            .unwrap_or(after.len());
        if len == 0 {
            return None;
        }
        promotion = Some(after[..len].to_string());
        rest = &after[len..];
    }
    let mut effects = Vec::new();
    while let Some(inner) = rest.strip_prefix('[') {
        let end = inner.find(']')?;
        effects.push(read_effect(&inner[..end])?);
        rest = &inner[end + 1..];
    }
    rest.is_empty().then(|| Printed {
        code: code.to_string(),
        from,
        capture,
        to,
        promotion,
        effects,
    })
}

/// The inside of a bracket read as an effect, or `None`.
fn read_effect(inner: &str) -> Option<Effect> {
    if let Some(added) = inner.strip_prefix('+') {
        let (prefix, code, on, rest) = unit_then_square(added)?;
        let mut letters = prefix.chars();
        let colour = letters.next()?;
        return (letters.next().is_none() && rest.is_empty() && !code.is_empty())
            .then(|| Effect::Added(colour, code.to_string(), on));
    }
    if let Some(removed) = inner.strip_prefix('-') {
        let (_, code, on, rest) = unit_then_square(removed)?;
        return rest
            .is_empty()
            .then(|| Effect::Removed(code.to_string(), on));
    }
    let (_, code, from, rest) = unit_then_square(inner)?;
    let to: Square = rest.strip_prefix("->")?.parse().ok()?;
    Some(Effect::Moved(code.to_string(), from, to))
}

/// Whether `unit` is the one a printed code names (no code: a pawn).
fn is_walk(unit: &PlacedUnit, code: &str, language: Language) -> bool {
    let pawn = match language {
        Language::English => "p",
        Language::German => "b",
    };
    match code {
        "" => unit.code == pawn,
        _ => unit.code.eq_ignore_ascii_case(code),
    }
}

/// The colour a letter of a printed effect gives.
fn colour_letter(letter: char, language: Language) -> Option<UnitColour> {
    match (letter, language) {
        ('w', _) => Some(UnitColour::Side(Colour::White)),
        ('b', Language::English) | ('s', Language::German) => Some(UnitColour::Side(Colour::Black)),
        ('n', _) => Some(UnitColour::Neutral),
        _ => None,
    }
}

/// `units` after the move printed as `text`, or why it does not replay.
pub(super) fn play(
    units: &mut Vec<PlacedUnit>,
    text: &str,
    language: Language,
) -> Result<(), String> {
    let not_plain = || format!("{text} is not a plain move with effects");
    let m = read_move(text).ok_or_else(not_plain)?;
    let at =
        |units: &Vec<PlacedUnit>, square: Square| units.iter().position(|u| u.square == square);
    let mover = at(units, m.from).ok_or_else(not_plain)?;
    if !is_walk(&units[mover], &m.code, language) {
        return Err(format!(
            "{text}: the unit on {} is not the one moved",
            m.from
        ));
    }
    // A pawn's step of two ranks next to a unit of the other side may be taken en passant,
    // which a diagram does not say.
    let two_ranks = m.code.is_empty() && m.from.rank().index().abs_diff(m.to.rank().index()) == 2;
    let colour = units[mover].colour;
    let beside = |u: &PlacedUnit| {
        u.colour != colour
            && u.square.rank() == m.to.rank()
            && u.square.file().index().abs_diff(m.to.file().index()) == 1
    };
    if two_ranks && units.iter().any(beside) {
        return Err(format!(
            "{text}: a step of two ranks that may be taken en passant"
        ));
    }
    let mut captured = None;
    match (m.capture, at(units, m.to)) {
        (true, Some(victim)) => captured = Some(units.remove(victim)),
        (false, None) => {}
        _ => return Err(not_plain()),
    }
    let mover = at(units, m.from).ok_or_else(not_plain)?;
    units[mover].square = m.to;
    if let Some(code) = &m.promotion {
        units[mover].code = code.to_ascii_lowercase();
        units[mover].walk = None;
    }
    for effect in &m.effects {
        match effect {
            Effect::Added(letter, code, on) => {
                let reborn = captured.take().filter(|c| {
                    is_walk(c, code, language) && colour_letter(*letter, language) == Some(c.colour)
                });
                match (reborn, at(units, *on)) {
                    (Some(unit), None) => units.push(PlacedUnit {
                        square: *on,
                        ..unit
                    }),
                    _ => return Err(format!("{text}: a unit added that is not the one captured")),
                }
            }
            Effect::Removed(code, on) => match at(units, *on) {
                Some(i) if is_walk(&units[i], code, language) => {
                    units.remove(i);
                }
                _ => return Err(not_plain()),
            },
            Effect::Moved(code, from, to) => match (at(units, *from), at(units, *to)) {
                (Some(i), None) if is_walk(&units[i], code, language) => units[i].square = *to,
                _ => return Err(not_plain()),
            },
        }
    }
    Ok(())
}

/// Whether a king stands on its home square with a unit of its side on a corner of that rank,
/// so that the diagram would give a castling the play may have taken away.
pub(super) fn may_castle(units: &[PlacedUnit]) -> bool {
    let on = |name: &str| {
        let square: Square = name.parse().expect("a square");
        units.iter().find(|u| u.square == square)
    };
    [("e1", ["a1", "h1"]), ("e8", ["a8", "h8"])]
        .iter()
        .any(|(home, corners)| match on(home) {
            Some(king) if king.code == "k" => corners
                .iter()
                .any(|c| on(c).is_some_and(|u| u.colour == king.colour)),
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_with_its_effects_reads() {
        let m = read_move("nbGe2-e5[wKe4->a8]").expect("reads");
        assert_eq!(
            (m.code.as_str(), m.from.to_string(), m.to.to_string()),
            ("G", "e2".into(), "e5".into())
        );
        assert_eq!(m.effects.len(), 1);
        let m = read_move("g7*h8=D[-sSg8]").expect("reads");
        assert!(m.capture && m.promotion.as_deref() == Some("D") && m.effects.len() == 1);
        assert!(read_move("e3*d4[+bQc3]").is_some());
        for not_plain in ["0-0", "e5*d6 ep.", "[wRb2->a1]0-0", "Rd1*d7=b", "e4*d5-d3"] {
            assert_eq!(read_move(not_plain), None, "{not_plain}");
        }
    }

    #[test]
    fn a_rebirth_puts_back_the_unit_captured_and_nothing_else() {
        let file = feerie_oracle::popeye_input::parse(
            "beginproblem\nstipulation #2\ncondition circe\npieces white ke1 pe3 black kh8 qd4\nendproblem",
        )
        .unwrap();
        let mut units = file.problems[0].units.clone();
        play(&mut units, "e3*d4[+bQd8]", Language::English).expect("replays");
        let queen = units.iter().find(|u| u.code == "q").expect("reborn");
        assert_eq!(queen.square.to_string(), "d8");
        assert_eq!(queen.colour, UnitColour::Side(Colour::Black));
        let mut units = file.problems[0].units.clone();
        let wrong = play(&mut units, "e3*d4[+bRd8]", Language::English);
        assert!(wrong.is_err(), "a rook was not captured");
        let mut units = file.problems[0].units.clone();
        assert!(
            play(&mut units, "e3-e5", Language::English).is_ok(),
            "nothing beside e5"
        );
        let mut units = file.problems[0].units.clone();
        assert!(play(&mut units, "Qd4-d5", Language::English).is_ok());
        let two_ranks = play(&mut units, "e3-e5", Language::English);
        assert!(
            two_ranks.is_err(),
            "the queen beside e5 may be a unit that takes en passant"
        );
    }
}

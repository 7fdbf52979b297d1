//! The words of the units of Popeye's input: walk codes, square lists, and the groups of
//! units of `pieces` (and of the twinning command `add`). The keywords themselves are
//! `popeye_words`'s.

use super::*;

pub(crate) fn walk_of(code: &str, language: Language) -> Option<Walk> {
    match language {
        Language::English => Walk::from_popeye_code(code),
        Language::German => Walk::from_german_code(code),
    }
}

/// A walk's code as Popeye reads one alone: one or two letters or digits, the first a letter.
pub(crate) fn walk_code(word: &str) -> bool {
    (1..=2).contains(&word.len())
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric())
}

pub(super) fn code_of(walk: Walk) -> String {
    walk.popeye_code().to_ascii_lowercase()
}

/// The squares of a word that is only squares (`b2`, `b2c7`), or `None`.
pub(crate) fn squares_of(text: &str) -> Option<Vec<Square>> {
    if text.is_empty() || !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| text[i..i + 2].to_ascii_lowercase().parse().ok())
        .collect()
}

/// Splits `kf5`, `bb7e7`, `lia5`, `16g7` into a walk code and squares, as Popeye does: squares
/// take two characters each, so the code is one character when the word's length is odd and
/// two when it is even (a code may hold digits: `16` is Popeye's 1:6 leaper); a hunter's code
/// is two such codes around `/` (`r/bd4`).
pub(crate) fn piece_token(token: &str) -> Option<(String, Vec<Square>)> {
    if !token.is_ascii() || !token.chars().all(|c| c.is_ascii_alphanumeric() || c == '/') {
        return None;
    }
    let code_of_rest = |rest: &str| if rest.len() % 2 == 1 { 1 } else { 2 };
    let code_len = match token.find('/') {
        Some(slash) if slash <= 2 => {
            let away = if slash % 2 == 1 { 1 } else { 2 };
            if away != slash {
                return None;
            }
            slash + 1 + code_of_rest(&token[slash + 1..])
        }
        Some(_) => return None,
        None => code_of_rest(token),
    };
    let (code, rest) = token.split_at_checked(code_len)?;
    squares_of(rest).map(|sqs| (code.to_ascii_lowercase(), sqs))
}

/// Units read from the words of `pieces` or of the twinning command `add`.
pub(crate) struct Units {
    /// The units, in order.
    pub units: Vec<PlacedUnit>,
    /// `TotalInvisible N`: the number of units, invisible ones included.
    pub total: Option<usize>,
    /// How many words they take.
    pub words: usize,
    /// How many piece words (a walk with its squares) there are.
    pub pieces: usize,
}

/// Reads groups of units as Popeye does: a colour word, then its piece attributes (only there),
/// then walks with their squares, up to the first word that is none of them; that word must
/// be one for which `ends` holds (a command), or the words do not read. As in Popeye, right
/// after a colour a word is tried as an attribute first (`b` is `Bul` there), then as a unit,
/// and only then as the next colour.
///
/// Popeye also reads a walk written alone with its squares in the next word (`B a1b2`), and
/// tries any word after a unit as a walk before a colour (so that `bl` there is its walk
/// `BL`, not `black`); this project knows only its own walks' codes, so it reads neither:
/// a walk alone does not read, and such a word is a colour here.
///
/// An error is the index of the word that does not read and why.
pub(crate) fn read_units(
    words: &[&str],
    language: Language,
    ends: impl Fn(&str) -> bool,
) -> Result<Units, (usize, String)> {
    let mut read = Units {
        units: Vec::new(),
        total: None,
        words: 0,
        pieces: 0,
    };
    let mut colour = None;
    let mut attributes: Vec<Attribute> = Vec::new();
    // Attributes are read right after a colour word (or another attribute) only.
    let mut after_colour = false;
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        i += 1;
        if after_colour {
            match ATTRIBUTES.lookup(language, word) {
                Lookup::Found(attribute) => {
                    attributes.push(attribute);
                    continue;
                }
                Lookup::Ambiguous => {
                    let why = ATTRIBUTES.why_not(language, word, "piece attribute");
                    return Err((i - 1, why.unwrap_or_default()));
                }
                Lookup::Unknown => after_colour = false,
            }
        }
        if let Some((code, squares)) = piece_token(word) {
            let Some(colour) = colour else {
                return Err((i - 1, format!("piece '{word}' before any colour")));
            };
            for square in squares {
                read.units.push(PlacedUnit {
                    colour,
                    walk: walk_of(&code, language),
                    code: code.clone(),
                    attributes: attributes.clone(),
                    square,
                });
            }
            read.pieces += 1;
            continue;
        }
        match COLOURS.lookup(language, word) {
            Lookup::Found(ColourWord::TotalInvisible) => {
                let n = words.get(i).and_then(|n| n.parse().ok()).ok_or_else(|| {
                    (
                        i - 1,
                        format!("'{word}' without the number of units after it"),
                    )
                })?;
                read.total = Some(n);
                i += 1;
                continue;
            }
            Lookup::Found(found) => {
                colour = Some(match found {
                    ColourWord::White => UnitColour::Side(Colour::White),
                    ColourWord::Black => UnitColour::Side(Colour::Black),
                    _ => UnitColour::Neutral,
                });
                attributes.clear();
                after_colour = true;
                continue;
            }
            // Popeye's colour words begin with four different letters: none is ambiguous.
            Lookup::Ambiguous | Lookup::Unknown => {}
        }
        if ends(word) {
            i -= 1;
            break;
        }
        return Err((
            i - 1,
            format!("'{word}' is neither a colour, a piece attribute nor a piece with squares"),
        ));
    }
    read.words = i;
    Ok(read)
}

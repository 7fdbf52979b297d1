//! The words and lines of Popeye's solution text, told apart without any state: a move and its
//! number, the words that stand only after a move, twin labels, and the lines Popeye prints
//! among solutions that are not moves (measurements, progress lines, its messages there), and
//! the lines that end a problem's output or say something of it.

use feerie_oracle::notation::popeye_words::PopeyeOption;

/// How a problem's output ends (lower case, the start of the line): a stock run adds the time
/// (`solution finished. Time = 0.009 s`), `-regression` prints the bare words; a solution limit
/// (`option maxsolutions`) ends it as partial.
pub(super) const FINISHED: [&str; 2] = ["solution finished.", "loesung beendet."];
pub(super) const PARTIAL: [&str; 2] = ["partial solution", "partielle loesung"];
pub(super) const INTERRUPTED: [&str; 2] = ["solving interrupted.", "bearbeitung abgebrochen."];
/// The line after Popeye's complaint about a problem or twin it does not solve.
pub(super) const IGNORED: [&str; 2] = ["problem ignored", "problem uebersprungen"];

/// Popeye's complaint that the side to play can capture the king, in its three languages
/// (`output/message.c`); its measurement lines may follow on the same line.
pub(super) const KING_CAPTURABLE: [&str; 3] = [
    "the side to play can capture the king",
    "Die am Zug befindliche Partei kann den Koenig schlagen",
    "le camp au trait peut prendre le roi",
];

/// Popeye's notice that an option does not apply to the twin's stipulation and is ignored,
/// in its three languages (`output/message.c`, messages 96, 107 and 109 to 113), printed before
/// the twin (before its label, after the twin before it).
pub const NOT_APPLICABLE: [(PopeyeOption, [&str; 3]); 7] = [
    (
        PopeyeOption::StopOnShortSolutions,
        [
            "Option  StopOnShortSolutions  not supported with direct play.",
            "Option  StopNachKurzloesungen  nicht unterstuetzt im direkten Spiel.",
            "L'option  FinApresSolutionsCourtes  n'est pas soutenu au jeu direct.",
        ],
    ),
    (
        PopeyeOption::Threat,
        [
            "Option \"Threat\" not applicable or indicated maximum threat length too big",
            "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross",
            "Option \"menace\" pas applicable ou longueur maximale de la menace trop grande",
        ],
    ),
    (
        PopeyeOption::WhiteToPlay,
        [
            "WhiteToPlay not applicable - ignored",
            "WeissBeginnt nicht anwendbar - ignoriert",
            "ApparentSeul pas applicable - ignore",
        ],
    ),
    (
        PopeyeOption::SetPlay,
        [
            "SetPlay not applicable - ignored",
            "Satzspiel nicht anwendbar - ignoriert",
            "Apparent pas applicable - ignore",
        ],
    ),
    (
        PopeyeOption::PostKeyPlay,
        [
            "PostKeyPlay not applicable - ignored",
            "NachSchluessel nicht anwendbar - ignoriert",
            "ApresCle pas applicable - ignore",
        ],
    ),
    (
        PopeyeOption::Quodlibet,
        [
            "Quodlibet not applicable - ignored",
            "Quodlibet nicht anwendbar - ignoriert",
            "Quodlibet pas applicable - ignore",
        ],
    ),
    (
        PopeyeOption::GoalIsEnd,
        [
            "GoalIsEnd not applicable - ignored",
            "ZielIstEnde nicht anwendbar - ignoriert",
            "ButEstFin pas applicable - ignore",
        ],
    ),
];

/// Popeye's remark after a line whose last move it cannot judge (Ohneschach's recursion
/// stopped), in its three languages (`output/message.c`).
pub(super) const UNDECIDABLE: [&str; 3] = [
    "cannot decide if this move is legal or not.",
    "kann nicht entscheiden, ob dieser Zug legal ist.",
    "on ne peut pas determiner si ce coup est legal.",
];

/// Words that stand only in solution lines, after a move (`x`, `z`, `%`, `#=`, `==` and `!=`
/// are goal markers: capture, target square, material gain, mate or stalemate, double and
/// auto-stalemate).
pub(super) const SOLUTION_WORDS: [&str; 16] = [
    "threat:",
    "zugzwang.",
    "Drohung:",
    "Zugzwang.",
    "!",
    "?",
    "#",
    "+",
    "=",
    "ep.",
    "x",
    "z",
    "%",
    "#=",
    "==",
    "!=",
];

/// A measurement line's name (`add_to_move_generation_stack:      120043`, `TI decisions:
/// 8188`): words of letters and underscores, a colon, a number, nothing else.
pub(super) fn measurement(trimmed: &str) -> Option<&str> {
    let (name, count) = trimmed.split_once(':')?;
    (!name.trim().is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == '_' || c == ' ')
        && !count.trim().is_empty()
        && count.trim().chars().all(|c| c.is_ascii_digit()))
    .then_some(name)
}

/// Whether a word is a move with its number (`1.Qd1-d8`, `2...Ka8-b7`).
pub(super) fn numbered_move(word: &str) -> bool {
    split_number(word).is_some_and(|(_, rest)| is_move(rest))
}

/// Whether a line is made of solution text only (moves, move numbers, marks and Popeye's
/// words around them) with a numbered move among it.
pub(super) fn solution_like(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().any(|w| numbered_move(w))
        && words.iter().all(|w| {
            numbered_move(w)
                || is_move(w)
                || SOLUTION_WORDS.contains(w)
                || w.starts_with("ep.")
                || split_number(w).is_some_and(|(_, rest)| rest.is_empty())
        })
}

/// Popeye's progress line under `option movenumbers` (`33  (Kh4-g5 + )`, `2:8:14  (Kg1-f2 )`
/// in intelligent mode): a number or numbers joined by colons, then a move in brackets.
pub(super) fn progress(trimmed: &str) -> bool {
    let numbers = trimmed
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ':')
        .count();
    numbers > 0
        && trimmed.starts_with(|c: char| c.is_ascii_digit())
        && trimmed[numbers..].trim_start().starts_with('(')
        && trimmed.ends_with(')')
}

/// Popeye's words after a refutation under `option postkeyplay`-like listings (`output/message.c`,
/// in its three languages).
const REFUTES: [&str; 3] = ["refutes.", "Widerlegt.", "Refute."];

/// The count of positions intelligent mode prints (`12 potential positions in 2+2`), in
/// Popeye's three languages, with the time it took when Popeye runs without `-regression`
/// (`0 moegliche Stellungen in 1+1  (Zeit = 0.023 s)`).
fn positions_count(trimmed: &str) -> bool {
    let Some((count, rest)) = trimmed.split_once(' ') else {
        return false;
    };
    let Some(rest) = [
        "potential positions in ",
        "moegliche Stellungen in ",
        "positions possibles dans ",
    ]
    .iter()
    .find_map(|words| rest.strip_prefix(words)) else {
        return false;
    };
    let (material, time) = rest.split_once(' ').unwrap_or((rest, ""));
    let time = time.trim();
    let timed = time.starts_with('(') && time.ends_with(" s)");
    if !time.is_empty() && !timed {
        return false;
    }
    let Some((white, black)) = material.split_once('+') else {
        return false;
    };
    [count, white, black]
        .iter()
        .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A side's null move (`8... ...`, `1... ... !`): move numbers without a move, `...` for the
/// move, and the words that may follow a move.
pub(super) fn null_move(trimmed: &str) -> bool {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    words.contains(&"...")
        && words.iter().all(|w| {
            *w == "..."
                || SOLUTION_WORDS.contains(w)
                || split_number(w).is_some_and(|(_, rest)| rest.is_empty())
        })
}

/// A move number with no move after it on its line (`  1.` alone, `2... +`): Popeye prints a
/// number only with its move, or with `...` for a null move.
pub(super) fn number_without_move(trimmed: &str) -> bool {
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    !null_move(trimmed)
        && words.iter().enumerate().any(|(i, w)| {
            split_number(w).is_some_and(|(_, rest)| rest.is_empty())
                && !words.get(i + 1).is_some_and(|next| is_move(next))
        })
}

/// Whether a line (trimmed) is Popeye's `refutes.` under a defence that has no answer (the play
/// after the key), in any of its languages.
pub fn refutes_line(trimmed: &str) -> bool {
    REFUTES.contains(&trimmed)
}

/// Whether a line without a move is one Popeye prints among a twin's solutions, once they have
/// begun: a progress line, a measurement, `refutes.`, intelligent mode's count of positions, a
/// null move. Any other text there is not Popeye's.
pub(super) fn known_among_solutions(trimmed: &str) -> bool {
    progress(trimmed)
        || measurement(trimmed).is_some()
        || refutes_line(trimmed)
        || positions_count(trimmed)
        || null_move(trimmed)
}

/// `a) …`, `+c) …` for a twin continued from the previous one, and `z1) …`, `z2) …` after `z)`.
pub(super) fn twin_label(line: &str) -> Option<String> {
    let line = line.strip_prefix('+').unwrap_or(line);
    let (label, _) = line.split_once(')')?;
    let mut chars = label.chars();
    let letter = chars.next()?;
    (letter.is_ascii_lowercase() && chars.all(|c| c.is_ascii_digit())).then(|| label.to_string())
}

/// `12.Kc5-c6` → (22, "Kc5-c6"); `3...` → (5, "").
pub(super) fn split_number(word: &str) -> Option<(usize, &str)> {
    let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let n: usize = word[..digits].parse().ok()?;
    let rest = &word[digits..];
    if n == 0 {
        return None;
    }
    if let Some(after) = rest.strip_prefix("...") {
        Some((2 * (n - 1) + 1, after))
    } else if let Some(after) = rest.strip_prefix('.') {
        // `1.-` in a title is not a move number: a move starts with a letter or 0-0.
        (after.is_empty() || is_move(after)).then_some((2 * (n - 1), after))
    } else {
        None
    }
}

/// A move starts with a letter (or `[` for Popeye's prefixed effects) and names a square, or is
/// a castling; progress lines such as `(Kg3-g4 )` are not moves.
pub fn is_move(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with("0-0")
        || b.first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'[')
            && b.windows(2)
                .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_popeye_prints_among_solutions_are_known_and_others_are_not() {
        for known in [
            "33  (Kh4-g5 + )",
            "2:8:14  (Kg1-f2 )",
            "add_to_move_generation_stack:         187",
            "TI decisions:   808500160",
            "refutes.",
            "Widerlegt.",
            "8... ...",
            "1... ... !",
            "12 potential positions in 2+2",
            "0 moegliche Stellungen in 1+1",
            "0 moegliche Stellungen in 1+1  (Zeit = 0.023 s)",
            "26439 potential positions in 3+3  (Time = 1.019 s)",
        ] {
            assert!(known_among_solutions(known), "{known}");
            assert!(!number_without_move(known), "{known}");
        }
        for stray in [
            "Popeye was here",
            "1.",
            "2...",
            "1. +",
            "add_to_move_generation_stack: 187 x",
            "(Kh4-g5 + )",
            "potential positions in 2+2",
            "12 potential positions in 2+2 and more",
            "refutes",
        ] {
            assert!(!known_among_solutions(stray), "{stray}");
        }
        for bare in ["1.", "2...", "1. +", "3. Rollentausch #"] {
            assert!(number_without_move(bare), "{bare}");
        }
        for moves in ["1.e2-e4 e7-e5", "1... Ka8-b7", "2...Se1-c2 +"] {
            assert!(!number_without_move(moves), "{moves}");
        }
    }
}

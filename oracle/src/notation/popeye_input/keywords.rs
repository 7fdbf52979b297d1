//! The words of Popeye's input format: commands, colours, attributes, walk codes, square
//! lists, condition names and the options that change neither the position nor the rules.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Command {
    Begin,
    End,
    Next,
    Text(&'static str),
    Stipulation,
    StructuredStipulation,
    Pieces,
    Forsyth,
    Condition,
    Option,
    Twin,
    Zero,
}

pub(super) const COMMANDS: &[(&str, Command)] = &[
    ("beginproblem", Command::Begin),
    ("begin", Command::Begin),
    ("anfangproblem", Command::Begin),
    ("anfang", Command::Begin),
    ("endproblem", Command::End),
    ("end", Command::End),
    ("endeproblem", Command::End),
    ("ende", Command::End),
    ("nextproblem", Command::Next),
    ("next", Command::Next),
    ("weiteresproblem", Command::Next),
    ("protocol", Command::Text("protocol")),
    ("protokoll", Command::Text("protocol")),
    ("title", Command::Text("title")),
    ("titel", Command::Text("title")),
    ("author", Command::Text("author")),
    ("autor", Command::Text("author")),
    ("origin", Command::Text("origin")),
    ("quelle", Command::Text("origin")),
    ("award", Command::Text("award")),
    ("auszeichnung", Command::Text("award")),
    ("remark", Command::Text("remark")),
    ("bemerkung", Command::Text("remark")),
    ("latex", Command::Text("latex")),
    ("layout", Command::Text("layout")),
    ("input", Command::Text("input")),
    ("sstipulation", Command::StructuredStipulation),
    ("stipulation", Command::Stipulation),
    ("forderung", Command::Stipulation),
    ("pieces", Command::Pieces),
    ("steine", Command::Pieces),
    ("forsyth", Command::Forsyth),
    ("condition", Command::Condition),
    ("bedingung", Command::Condition),
    ("option", Command::Option),
    ("twin", Command::Twin),
    ("zwilling", Command::Twin),
    ("zeroposition", Command::Zero),
    ("nullstellung", Command::Zero),
];

pub(super) fn command_of(word: &str) -> Option<Command> {
    let w = word.to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    COMMANDS
        .iter()
        .find(|(name, _)| name.starts_with(&w))
        .map(|(_, c)| *c)
}

pub(crate) fn colour_of(word: &str) -> Option<UnitColour> {
    let w = word.to_ascii_lowercase();
    let is = |full: &str, min: usize| w.len() >= min && full.starts_with(&w);
    if is("white", 2) || is("weiss", 2) {
        Some(UnitColour::Side(Colour::White))
    } else if is("black", 2) || is("schwarz", 3) {
        Some(UnitColour::Side(Colour::Black))
    } else if is("neutral", 3) {
        Some(UnitColour::Neutral)
    } else {
        None
    }
}

pub(super) const ATTRIBUTES: &[&str] = &[
    "royal",
    "magic",
    "protean",
    "frankfurt",
    "chameleon",
    "jigger",
    "kamikaze",
    "paralysing",
    "paralysierend",
    "volage",
    "halfneutral",
    "halbneutral",
    "frischauf",
    "beamtet",
    "koeniglich",
    "magisch",
    "uncapturable",
];

pub(crate) fn attribute_of(word: &str) -> Option<String> {
    let w = word.to_ascii_lowercase();
    if w.len() < 3 || !w.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(
        ATTRIBUTES
            .iter()
            .find(|a| a.starts_with(&w))
            .map_or(w.clone(), |a| a.to_string()),
    )
}

pub(crate) fn walk_of(code: &str, language: Language) -> Option<Walk> {
    let code = code.to_ascii_lowercase();
    Some(match (language, code.as_str()) {
        (_, "k") => Walk::King,
        (_, "s") => Walk::Knight,
        (Language::English, "q") | (Language::German, "d") => Walk::Queen,
        (Language::English, "r") | (Language::German, "t") => Walk::Rook,
        (Language::English, "b") | (Language::German, "l") => Walk::Bishop,
        (Language::English, "p") | (Language::German, "b") => Walk::Pawn,
        (Language::English, "pp") => Walk::ReversePawn,
        _ => return None,
    })
}

pub(super) fn code_of(walk: Walk) -> &'static str {
    match walk {
        Walk::King => "k",
        Walk::Queen => "q",
        Walk::Rook => "r",
        Walk::Bishop => "b",
        Walk::Knight => "s",
        Walk::Pawn => "p",
        Walk::ReversePawn => "pp",
    }
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

/// Splits `kf5`, `bb7e7`, `lia5` into a walk code and squares: the shortest code whose rest is
/// a list of squares.
pub(crate) fn piece_token(token: &str) -> Option<(String, Vec<Square>)> {
    if !token.is_ascii() || !token.chars().all(|c| c.is_ascii_alphanumeric() || c == '/') {
        return None;
    }
    (1..token.len().min(6)).find_map(|n| {
        let (code, rest) = token.split_at(n);
        if !code.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        squares_of(rest).map(|sqs| (code.to_ascii_lowercase(), sqs))
    })
}

pub(super) fn condition_of(word: &str) -> Option<Condition> {
    let w = word.to_ascii_lowercase();
    if w.len() < 4 {
        return None;
    }
    // The names of the registry of conditions.
    let names = || {
        Condition::ALL
            .into_iter()
            .flat_map(|c| c.entry().popeye.read.iter().map(move |name| (*name, c)))
    };
    // An exact name first, then a prefix (Popeye's abbreviations: `parr`, `prot`).
    names()
        .find(|(name, _)| *name == w)
        .or_else(|| {
            let mut prefixed: Vec<(&str, Condition)> =
                names().filter(|(name, _)| name.starts_with(&w)).collect();
            prefixed.sort_by_key(|(name, _)| name.len());
            prefixed.first().copied()
        })
        .map(|(_, c)| c)
}

/// Options that only change how Popeye solves or prints, never the position or the rules.
pub(super) const NEUTRAL_OPTIONS: &[&str] = &[
    "noboard",
    "ohnebrett",
    "maxloesungen",
    "variation",
    "varianten",
    "try",
    "verfuehrung",
    "setplay",
    "satzspiel",
    "threat",
    "drohung",
    "nothreat",
    "ohnedrohung",
    "maxsolutions",
    "solution",
    "intelligent",
    "intelligentmode",
    "movenumbers",
    "nowk",
    "nobk",
    "ohnewk",
    "ohnesk",
    "quodlibet",
    "nomovenumbers",
    "noshortvariations",
    "maxtime",
    "keepmatingpiece",
    "start",
    "upto",
    "defence",
    "enpassant",
    "nocastling",
    "duplex",
    "halfduplex",
    "whitetoplay",
    "weissbeginnt",
    "postkeyplay",
    "nonsquare",
    "stoponshortsolutions",
    "suppressgrid",
    "writegrid",
    "lastcapture",
];

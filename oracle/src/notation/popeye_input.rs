//! Popeye's input format: reading problem files (English or German keywords) and writing
//! positions with their conditions.
//!
//! Popeye reads tokens, not lines: a command takes the words after it until the next command.
//! Keywords may be abbreviated to any prefix of three letters or more (`beg`, `stip`, `cond`).
//! Reading keeps everything a problem says, including conditions, pieces and options this
//! project does not implement; [`PopeyeProblem::to_position`] then says precisely what it
//! cannot use.

use std::fmt;

use crate::{
    CastlingRights, Colour, EnPassant, Piece, Position, Reserve, Rules, Setup, Square, Validation,
    Walk,
};
use crate::{Condition, Profile};

/// A syntax error in a Popeye input file: line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeInputError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PopeyeInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Popeye input, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PopeyeInputError {}

/// The keyword language of a file, fixed by its first word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// `begin`, `pieces`, `white`, walks `K Q R B S P`.
    English,
    /// `anfang`, `steine`, `weiss`, walks `K D T L S B`.
    German,
}

/// The colour of a unit in a Popeye file, which may be neutral.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitColour {
    /// White or Black.
    Side(Colour),
    /// A neutral unit (belongs to both sides).
    Neutral,
}

/// A unit as a Popeye file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedUnit {
    /// Its colour.
    pub colour: UnitColour,
    /// The walk, when it is one this project knows.
    pub walk: Option<Walk>,
    /// Popeye's code of the walk, lower case (`s`, `pp`, `g`, `li`).
    pub code: String,
    /// Attribute words (`royal`, `magic`, …), lower case, as written.
    pub attributes: Vec<String>,
    /// Its square.
    pub square: Square,
}

/// One problem of a file (the part between `begin`/`next` and `next`/`end`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopeyeProblem {
    /// Line where the problem starts.
    pub line: usize,
    /// `title`, `author`, `origin`, `award`, `remark`, `protocol` texts: (command, text).
    pub texts: Vec<(String, String)>,
    /// `stipulation`, as written.
    pub stipulation: Option<String>,
    /// `sstipulation` (structured stipulation), as written.
    pub structured_stipulation: Option<String>,
    /// The units, from `pieces` and `forsyth`.
    pub units: Vec<PlacedUnit>,
    /// The words of every `condition` command, in order.
    pub conditions: Vec<String>,
    /// The words of every `option` command, in order.
    pub options: Vec<String>,
    /// Each `twin` command as written after the keyword.
    pub twins: Vec<String>,
    /// The commands after `zeroposition`, when the diagram is a zero position (not solved).
    pub zero_position: Option<String>,
    /// `total N` of `pieces`: the number of units, invisible ones included.
    pub total: Option<usize>,
}

/// A whole input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeFile {
    /// Its keyword language.
    pub language: Language,
    /// Its problems.
    pub problems: Vec<PopeyeProblem>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
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

const COMMANDS: &[(&str, Command)] = &[
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

fn command_of(word: &str) -> Option<Command> {
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

const ATTRIBUTES: &[&str] = &[
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

fn code_of(walk: Walk) -> &'static str {
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

fn squares_of(text: &str) -> Option<Vec<Square>> {
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

struct Token<'a> {
    word: &'a str,
    line: usize,
}

/// Reads a whole file.
///
/// ```
/// use feerie_oracle::popeye_input;
/// let file = popeye_input::parse("beginproblem\npieces white ke1 ra1 black kb8 sf5\n\
///     condition CirceParrain\nstipulation ~1\nendproblem\n").unwrap();
/// assert_eq!(file.problems.len(), 1);
/// assert_eq!(file.problems[0].units.len(), 4);
/// assert!(popeye_input::parse("beginproblem\npieces white kz9\nendproblem").is_err());
/// ```
pub fn parse(text: &str) -> Result<PopeyeFile, PopeyeInputError> {
    let lines: Vec<&str> = text.lines().collect();
    let tokens: Vec<Token> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            l.split_whitespace().map(move |w| Token {
                word: w,
                line: i + 1,
            })
        })
        .collect();
    let Some(first) = tokens.first() else {
        return Err(PopeyeInputError {
            line: 1,
            message: "empty input (expected begin or beginproblem)".into(),
        });
    };
    let language = match first.word.to_ascii_lowercase() {
        w if w.len() >= 3 && ("anfangproblem".starts_with(&w)) => Language::German,
        w if w.len() >= 3 && ("beginproblem".starts_with(&w)) => Language::English,
        w => {
            return Err(PopeyeInputError {
                line: first.line,
                message: format!("the file must start with begin (or anfang), not '{w}'"),
            });
        }
    };
    let mut problems = Vec::new();
    let mut current = PopeyeProblem {
        line: first.line,
        ..Default::default()
    };
    let mut i = 1;
    let mut ended = false;
    let fail = |line: usize, message: String| Err(PopeyeInputError { line, message });
    while i < tokens.len() {
        let tok = &tokens[i];
        let Some(cmd) = command_of(tok.word) else {
            return fail(tok.line, format!("'{}' is not a command here", tok.word));
        };
        i += 1;
        // Words up to the next command.
        let take_words = |i: &mut usize| {
            let mut words = Vec::new();
            while *i < tokens.len() && command_of(tokens[*i].word).is_none() {
                words.push(tokens[*i].word.to_string());
                *i += 1;
            }
            words
        };
        // The rest of the command's line.
        let rest_of_line = |i: &mut usize| {
            let mut words = Vec::new();
            while *i < tokens.len() && tokens[*i].line == tok.line {
                words.push(tokens[*i].word);
                *i += 1;
            }
            words.join(" ")
        };
        match cmd {
            Command::Begin => {
                return fail(
                    tok.line,
                    "begin inside a problem (missing end or next?)".into(),
                );
            }
            Command::End => {
                problems.push(std::mem::take(&mut current));
                ended = true;
                if let Some(extra) = tokens.get(i) {
                    return fail(
                        extra.line,
                        format!("'{}' after the end of the input", extra.word),
                    );
                }
                break;
            }
            Command::Next => {
                problems.push(std::mem::take(&mut current));
                current.line = tok.line;
            }
            Command::Text(name) => {
                let text = if name == "latex" {
                    take_words(&mut i).join(" ")
                } else {
                    rest_of_line(&mut i)
                };
                current.texts.push((name.to_string(), text));
            }
            Command::Stipulation => {
                current.stipulation = Some(take_words(&mut i).join(" "));
            }
            Command::StructuredStipulation => {
                let text = rest_of_line(&mut i);
                if text.is_empty() {
                    return fail(tok.line, "sstipulation without a value".into());
                }
                current.structured_stipulation = Some(text);
            }
            Command::Condition => {
                let mut words = Vec::new();
                while let Some(t) = tokens.get(i) {
                    if command_of(t.word).is_some() && condition_of(t.word).is_none() {
                        break;
                    }
                    words.push(t.word.to_string());
                    i += 1;
                }
                if words.is_empty() {
                    return fail(tok.line, "condition without a name".into());
                }
                current.conditions.extend(words);
            }
            Command::Option => current.options.extend(take_words(&mut i)),
            Command::Twin => {
                let text = rest_of_line(&mut i);
                current.twins.push(text);
            }
            Command::Zero => {
                current.zero_position = Some(rest_of_line(&mut i));
            }
            Command::Forsyth => {
                let Some(board) = tokens.get(i) else {
                    return fail(tok.line, "forsyth without a board".into());
                };
                i += 1;
                let units = parse_forsyth(board.word, language).map_err(|m| PopeyeInputError {
                    line: board.line,
                    message: m,
                })?;
                current.units.extend(units);
            }
            Command::Pieces => {
                let mut colour = None;
                let mut attributes: Vec<String> = Vec::new();
                let mut count = 0;
                while let Some(t) = tokens.get(i) {
                    if command_of(t.word).is_some() && piece_token(t.word).is_none() {
                        break;
                    }
                    if let Some(c) = colour_of(t.word) {
                        colour = Some(c);
                        attributes.clear();
                    } else if let Some((code, squares)) = piece_token(t.word) {
                        let Some(colour) = colour else {
                            return fail(
                                t.line,
                                format!("piece '{}' before any colour (white/black)", t.word),
                            );
                        };
                        for square in squares {
                            current.units.push(PlacedUnit {
                                colour,
                                walk: walk_of(&code, language),
                                code: code.clone(),
                                attributes: attributes.clone(),
                                square,
                            });
                        }
                        count += 1;
                    } else if t.word.eq_ignore_ascii_case("total") {
                        // The number of units, invisible ones included.
                        if let Some(n) = tokens.get(i + 1).and_then(|n| n.word.parse().ok()) {
                            current.total = Some(n);
                            i += 1;
                        }
                    } else if let Some(a) = attribute_of(t.word) {
                        attributes.push(a);
                    } else {
                        return fail(
                            t.line,
                            format!(
                                "'{}' is neither a colour, a piece attribute nor a piece with squares",
                                t.word
                            ),
                        );
                    }
                    i += 1;
                }
                if count == 0 {
                    return fail(tok.line, "pieces without any piece".into());
                }
            }
        }
    }
    if !ended {
        let line = lines.len().max(1);
        return fail(line, "the input ends without end (or endproblem)".into());
    }
    Ok(PopeyeFile { language, problems })
}

fn parse_forsyth(text: &str, language: Language) -> Result<Vec<PlacedUnit>, String> {
    let mut units = Vec::new();
    let mut index: usize = 0; // 0 = a8, 8 = a7, ...
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        if c.is_ascii_digit() {
            let start = k;
            while k < chars.len() && chars[k].is_ascii_digit() {
                k += 1;
            }
            let n: usize = chars[start..k]
                .iter()
                .collect::<String>()
                .parse()
                .map_err(|_| "bad number".to_string())?;
            index = index
                .checked_add(n)
                .filter(|&i| i <= 64)
                .ok_or_else(|| format!("forsyth '{text}': more than 64 squares"))?;
            continue;
        }
        if c == '/' {
            if !index.is_multiple_of(8) {
                index += 8 - index % 8;
            }
            k += 1;
            continue;
        }
        let (code, upper): (String, bool) = if c == '.' {
            let code: String = chars
                .get(k + 1..k + 3)
                .map(|s| s.iter().collect())
                .unwrap_or_default();
            if code.len() != 2 || !code.chars().all(|ch| ch.is_ascii_alphabetic()) {
                return Err(format!(
                    "forsyth '{text}': '.' must be followed by a two-letter piece"
                ));
            }
            k += 3;
            (
                code.to_ascii_lowercase(),
                code.chars()
                    .next()
                    .is_some_and(|ch| ch.is_ascii_uppercase()),
            )
        } else if c.is_ascii_alphabetic() {
            k += 1;
            (c.to_ascii_lowercase().to_string(), c.is_ascii_uppercase())
        } else {
            return Err(format!("forsyth '{text}': unexpected '{c}'"));
        };
        if index >= 64 {
            return Err(format!("forsyth '{text}' has more than 64 squares"));
        }
        let square = Square::new((56 - (index / 8) * 8 + index % 8) as u8).expect("index < 64");
        let colour = UnitColour::Side(if upper { Colour::White } else { Colour::Black });
        units.push(PlacedUnit {
            colour,
            walk: walk_of(&code, language),
            code,
            attributes: Vec::new(),
            square,
        });
        index += 1;
    }
    if index > 64 {
        return Err(format!("forsyth '{text}' has more than 64 squares"));
    }
    Ok(units)
}

/// Why a problem cannot be turned into a position under this project's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Each reason (a fairy piece, a condition, an option, an invalid position).
    pub reasons: Vec<String>,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unsupported: {}", self.reasons.join("; "))
    }
}

impl std::error::Error for Unsupported {}

const CONDITION_NAMES: &[(&str, Condition)] = &[
    ("circeparrain", Condition::CirceParrain),
    ("parraincirce", Condition::CirceParrain),
    ("circeclone", Condition::CirceClone),
    ("clonecirce", Condition::CirceClone),
    ("circeequipollents", Condition::CirceEquipollents),
    ("equipollentscirce", Condition::CirceEquipollents),
    ("circe", Condition::Circe),
    ("frankfurtchess", Condition::Frankfurt),
    ("frankfurtschach", Condition::Frankfurt),
    ("proteanchess", Condition::Protean),
    ("proteischesschach", Condition::Protean),
];

fn condition_of(word: &str) -> Option<Condition> {
    let w = word.to_ascii_lowercase();
    if w.len() < 4 {
        return None;
    }
    // An exact name first, then a prefix (Popeye's abbreviations: `parr`, `prot`).
    CONDITION_NAMES
        .iter()
        .find(|(name, _)| *name == w)
        .or_else(|| {
            let mut prefixed: Vec<&(&str, Condition)> = CONDITION_NAMES
                .iter()
                .filter(|(name, _)| name.starts_with(&w))
                .collect();
            prefixed.sort_by_key(|(name, _)| name.len());
            prefixed.first().copied()
        })
        .map(|(_, c)| *c)
}

/// Options that only change how Popeye solves or prints, never the position or the rules.
const NEUTRAL_OPTIONS: &[&str] = &[
    "noboard",
    "variation",
    "varianten",
    "try",
    "verfuehrung",
    "set",
    "satz",
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

impl PopeyeProblem {
    /// Who moves first: the colour of a structured stipulation, or Black in help play
    /// (`h#2`, `ser-h#3`, but not help-self `hs#` nor help-reflex `hr#`), otherwise White;
    /// `whitetoplay` and `halfduplex` adjust.
    pub fn side_to_move(&self) -> Colour {
        if let Some(s) = &self.structured_stipulation {
            let first = s
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if "black".starts_with(&first) && first.len() >= 2 || first.starts_with("schw") {
                return Colour::Black;
            }
            return Colour::White;
        }
        let stip = self
            .stipulation
            .as_deref()
            .unwrap_or("")
            .to_ascii_lowercase();
        let bare = stip
            .trim_start_matches("exact-")
            .trim_start_matches("ser-")
            .trim_start_matches("pser-");
        // Help play starts with Black, but help-self and help-reflex play with White.
        let help = bare.starts_with('h') && !bare.starts_with("hs") && !bare.starts_with("hr");
        let mut side = if help { Colour::Black } else { Colour::White };
        let has = |name: &str| {
            self.options
                .iter()
                .any(|o| name.starts_with(&o.to_ascii_lowercase()) && o.len() >= 4)
        };
        if side == Colour::Black && (has("whitetoplay") || has("weissbeginnt")) {
            side = Colour::White;
        }
        if has("halfduplex") {
            side = !side;
        }
        side
    }

    /// The position and rules of the problem (before any twin), or every reason it cannot be
    /// expressed in this project's terms. Castling rights are Popeye's: each king and rook on
    /// its original square, less those named by `option nocastling`; `option enpassant`
    /// gives the double step.
    pub fn to_position(
        &self,
        profile: Profile,
        validation: Validation,
    ) -> Result<(Position, Rules), Unsupported> {
        let mut reasons = Vec::new();
        let mut setup = Setup::empty();
        if let Some(total) = self.total.filter(|&n| n != self.units.len()) {
            reasons.push(format!(
                "total {total} units but {} given (invisible units)",
                self.units.len()
            ));
        }
        for u in &self.units {
            let UnitColour::Side(colour) = u.colour else {
                reasons.push(format!("neutral unit on {}", u.square));
                continue;
            };
            let Some(walk) = u.walk else {
                reasons.push(format!("fairy piece '{}' on {}", u.code, u.square));
                continue;
            };
            if setup.board.get(u.square).is_some() {
                reasons.push(format!(
                    "two units on {} (a second position, as in a=>b stipulations)",
                    u.square
                ));
            }
            let mut piece = Piece::new(colour, walk);
            for a in &u.attributes {
                match a.as_str() {
                    "royal" | "koeniglich" => piece.royal = true,
                    "protean" | "frankfurt" => piece.mutable = true,
                    "magic" | "magisch" => reasons.push(format!(
                        "Popeye's Magic attribute on {} (a colour-changing rule, not Bédoni's magic pieces)",
                        u.square
                    )),
                    other => reasons.push(format!("piece attribute '{other}' on {}", u.square)),
                }
            }
            setup.board.set(u.square, Some(piece));
        }
        setup.side_to_move = self.side_to_move();
        let mut conditions = Vec::new();
        let mut sets: Vec<(&str, &str)> = Vec::new();
        let mut words = self.conditions.iter().peekable();
        while let Some(word) = words.next() {
            let w = word.to_ascii_lowercase();
            if let Some(c) = condition_of(&w) {
                // `Circe Parrain`, `Circe Clone`, `Circe Equipollents`: Popeye's variant words
                // after Circe name the variant itself.
                let variant = words
                    .peek()
                    .and_then(|next| condition_of(next))
                    .filter(|v| c == Condition::Circe && v.is_circe() && *v != Condition::Circe);
                if variant.is_none() {
                    conditions.push(c);
                }
            } else if w.starts_with("rexexcl") || w.starts_with("rexexkl") {
                sets.push(("rex", "exclusive"));
            } else if w.starts_with("rexincl") || w.starts_with("rexinkl") {
                sets.push(("rex", "inclusive"));
            } else if "lastcapture".starts_with(&w) && w.len() >= 4 {
                let colour = words.next().and_then(|c| colour_of(c));
                let unit = words.next().and_then(|t| piece_token(t));
                match (colour, unit) {
                    (Some(UnitColour::Side(colour)), Some((code, sqs))) if sqs.len() == 1 => {
                        match walk_of(&code, Language::English) {
                            Some(walk) => {
                                setup.reserve = Some(Reserve {
                                    piece: Piece::new(colour, walk),
                                    square: sqs[0],
                                })
                            }
                            None => reasons.push(format!("LastCapture of fairy piece '{code}'")),
                        }
                    }
                    _ => reasons.push(
                        "LastCapture needs a colour and a piece with its square (white bg4)".into(),
                    ),
                }
            } else {
                reasons.push(format!("condition '{word}'"));
            }
        }
        let mut options = self.options.iter().peekable();
        let mut no_castling: Vec<Square> = Vec::new();
        while let Some(word) = options.next() {
            let w = word.to_ascii_lowercase();
            let known = NEUTRAL_OPTIONS
                .iter()
                .find(|o| o.starts_with(&w) && w.len() >= 3);
            match known {
                Some(&"nocastling") => {
                    if let Some(sqs) = options.peek().and_then(|t| squares_of(t)) {
                        no_castling.extend(sqs);
                        options.next();
                    }
                }
                Some(&"enpassant") => match options.peek().and_then(|t| squares_of(t)) {
                    Some(sqs) if sqs.len() == 2 || sqs.len() == 3 => {
                        options.next();
                        // Origin, passed square and arrival, or origin and arrival.
                        let passed = if sqs.len() == 3 {
                            Some(sqs[1])
                        } else {
                            let (a, b) = (sqs[0], sqs[1]);
                            let mid = (a.rank().index() + b.rank().index()) / 2;
                            a.offset(0, mid as i8 - a.rank().index() as i8)
                        };
                        setup.en_passant = passed.and_then(EnPassant::from_target);
                        if setup.en_passant.is_none() {
                            reasons.push("option enpassant: not a double step".into());
                        }
                    }
                    Some(sqs) if sqs.len() > 3 => {
                        options.next();
                        reasons.push(format!(
                            "option enpassant over {} squares (a step longer than a double step)",
                            sqs.len()
                        ));
                    }
                    _ => {
                        reasons.push("option enpassant needs the squares of the double step".into())
                    }
                },
                Some(&"maxsolutions") | Some(&"maxtime") | Some(&"start") | Some(&"upto") => {
                    options.next();
                }
                Some(_) => {}
                None => reasons.push(format!("option '{word}'")),
            }
        }
        setup.castling = popeye_castling(&setup, &no_castling);
        let mut rules = match Rules::new(conditions, profile) {
            Ok(r) => r,
            Err(e) => {
                reasons.push(e.to_string());
                Rules::orthodox()
            }
        };
        for (k, v) in sets {
            if let Err(e) = rules.set(k, v) {
                reasons.push(e.to_string());
            }
        }
        if setup.reserve.is_some() && !rules.has(Condition::CirceParrain) {
            reasons.push("LastCapture without ParrainCirce".into());
        }
        if !reasons.is_empty() {
            return Err(Unsupported { reasons });
        }
        if rules.circe_model().is_some_and(|m| m.reborn_royals()) {
            // A rook on its corner has its own flag in Popeye, king home or not; under rex
            // inclusive it matters, since a king reborn on its square may castle with it.
            for sq in rook_corners(&setup) {
                if !no_castling.contains(&sq) {
                    setup.castling.insert(sq);
                }
            }
        }
        Position::new(setup, validation)
            .map(|p| (p, rules))
            .map_err(|e| Unsupported {
                reasons: vec![e.to_string()],
            })
    }
}

/// The corners on which a rook of the corner's side stands.
fn rook_corners(setup: &Setup) -> Vec<Square> {
    setup
        .board
        .pieces()
        .filter(|(sq, piece)| {
            piece.walk == Walk::Rook
                && !piece.royal
                && crate::CastlingSide::of_rook_square(*sq)
                    .is_some_and(|side| side.squares(piece.colour)[2] == *sq)
        })
        .map(|(sq, _)| sq)
        .collect()
}

fn popeye_castling(setup: &Setup, no_castling: &[Square]) -> CastlingRights {
    let mut rights = CastlingRights::none();
    for colour in Colour::ALL {
        let home = if colour == Colour::White { 0 } else { 56 };
        let sq = |f: u8| Square::new(home + f).expect("on board");
        let king_home = setup
            .board
            .get(sq(4))
            .is_some_and(|p| p.colour == colour && p.walk == Walk::King);
        if !king_home || no_castling.contains(&sq(4)) {
            continue;
        }
        rights.insert_king(colour);
        for rook_sq in [sq(0), sq(7)] {
            let rook = setup
                .board
                .get(rook_sq)
                .is_some_and(|p| p.colour == colour && p.walk == Walk::Rook && !p.royal);
            if rook && !no_castling.contains(&rook_sq) {
                rights.insert(rook_sq);
            }
        }
    }
    rights
}

/// Writes a position and its rules as an English Popeye problem with the given stipulation
/// lines (e.g. `sstipulation white 1s[~]`).
///
/// ```
/// use feerie_oracle::{popeye_input, Position, Rules, Profile, Validation};
/// let text = popeye_input::write(&Position::start(), &Rules::orthodox(), "sstipulation white 1s[~]").unwrap();
/// let back = popeye_input::parse(&text).unwrap();
/// let (pos, _) = back.problems[0].to_position(Profile::Documented, Validation::Strict).unwrap();
/// assert_eq!(pos, Position::start());
/// ```
pub fn write(position: &Position, rules: &Rules, stipulation: &str) -> Result<String, Unsupported> {
    let mut reasons = Vec::new();
    let mut out = String::from("beginproblem\n");
    for colour in Colour::ALL {
        // Popeye reads attributes only right after the colour word, for the pieces after them
        // up to the next colour word: one group per set of attributes.
        let mut groups: Vec<((bool, bool), Vec<String>)> = Vec::new();
        for (sq, p) in position.board().pieces_of(colour) {
            if p.magic {
                reasons.push(format!(
                    "magic piece on {sq}: Popeye has no Bédoni magic pieces"
                ));
            }
            let attributes = (p.royal && p.walk != Walk::King, p.mutable);
            let word = format!("{}{sq}", code_of(p.walk));
            match groups.iter_mut().find(|(a, _)| *a == attributes) {
                Some((_, words)) => words.push(word),
                None => groups.push((attributes, vec![word])),
            }
        }
        groups.sort_by_key(|(a, _)| *a);
        let line: Vec<String> = groups
            .iter()
            .map(|((royal, mutable), words)| {
                let mut group = colour.to_string();
                if *royal {
                    group.push_str(" royal");
                }
                if *mutable {
                    group.push_str(" protean");
                }
                format!("{group} {}", words.join(" "))
            })
            .collect();
        if !line.is_empty() {
            out.push_str(&format!("pieces {}\n", line.join(" ")));
        }
    }
    // Popeye ignores a problem with a royal piece other than a king under a Circe whose rebirth
    // depends on the capture (Clone, Equipollents, Parrain) with rex inclusive.
    let capture_dependent = [
        Condition::CirceClone,
        Condition::CirceEquipollents,
        Condition::CirceParrain,
    ]
    .into_iter()
    .find(|c| rules.has(*c));
    if let Some(c) = capture_dependent
        && rules.circe_rex() == crate::rules::Rex::Inclusive
    {
        for (sq, p) in position.board().pieces() {
            if p.royal && p.walk != Walk::King {
                reasons.push(format!(
                    "royal {p} on {sq} under {} with rex inclusive: Popeye takes no royal piece \
                     other than a king there",
                    c.popeye_name()
                ));
            }
        }
    }
    // `RexInclusive` is a Circe option: Popeye reads it only right after a Circe condition.
    // `RexExclusive` stands alone and takes the kings out of Frankfurt's and Protean's mutation.
    // Popeye refuses it after `ParrainCirce`, but reads it after the same variant written as
    // `Circe Parrain`.
    let mut conds: Vec<String> = Vec::new();
    for c in rules.conditions() {
        let inclusive = c.is_circe() && rules.circe_rex() == crate::rules::Rex::Inclusive;
        if inclusive && c == Condition::CirceParrain {
            conds.push("Circe Parrain".into());
        } else {
            conds.push(c.popeye_name().to_string());
        }
        if inclusive {
            conds.push("RexInclusive".into());
        }
    }
    if rules.captures_mutate() && rules.mutation_rex() == crate::rules::Rex::Exclusive {
        conds.push("RexExclusive".into());
    }
    if let Some(r) = position.reserve() {
        conds.push(format!(
            "LastCapture {} {}{}",
            r.piece.colour,
            code_of(r.piece.walk),
            r.square
        ));
    }
    if !conds.is_empty() {
        out.push_str(&format!("condition {}\n", conds.join(" ")));
    }
    out.push_str(stipulation.trim());
    out.push('\n');
    let mut options = vec!["noboard".to_string()];
    // Popeye gives each unit on its game-array square its own flag: the king on e1/e8, each
    // rook on its corner whether or not its king is home. Every flag we do not have is named.
    let mut expected = popeye_castling(position.setup(), &[]);
    for sq in rook_corners(position.setup()) {
        expected.insert(sq);
    }
    let mut lost: Vec<String> = expected
        .squares()
        .filter(|s| !position.castling().contains(*s))
        .map(|s| s.to_string())
        .collect();
    for colour in Colour::ALL {
        if expected.king_may_castle(colour) && !position.castling().king_may_castle(colour) {
            let home = if colour == Colour::White { "e1" } else { "e8" };
            lost.push(home.to_string());
        }
    }
    if !lost.is_empty() {
        options.push(format!("nocastling {}", lost.concat()));
    }
    if let Some(ep) = position.en_passant() {
        // Popeye replays the double step of the `enpassant` option only in the direction of
        // the side not to move's ordinary pawns.
        if position
            .board()
            .get(ep.pawn)
            .is_some_and(|p| p.walk == Walk::ReversePawn)
        {
            reasons.push(
                "en passant after a reverse pawn's double step (Popeye's enpassant option cannot \
                 say it)"
                    .to_string(),
            );
        }
        options.push(format!("enpassant {}{}{}", ep.origin(), ep.target, ep.pawn));
    }
    out.push_str(&format!("option {}\n", options.join(" ")));
    out.push_str("endproblem\n");
    if reasons.is_empty() {
        Ok(out)
    } else {
        Err(Unsupported { reasons })
    }
}

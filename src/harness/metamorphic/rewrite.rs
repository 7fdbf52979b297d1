//! A problem written again from what was read of it, in its own language, with a relation's
//! change: its units in another order or on mirrored squares, an option added. Only what
//! Popeye solves is written (no title, author or other text).

use feerie_oracle::notation::popeye_words::ColourWord;
use feerie_oracle::notation::popeye_words::words::{ATTRIBUTES, COLOURS};
use feerie_oracle::notation::popeye_words::{Command, Language, PopeyeOption};
use feerie_oracle::popeye_input::{PopeyeProblem, UnitColour};
use feerie_oracle::{Colour, Square};

/// What to change in a problem written again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// The units in this order (indexes into the problem's units), or as given.
    pub unit_order: Option<Vec<usize>>,
    /// Every unit on the square mirrored between the a- and h-files.
    pub mirror_files: bool,
    /// Every unit on the square mirrored between the 1st and 8th ranks, its colour swapped
    /// (a neutral unit stays neutral).
    pub reverse_colours: bool,
    /// The problem's options in the reverse order, each with the numbers after it.
    pub reverse_options: bool,
    /// Option words added after the problem's own.
    pub extra_options: Vec<String>,
    /// The problem's conditions in the reverse order (each a word of its own).
    pub reverse_conditions: bool,
    /// Every word written in this language instead of the problem's own.
    pub language: Option<Language>,
    /// Popeye's `option maxtime` with these seconds, unless the problem sets its own: each
    /// problem of an input is then bounded alone, and one slow problem leaves the others'
    /// answers whole (a problem that runs out of it is cut, which the relations do not check).
    pub max_seconds: Option<u64>,
}

impl Change {
    /// Where a square of the problem goes: mirrored between the files, between the ranks, both
    /// or neither.
    pub fn square(&self, mut square: Square) -> Square {
        if self.mirror_files {
            square = mirror_file(square);
        }
        if self.reverse_colours {
            square = mirror_rank(square);
        }
        square
    }
}

/// The square mirrored between the a- and h-files.
///
/// ```
/// use feerie::harness::metamorphic::mirror_file;
/// let b2: feerie::oracle::Square = "b2".parse().unwrap();
/// assert_eq!(mirror_file(b2).to_string(), "g2");
/// ```
pub fn mirror_file(square: Square) -> Square {
    let file = 7 - square.file().index() as i8;
    Square::at(file, square.rank().index() as i8).expect("a mirrored square is on the board")
}

/// The square mirrored between the 1st and 8th ranks.
///
/// ```
/// use feerie::harness::metamorphic::mirror_rank;
/// let b2: feerie::oracle::Square = "b2".parse().unwrap();
/// assert_eq!(mirror_rank(b2).to_string(), "b7");
/// ```
pub fn mirror_rank(square: Square) -> Square {
    let rank = 7 - square.rank().index() as i8;
    Square::at(square.file().index() as i8, rank).expect("a mirrored square is on the board")
}

/// The problem as one Popeye input of its own, with `change` made.
///
/// ```
/// use feerie::harness::metamorphic::{Change, rewrite};
/// use feerie::oracle::notation::popeye_words::Language;
/// use feerie::oracle::popeye_input;
/// let file = popeye_input::parse(
///     "beginproblem\nstipulation #2\npieces white ka1 qb2 black kh8\nendproblem",
/// )
/// .unwrap();
/// let change = Change { unit_order: Some(vec![2, 0, 1]), mirror_files: true, ..Change::default() };
/// let text = rewrite(&file.problems[0], &change);
/// assert!(text.contains("black ka8"), "{text}");
/// assert!(text.contains("white kh1"), "{text}");
/// assert!(text.contains("white qg2"), "{text}");
/// assert_eq!(popeye_input::parse(&text).unwrap().problems[0].units.len(), 3);
///
/// let file = popeye_input::parse(
///     "beginproblem\nstipulation h#2\noption maxsolutions 2 nontrivial 1 2 noboard\n\
///      pieces white ka1 black kh8\nendproblem",
/// )
/// .unwrap();
/// let change = Change { reverse_options: true, ..Change::default() };
/// let text = rewrite(&file.problems[0], &change);
/// assert!(text.contains("option noboard nontrivial 1 2 maxsolutions 2\n"), "{text}");
///
/// // In German, a structured stipulation's side is German too.
/// let file = popeye_input::parse(
///     "beginproblem\nsstipulation black - 1h[/1d[x]a{!+}]h\npieces white ka1 black kh8\nendproblem",
/// )
/// .unwrap();
/// let change = Change { language: Some(Language::German), ..Change::default() };
/// let text = rewrite(&file.problems[0], &change);
/// assert!(text.contains("sforderung schwarz - 1h[/1d[x]a{!+}]h\n"), "{text}");
///
/// // A bound of Popeye's own on each problem, in the problem's language.
/// let change = Change { language: Some(Language::German), max_seconds: Some(60), ..Change::default() };
/// assert!(rewrite(&file.problems[0], &change).contains("option maxzeit 60\n"));
/// ```
pub fn rewrite(problem: &PopeyeProblem, change: &Change) -> String {
    rewrite_all([(problem, change.clone())])
}

/// The problem's commands, with `change` made: what stands between its begin word (or the
/// `nextproblem` before it) and the end of the input.
fn commands(problem: &PopeyeProblem, change: &Change) -> String {
    let language = change.language.unwrap_or(problem.language);
    let translated = language != problem.language;
    let word = |c: Command| c.word(language).to_ascii_lowercase();
    let mut out = String::new();
    if let Some(s) = &problem.structured_stipulation {
        // Its first word, the side that starts, is a colour word of the language.
        let s = match s.split_once(char::is_whitespace) {
            Some((_, rest)) if translated => {
                let side = match problem.side_to_move() {
                    Colour::White => ColourWord::White,
                    Colour::Black => ColourWord::Black,
                };
                let side = COLOURS
                    .word(language, side)
                    .expect("every side has its colour word");
                format!("{} {}", side.to_ascii_lowercase(), rest.trim_start())
            }
            _ => s.clone(),
        };
        out += &format!("{} {s}\n", word(Command::StructuredStipulation));
    }
    if let Some(s) = &problem.stipulation {
        out += &format!("{} {s}\n", word(Command::Stipulation));
    }
    if !problem.conditions.is_empty() {
        // Written in another language word for word (the relation has checked each has its
        // word there); as given when one has none, which Popeye then reads with an error.
        let words = match translated {
            true => super::mapping::translated_conditions(problem, language)
                .unwrap_or_else(|_| problem.conditions.clone()),
            false => problem.conditions.clone(),
        };
        // A condition's square list (Imitator's imitators) goes where the board goes.
        let lists = super::mapping::square_list_words(problem);
        let mut conditions: Vec<String> = (words.iter().zip(lists))
            .map(|(w, list)| match super::mapping::square_list(w) {
                Some(squares) if list => squares
                    .into_iter()
                    .map(|s| change.square(s))
                    .map(|s| s.to_string())
                    .collect(),
                _ => w.clone(),
            })
            .collect();
        if change.reverse_conditions {
            conditions.reverse();
        }
        out += &format!("{} {}\n", word(Command::Condition), conditions.join(" "));
    }
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for word in &problem.options {
        let number = word.chars().all(|c| c.is_ascii_digit());
        // The colour reversal gives the other side's option of one side's king.
        let option = PopeyeOption::of(problem.language, word)
            .found()
            .filter(|_| !number);
        let word = match option {
            Some(given) => {
                let written = match change.reverse_colours {
                    true => super::mapping::reversed_option(given),
                    false => given,
                };
                match written != given || translated {
                    true => written.word(language),
                    false => word.as_str(),
                }
            }
            None => word.as_str(),
        };
        match groups.last_mut() {
            Some(group) if number => group.push(word),
            _ => groups.push(vec![word]),
        }
    }
    if change.reverse_options {
        groups.reverse();
    }
    let bound = match change.max_seconds {
        Some(seconds) if !problem.has_option(PopeyeOption::MaxTime) => vec![
            PopeyeOption::MaxTime.word(language).to_ascii_lowercase(),
            seconds.to_string(),
        ],
        _ => Vec::new(),
    };
    let options: Vec<&str> = groups
        .into_iter()
        .flatten()
        .chain(change.extra_options.iter().map(String::as_str))
        .chain(bound.iter().map(String::as_str))
        .collect();
    if !options.is_empty() {
        out += &format!("{} {}\n", word(Command::Option), options.join(" "));
    }
    out += &word(Command::Pieces);
    let order: Vec<usize> = change
        .unit_order
        .clone()
        .unwrap_or_else(|| (0..problem.units.len()).collect());
    for i in order {
        let unit = &problem.units[i];
        let colour = match (unit.colour, change.reverse_colours) {
            (UnitColour::Side(Colour::White), false) | (UnitColour::Side(Colour::Black), true) => {
                ColourWord::White
            }
            (UnitColour::Side(_), _) => ColourWord::Black,
            (UnitColour::Neutral, _) => ColourWord::Neutral,
        };
        out += "\n  ";
        out += &COLOURS
            .word(language, colour)
            .expect("every colour has its word")
            .to_ascii_lowercase();
        for &attribute in &unit.attributes {
            out += " ";
            out += &ATTRIBUTES
                .word(language, attribute)
                .expect("every attribute has its word")
                .to_ascii_lowercase();
        }
        // A walk's code in the other language (the relation has checked every walk is known).
        let code = match (unit.walk, language) {
            (Some(walk), _) if translated && language == Language::German => walk.german_code(),
            (Some(walk), _) if translated => walk.popeye_code(),
            _ => unit.code.as_str(),
        };
        out += &format!(
            " {}{}",
            code.to_ascii_lowercase(),
            change.square(unit.square)
        );
    }
    out += "\n";
    for twin in &problem.twins {
        out += &format!("{} {twin}\n", word(Command::Twin));
    }
    out
}

/// Several problems (of one file, so of one language) as one Popeye input: each problem's
/// commands with its change made, joined by `nextproblem`.
pub fn rewrite_all<'a>(problems: impl IntoIterator<Item = (&'a PopeyeProblem, Change)>) -> String {
    let mut language = None;
    let bodies: Vec<String> = problems
        .into_iter()
        .map(|(problem, change)| {
            language = Some(change.language.unwrap_or(problem.language));
            commands(problem, &change)
        })
        .collect();
    let language = language.unwrap_or_default();
    let word = |c: Command| c.word(language).to_ascii_lowercase();
    format!(
        "{}\n{}{}\n",
        language.begin_word().to_ascii_lowercase(),
        bodies.join(&format!("{}\n", word(Command::Next))),
        word(Command::End)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::popeye_input;

    fn problem(text: &str) -> PopeyeProblem {
        popeye_input::parse(text).unwrap().problems.remove(0)
    }

    /// The problem of `text` written again with the units mirrored between the files (or with
    /// the colours reversed).
    fn rewritten(text: &str, reverse_colours: bool) -> String {
        let change = Change {
            mirror_files: !reverse_colours,
            reverse_colours,
            ..Change::default()
        };
        rewrite(&problem(text), &change)
    }

    #[test]
    fn a_conditions_squares_go_with_the_board() {
        let text = "beginproblem\nstipulation h#2\ncondition imitator c3d4 madrasi\n\
                    pieces white kc1 black ka1\nendproblem";
        let mirrored = rewritten(text, false);
        assert!(mirrored.contains("imitator f3e4 madrasi\n"), "{mirrored}");
        let reversed = rewritten(text, true);
        assert!(reversed.contains("imitator c6d5 madrasi\n"), "{reversed}");
        // The option of one side's king goes to the other side.
        let reversed = rewritten(
            "beginproblem\nstipulation ~1\noption nowk variation\n\
             pieces white kc1 black ka1\nendproblem",
            true,
        );
        assert!(
            reversed.to_ascii_lowercase().contains("nobk variation"),
            "{reversed}"
        );
        // Squares after a condition that takes none are not moved (and make the relation
        // unsound, as the relations' tests say).
        let mirrored = rewritten(
            "beginproblem\nstipulation h#2\ncondition madrasi c3\n\
             pieces white kc1 black ka1\nendproblem",
            false,
        );
        assert!(mirrored.contains("madrasi c3\n"), "{mirrored}");
    }
}

//! How a relation's change reaches the words of a problem other than its units: the squares a
//! condition lists (Imitator's imitators) go where the board goes, an option of one side's
//! king goes to the other side when the colours are swapped, the condition words are written in
//! the other language, and whether they can be given in another order.

use feerie_oracle::notation::popeye_words::{
    CirceVariant, Language, Lookup, PopeyeCondition, PopeyeOption,
};
use feerie_oracle::popeye_input::PopeyeProblem;

/// The conditions (Popeye's English words) given with a list of squares after them (`Imitator
/// a7b7`), which the mirrors and the colour reversal map as they map the units: such a condition
/// is symmetric when its squares are mapped with the board.
pub const SQUARE_LIST_CONDITIONS: [&str; 1] = ["Imitator"];

/// The squares of a word that lists squares (`c3`, `a7b7c7`), or `None`.
///
/// ```
/// use feerie::harness::metamorphic::mapping::square_list;
/// assert_eq!(square_list("a7b8").map(|s| s.len()), Some(2));
/// assert_eq!(square_list("a9"), None);
/// assert_eq!(square_list("circe"), None);
/// ```
pub fn square_list(word: &str) -> Option<Vec<feerie_oracle::Square>> {
    let b = word.as_bytes();
    if b.is_empty() || !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|pair| std::str::from_utf8(pair).ok()?.parse().ok())
        .collect()
}

/// For each condition word of `problem`, whether it is the square list of the condition word
/// before it (one of [`SQUARE_LIST_CONDITIONS`]).
pub fn square_list_words(problem: &PopeyeProblem) -> Vec<bool> {
    let mut out = Vec::with_capacity(problem.conditions.len());
    let mut takes_squares = false;
    for word in &problem.conditions {
        let is_list = takes_squares && square_list(word).is_some();
        out.push(is_list);
        takes_squares = !is_list
            && PopeyeCondition::of(problem.language, word)
                .found()
                .is_some_and(|c| SQUARE_LIST_CONDITIONS.contains(&c.word(Language::English)));
    }
    out
}

/// The option the colour reversal gives for `option`: the other side's for an option of one
/// side's king (`nowk`, `nobk`), else the same.
pub fn reversed_option(option: PopeyeOption) -> PopeyeOption {
    match option {
        PopeyeOption::NoWk => PopeyeOption::NoBk,
        PopeyeOption::NoBk => PopeyeOption::NoWk,
        other => other,
    }
}

/// The other language a problem can be written in (English for German, German for English).
pub fn other_language(language: Language) -> Language {
    match language {
        Language::English => Language::German,
        Language::German => Language::English,
    }
}

/// The problem's condition words written in `target`, or why one cannot be: each condition by
/// its place in Popeye's list, each Circe variant word after a condition that reads words of
/// its own (Popeye tries a variant first there, as after `Circe`), numbers and square lists as
/// they are. A word that reads as nothing, or as several things, or a condition that reads
/// walks (whose codes differ between the languages), cannot be written for sure.
///
/// ```
/// use feerie::harness::metamorphic::mapping::translated_conditions;
/// use feerie::oracle::notation::popeye_words::Language;
/// use feerie::oracle::popeye_input;
/// let words = |text: &str| {
///     let file = popeye_input::parse(&format!(
///         "beginproblem\nstipulation ~1\ncondition {text}\npieces white ka1 black kh8\nendproblem"
///     ))
///     .unwrap();
///     translated_conditions(&file.problems[0], Language::German)
/// };
/// assert_eq!(words("circe parrain madrasi").unwrap(), ["Circe", "Parrain", "Madrasi"]);
/// assert_eq!(words("imitator c3d4 sat 2").unwrap(), ["Imitator", "c3d4", "SAT", "2"]);
/// assert!(words("chameleoncirce s b").is_err());
/// assert_eq!(words("circe strict").unwrap(), ["Circe", "Strikt"]);
/// assert!(words("sat strict").is_err()); // SAT and StrictSAT, not SAT's variant
/// ```
pub fn translated_conditions(
    problem: &PopeyeProblem,
    target: Language,
) -> Result<Vec<String>, String> {
    let source = problem.language;
    let mut out = Vec::with_capacity(problem.conditions.len());
    let mut reads_arguments = false;
    let mut reads_variants = false;
    for word in &problem.conditions {
        if number_or_squares(word) {
            out.push(word.clone());
            continue;
        }
        if reads_arguments && let Lookup::Found(variant) = CirceVariant::of(source, word) {
            if variant.reads_walk_sequence() {
                return Err(format!("the variant word '{word}' reads walks"));
            }
            // Outside Circe's family the word may be read as a condition of its own instead.
            if !reads_variants && PopeyeCondition::of(source, word) != Lookup::Unknown {
                return Err(format!(
                    "'{word}' may be read as a variant or as a condition of its own"
                ));
            }
            out.push(variant.word(target).to_string());
            continue;
        }
        match PopeyeCondition::of(source, word) {
            Lookup::Found(condition) if condition.reads_walks() => {
                return Err(format!("condition word '{word}' reads walks"));
            }
            Lookup::Found(condition) => {
                reads_arguments = condition.reads_arguments();
                reads_variants = condition.reads_circe_variants();
                out.push(condition.word(target).to_string());
            }
            _ => {
                return Err(format!(
                    "condition word '{word}' has no word of its own to write"
                ));
            }
        }
    }
    Ok(out)
}

/// Whether every condition word of the problem is a condition of its own, none the word of
/// another, so that the words can be given in any order: `Err` names the first that is not.
/// After a condition that reads words of its own (`Circe`, `Madrasi`), a word that could be one
/// of them (a Circe variant or a Rex word, a number, a square list) is its; since the relation
/// puts any word after any other, such a word anywhere beside such a condition is refused, not
/// only one written after it (`take circe` is two conditions, `circe take` is Circe Take&Make).
///
/// ```
/// use feerie::harness::metamorphic::mapping::single_word_conditions;
/// use feerie::oracle::popeye_input;
/// let check = |text: &str| {
///     let file = popeye_input::parse(&format!(
///         "beginproblem\nstipulation ~1\ncondition {text}\npieces white ka1 black kh8\nendproblem"
///     ))
///     .unwrap();
///     single_word_conditions(&file.problems[0])
/// };
/// assert!(check("madrasi isardam").is_ok());
/// assert!(check("circe madrasi").is_ok());
/// assert!(check("circe parrain").is_err()); // Circe Parrain, not Circe and Parrain Circe
/// assert!(check("parrain circe").is_err()); // the same words the other way round
/// assert!(check("take circe").is_err()); // reversed: Circe Take&Make
/// assert!(check("madrasi rexinclusive").is_err());
/// assert!(check("imitator c3 madrasi").is_err());
/// ```
pub fn single_word_conditions(problem: &PopeyeProblem) -> Result<(), String> {
    let mut readers = Vec::new();
    for word in &problem.conditions {
        match PopeyeCondition::of(problem.language, word) {
            Lookup::Found(c) if c.reads_walks() => {
                return Err(format!("condition word '{word}' reads walks"));
            }
            Lookup::Found(c) if c.reads_arguments() => readers.push(word),
            Lookup::Found(_) => {}
            _ => {
                return Err(format!(
                    "condition word '{word}' is not a condition of its own"
                ));
            }
        }
    }
    let could_be_an_argument = |word: &str| {
        number_or_squares(word) || CirceVariant::of(problem.language, word) != Lookup::Unknown
    };
    for word in problem
        .conditions
        .iter()
        .filter(|w| could_be_an_argument(w))
    {
        if let Some(reader) = readers.iter().find(|r| **r != word) {
            return Err(format!(
                "'{word}' may be read as a word of '{reader}' when it comes after it"
            ));
        }
    }
    Ok(())
}

/// Whether a condition word is a number (SAT's) or a square list (Imitator's): a word a
/// condition reads after it, the same in every language.
fn number_or_squares(word: &str) -> bool {
    word.chars().all(|c| c.is_ascii_digit()) || square_list(word).is_some()
}

//! How a relation's change reaches the words of a problem other than its units: the squares a
//! condition lists (Imitator's imitators) go where the board goes, and an option of one side's
//! king goes to the other side when the colours are swapped.

use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition, PopeyeOption};
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

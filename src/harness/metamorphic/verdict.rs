//! What a relation found on one problem, and a disagreement with what reproduces it.

/// What a relation found on one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The two answers are as the relation expects.
    Agree,
    /// They are not.
    Disagree(Box<Disagreement>),
    /// The relation is not sound for the problem (the reason).
    NotApplicable(String),
    /// It would apply, but was not checked (the reason: a run failed, was cut, the time ran out).
    NotChecked(String),
}

/// A disagreement, with what reproduces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// How the answers differ.
    pub why: String,
    /// The input whose answer is the reference, and Popeye's flags for it.
    pub original_input: String,
    /// Popeye's flags for the original input.
    pub original_flags: String,
    /// The changed input.
    pub changed_input: String,
    /// Popeye's flags for the changed input.
    pub changed_flags: String,
    /// The original run's output for the problem.
    pub original_output: String,
    /// The changed run's output for the problem.
    pub changed_output: String,
}

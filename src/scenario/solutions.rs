//! Scenarios with a stipulation: every engine solves it from the position after `play` (under
//! the scenario's rules and each interpretation's), the engines' solution sets are compared
//! with each other, and with `expect: { solutions: [...] }` when given.
//!
//! A solution is written as `feerie solve` prints it, spaces aside: in help and series play the
//! whole line (`1.Ka8-b8 Rh1-h8 #`, `1...Rh1-h8 #`, `1.Ka8-a7 2.Ka7-a6 Rb1-a1 #`), in direct and
//! self play the key alone (`Rh1-h8 #`; Popeye's `1.Rh1-h8 # !` is read the same).
//!
//! ```
//! use feerie::bitboard::BitboardEngine;
//! use feerie::engines::SearchEngine;
//! use feerie::oracle::ReferenceEngine;
//! let s = feerie::scenario::parse_scenario("x.yaml", "name: n\nsource: s\n\
//!     position: { fen: 'k7/8/1K6/8/8/8/8/7R w - - 0 1' }\nstipulation: '#1'\n\
//!     expect: { solutions: ['1.Rh1-h8 # !'] }\n").unwrap();
//! let engines: [&dyn SearchEngine; 2] = [&ReferenceEngine, &BitboardEngine];
//! let outcome = feerie::scenario::solutions::check(&s, &engines).unwrap();
//! assert!(outcome.failures.is_empty());
//! ```

use std::collections::BTreeSet;

use crate::engines::SearchEngine;

use super::{Expect, Failure, LoadError, Outcome, Scenario};
use crate::solve::stipulation::{Play, Stipulation};
use crate::solve::{Options, layout, solve};

/// The most solutions a scenario's solve looks for: a scenario lists its solutions one by one,
/// so more than this is a runaway stipulation, reported instead of searched to the end.
pub const MAX_SCENARIO_SOLUTIONS: usize = 200;

/// The transposition table of a scenario's solve, in MB: the stipulations are short.
const HASH_MEGABYTES: usize = 16;

impl Scenario {
    /// The stipulation, parsed (`None` without one).
    pub fn parsed_stipulation(&self) -> Result<Option<Stipulation>, LoadError> {
        self.stipulation
            .as_deref()
            .map(|text| {
                text.parse::<Stipulation>()
                    .map_err(|e| self.error(Some(text), format!("scenario '{}': {e}", self.name)))
            })
            .transpose()
    }
}

/// A solution text in the form compared: spaces collapsed, and in direct and self play the
/// key's `1.` and Popeye's ` !` taken away.
///
/// ```
/// use feerie::scenario::solutions::normalise;
/// assert_eq!(normalise(&"#2".parse().unwrap(), "   1.Qd1-d8 # !"), "Qd1-d8 #");
/// assert_eq!(normalise(&"h#2".parse().unwrap(), "  1.Ka8-b8 Rh1-h8   2.Kb8-a8 Rh8-h7 #"),
///            "1.Ka8-b8 Rh1-h8 2.Kb8-a8 Rh8-h7 #");
/// ```
pub fn normalise(stipulation: &Stipulation, text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut text = words.join(" ");
    if matches!(stipulation.play, Play::Direct | Play::SelfPlay) {
        if let Some(rest) = text.strip_suffix(" !").or_else(|| text.strip_suffix('!')) {
            text = rest.trim_end().to_string();
        }
        if let Some(rest) = text.strip_prefix("1.") {
            text = rest.trim_start().to_string();
        }
    }
    text
}

/// Checks an expected solution list without an engine: it needs a stipulation, and lists no
/// solution twice nor an empty one.
pub(super) fn check_expected(s: &Scenario, solutions: &[String]) -> Result<(), LoadError> {
    let Some(stipulation) = s.parsed_stipulation()? else {
        return Err(s.error(
            Some("solutions"),
            "solutions: expected without a stipulation (add stipulation: \"h#2\" or the like)"
                .into(),
        ));
    };
    let mut seen = BTreeSet::new();
    for text in solutions {
        let normal = normalise(&stipulation, text);
        if normal.is_empty() {
            return Err(s.error(Some("solutions"), "solutions: an empty solution".into()));
        }
        if !seen.insert(normal) {
            return Err(s.error(Some(text), format!("solutions: '{text}' is listed twice")));
        }
    }
    Ok(())
}

/// Solves the scenario's stipulation (when it has one) with every engine, under its rules and
/// each interpretation's, and compares: each engine's solutions with the case's expected
/// `solutions` (when given), and every engine's with the first engine's.
pub fn check(scenario: &Scenario, engines: &[&dyn SearchEngine]) -> Result<Outcome, LoadError> {
    let mut outcome = Outcome::default();
    let Some(stipulation) = scenario.parsed_stipulation()? else {
        return Ok(outcome);
    };
    let mut expects: Vec<Option<&Expect>> = vec![scenario.expect.as_ref()];
    expects.extend(scenario.interpretations.iter().map(|i| Some(&i.expect)));
    // Each engine plays the `play` moves itself, as it does for the other expectations.
    let mut found: Vec<Vec<Result<Vec<String>, NoSolutions>>> = Vec::new();
    let mut all_rules = Vec::new();
    for engine in engines {
        let cases = super::case_positions(scenario, *engine)?;
        let mut by_case = Vec::new();
        for (rules, position) in &cases {
            by_case.push(match position {
                None => Err(NoSolutions::Unplayable),
                Some(p) => solutions_of(*engine, p, rules, stipulation),
            });
        }
        all_rules = cases.into_iter().map(|(rules, _)| rules).collect();
        found.push(by_case);
    }
    for (case, expect) in expects.iter().enumerate() {
        let fail = |expectation: String, expected: Vec<String>, actual: Vec<String>| Failure {
            file: scenario.file.clone(),
            scenario: scenario.name.clone(),
            rules: format!("{} {stipulation}", all_rules[case]),
            expectation,
            expected,
            actual,
        };
        let as_lines = |answer: &Result<Vec<String>, NoSolutions>| match answer {
            Ok(lines) => lines.clone(),
            Err(e) => vec![format!("no answer: {e}")],
        };
        if let Some(wanted) = expect.and_then(|e| e.solutions.as_ref()) {
            let mut expected: Vec<String> =
                wanted.iter().map(|t| normalise(&stipulation, t)).collect();
            expected.sort();
            for (engine, answers) in engines.iter().zip(&found) {
                outcome.checked += 1;
                let actual = as_lines(&answers[case]);
                if actual != expected {
                    outcome.failures.push(fail(
                        format!("solutions of {stipulation} ({})", engine.name()),
                        expected.clone(),
                        actual,
                    ));
                }
            }
        }
        if let [first, others @ ..] = engines {
            for (other, answers) in others.iter().zip(&found[1..]) {
                outcome.checked += 1;
                let (a, b) = (as_lines(&found[0][case]), as_lines(&answers[case]));
                if a != b {
                    outcome.failures.push(fail(
                        format!(
                            "solutions of {stipulation}: the engines differ (- {}, + {})",
                            first.name(),
                            other.name()
                        ),
                        a,
                        b,
                    ));
                }
            }
        }
    }
    Ok(outcome)
}

/// Why an engine gave no list of solutions to compare; written as the one line of its answer.
#[derive(Debug)]
pub enum NoSolutions {
    /// The scenario's `play:` moves cannot be played.
    Unplayable,
    /// The solver failed.
    Solver(crate::solve::error::SolveError),
    /// More solutions than [`MAX_SCENARIO_SOLUTIONS`].
    TooMany,
}

impl std::error::Error for NoSolutions {}

impl std::fmt::Display for NoSolutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoSolutions::Unplayable => f.write_str("the play: moves cannot be played"),
            NoSolutions::Solver(e) => e.fmt(f),
            NoSolutions::TooMany => write!(
                f,
                "more than {MAX_SCENARIO_SOLUTIONS} solutions; a scenario's stipulation should have few"
            ),
        }
    }
}

/// One engine's solutions, each in the compared form, sorted; why there is no list when the
/// engine cannot solve or finds more than [`MAX_SCENARIO_SOLUTIONS`].
pub(crate) fn solutions_of(
    engine: &dyn SearchEngine,
    position: &feerie_oracle::Position,
    rules: &feerie_oracle::Rules,
    stipulation: Stipulation,
) -> Result<Vec<String>, NoSolutions> {
    let options = Options {
        max_solutions: MAX_SCENARIO_SOLUTIONS,
        threads: 1,
        progress: false,
        hash_megabytes: HASH_MEGABYTES,
        deadline: None,
    };
    let solved =
        solve(engine, position, rules, stipulation, &options).map_err(NoSolutions::Solver)?;
    if solved.partial {
        return Err(NoSolutions::TooMany);
    }
    let mut lines: Vec<String> = layout::lines(engine, position, rules, &stipulation, &solved)
        .iter()
        .map(|line| normalise(&stipulation, line))
        .collect();
    lines.sort();
    Ok(lines)
}

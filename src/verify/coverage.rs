//! The coverage of a verification: what was compared, and what was skipped and why, tallied
//! across cases (and files), for `popeye verify --summary`.
//!
//! A skip's reason is the text the case printed. It may name several obstacles (`unsupported:
//! condition 'anticirce'; fairy piece 'gy' on d5`); each is sorted into a [`Why`] by its words.
//! A case counts once, under the first of its obstacles in the order of [`Why`]: a problem
//! under a condition feerie does not know is counted there even if its stipulation is refused
//! too. The cases whose only obstacles are of feerie's own making ([`Why::within_families`])
//! are the ones a full coverage of the families would compare.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{CaseReport, Outcome};

/// Why a case was skipped, most decisive first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Why {
    /// A proof game or a play from a second diagram (`dia`, `a=>b`): not solved here.
    ProofGame,
    /// A condition (or Circe variant) outside feerie's families.
    Condition,
    /// A fairy piece, a piece attribute or a neutral unit feerie does not have.
    Piece,
    /// Popeye refused the problem, or printed nothing for it: nothing to compare.
    PopeyeRefused,
    /// A stipulation (goal or play) feerie does not solve.
    Stipulation,
    /// A Popeye option feerie does not follow.
    Option,
    /// A twinning command feerie does not follow.
    Twinning,
    /// The solving took longer than the time budget of a case (`--case-timeout`).
    TimeBudget,
    /// Anything else; its reason is listed in full.
    Other,
}

impl Why {
    /// Every kind, in order.
    pub const ALL: [Why; 9] = [
        Why::ProofGame,
        Why::Condition,
        Why::Piece,
        Why::PopeyeRefused,
        Why::Stipulation,
        Why::Option,
        Why::Twinning,
        Why::TimeBudget,
        Why::Other,
    ];

    /// The row's words in the table.
    pub fn describe(self) -> &'static str {
        match self {
            Why::ProofGame => "a proof game or a second diagram (dia, a=>b)",
            Why::Condition => "a condition outside feerie's families",
            Why::Piece => "a fairy piece, piece attribute or neutral unit feerie lacks",
            Why::PopeyeRefused => "Popeye refused it or printed nothing for it",
            Why::Stipulation => "a stipulation feerie does not solve",
            Why::Option => "an option feerie does not follow",
            Why::Twinning => "a twinning command feerie does not follow",
            Why::TimeBudget => "the time budget of a case (--case-timeout)",
            Why::Other => "another reason",
        }
    }

    /// Whether a case skipped for this reason is one of feerie's families (its conditions and
    /// pieces known, no proof game): the skips a full coverage would not have.
    pub fn within_families(self) -> bool {
        !matches!(self, Why::ProofGame | Why::Condition | Why::Piece)
    }
}

/// One obstacle named in a skip's reason: its kind and what it names (`anticirce`, `hs#1`, …).
fn obstacle(item: &str) -> (Why, String) {
    let item = item.trim();
    let quoted = || match item.split('\'').nth(1) {
        Some("") => "(empty)".to_string(),
        Some(s) => s.to_lowercase(),
        None => item.to_string(),
    };
    if item.starts_with("stipulation '") {
        let stip = quoted();
        if stip.starts_with("dia") || stip.contains("=>") {
            return (Why::ProofGame, stip);
        }
        return (Why::Stipulation, stip);
    }
    if item.starts_with("structured stipulation '") {
        return (Why::Stipulation, "structured".into());
    }
    if item.starts_with("two units on") {
        return (Why::ProofGame, "a second position".into());
    }
    if item.starts_with("not read by Popeye") {
        return (
            Why::PopeyeRefused,
            "after the word where Popeye stops reading".into(),
        );
    }
    if item.starts_with("condition '") || item.starts_with("Circe variant '") {
        return (Why::Condition, quoted());
    }
    if item.contains("is not one of Popeye's") || item.contains("is ambiguous among Popeye's") {
        // A word feerie does not read, named by the kind of word Popeye would take it for (a
        // condition's own words, squares or pieces, read as conditions).
        let kind = if item.contains("twinning") {
            Why::Twinning
        } else if item.contains("option") {
            Why::Option
        } else if item.contains("attribute") || item.contains("piece") {
            Why::Piece
        } else if item.contains("condition") {
            Why::Condition
        } else {
            Why::Other
        };
        return (kind, quoted());
    }
    // `madrasi with circe is not modelled: …`: a combination of conditions outside the families.
    if let Some((pair, _)) = item.split_once(" is not modelled")
        && pair.contains(" with ")
    {
        return (Why::Condition, pair.to_string());
    }
    if item.starts_with("total ") && item.contains("invisible") {
        return (Why::Condition, "totalinvisible".into());
    }
    if item.starts_with("fairy piece '") {
        return (Why::Piece, quoted());
    }
    if let Some(rest) = item.strip_prefix("piece attribute ") {
        let attribute = rest.split_whitespace().next().unwrap_or(rest);
        return (Why::Piece, attribute.to_lowercase());
    }
    if item.starts_with("Popeye's Magic attribute") {
        return (Why::Piece, "magic (Popeye's)".into());
    }
    if item.starts_with("neutral unit") {
        return (Why::Piece, "neutral".into());
    }
    if item.starts_with("Popeye refused it") || item.starts_with("Popeye printed no diagram") {
        return (Why::PopeyeRefused, "refused".into());
    }
    if let Some(rest) = item.strip_prefix("option ") {
        let name = rest.split([':', ' ']).next().unwrap_or(rest);
        return (Why::Option, name.to_lowercase());
    }
    if item.starts_with("twin:") {
        return (Why::Twinning, quoted());
    }
    if item.starts_with("time budget") {
        return (Why::TimeBudget, "time budget".into());
    }
    (Why::Other, item.to_string())
}

/// The obstacles a skip's reason names, each once, in the order of the text.
pub fn obstacles(reason: &str) -> Vec<(Why, String)> {
    let reason = reason.strip_prefix("unsupported: ").unwrap_or(reason);
    let mut found: Vec<(Why, String)> = Vec::new();
    for item in reason.split("; ") {
        let o = obstacle(item.strip_prefix("unsupported: ").unwrap_or(item));
        if !found.contains(&o) {
            found.push(o);
        }
    }
    found
}

/// The most decisive obstacle of a skip's reason (the first in [`Why`]'s order).
pub fn decisive(reason: &str) -> (Why, String) {
    obstacles(reason)
        .into_iter()
        .min_by_key(|(why, _)| *why)
        .unwrap_or((Why::Other, reason.to_string()))
}

/// The tally of cases across a verification.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Files verified.
    pub files: usize,
    /// Cases that agree (both refusing included).
    pub agree: usize,
    /// Cases that differ.
    pub differ: usize,
    /// Cases whose input Popeye misreads (an input error).
    pub errors: usize,
    /// Skipped cases by their decisive obstacle: kind, then what it names, then the count.
    pub skipped: BTreeMap<Why, BTreeMap<String, usize>>,
}

impl Coverage {
    /// Adds one file's cases.
    pub fn add_file(&mut self, reports: &[CaseReport]) {
        self.files += 1;
        for r in reports {
            match &r.outcome {
                Outcome::Agree(_) | Outcome::BothRefuse(_) => self.agree += 1,
                Outcome::Differ { .. } => self.differ += 1,
                Outcome::InputError(_) => self.errors += 1,
                Outcome::Skipped(reason) => {
                    let (why, name) = decisive(reason);
                    *self
                        .skipped
                        .entry(why)
                        .or_default()
                        .entry(name)
                        .or_default() += 1;
                }
            }
        }
    }

    /// Cases skipped for this kind of reason.
    pub fn skipped_for(&self, why: Why) -> usize {
        self.skipped.get(&why).map_or(0, |m| m.values().sum())
    }

    /// Cases skipped, for any reason.
    pub fn skipped(&self) -> usize {
        self.skipped.values().flat_map(|names| names.values()).sum()
    }

    /// Every case compared, skipped or in error.
    pub fn cases(&self) -> usize {
        self.agree + self.differ + self.skipped() + self.errors
    }

    /// The cases compared with Popeye's output: agreeing or differing.
    pub fn compared(&self) -> usize {
        self.agree + self.differ
    }

    /// The cases of feerie's families (conditions and pieces known, no proof game): those
    /// compared and those skipped for a reason [`Why::within_families`].
    pub fn within_families(&self) -> usize {
        self.agree
            + self.differ
            + Why::ALL
                .iter()
                .filter(|w| w.within_families())
                .map(|&w| self.skipped_for(w))
                .sum::<usize>()
    }

    /// The table, as text: a line of totals, a row per kind of reason with its most frequent
    /// names, and the agreement among the cases of feerie's families.
    ///
    /// ```
    /// use feerie::verify::coverage::Coverage;
    /// use feerie::verify::{CaseReport, Outcome};
    /// let case = |outcome| CaseReport { name: "problem 1".into(), stipulation: None, outcome };
    /// let mut c = Coverage::default();
    /// c.add_file(&[
    ///     case(Outcome::Agree(2)),
    ///     case(Outcome::Skipped("unsupported: condition 'anticirce'".into())),
    ///     case(Outcome::Skipped("stipulation 'hs#2': help-self is not supported".into())),
    /// ]);
    /// let table = c.table();
    /// assert!(table.contains("3 cases in 1 file(s): 1 agree, 0 differ, 2 skipped"));
    /// assert!(table.contains("anticirce 1"));
    /// assert!(table.contains("1 of 2 agree (50.0%)"));
    /// ```
    pub fn table(&self) -> String {
        let skipped = self.skipped();
        let mut t = String::new();
        let _ = writeln!(
            t,
            "coverage: {} cases in {} file(s): {} agree, {} differ, {skipped} skipped, {} input \
             error(s)",
            self.cases(),
            self.files,
            self.agree,
            self.differ,
            self.errors
        );
        let _ = writeln!(
            t,
            "  {:<62} {:>6}  what it names (cases)",
            "skipped for", "cases"
        );
        for why in Why::ALL {
            let Some(names) = self.skipped.get(&why) else {
                continue;
            };
            let mut ranked: Vec<(&String, &usize)> = names.iter().collect();
            ranked.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            // The reasons of `Other` are listed whole: nothing is hidden under a vague row.
            let shown = if why == Why::Other { ranked.len() } else { 8 };
            let mut named: Vec<String> = ranked
                .iter()
                .take(shown)
                .map(|(n, c)| format!("{n} {c}"))
                .collect();
            if ranked.len() > shown {
                named.push(format!("and {} more", ranked.len() - shown));
            }
            let _ = writeln!(
                t,
                "  {:<62} {:>6}  {}",
                why.describe(),
                self.skipped_for(why),
                named.join(", ")
            );
        }
        let within = self.within_families();
        let share = if within == 0 {
            0.0
        } else {
            100.0 * self.agree as f64 / within as f64
        };
        let _ = writeln!(
            t,
            "among the cases of feerie's families (conditions and pieces known, no proof game): \
             {} of {within} agree ({share:.1}%), {} differ",
            self.agree, self.differ
        );
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_obstacle_of_a_reason_is_sorted() {
        let kinds =
            |reason: &str| -> Vec<Why> { obstacles(reason).into_iter().map(|(w, _)| w).collect() };
        assert_eq!(
            kinds(
                "unsupported: condition 'anticirce'; 'cheylan' is not one of Popeye's German conditions"
            ),
            [Why::Condition, Why::Condition]
        );
        assert_eq!(
            kinds("unsupported: fairy piece 'bb' on f2; Circe variant 'fallschirm'"),
            [Why::Piece, Why::Condition]
        );
        assert_eq!(
            decisive("unsupported: fairy piece 'bb' on f2; Circe variant 'fallschirm'").0,
            Why::Condition
        );
        assert_eq!(
            decisive("stipulation 'dia2.5': unknown play (proof games, …)"),
            (Why::ProofGame, "dia2.5".into())
        );
        assert_eq!(
            decisive("stipulation 'hs#1': help-self (hs) … not supported"),
            (Why::Stipulation, "hs#1".into())
        );
        assert_eq!(
            decisive("'maxi' is ambiguous among Popeye's English options (maxsolutions, maxtime)"),
            (Why::Option, "maxi".into())
        );
        assert_eq!(
            decisive("'foo' is not one of Popeye's German piece attributes"),
            (Why::Piece, "foo".into())
        );
        assert_eq!(
            decisive("unsupported: piece attribute Kamikaze on b3; condition 'seriescapture'"),
            (Why::Condition, "seriescapture".into())
        );
        assert_eq!(
            decisive(
                "unsupported: madrasi with circe is not modelled: madrasi combines with no other \
                 condition"
            ),
            (Why::Condition, "madrasi with circe".into())
        );
        assert_eq!(
            obstacles("unsupported: piece attribute Kamikaze on b3")[0],
            (Why::Piece, "kamikaze".into())
        );
        assert_eq!(
            decisive("structured stipulation 'black 4hh[x&=]'"),
            (Why::Stipulation, "structured".into())
        );
        assert_eq!(
            decisive("stipulation '': empty (supported: …)"),
            (Why::Stipulation, "(empty)".into())
        );
        assert_eq!(
            decisive("option start: solving from a given move (StartMoveNumber)"),
            (Why::Option, "start".into())
        );
        assert_eq!(
            decisive("twin: 's' is ambiguous among Popeye's German twinning commands"),
            (Why::Twinning, "s".into())
        );
        assert_eq!(
            decisive("Popeye refused it: Win_a_Piece and Circe Parrain not allowed").0,
            Why::PopeyeRefused
        );
        // An unknown reason is kept whole.
        assert_eq!(
            decisive("a reason never seen"),
            (Why::Other, "a reason never seen".into())
        );
    }
}

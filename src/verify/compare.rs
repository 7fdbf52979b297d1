//! Our engine's legal moves (and perft counts) against a Popeye binary's on one case (a position
//! under its rules), judged as agreeing, differing only where our switches are not Popeye's,
//! refused by Popeye, skipped, or differing; and the tally of many cases. The command that
//! prints them is [`crate::commands::popeye::compare`].

use std::path::PathBuf;
use std::time::Duration;

use feerie_oracle::{Engine, EngineError, Position, Profile, Rules};

use crate::external::popeye::{self, PopeyeError};
use crate::external::popeye_fault;

/// One position to compare, with its rules.
pub struct Case {
    /// How it is named in the report (`scenarios/circe/x.yaml (name)`).
    pub name: String,
    /// The position.
    pub position: Position,
    /// The rules.
    pub rules: Rules,
}

/// How to compare.
pub struct CompareOptions<'a> {
    /// The Popeye binary (absolute: Popeye runs in a temporary folder).
    pub binary: PathBuf,
    /// Deadline of each Popeye run.
    pub timeout: Duration,
    /// Also compare perft at this depth (2 or 3).
    pub depth: Option<u32>,
    /// Our engine.
    pub engine: &'a dyn Engine,
}

/// The judgement on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Same moves (and counts).
    Agree,
    /// Different, but our engine under Popeye's values of the named switches agrees with Popeye.
    ProfileDifference {
        /// `switch=ours (Popeye: theirs)`.
        switches: Vec<String>,
        /// The differences under the case's own rules.
        lines: Vec<String>,
    },
    /// Popeye refused the problem, in its words.
    Refused(String),
    /// Not sent to Popeye, with the reason.
    Skipped(String),
    /// A real difference: the lines, and the switches whose values are not Popeye's if any.
    Differ {
        /// `only Popeye: …`, `only ours: …`, `perft 2: Popeye …, ours …`.
        lines: Vec<String>,
        /// Switches not at Popeye's value (they did not explain the difference).
        switches: Vec<String>,
    },
    /// Popeye or our engine could not give an answer.
    Failed(String),
}

impl Verdict {
    /// Whether Popeye's refusal names our input as malformed (an input error), rather than the
    /// position as one it does not accept.
    pub fn is_input_error(&self) -> bool {
        matches!(self, Verdict::Refused(w) if crate::external::popeye::reports_input_error(w))
    }
}

/// The counts of a run, printed as its final table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases that agree.
    pub agree: usize,
    /// Cases explained by switch values that are not Popeye's, and the switches seen.
    pub profile: usize,
    /// The switches named by profile differences.
    pub profile_switches: Vec<String>,
    /// Cases Popeye refused.
    pub refused: usize,
    /// Of those, refusals of our input as malformed.
    pub input_errors: usize,
    /// Cases skipped, and how many for each reason (the words before its parenthesis).
    pub skipped: usize,
    /// The reasons of the skipped cases, with their counts.
    pub skip_reasons: Vec<(String, usize)>,
    /// Real differences.
    pub differ: usize,
    /// Cases where Popeye or our engine gave no answer.
    pub failed: usize,
}

impl Tally {
    /// Adds a verdict.
    pub fn add(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Agree => self.agree += 1,
            Verdict::ProfileDifference { switches, .. } => {
                self.profile += 1;
                for s in switches {
                    let key = s.split('=').next().unwrap_or(s).to_string();
                    if !self.profile_switches.contains(&key) {
                        self.profile_switches.push(key);
                    }
                }
            }
            Verdict::Refused(_) => {
                self.refused += 1;
                if verdict.is_input_error() {
                    self.input_errors += 1;
                }
            }
            Verdict::Skipped(why) => {
                self.skipped += 1;
                let reason = why.split(" (").next().unwrap_or(why).to_string();
                match self.skip_reasons.iter_mut().find(|(r, _)| *r == reason) {
                    Some((_, n)) => *n += 1,
                    None => self.skip_reasons.push((reason, 1)),
                }
            }
            Verdict::Differ { .. } => self.differ += 1,
            Verdict::Failed(_) => self.failed += 1,
        }
    }

    /// 1 on a real difference; else 2 when Popeye could not be run or called our input
    /// malformed; else 0.
    pub fn exit_code(&self) -> i32 {
        if self.differ > 0 {
            1
        } else if self.failed > 0 || self.input_errors > 0 {
            2
        } else {
            0
        }
    }

    /// The final table.
    pub fn table(&self) -> String {
        let switches = if self.profile_switches.is_empty() {
            String::new()
        } else {
            format!("   ({})", self.profile_switches.join(", "))
        };
        let input_errors = if self.input_errors > 0 {
            format!("   ({} input errors: ours)", self.input_errors)
        } else {
            String::new()
        };
        let reasons = if self.skip_reasons.is_empty() {
            String::new()
        } else {
            let each: Vec<String> = self
                .skip_reasons
                .iter()
                .map(|(r, n)| format!("{r}: {n}"))
                .collect();
            format!("   ({})", each.join(", "))
        };
        let total =
            self.agree + self.profile + self.refused + self.skipped + self.differ + self.failed;
        format!(
            "popeye compare: {total} positions\n\
             \x20 agree               {:>5}\n\
             \x20 profile difference  {:>5}{switches}\n\
             \x20 refused by Popeye   {:>5}{input_errors}\n\
             \x20 skipped             {:>5}{reasons}\n\
             \x20 differ              {:>5}\n\
             \x20 failed              {:>5}\n",
            self.agree, self.profile, self.refused, self.skipped, self.differ, self.failed
        )
    }
}

/// The same conditions under another profile: its values for every switch, except rex, which
/// the exported input states and which therefore keeps ours when it was set.
pub fn with_profile(rules: &Rules, profile: Profile) -> Rules {
    popeye::reading_under(rules, profile)
}

/// Popeye's and our answers on one position under `rules`: the differences.
fn differences(
    options: &CompareOptions,
    position: &Position,
    rules: &Rules,
    theirs: &Answers,
) -> Result<Vec<String>, EngineError> {
    let ours = popeye::our_moves(options.engine, position, rules)?;
    let mut lines = popeye::move_differences(&theirs.moves, &ours);
    if let (Some(d), Some(n)) = (options.depth, theirs.perft) {
        let mine = options.engine.perft(position, rules, d)?;
        if mine != n {
            lines.push(format!("perft {d}: Popeye {n}, ours {mine}"));
        }
    }
    Ok(lines)
}

struct Answers {
    moves: Vec<String>,
    perft: Option<u64>,
}

/// Judges one case.
pub fn judge(case: &Case, options: &CompareOptions) -> Verdict {
    if case.position.board().pieces().any(|(_, u)| u.magic) {
        return Verdict::Skipped("magic pieces (Popeye has no Bédoni magic pieces)".into());
    }
    if let Some(why) = popeye::marks_read_otherwise(&case.position) {
        return Verdict::Skipped(why);
    }
    if let Err(unsupported) =
        feerie_oracle::popeye_input::write(&case.position, &case.rules, "stipulation ~1")
    {
        return Verdict::Skipped(format!("not expressible in Popeye's input ({unsupported})"));
    }
    let asked = popeye::popeye_moves(
        &options.binary,
        &case.position,
        &case.rules,
        options.timeout,
    )
    .and_then(|moves| {
        let perft = match options.depth {
            Some(d) => Some(popeye::popeye_perft(
                &options.binary,
                &case.position,
                &case.rules,
                d,
                options.timeout,
            )?),
            None => None,
        };
        Ok(Answers { moves, perft })
    });
    let theirs = match asked {
        Ok(a) => a,
        Err(PopeyeError::Refused(words)) => return Verdict::Refused(words),
        // No position's moves take Popeye long: a run stopped by a long deadline is a hang, a
        // fault of the solver's as a crash is.
        Err(PopeyeError::TimedOut { after, .. }) if popeye_fault::hangs(after) => {
            return Verdict::Differ {
                lines: vec![popeye_fault::hung_after(after)],
                switches: Vec::new(),
            };
        }
        Err(e @ PopeyeError::TimedOut { .. }) => return Verdict::Failed(e.to_string()),
        Err(PopeyeError::Failed(why)) => return Verdict::Failed(why),
        // A solver that dies on a position it accepts is at fault, as one that answers wrong.
        Err(PopeyeError::Crashed(why)) => {
            return Verdict::Differ {
                lines: vec![why],
                switches: Vec::new(),
            };
        }
    };
    let lines = match differences(options, &case.position, &case.rules, &theirs) {
        Ok(l) => l,
        Err(e) => return Verdict::Failed(e.to_string()),
    };
    if lines.is_empty() {
        return Verdict::Agree;
    }
    let switches = popeye::non_popeye_switches(&case.rules);
    if !switches.is_empty() {
        let popeye_rules = popeye::popeye_reading(&case.rules);
        if let Ok(under_popeye) = differences(options, &case.position, &popeye_rules, &theirs)
            && under_popeye.is_empty()
        {
            return Verdict::ProfileDifference { switches, lines };
        }
    }
    Verdict::Differ { lines, switches }
}

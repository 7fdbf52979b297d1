//! Disputes at the level of solutions: one problem solved under several readings of the rules
//! (each profile, or each value of a switch), and where the solution sets differ.
//!
//! ```
//! use feerie::oracle::ReferenceEngine;
//! use feerie::dispute::solutions::{compare, SolutionSet};
//! let a = SolutionSet { label: "documented".into(), solutions: Ok(vec!["Rh1-h8 #".into()]) };
//! let b = SolutionSet { label: "popeye".into(), solutions: Ok(vec![]) };
//! let (text, differs) = compare(&[a, b]);
//! assert!(differs && text.contains("only under documented: Rh1-h8 #"));
//! ```

use std::collections::BTreeSet;

use crate::engines::SearchEngine;
use feerie_oracle::{Position, Profile, Rules};

use crate::scenario::solutions::normalise;
use crate::solve::stipulation::Stipulation;
use crate::solve::{Options, solve};
use crate::verify::error::VerifyError;
use crate::verify::part::Part;
use crate::verify::problems;

/// The solutions of one case under one reading (each as `feerie solve` prints it, spaces
/// collapsed), or why it could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionSet {
    /// The reading (`documented`, `parrain_long_castling=toward_h`).
    pub label: String,
    /// The solutions, sorted, or why there are none to compare. The reason is data here, not
    /// an error path: the comparison reports it as text beside the other readings' solutions
    /// (`not solved under popeye: …`), whatever its cause (a [`VerifyError`], a twin missing
    /// under this reading).
    pub solutions: Result<Vec<String>, String>,
}

/// Solves `stipulation` from `position` under `rules`; the solutions in the compared form.
pub fn solution_set(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
) -> Result<Vec<String>, VerifyError> {
    part_solutions(engine, Part::plain(position, stipulation), rules, options)
}

/// The solutions of one part of a case, sorted, in the compared form.
fn part_solutions(
    engine: &dyn SearchEngine,
    part: Part,
    rules: &Rules,
    options: &Options,
) -> Result<Vec<String>, VerifyError> {
    let solved = solve(engine, part.position, rules, part.stipulation, options)?;
    if solved.partial {
        return Err(VerifyError::Partial);
    }
    let mut lines: Vec<String> = (part.lines(engine, rules, &solved).iter())
        .map(|l| normalise(&part.stipulation, l))
        .collect();
    lines.sort();
    Ok(lines)
}

/// The solutions of one case of a Popeye problem (both parts of a duplex problem), or why it
/// is not solved.
fn case_solutions(
    engine: &dyn SearchEngine,
    case: &problems::Case,
    options: &Options,
) -> Result<Vec<String>, String> {
    let (_, rules, _) = case.setup.as_ref().map_err(|e| e.to_string())?;
    if let Some(why) = case.refused_by_popeye(engine) {
        return Err(why);
    }
    let mut lines = Vec::new();
    for part in case.parts(engine) {
        lines.extend(part_solutions(engine, part, rules, options).map_err(|e| e.to_string())?);
    }
    lines.sort();
    Ok(lines)
}

/// Compares each reading's solutions with the first reading's: the text (one line when all
/// agree, else the solutions only under each side), and whether they differ.
pub fn compare(sets: &[SolutionSet]) -> (String, bool) {
    let Some((first, others)) = sets.split_first() else {
        return (String::new(), false);
    };
    let mut out = String::new();
    let mut differs = false;
    let base: BTreeSet<&String> = match &first.solutions {
        Ok(s) => s.iter().collect(),
        Err(e) => {
            return (format!("  not solved under {}: {e}\n", first.label), false);
        }
    };
    for other in others {
        let theirs: BTreeSet<&String> = match &other.solutions {
            Ok(s) => s.iter().collect(),
            Err(e) => {
                out.push_str(&format!("  not solved under {}: {e}\n", other.label));
                continue;
            }
        };
        if base == theirs {
            out.push_str(&format!(
                "  {} and {} agree ({} solution(s))\n",
                first.label,
                other.label,
                base.len()
            ));
            continue;
        }
        differs = true;
        out.push_str(&format!(
            "  {} and {} DIFFER ({} and {} solution(s))\n",
            first.label,
            other.label,
            base.len(),
            theirs.len()
        ));
        for line in base.difference(&theirs) {
            out.push_str(&format!("    only under {}: {line}\n", first.label));
        }
        for line in theirs.difference(&base) {
            out.push_str(&format!("    only under {}: {line}\n", other.label));
        }
    }
    (out, differs)
}

/// One reading of a Popeye problem: its label, the profile and the switches set.
#[derive(Clone, Debug)]
pub struct PopeyeReading {
    /// How the output names it.
    pub label: String,
    /// The profile.
    pub profile: Profile,
    /// Switches, `KEY=VALUE`.
    pub set: Vec<String>,
}

/// One case solved under every reading: a position's stipulation, or one twin of a Popeye
/// problem.
#[derive(Clone, Debug)]
pub struct CaseDispute {
    /// How the case is named: the stipulation (`h#2`), or the twin and its stipulation
    /// (`problem 1 a) (h#2)`).
    pub name: String,
    /// The stipulation, when the case could be read.
    pub stipulation: Option<String>,
    /// The position the case begins from (FEN, under the first reading), when it could be read.
    pub fen: Option<String>,
    /// The solutions under each reading, in the readings' order.
    pub sets: Vec<SolutionSet>,
}

impl CaseDispute {
    /// Whether a reading's solutions differ from the first reading's.
    pub fn differs(&self) -> bool {
        compare(&self.sets).1
    }

    /// Whether the case could not be solved under some reading.
    pub fn failed(&self) -> bool {
        self.sets.iter().any(|s| s.solutions.is_err())
    }
}

/// The cases of a solution dispute, each under every reading.
#[derive(Clone, Debug, Default)]
pub struct SolutionDispute {
    /// The cases, in order.
    pub cases: Vec<CaseDispute>,
}

impl SolutionDispute {
    /// The text: each case's name, then the comparison ([`compare`]).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for case in &self.cases {
            out.push_str(&format!("{}\n{}", case.name, compare(&case.sets).0));
        }
        out
    }

    /// Whether some case differs.
    pub fn differs(&self) -> bool {
        self.cases.iter().any(CaseDispute::differs)
    }

    /// 1 when a case differs, else 2 when a case could not be solved, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.differs() {
            1
        } else if self.cases.iter().any(CaseDispute::failed) {
            2
        } else {
            0
        }
    }
}

/// The solutions only under the first reading and only under `other`, when both were solved.
pub fn only(first: &SolutionSet, other: &SolutionSet) -> Option<(Vec<String>, Vec<String>)> {
    let (Ok(a), Ok(b)) = (&first.solutions, &other.solutions) else {
        return None;
    };
    let (a, b): (BTreeSet<&String>, BTreeSet<&String>) = (a.iter().collect(), b.iter().collect());
    Some((
        a.difference(&b).map(|s| s.to_string()).collect(),
        b.difference(&a).map(|s| s.to_string()).collect(),
    ))
}

/// Solves one problem of a Popeye input (each twin) under every reading and compares the
/// solution sets, twin by twin.
pub fn dispute_popeye(
    engine: &dyn SearchEngine,
    text: &str,
    problem: usize,
    readings: &[PopeyeReading],
    options: &Options,
) -> Result<SolutionDispute, VerifyError> {
    let mut per_reading = Vec::new();
    for r in readings {
        let (_, problems) = problems::cases(text, Some(problem), r.profile, &r.set)?;
        let cases: Vec<problems::Case> =
            problems.into_iter().flat_map(|(_, cases)| cases).collect();
        per_reading.push(cases);
    }
    let mut found = SolutionDispute::default();
    let twins = per_reading.first().map_or(0, Vec::len);
    for twin in 0..twins {
        let case = &per_reading[0][twin];
        let mut name = case.name();
        let (mut stipulation, mut fen) = (None, None);
        if let Ok((position, _, s)) = &case.setup {
            name.push_str(&format!(" ({s})"));
            stipulation = Some(s.to_string());
            fen = Some(feerie_oracle::fen::write(position.setup()));
        }
        let sets: Vec<SolutionSet> = readings
            .iter()
            .zip(&per_reading)
            .map(|(r, cases)| SolutionSet {
                label: r.label.clone(),
                solutions: match cases.get(twin) {
                    Some(case) => case_solutions(engine, case, options),
                    None => Err("no such twin under this reading".into()),
                },
            })
            .collect();
        found.cases.push(CaseDispute {
            name,
            stipulation,
            fen,
            sets,
        });
    }
    Ok(found)
}

/// The readings of a Popeye problem: each profile of `profiles` (`documented,popeye`), or each
/// value of `switch` under `profile`; `set` holds on top of every reading.
pub fn popeye_readings(
    profile: Option<&str>,
    set: &[String],
    switch: Option<&str>,
    profiles: Option<&str>,
) -> Result<Vec<PopeyeReading>, VerifyError> {
    let base_profile: Profile = match profile {
        Some(p) => p.parse().map_err(VerifyError::Rules)?,
        None => Profile::default(),
    };
    let mut out = Vec::new();
    match (switch, profiles) {
        (Some(key), _) => {
            let switch: feerie_oracle::Switch = key.parse().map_err(VerifyError::Rules)?;
            for value in switch.values() {
                let mut set = set.to_vec();
                set.push(format!("{key}={value}"));
                out.push(PopeyeReading {
                    label: format!("{key}={value}"),
                    profile: base_profile,
                    set,
                });
            }
        }
        (None, Some(names)) => {
            // The same checks as the move-level dispute: two profiles or more, none twice.
            let base = Rules::orthodox();
            for r in crate::dispute::profile_readings(&base, names).map_err(VerifyError::Rules)? {
                out.push(PopeyeReading {
                    label: r.label,
                    profile: r.rules.profile(),
                    set: set.to_vec(),
                });
            }
        }
        (None, None) => return Err(VerifyError::NoReadings),
    }
    Ok(out)
}

/// Solves `stipulation` from one position under every reading (the side to move begins) and
/// compares the solution sets: one case, named by its stipulation.
pub fn dispute_position(
    engine: &dyn SearchEngine,
    position: &Position,
    readings: &[crate::dispute::Reading],
    stipulation: Stipulation,
    options: &Options,
) -> SolutionDispute {
    let sets: Vec<SolutionSet> = readings
        .iter()
        .map(|r| SolutionSet {
            label: r.label.clone(),
            solutions: solution_set(engine, position, &r.rules, stipulation, options)
                .map_err(|e| e.to_string()),
        })
        .collect();
    SolutionDispute {
        cases: vec![CaseDispute {
            name: stipulation.to_string(),
            stipulation: Some(stipulation.to_string()),
            fen: Some(feerie_oracle::fen::write(position.setup())),
            sets,
        }],
    }
}

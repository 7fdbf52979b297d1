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
use crate::solve::{Options, layout, solve};
use crate::verify::error::VerifyError;
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
    let solved = solve(engine, position, rules, stipulation, options)?;
    if solved.partial {
        return Err(VerifyError::Partial);
    }
    let mut lines: Vec<String> = layout::lines(engine, position, rules, &stipulation, &solved)
        .iter()
        .map(|l| normalise(&stipulation, l))
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
    let (_, rules, stipulation) = case.setup.as_ref().map_err(|e| e.to_string())?;
    if let Some(why) = case.refused_by_popeye(engine) {
        return Err(why);
    }
    let mut lines = Vec::new();
    for part in case.parts() {
        lines.extend(
            solution_set(engine, part, rules, *stipulation, options).map_err(|e| e.to_string())?,
        );
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

/// Solves one problem of a Popeye input (each twin) under every reading and compares the
/// solution sets. Returns the text and the exit code: 0 when every twin agrees, 1 when one
/// differs, 2 when a case could not be solved.
pub fn dispute_popeye(
    engine: &dyn SearchEngine,
    text: &str,
    problem: usize,
    readings: &[PopeyeReading],
    options: &Options,
) -> Result<(String, i32), VerifyError> {
    let mut per_reading = Vec::new();
    for r in readings {
        let (_, problems) = problems::cases(text, Some(problem), r.profile, &r.set)?;
        let cases: Vec<problems::Case> =
            problems.into_iter().flat_map(|(_, cases)| cases).collect();
        per_reading.push(cases);
    }
    let mut out = String::new();
    let (mut differs, mut failed) = (false, false);
    let twins = per_reading.first().map_or(0, Vec::len);
    for twin in 0..twins {
        let case = &per_reading[0][twin];
        let mut header = case.name();
        if let Ok((_, _, stipulation)) = &case.setup {
            header.push_str(&format!(" ({stipulation})"));
        }
        out.push_str(&format!("{header}\n"));
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
        failed |= sets.iter().any(|s| s.solutions.is_err());
        let (text, d) = compare(&sets);
        differs |= d;
        out.push_str(&text);
    }
    let code = if differs {
        1
    } else if failed {
        2
    } else {
        0
    };
    Ok((out, code))
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
/// compares the solution sets: the text and the exit code (0 agree, 1 differ, 2 not solved).
pub fn dispute_position(
    engine: &dyn SearchEngine,
    position: &Position,
    readings: &[crate::dispute::Reading],
    stipulation: Stipulation,
    options: &Options,
) -> (String, i32) {
    let sets: Vec<SolutionSet> = readings
        .iter()
        .map(|r| SolutionSet {
            label: r.label.clone(),
            solutions: solution_set(engine, position, &r.rules, stipulation, options)
                .map_err(|e| e.to_string()),
        })
        .collect();
    let failed = sets.iter().any(|s| s.solutions.is_err());
    let (text, differs) = compare(&sets);
    let code = if differs {
        1
    } else if failed {
        2
    } else {
        0
    };
    (format!("{stipulation}\n{text}"), code)
}

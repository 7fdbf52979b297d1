//! What a metamorphic run reached: per relation, how many problems it checked (agreeing or not),
//! was not sound for, or could not check; per condition, which relations checked a problem
//! under it; and how many problems at least one relation checked.

use std::collections::BTreeMap;

use feerie_oracle::notation::popeye_words::{Language, PopeyeCondition};

use super::relations::{RELATIONS, Relation};
use super::run::{FileReport, Verdict};

/// One relation's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Problems where the answers agree.
    pub agree: usize,
    /// Problems where they do not.
    pub disagree: usize,
    /// Problems the relation is not sound for.
    pub not_applicable: usize,
    /// Problems it was not checked on (a run failed or was cut, the time ran out).
    pub not_checked: usize,
}

/// The whole run's tallies.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Files that could not be checked at all.
    pub files_in_error: usize,
    /// Files Popeye crashed on, as given.
    pub files_crashed: usize,
    /// Problems read.
    pub problems: usize,
    /// Problems at least one relation checked.
    pub checked: usize,
    /// Problems with a disagreement.
    pub disagreeing: usize,
    /// Per relation.
    pub relations: BTreeMap<Relation, Counts>,
    /// Per condition (Popeye's English word, `orthodox` for none): problems, and the relations
    /// that checked at least one of them.
    pub conditions: BTreeMap<String, (usize, Vec<Relation>)>,
}

impl Summary {
    /// The tallies of some files' reports.
    pub fn of(reports: &[FileReport]) -> Summary {
        let mut s = Summary {
            files: reports.len(),
            ..Summary::default()
        };
        for r in reports {
            if r.error.is_some() {
                s.files_in_error += 1;
            }
            s.files_crashed += usize::from(r.crashed);
            for p in &r.problems {
                s.problems += 1;
                let mut checked = false;
                let mut disagrees = false;
                let names = condition_names(p.language, &p.conditions);
                for (relation, verdict) in &p.verdicts {
                    let c = s.relations.entry(*relation).or_default();
                    match verdict {
                        Verdict::Agree => c.agree += 1,
                        Verdict::Disagree(_) => c.disagree += 1,
                        Verdict::NotApplicable(_) => c.not_applicable += 1,
                        Verdict::NotChecked(_) => c.not_checked += 1,
                    }
                    if matches!(verdict, Verdict::Agree | Verdict::Disagree(_)) {
                        checked = true;
                        disagrees |= matches!(verdict, Verdict::Disagree(_));
                        for name in &names {
                            let entry = s.conditions.entry(name.clone()).or_default();
                            if !entry.1.contains(relation) {
                                entry.1.push(*relation);
                                entry.1.sort();
                            }
                        }
                    }
                }
                for name in &names {
                    s.conditions.entry(name.clone()).or_default().0 += 1;
                }
                s.checked += usize::from(checked);
                s.disagreeing += usize::from(disagrees);
            }
        }
        s
    }

    /// The tallies as text: a line per relation, then a line per condition.
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:<16} {:>8} {:>9} {:>12} {:>12}\n",
            "relation", "agree", "disagree", "not sound", "not checked"
        );
        for row in RELATIONS {
            let Some(c) = self.relations.get(&row.relation) else {
                continue;
            };
            out += &format!(
                "{:<16} {:>8} {:>9} {:>12} {:>12}\n",
                row.name, c.agree, c.disagree, c.not_applicable, c.not_checked
            );
        }
        out += &format!(
            "\n{:<28} {:>8}  relations that checked one\n",
            "condition", "problems"
        );
        for (name, (count, relations)) in &self.conditions {
            let names: Vec<&str> = relations.iter().map(|r| r.name()).collect();
            let names = if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            };
            out += &format!("{name:<28} {count:>8}  {names}\n");
        }
        out
    }
}

/// The conditions a problem's condition words name (Popeye's English words), `orthodox` for
/// none; a word that names no condition (an argument, a variant) is left out.
fn condition_names(language: Language, words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = words
        .iter()
        .filter_map(|w| PopeyeCondition::of(language, w).found())
        .map(|c| c.word(Language::English).to_string())
        .collect();
    out.sort();
    out.dedup();
    if out.is_empty() {
        out.push("orthodox".into());
    }
    out
}

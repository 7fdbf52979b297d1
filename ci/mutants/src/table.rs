//! The kill table, in Markdown and JSON: one row per mutant with what each judge made of it,
//! then the totals and the kill rates.

use crate::judge::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    pub id: String,
    pub kind: String,
    pub before: String,
    pub after: String,
    pub build_seconds: Option<f64>,
    pub stages: Outcome,
    pub examples: Option<Outcome>,
    /// Why the mutated code is outside what the judge models (left out of the modelled totals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unmodelled: Option<String>,
    /// What was measured before an equivalence was marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured: Option<Outcome>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Table {
    pub source: String,
    pub files: Vec<String>,
    pub seed: u64,
    pub enumerated: usize,
    pub sample_size: usize,
    pub budget_seconds: u64,
    pub stages: Vec<String>,
    pub examples: Vec<String>,
    pub rows: Vec<Row>,
}

/// The tallies of one judge.
#[derive(Debug, Default, Serialize, PartialEq)]
pub struct Totals {
    pub judged: usize,
    pub killed: usize,
    pub killed_by: BTreeMap<String, usize>,
    pub trivial: usize,
    pub survived: usize,
    pub no_compile: usize,
    pub equivalent: usize,
    pub error: usize,
    pub interrupted: usize,
    /// (killed + trivial) / (judged − equivalent − no compile − error − interrupted).
    pub kill_rate: Option<f64>,
}

pub fn totals<'a>(
    outcomes: impl Iterator<Item = &'a Outcome>,
    stage_of: impl Fn(&str) -> String,
) -> Totals {
    let mut t = Totals::default();
    for o in outcomes {
        t.judged += 1;
        match o {
            Outcome::Killed { stage, .. } => {
                t.killed += 1;
                *t.killed_by.entry(stage_of(stage)).or_default() += 1;
            }
            Outcome::Survived { .. } => t.survived += 1,
            Outcome::NoCompile { .. } => t.no_compile += 1,
            Outcome::Trivial { .. } => t.trivial += 1,
            Outcome::Error { .. } => t.error += 1,
            Outcome::Equivalent { .. } => t.equivalent += 1,
            Outcome::Interrupted => t.interrupted += 1,
        }
    }
    let viable = t.killed + t.trivial + t.survived;
    t.kill_rate = (viable > 0).then(|| (t.killed + t.trivial) as f64 / viable as f64);
    t
}

pub fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Killed {
            stage,
            seconds,
            why,
        } if why.is_empty() => format!("killed by {stage} after {seconds:.1} s"),
        Outcome::Killed {
            stage,
            seconds,
            why,
        } => format!("killed by {stage} after {seconds:.1} s ({})", cell(why)),
        Outcome::Survived {
            budget_spent_in: Some(s),
            seconds,
        } => format!("survived (budget spent in {s}, {seconds:.0} s)"),
        Outcome::Survived {
            budget_spent_in: None,
            seconds,
        } => format!("survived ({seconds:.0} s)"),
        Outcome::NoCompile { message } => format!("no compile ({})", cell(message)),
        Outcome::Trivial { reason } => format!("trivial ({reason})"),
        Outcome::Error { stage, message } => format!("error in {stage} ({})", cell(message)),
        Outcome::Equivalent { reason } => format!("equivalent ({})", cell(reason)),
        Outcome::Interrupted => "interrupted".into(),
    }
}

/// An example kill is tallied by its input file (without " (hang)").
fn example_name(stage: &str) -> String {
    stage.split(' ').next().unwrap_or(stage).to_string()
}

/// Reads a table written by a run (its JSON).
pub fn read(path: &Path) -> Result<Table, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if doc.get("schema").and_then(|s| s.as_str()) != Some("feerie-mutants/1") {
        return Err(format!("{}: not a feerie-mutants/1 table", path.display()));
    }
    serde_json::from_value(doc["table"].take()).map_err(|e| format!("{}: {e}", path.display()))
}

/// Marks rows: an id in `equivalent` gets that outcome (what was measured is kept beside it);
/// an id in `unmodelled` is left out of the modelled totals. An id that is not in the table is
/// an error, so that a typo is not a silent no-op.
pub fn annotate(
    table: &mut Table,
    equivalent: &std::collections::HashMap<String, String>,
    unmodelled: &std::collections::HashMap<String, String>,
) -> Vec<String> {
    // A mark for a mutant this table has no row for (one list serves the parts of a run made
    // in several pieces) is returned, so that a misspelt id is seen.
    let mut absent: Vec<String> = (equivalent.keys().chain(unmodelled.keys()))
        .filter(|id| !table.rows.iter().any(|r| &r.id == *id))
        .cloned()
        .collect();
    absent.sort();
    for row in &mut table.rows {
        if let Some(reason) = equivalent.get(&row.id) {
            let eq = Outcome::Equivalent {
                reason: reason.clone(),
            };
            if row.stages != eq {
                row.measured = Some(std::mem::replace(&mut row.stages, eq.clone()));
                if row.examples.is_some() {
                    row.examples = Some(eq);
                }
            }
        }
        if let Some(reason) = unmodelled.get(&row.id) {
            row.unmodelled = Some(reason.clone());
        }
    }
    absent
}

fn cell(text: &str) -> String {
    let one: String = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|");
    if one.chars().count() > 120 {
        format!("{}…", one.chars().take(120).collect::<String>())
    } else {
        one
    }
}

fn code(text: &str) -> String {
    format!("`{}`", cell(text).replace('`', "'"))
}

fn render_totals(out: &mut String, name: &str, t: &Totals) {
    out.push_str(&format!(
        "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
        t.judged,
        t.killed,
        t.killed_by
            .iter()
            .map(|(s, n)| format!("{s}: {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        t.trivial,
        t.survived,
        t.no_compile,
        t.equivalent,
        t.error + t.interrupted,
        t.kill_rate
            .map_or("–".into(), |r| format!("{:.1} %", r * 100.0)),
    ));
}

impl Table {
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "# Mutants of {}\n\nSeed {}, {} drawn of {} enumerated in {} files; budget {} s per mutant.\n\nStages, in order: {}.\n\n",
            self.source,
            self.seed,
            self.sample_size,
            self.enumerated,
            self.files.len(),
            self.budget_seconds,
            self.stages.join(", ")
        );
        if !self.examples.is_empty() {
            out.push_str(&format!("Example files: {}.\n\n", self.examples.join(", ")));
        }
        out.push_str("## Totals\n\nThe kill rate is (killed + trivial) over the mutants that were killed, trivial or survived (equivalent, no compile, error and unfinished ones are left out).\n\n| judge | judged | killed | killed by | trivial | survived | no compile | equivalent | error | kill rate |\n|---|---|---|---|---|---|---|---|---|---|\n");
        let any_unmodelled = self.rows.iter().any(|r| r.unmodelled.is_some());
        for (label, modelled_only) in [("", false), (" (modelled code)", true)] {
            if modelled_only && !any_unmodelled {
                continue;
            }
            let rows = || {
                self.rows
                    .iter()
                    .filter(move |r| !modelled_only || r.unmodelled.is_none())
            };
            render_totals(
                &mut out,
                &format!("stages{label}"),
                &totals(rows().map(|r| &r.stages), |s| s.to_string()),
            );
            if !self.examples.is_empty() {
                let t = totals(rows().filter_map(|r| r.examples.as_ref()), example_name);
                render_totals(&mut out, &format!("examples{label}"), &t);
            }
        }
        out.push_str("\n## Mutants\n\n| # | mutant | before | after | build s | stages | examples | notes |\n|---|---|---|---|---|---|---|---|\n");
        for (k, r) in self.rows.iter().enumerate() {
            let mut notes = Vec::new();
            if let Some(m) = &r.measured {
                notes.push(format!("measured: {}", describe(m)));
            }
            if let Some(u) = &r.unmodelled {
                notes.push(format!("not modelled: {}", cell(u)));
            }
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
                k + 1,
                code(&r.id),
                code(&r.before),
                code(&r.after),
                r.build_seconds.map_or("–".into(), |s| format!("{s:.1}")),
                describe(&r.stages),
                r.examples.as_ref().map_or("–".into(), describe),
                notes.join("; ")
            ));
        }
        out
    }

    pub fn json(&self) -> String {
        let modelled = || self.rows.iter().filter(|r| r.unmodelled.is_none());
        let doc = serde_json::json!({
            "schema": "feerie-mutants/1",
            "table": self,
            "totals": {
                "stages": totals(self.rows.iter().map(|r| &r.stages), |s| s.to_string()),
                "examples": totals(self.rows.iter().filter_map(|r| r.examples.as_ref()), example_name),
                "stages_modelled": totals(modelled().map(|r| &r.stages), |s| s.to_string()),
                "examples_modelled": totals(modelled().filter_map(|r| r.examples.as_ref()), example_name),
            },
        });
        serde_json::to_string_pretty(&doc).expect("a table serialises")
    }
}

/// The two files of a table, `PREFIX.md` and `PREFIX.json`; refused when either exists.
pub fn outputs(prefix: &Path) -> Result<(PathBuf, PathBuf), String> {
    let with = |ext: &str| {
        let mut p = prefix.as_os_str().to_owned();
        p.push(ext);
        PathBuf::from(p)
    };
    let (md, json) = (with(".md"), with(".json"));
    for p in [&md, &json] {
        if p.exists() {
            return Err(format!(
                "{} exists; a table is never overwritten (choose another --out)",
                p.display()
            ));
        }
    }
    Ok((md, json))
}

/// Writes `text` to `path` through a temporary file in the same folder (no half-written table).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("partial");
    fs::write(&tmp, text)
        .and_then(|_| fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kill_rate_leaves_out_equivalent_and_unbuilt_mutants() {
        let outcomes = [
            Outcome::Killed {
                stage: "compare".into(),
                seconds: 2.0,
                why: String::new(),
            },
            Outcome::Trivial {
                reason: "crash".into(),
            },
            Outcome::Survived {
                budget_spent_in: None,
                seconds: 9.0,
            },
            Outcome::Equivalent {
                reason: "same object".into(),
            },
            Outcome::NoCompile {
                message: "error".into(),
            },
        ];
        let t = totals(outcomes.iter(), |s| s.to_string());
        assert_eq!(
            (t.killed, t.trivial, t.survived, t.equivalent, t.no_compile),
            (1, 1, 1, 1, 1)
        );
        assert_eq!(t.kill_rate, Some(2.0 / 3.0));
        assert_eq!(t.killed_by.get("compare"), Some(&1));
    }

    #[test]
    fn marks_replace_the_outcome_keep_the_measure_and_refuse_an_unknown_id() {
        let row = |id: &str, stages: Outcome| Row {
            id: id.into(),
            kind: "constant".into(),
            before: "a".into(),
            after: "b".into(),
            build_seconds: Some(1.0),
            stages,
            examples: None,
            unmodelled: None,
            measured: None,
        };
        let survived = Outcome::Survived {
            budget_spent_in: None,
            seconds: 5.0,
        };
        let mut table = Table {
            source: "s".into(),
            files: vec!["f.c".into()],
            seed: 1,
            enumerated: 2,
            sample_size: 2,
            budget_seconds: 10,
            stages: vec![],
            examples: vec![],
            rows: vec![
                row("f.c:1:1:constant:1", survived.clone()),
                row("f.c:2:1:constant:1", survived.clone()),
            ],
        };
        let marks =
            |id: &str| std::collections::HashMap::from([(id.to_string(), "why".to_string())]);
        let none = std::collections::HashMap::new();
        assert_eq!(
            annotate(&mut table, &marks("f.c:9:9:constant:1"), &none),
            ["f.c:9:9:constant:1"]
        );
        assert_eq!(table.rows[0].stages, survived);
        let absent = annotate(
            &mut table,
            &marks("f.c:1:1:constant:1"),
            &marks("f.c:2:1:constant:1"),
        );
        assert!(absent.is_empty());
        assert_eq!(
            table.rows[0].stages,
            Outcome::Equivalent {
                reason: "why".into()
            }
        );
        assert_eq!(table.rows[0].measured, Some(survived));
        assert_eq!(table.rows[1].unmodelled.as_deref(), Some("why"));
        let md = table.markdown();
        assert!(
            md.contains("| stages (modelled code) | 1 | 0 |  | 0 | 0 | 0 | 1 | 0 | – |"),
            "{md}"
        );
    }

    #[test]
    fn an_existing_table_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let prefix = dir.path().join("run");
        assert!(outputs(&prefix).is_ok());
        fs::write(dir.path().join("run.json"), "{}").unwrap();
        assert!(outputs(&prefix).is_err());
    }
}

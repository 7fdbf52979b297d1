//! Rule-event coverage for people (the table `--coverage` prints) and programs (the `coverage`
//! object of the JSON documents).

use serde::{Deserialize, Serialize};

use crate::harness::events::{Column, Coverage, catalogue};

/// One cell of the coverage table: an event under a condition, and how often it happened.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverageCell {
    /// The event's name (the book's list of rule events).
    pub event: String,
    /// The condition's slug, or `magic`, `fairy`, `orthodox`.
    pub condition: String,
    /// How often it happened.
    pub count: u64,
}

/// The `coverage` object of a document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoverageJson {
    /// Moves read (each counted once, whatever the number of its conditions).
    pub moves: u64,
    /// The conditions some move was played under, with the moves read under each.
    pub conditions: Vec<CoverageCell>,
    /// Every event under every condition it belongs to that was played, with its count.
    pub events: Vec<CoverageCell>,
    /// The cells of `events` whose count is 0.
    pub unreached: Vec<CoverageCell>,
}

impl CoverageJson {
    /// The document's view of a tally.
    pub fn of(coverage: &Coverage) -> CoverageJson {
        let played = coverage.columns_played();
        let events: Vec<CoverageCell> = (coverage.cells().into_iter())
            .filter(|(_, c, _)| played.contains(c))
            .map(|(d, c, count)| CoverageCell {
                event: d.name.clone(),
                condition: c.label().to_string(),
                count,
            })
            .collect();
        CoverageJson {
            moves: coverage.moves(),
            conditions: (played.iter())
                .map(|c| CoverageCell {
                    event: String::new(),
                    condition: c.label().to_string(),
                    count: coverage.moves_under(*c),
                })
                .collect(),
            unreached: events.iter().filter(|c| c.count == 0).cloned().collect(),
            events,
        }
    }
}

/// The table: one line per event, one column per condition played (`-` where the event does
/// not belong), then a line naming the events never reached under each condition.
pub fn table(title: &str, coverage: &Coverage) -> Vec<String> {
    let played = coverage.columns_played();
    let mut lines = vec![format!(
        "{title}: rule events over {} move(s) (event x condition)",
        coverage.moves()
    )];
    if played.is_empty() {
        lines.push("  no move played".into());
        return lines;
    }
    let events = &catalogue().events;
    let width = events.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let widths: Vec<usize> = played.iter().map(|c| c.label().len().max(7)).collect();
    let mut head = format!("  {:width$}", "event");
    for (c, w) in played.iter().zip(&widths) {
        head += &format!("  {:>w$}", c.label());
    }
    lines.push(head);
    for e in events {
        if !played.iter().any(|c| e.columns.contains(c)) {
            continue;
        }
        let mut line = format!("  {:width$}", e.name);
        for (c, w) in played.iter().zip(&widths) {
            let cell = if e.columns.contains(c) {
                coverage.count(&e.name, *c).to_string()
            } else {
                "-".into()
            };
            line += &format!("  {cell:>w$}");
        }
        lines.push(line);
    }
    let unreached = unreached_line(coverage, &played);
    lines.push(unreached);
    lines
}

/// `never reached: …`, each event with the conditions it was never reached under.
fn unreached_line(coverage: &Coverage, played: &[Column]) -> String {
    let missing = coverage.unreached(played);
    if missing.is_empty() {
        return "  never reached: none (every event reached under every condition played)".into();
    }
    let mut parts: Vec<String> = Vec::new();
    for (def, column) in missing {
        match parts.last_mut() {
            Some(last) if last.starts_with(&format!("{} (", def.name)) => {
                last.pop();
                *last += &format!(", {})", column.label());
            }
            _ => parts.push(format!("{} ({})", def.name, column.label())),
        }
    }
    format!("  never reached ({}): {}", parts.len(), parts.join("; "))
}

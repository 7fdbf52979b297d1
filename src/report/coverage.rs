//! Rule-event coverage for programs: the `coverage` object of the JSON documents (the table
//! `--coverage` prints is [`table`]).

use serde::{Deserialize, Serialize};

use crate::harness::events::Coverage;
pub use crate::harness::events::table;

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

//! Rule-event coverage for programs: the `coverage` object of the JSON documents (the table
//! `--coverage` prints is [`table`]).

use serde::{Deserialize, Serialize};

pub use crate::harness::events::table;
use crate::harness::events::{Column, Coverage, EventDef, Scope};

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
    /// The cells of `events` whose count is 0 and that the run owes: a Popeye campaign does not
    /// owe an event a Popeye input cannot build.
    pub unreached: Vec<CoverageCell>,
    /// The cells of `events` whose count is 0 and that a Popeye input cannot build (the book's
    /// list of rule events says why); empty for `feerie check`.
    #[serde(default)]
    pub beyond_input: Vec<CoverageCell>,
}

impl CoverageJson {
    /// The document's view of a tally of `scope`.
    pub fn of(coverage: &Coverage, scope: Scope) -> CoverageJson {
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
            unreached: cells(coverage.unreached(&played, scope)),
            beyond_input: cells(coverage.not_owed(&played, scope)),
            events,
        }
    }
}

/// The cells of a list of events never reached, each with its condition and a count of 0.
fn cells(of: Vec<(&'static EventDef, Column)>) -> Vec<CoverageCell> {
    (of.into_iter())
        .map(|(d, c)| CoverageCell {
            event: d.name.clone(),
            condition: c.label().to_string(),
            count: 0,
        })
        .collect()
}

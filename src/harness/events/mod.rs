//! Rule-event coverage: which of the rule events each condition has (the catalogue, `table`)
//! the moves of a campaign went through, counted per condition (`Coverage`, a value that
//! stages return and sum with [`Coverage::merge`]). `classify` reads one played move.

mod classify;
mod table;

pub use classify::classify;
pub use table::{BEYOND_POPEYE_INPUT, Catalogue, Column, EventDef, Scope, catalogue};

use feerie_oracle::{MoveRecord, Position, Rules};

/// How often each rule event happened, per column (condition): a tally of one stage or of
/// several merged.
///
/// ```
/// use feerie::harness::events::{Column, Coverage};
/// use feerie::oracle::{Condition, Engine, ReferenceEngine, Rules, fen, Validation};
/// let rules = Rules::from_words(&["circe"], None, &[] as &[&str]).unwrap();
/// let before = fen::parse("4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1", Validation::Strict).unwrap();
/// let mut coverage = Coverage::default();
/// for (mv, after) in ReferenceEngine.successors(&before, &rules).unwrap() {
///     coverage.record(&rules, &before, &mv, &after);
/// }
/// assert_eq!(coverage.count("rebirth-black-rook", Column::Condition(Condition::Circe)), 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Counts, `event * columns + column`; empty until the first event.
    counts: Vec<u64>,
    /// Moves read.
    moves: u64,
    /// Moves read under each column ([`Column::index`]); empty until the first move.
    column_moves: Vec<u64>,
}

impl Coverage {
    /// The columns a move from `before` under `rules` counts its events under: each condition in
    /// force (orthodox when none), magic pieces and fairy walks when the board holds some.
    pub fn columns_in_force(rules: &Rules, before: &Position) -> Vec<Column> {
        let mut out: Vec<Column> = rules.conditions().map(Column::Condition).collect();
        if out.is_empty() {
            out.push(Column::Orthodox);
        }
        let board = before.board();
        if board.pieces().any(|(_, p)| p.magic) {
            out.push(Column::Magic);
        }
        if board.pieces().any(|(_, p)| p.walk.is_fairy()) {
            out.push(Column::Fairy);
        }
        out
    }

    /// Reads one played move and counts its events.
    pub fn record(&mut self, rules: &Rules, before: &Position, mv: &MoveRecord, after: &Position) {
        let columns = Coverage::columns_in_force(rules, before);
        self.record_under(&columns, rules, before, mv, after);
    }

    /// [`Coverage::record`] with the columns already known (they are the same for every move of
    /// a node).
    pub fn record_under(
        &mut self,
        columns: &[Column],
        rules: &Rules,
        before: &Position,
        mv: &MoveRecord,
        after: &Position,
    ) {
        self.moves += 1;
        if self.column_moves.is_empty() {
            self.column_moves = vec![0; Column::all().len()];
        }
        for c in columns {
            self.column_moves[c.index()] += 1;
        }
        classify(rules, before, mv, after, &mut |name| {
            self.add(name, columns)
        });
    }

    /// Counts one event under those of `columns` it belongs to.
    pub fn add(&mut self, name: &str, columns: &[Column]) {
        let catalogue = catalogue();
        let Some(id) = catalogue.find(name) else {
            debug_assert!(false, "no rule event named {name}");
            return;
        };
        let width = Column::all().len();
        if self.counts.is_empty() {
            self.counts = vec![0; catalogue.events.len() * width];
        }
        for column in columns {
            if catalogue.events[id].columns.contains(column) {
                self.counts[id * width + column.index()] += 1;
            }
        }
    }

    /// Adds another tally to this one.
    pub fn merge(&mut self, other: &Coverage) {
        self.moves += other.moves;
        if self.column_moves.is_empty() {
            self.column_moves = other.column_moves.clone();
        } else {
            for (a, b) in self.column_moves.iter_mut().zip(&other.column_moves) {
                *a += b;
            }
        }
        if other.counts.is_empty() {
            return;
        }
        if self.counts.is_empty() {
            self.counts = other.counts.clone();
            return;
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// Moves read.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The columns some move was read under, in the table's order.
    pub fn columns_played(&self) -> Vec<Column> {
        (Column::all().into_iter())
            .filter(|c| self.column_moves.get(c.index()).is_some_and(|n| *n > 0))
            .collect()
    }

    /// Moves read under `column`.
    pub fn moves_under(&self, column: Column) -> u64 {
        self.column_moves.get(column.index()).copied().unwrap_or(0)
    }

    /// How often `event` happened under `column` (0 for a name not in the catalogue).
    pub fn count(&self, event: &str, column: Column) -> u64 {
        let Some(id) = catalogue().find(event) else {
            return 0;
        };
        let width = Column::all().len();
        self.counts
            .get(id * width + column.index())
            .copied()
            .unwrap_or(0)
    }

    /// Every cell of the table: each event under each of its columns, with its count, in the
    /// catalogue's order.
    pub fn cells(&self) -> Vec<(&'static EventDef, Column, u64)> {
        let mut out = Vec::new();
        for def in &catalogue().events {
            for &column in &def.columns {
                out.push((def, column, self.count(&def.name, column)));
            }
        }
        out
    }

    /// The cells never reached, restricted to `columns` (the columns the run played under) and
    /// to the events a tally of `scope` owes ([`EventDef::owed_in`]).
    pub fn unreached(&self, columns: &[Column], scope: Scope) -> Vec<(&'static EventDef, Column)> {
        self.zero_cells(columns, |d| d.owed_in(scope))
    }

    /// The cells never reached among `columns` that a tally of `scope` does not owe: events whose
    /// position a Popeye input cannot state.
    pub fn not_owed(&self, columns: &[Column], scope: Scope) -> Vec<(&'static EventDef, Column)> {
        self.zero_cells(columns, |d| !d.owed_in(scope))
    }

    /// The cells of `columns` with no count whose event `keep` takes.
    fn zero_cells(
        &self,
        columns: &[Column],
        keep: impl Fn(&EventDef) -> bool,
    ) -> Vec<(&'static EventDef, Column)> {
        (self.cells().into_iter())
            .filter(|(d, c, n)| *n == 0 && columns.contains(c) && keep(d))
            .map(|(d, c, _)| (d, c))
            .collect()
    }
}

/// The table: one line per event, one column per condition played (`-` where the event does
/// not belong), then a line naming the events never reached under each condition. A tally of
/// [`Scope::PopeyeInput`] names apart, with the reason, the events a Popeye input cannot build.
pub fn table(title: &str, coverage: &Coverage, scope: Scope) -> Vec<String> {
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
    let missing = coverage.unreached(&played, scope);
    lines.push(if missing.is_empty() {
        "  never reached: none (every event reached under every condition played)".into()
    } else {
        format!("  never reached {}", cells_line(&missing))
    });
    let not_owed = coverage.not_owed(&played, scope);
    if !not_owed.is_empty() {
        lines.push(format!(
            "  not reached, and beyond a Popeye input {}",
            cells_line(&not_owed)
        ));
        let mut reasons: Vec<&str> = (not_owed.iter())
            .filter_map(|(d, _)| d.beyond_popeye_input)
            .collect();
        reasons.dedup();
        for why in reasons {
            lines.push(format!("    ({why})"));
        }
    }
    lines
}

/// `(N): event (conditions); …`, each event with the conditions it was not reached under.
fn cells_line(missing: &[(&'static EventDef, Column)]) -> String {
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
    format!("({}): {}", parts.len(), parts.join("; "))
}

impl std::ops::AddAssign for Coverage {
    fn add_assign(&mut self, other: Coverage) {
        self.merge(&other);
    }
}

#[cfg(test)]
mod tests;

//! The transposition table: what a search learned about a position at a given number of moves
//! left, so that a position reached again by another order of moves is not searched again.
//! Keyed by the whole position (board with every unit's attributes, side to move, castling
//! rights, en passant right, Parrain reserve), which is everything that decides the legal moves
//! under fixed rules, so that a hit is never wrong; bounded in memory: once full, it keeps what
//! it has and stores no more.

use std::collections::HashMap;
use std::sync::Mutex;

use feerie_oracle::Position;

/// What a search stores: which question (kind of node), how many moves were left, the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// Direct play: the attacker to move wins within n.
    Attack,
    /// Direct play: every defence loses within n.
    Defence,
    /// Self play: the defender must reach the goal within n.
    SelfDefence,
    /// Self play: the attacker forces the defender within n.
    SelfAttack,
    /// Help or series play: no solution below this node (the answer is always `false`).
    DeadEnd,
}

/// A bounded, shared transposition table.
///
/// ```
/// use feerie::oracle::Position;
/// use feerie::solve::table::{Node, Table};
/// let table = Table::with_megabytes(1);
/// assert_eq!(table.get(&Position::start(), Node::Attack, 2), None);
/// table.put(&Position::start(), Node::Attack, 2, true);
/// assert_eq!(table.get(&Position::start(), Node::Attack, 2), Some(true));
/// assert!(table.capacity() > 100);
/// ```
pub struct Table {
    entries: Mutex<HashMap<(Position, Node, u32), bool>>,
    capacity: usize,
}

impl Table {
    /// A table of at most `megabytes` MB (0: a table that stores nothing).
    pub fn with_megabytes(megabytes: usize) -> Table {
        // A key holds the position inline; the map adds its control bytes and the value, and
        // leaves room to grow: counted as twice the key.
        let entry = 2 * std::mem::size_of::<(Position, Node, u32, bool)>();
        Table {
            entries: Mutex::new(HashMap::new()),
            capacity: megabytes.saturating_mul(1 << 20) / entry,
        }
    }

    /// The most entries it will hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The entries it holds.
    pub fn len(&self) -> usize {
        self.entries.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The stored answer for `position` at `node` with `left` moves, if any.
    pub fn get(&self, position: &Position, node: Node, left: u32) -> Option<bool> {
        if self.capacity == 0 {
            return None;
        }
        let entries = self.entries.lock().ok()?;
        entries.get(&(position.clone(), node, left)).copied()
    }

    /// Stores an answer, unless the table is full.
    pub fn put(&self, position: &Position, node: Node, left: u32, answer: bool) {
        if let Ok(mut entries) = self.entries.lock()
            && entries.len() < self.capacity
        {
            entries.insert((position.clone(), node, left), answer);
        }
    }
}

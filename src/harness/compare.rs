//! Comparing two sides (an engine under rules) move by move: at every node down to the
//! depth, the same set of move records, and after each move the same position; an engine whose
//! perft takes another path than its move lists also has its counts checked at every node.
//! A panic in an engine is caught and reported as a difference, not a crash of the harness.

use std::panic::{AssertUnwindSafe, catch_unwind};

use feerie_oracle::{Engine, EngineError, MoveRecord, Position, Rules, fen};

/// An engine under rules, with the name the reports give it.
#[derive(Clone)]
pub struct Side<'a> {
    /// How reports name this side: the engine's name, or a switch value.
    pub label: String,
    /// The engine.
    pub engine: &'a dyn Engine,
    /// The rules it plays under.
    pub rules: Rules,
    /// Check the engine's perft counts against the move lists at every node (for engines whose
    /// perft does not simply walk their move lists).
    pub check_perft: bool,
}

impl<'a> Side<'a> {
    /// A side named after its engine; perft is checked unless the engine's perft is by
    /// construction the walk of its move lists ([`Engine::perft_walks_move_lists`]).
    ///
    /// ```
    /// use feerie::harness::Side;
    /// use feerie::oracle::{ReferenceEngine, Rules};
    /// let side = Side::of(&ReferenceEngine, Rules::orthodox());
    /// assert_eq!(side.label, "reference");
    /// assert!(!side.check_perft);
    /// ```
    pub fn of(engine: &'a dyn Engine, rules: Rules) -> Side<'a> {
        Side {
            label: engine.name().to_string(),
            check_perft: !engine.perft_walks_move_lists(),
            engine,
            rules,
        }
    }

    fn successors(&self, p: &Position) -> Result<Vec<(MoveRecord, Position)>, EngineFailure> {
        guard(|| self.engine.successors(p, &self.rules))
    }

    fn perft(&self, p: &Position, depth: u32) -> Result<u64, EngineFailure> {
        guard(|| self.engine.perft(p, &self.rules, depth))
    }
}

/// Why an engine call gave no answer: its error, or its panic.
#[derive(Clone, Debug, PartialEq, Eq)]
enum EngineFailure {
    /// The engine refused.
    Refused(EngineError),
    /// The engine panicked; the panic's message.
    Panicked(String),
}

impl std::fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFailure::Refused(e) => e.fmt(f),
            EngineFailure::Panicked(message) => write!(f, "panicked: {message}"),
        }
    }
}

/// Runs an engine call, catching its panic.
fn guard<T>(call: impl FnOnce() -> Result<T, EngineError>) -> Result<T, EngineFailure> {
    match catch_unwind(AssertUnwindSafe(call)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(EngineFailure::Refused(e)),
        Err(panic) => Err(EngineFailure::Panicked(
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(no message)".into()),
        )),
    }
}

/// What differs at a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The legal moves differ; each side's list, in notation (with check marks), sorted.
    Moves {
        /// The first side's moves.
        a: Vec<String>,
        /// The second side's moves.
        b: Vec<String>,
    },
    /// Both sides have the move, but the positions after it differ (as FEN).
    After {
        /// The move.
        mv: String,
        /// The position after it for the first side.
        a: String,
        /// The position after it for the second side.
        b: String,
    },
    /// A side's perft count disagrees with the number of move sequences of its move lists.
    Perft {
        /// Which side (its label).
        side: String,
        /// The depth counted from the node.
        depth: u32,
        /// Sequences counted by walking the move lists.
        walked: u64,
        /// The engine's own perft.
        counted: u64,
    },
    /// One side failed (error or panic) where the other did not, or both failed differently.
    Failed {
        /// The first side's answer: `ok` or its error.
        a: String,
        /// The second side's answer.
        b: String,
    },
}

impl Difference {
    /// A word for the kind of difference: `moves`, `after`, `perft` or `failed`.
    pub fn kind(&self) -> &'static str {
        match self {
            Difference::Moves { .. } => "moves",
            Difference::After { .. } => "after",
            Difference::Perft { .. } => "perft",
            Difference::Failed { .. } => "failed",
        }
    }
}

/// A node where two sides differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Where the comparison started.
    pub root: Position,
    /// The moves from the root to the node (as the first side plays them).
    pub path: Vec<MoveRecord>,
    /// The node.
    pub node: Position,
    /// The depth still to compare at the node.
    pub depth: u32,
    /// What differs.
    pub difference: Difference,
}

impl Divergence {
    /// The path in notation, `1. e2-e4 2. …` style without numbers: moves separated by spaces.
    pub fn path_text(&self) -> String {
        self.path
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join("  ")
    }
}

/// The outcome of a comparison: nodes compared and the first difference, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Nodes whose move lists were compared.
    pub nodes: u64,
    /// The first difference found (the walk stops there).
    pub divergence: Option<Divergence>,
    /// The rule events of the first side's moves at every node compared.
    pub coverage: super::events::Coverage,
}

/// The depth a fuzzed position under `rules` is compared to, at most `depth`: under Super Circe
/// a capture is one move per empty square, each with its check mark, so that the reference
/// engine spends seconds on one position two half-moves deep (and three half-moves from a
/// middlegame run to tens of millions of nodes: 45.6 million from Kiwipete); its positions are
/// compared at the root, the move lists with their check and mate marks (the Popeye campaigns
/// compare its lines two half-moves deep).
///
/// ```
/// use feerie::harness::compare::comparable_depth;
/// use feerie_oracle::Rules;
/// let circe = Rules::from_words(&["circe"], None, &[] as &[&str]).unwrap();
/// let super_circe = Rules::from_words(&["circe-super"], None, &[] as &[&str]).unwrap();
/// assert_eq!((comparable_depth(&circe, 3), comparable_depth(&super_circe, 3)), (3, 1));
/// ```
pub fn comparable_depth(rules: &Rules, depth: u32) -> u32 {
    if rules
        .circe_model()
        .is_some_and(|m| m.rebirth_square_chosen())
    {
        depth.min(1)
    } else {
        depth
    }
}

/// Compares two sides from `root` down to `depth` half-moves and stops at the first difference.
///
/// ```
/// use feerie::harness::{compare, Side};
/// use feerie::bitboard::BitboardEngine;
/// use feerie::oracle::{Position, ReferenceEngine, Rules};
/// let rules = Rules::from_words(&["circe"], None, &[] as &[&str]).unwrap();
/// let a = Side::of(&ReferenceEngine, rules.clone());
/// let b = Side::of(&BitboardEngine, rules);
/// let outcome = compare(&a, &b, &Position::start(), 2);
/// assert!(outcome.divergence.is_none());
/// assert_eq!(outcome.nodes, 21);
/// ```
pub fn compare(a: &Side, b: &Side, root: &Position, depth: u32) -> Comparison {
    let mut walker = Walker {
        a,
        b,
        root,
        path: Vec::new(),
        out: Comparison::default(),
    };
    if depth > 0 {
        walker.node(root, depth);
    }
    walker.out
}

struct Walker<'w, 'a> {
    a: &'w Side<'a>,
    b: &'w Side<'a>,
    root: &'w Position,
    path: Vec<MoveRecord>,
    out: Comparison,
}

impl Walker<'_, '_> {
    /// Records the difference at `node`; the walk stops there.
    fn report(&mut self, node: &Position, depth: u32, difference: Difference) -> Option<u64> {
        self.out.divergence = Some(Divergence {
            root: self.root.clone(),
            path: self.path.clone(),
            node: node.clone(),
            depth,
            difference,
        });
        None
    }

    /// Compares the subtree below `node`; returns the number of move sequences of `depth`
    /// half-moves, or `None` at the first difference (then recorded).
    fn node(&mut self, node: &Position, depth: u32) -> Option<u64> {
        self.out.nodes += 1;
        let (sa, sb) = match (self.a.successors(node), self.b.successors(node)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(x), Err(y)) if x == y => return Some(0),
            (x, y) => {
                let say = |r: Result<Vec<(MoveRecord, Position)>, EngineFailure>| match r {
                    Ok(m) => format!("ok ({} moves)", m.len()),
                    Err(e) => e.to_string(),
                };
                let (a, b) = (say(x), say(y));
                return self.report(node, depth, Difference::Failed { a, b });
            }
        };
        if sa.len() != sb.len() || sa.iter().zip(&sb).any(|(x, y)| x.0 != y.0) {
            let (a, b) = move_lines(&sa, &sb);
            return self.report(node, depth, Difference::Moves { a, b });
        }
        let mut walked = 0;
        let columns = super::events::Coverage::columns_in_force(&self.a.rules, node);
        for (mv, pa) in &sa {
            (self.out.coverage).record_under(&columns, &self.a.rules, node, mv, pa);
        }
        for ((mv, pa), (_, pb)) in sa.iter().zip(&sb) {
            if pa.setup() != pb.setup() {
                let (a, b) = (fen::write(pa.setup()), fen::write(pb.setup()));
                let mv = mv.to_string();
                return self.report(node, depth, Difference::After { mv, a, b });
            }
            if depth == 1 {
                walked += 1;
                continue;
            }
            self.path.push(mv.clone());
            let below = self.node(pa, depth - 1);
            self.path.pop();
            walked += below?;
        }
        for side in [self.a, self.b] {
            if !side.check_perft {
                continue;
            }
            let difference = match side.perft(node, depth) {
                Ok(counted) if counted == walked => continue,
                Ok(counted) => Difference::Perft {
                    side: side.label.clone(),
                    depth,
                    walked,
                    counted,
                },
                Err(e) => {
                    let (failed, ok) = (format!("perft {depth}: {e}"), "ok".to_string());
                    if std::ptr::eq(side, self.a) {
                        Difference::Failed { a: failed, b: ok }
                    } else {
                        Difference::Failed { a: ok, b: failed }
                    }
                }
            };
            return self.report(node, depth, difference);
        }
        Some(walked)
    }
}

/// Both move lists as lines: notation with check marks, or the full record where two
/// different records would read the same.
fn move_lines(
    a: &[(MoveRecord, Position)],
    b: &[(MoveRecord, Position)],
) -> (Vec<String>, Vec<String>) {
    let text = |list: &[(MoveRecord, Position)]| -> Vec<String> {
        list.iter().map(|(m, _)| m.to_string()).collect()
    };
    let (ta, tb) = (text(a), text(b));
    if ta != tb {
        return (ta, tb);
    }
    let full = |list: &[(MoveRecord, Position)]| -> Vec<String> {
        list.iter().map(|(m, _)| format!("{m} {m:?}")).collect()
    };
    (full(a), full(b))
}

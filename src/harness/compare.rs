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
    /// A side named after its engine; perft is checked unless the engine is the reference one,
    /// whose perft is by construction the walk of its move lists.
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
            check_perft: engine.name() != "reference",
            engine,
            rules,
        }
    }

    fn successors(&self, p: &Position) -> Result<Vec<(MoveRecord, Position)>, String> {
        guard(|| self.engine.successors(p, &self.rules))
    }

    fn perft(&self, p: &Position, depth: u32) -> Result<u64, String> {
        guard(|| self.engine.perft(p, &self.rules, depth))
    }
}

/// Runs an engine call, turning its error or its panic into a message.
fn guard<T>(call: impl FnOnce() -> Result<T, EngineError>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(call)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(e.to_string()),
        Err(panic) => Err(format!(
            "panicked: {}",
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(no message)".into())
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

/// The outcome of a comparison: nodes compared and the differences found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Nodes whose move lists were compared.
    pub nodes: u64,
    /// The differences, deepest first within a subtree.
    pub divergences: Vec<Divergence>,
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
/// assert!(outcome.divergences.is_empty());
/// assert_eq!(outcome.nodes, 21);
/// ```
pub fn compare(a: &Side, b: &Side, root: &Position, depth: u32) -> Comparison {
    walk(a, b, root, depth, 1)
}

/// Compares two sides from `root` down to `depth`, going on past differences (into the moves
/// both sides have) until `limit` differences are found.
pub fn differences(a: &Side, b: &Side, root: &Position, depth: u32, limit: usize) -> Comparison {
    walk(a, b, root, depth, limit)
}

fn walk(a: &Side, b: &Side, root: &Position, depth: u32, limit: usize) -> Comparison {
    let mut walker = Walker {
        a,
        b,
        root,
        limit,
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
    limit: usize,
    path: Vec<MoveRecord>,
    out: Comparison,
}

impl Walker<'_, '_> {
    fn full(&self) -> bool {
        self.out.divergences.len() >= self.limit
    }

    fn report(&mut self, node: &Position, depth: u32, difference: Difference) {
        self.out.divergences.push(Divergence {
            root: self.root.clone(),
            path: self.path.clone(),
            node: node.clone(),
            depth,
            difference,
        });
    }

    /// Compares the subtree below `node`; returns the number of move sequences of `depth`
    /// half-moves the two sides agree on, or `None` when the subtree differs.
    fn node(&mut self, node: &Position, depth: u32) -> Option<u64> {
        self.out.nodes += 1;
        let (sa, sb) = match (self.a.successors(node), self.b.successors(node)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(x), Err(y)) if x == y => return Some(0),
            (x, y) => {
                let say = |r: Result<Vec<(MoveRecord, Position)>, String>| match r {
                    Ok(m) => format!("ok ({} moves)", m.len()),
                    Err(e) => e,
                };
                self.report(
                    node,
                    depth,
                    Difference::Failed {
                        a: say(x),
                        b: say(y),
                    },
                );
                return None;
            }
        };
        let mut agree = true;
        let same_moves = sa.len() == sb.len() && sa.iter().zip(&sb).all(|(x, y)| x.0 == y.0);
        let pairs: Vec<(&MoveRecord, &Position, &Position)> = if same_moves {
            sa.iter()
                .zip(&sb)
                .map(|(x, y)| (&x.0, &x.1, &y.1))
                .collect()
        } else {
            agree = false;
            let (a, b) = move_lines(&sa, &sb);
            self.report(node, depth, Difference::Moves { a, b });
            if self.full() {
                return None;
            }
            sa.iter()
                .filter_map(|(mv, pa)| {
                    let i = sb.binary_search_by(|(m, _)| m.cmp(mv)).ok()?;
                    Some((mv, pa, &sb[i].1))
                })
                .collect()
        };
        let mut walked = 0;
        for (mv, pa, pb) in pairs {
            if pa.setup() != pb.setup() {
                agree = false;
                let (a, b) = (fen::write(pa.setup()), fen::write(pb.setup()));
                let mv = mv.to_string();
                self.report(node, depth, Difference::After { mv, a, b });
                if self.full() {
                    return None;
                }
                continue;
            }
            if depth == 1 {
                walked += 1;
                continue;
            }
            self.path.push(mv.clone());
            let below = self.node(pa, depth - 1);
            self.path.pop();
            match below {
                Some(n) => walked += n,
                None => agree = false,
            }
            if self.full() {
                return None;
            }
        }
        if !agree {
            return None;
        }
        for side in [self.a, self.b] {
            if !side.check_perft {
                continue;
            }
            match side.perft(node, depth) {
                Ok(counted) if counted == walked => {}
                Ok(counted) => {
                    let side = side.label.clone();
                    let d = Difference::Perft {
                        side,
                        depth,
                        walked,
                        counted,
                    };
                    self.report(node, depth, d);
                    return None;
                }
                Err(e) => {
                    let (a, b) = if std::ptr::eq(side, self.a) {
                        (format!("perft {depth}: {e}"), "ok".to_string())
                    } else {
                        ("ok".to_string(), format!("perft {depth}: {e}"))
                    };
                    self.report(node, depth, Difference::Failed { a, b });
                    return None;
                }
            }
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

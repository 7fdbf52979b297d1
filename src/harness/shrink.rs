//! Shrinking a divergence: start again from the node where it shows (the path goes), compare
//! to a smaller depth, then take away units, castling rights, the en passant square, the
//! reserve and piece marks one at a time, keeping each change while the two sides still differ.
//! Every candidate goes through the validating constructor, so the reproducer stays a position
//! the rules accept.

use feerie_oracle::{Position, Setup, Validation};

use super::compare::{Divergence, Side, compare};

/// How many candidate positions one shrink may try before it settles for what it has.
const BUDGET: usize = 400;

/// A smaller divergence between `a` and `b` that still shows, or the given one when nothing
/// smaller does. `validation` is the one the candidates must pass (the original position's).
///
/// ```
/// use feerie::harness::{compare, shrink, Side};
/// use feerie::oracle::{fen, ReferenceEngine, Rules, Validation};
/// // Two readings of Parrain's long castling differ after a capture.
/// let p = fen::parse("7k/8/8/5n2/3P4/8/8/R3K3 b Q - 0 1", Validation::Strict).unwrap();
/// let mut toward_h = Rules::from_words(&["circe-parrain"], None, &[] as &[&str]).unwrap();
/// toward_h.set("parrain_long_castling", "toward_h").unwrap();
/// let a = Side::of(&ReferenceEngine, Rules::from_words(&["circe-parrain"], None, &[] as &[&str]).unwrap());
/// let b = Side::of(&ReferenceEngine, toward_h);
/// let found = compare(&a, &b, &p, 2).divergence.unwrap();
/// let small = shrink(&a, &b, found, Validation::Strict);
/// assert!(small.path.is_empty());
/// assert!(small.node.board().unit_count() <= 4);
/// ```
pub fn shrink(a: &Side, b: &Side, found: Divergence, validation: Validation) -> Divergence {
    let mut tries = 0;
    let mut best = reroot(a, b, &found).unwrap_or(found);
    while best.depth > 1 && tries < BUDGET {
        tries += 1;
        match first(a, b, &best.node, best.depth - 1) {
            Some(d) => best = d,
            None => break,
        }
    }
    loop {
        let mut improved = false;
        for candidate in smaller(best.node.setup()) {
            if tries >= BUDGET {
                return best;
            }
            tries += 1;
            let Ok(position) = Position::new(candidate, validation) else {
                continue;
            };
            if let Some(d) = first(a, b, &position, best.depth) {
                best = reroot(a, b, &d).unwrap_or(d);
                improved = true;
                break;
            }
        }
        if !improved {
            return best;
        }
    }
}

/// The same divergence seen from its node, with no path, when it shows from there.
fn reroot(a: &Side, b: &Side, found: &Divergence) -> Option<Divergence> {
    if found.path.is_empty() {
        return Some(found.clone());
    }
    first(a, b, &found.node, found.depth)
}

fn first(a: &Side, b: &Side, root: &Position, depth: u32) -> Option<Divergence> {
    compare(a, b, root, depth).divergence
}

/// Setups with one thing less: each unit but the royal ones removed, then the castling
/// rights, the en passant square, the reserve and each unit's magic or mutable mark dropped.
pub(crate) fn smaller(setup: &Setup) -> Vec<Setup> {
    let mut out = Vec::new();
    for (square, piece) in setup.board.pieces() {
        if piece.royal {
            continue;
        }
        let mut s = setup.clone();
        s.board.set(square, None);
        if s.en_passant.is_some_and(|ep| ep.pawn == square) {
            s.en_passant = None;
        }
        out.push(s);
    }
    if !setup.castling.is_empty() {
        for rook in setup.castling.squares().collect::<Vec<_>>() {
            let mut s = setup.clone();
            s.castling.remove(rook);
            out.push(s);
        }
    }
    if setup.en_passant.is_some() {
        out.push(Setup {
            en_passant: None,
            ..setup.clone()
        });
    }
    if setup.reserve.is_some() {
        out.push(Setup {
            reserve: None,
            ..setup.clone()
        });
    }
    for (square, piece) in setup.board.pieces() {
        if piece.magic || piece.mutable {
            let mut s = setup.clone();
            s.board
                .set(square, Some(piece.with_magic(false).with_mutable(false)));
            out.push(s);
        }
    }
    out
}

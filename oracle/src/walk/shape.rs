//! The shape of a walk: the parts it moves by (leaps, rides, hops, pawn steps), read by every
//! generator of both engines.

/// The moves of one line of vectors: every sign and order of a base vector `(m, n)`.
///
/// ```
/// use feerie_oracle::walk::Vectors;
/// assert_eq!(Vectors::of(1, 2).len(), 8);
/// assert_eq!(Vectors::of(0, 1).len(), 4);
/// assert_eq!(Vectors::of(1, 1).len(), 4);
/// assert!(Vectors::of(2, 3).iter().any(|v| v == (-3, 2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vectors {
    list: [(i8, i8); 8],
    len: u8,
    /// The two step lengths, smaller first: the vectors are those whose absolute values are
    /// these two in either order, which answers [`Vectors::contains`] and
    /// [`Vectors::steps_to`] without a search.
    short: i8,
    long: i8,
}

impl Vectors {
    /// The vectors `(±m, ±n)` and `(±n, ±m)`, each once.
    pub const fn of(m: i8, n: i8) -> Vectors {
        let candidates = [
            (m, n),
            (-m, n),
            (m, -n),
            (-m, -n),
            (n, m),
            (-n, m),
            (n, -m),
            (-n, -m),
        ];
        let mut list = [(0, 0); 8];
        let mut len = 0;
        let mut i = 0;
        while i < 8 {
            let c = candidates[i];
            let mut seen = false;
            let mut j = 0;
            while j < len {
                seen |= list[j].0 == c.0 && list[j].1 == c.1;
                j += 1;
            }
            if !seen {
                list[len] = c;
                len += 1;
            }
            i += 1;
        }
        let (m, n) = (if m < 0 { -m } else { m }, if n < 0 { -n } else { n });
        let (short, long) = if m <= n { (m, n) } else { (n, m) };
        Vectors {
            list,
            len: len as u8,
            short,
            long,
        }
    }

    /// How many vectors.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Never true: a line has at least four vectors.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The vectors (file step, rank step).
    pub fn iter(&self) -> impl Iterator<Item = (i8, i8)> + '_ {
        self.list[..self.len as usize].iter().copied()
    }

    /// Whether `(df, dr)` is one of the vectors.
    pub fn contains(&self, df: i8, dr: i8) -> bool {
        let (a, b) = (df.abs(), dr.abs());
        (a.min(b), a.max(b)) == (self.short, self.long)
    }

    /// The vector `v` and the number of its steps `k >= 1` with `k·v = (df, dr)`, if any.
    pub fn steps_to(&self, df: i8, dr: i8) -> Option<((i8, i8), i8)> {
        let (a, b) = (df.abs(), dr.abs());
        let (small, large) = (a.min(b), a.max(b));
        // k·(short, long) = (small, large), k >= 1.
        let k = if self.short == 0 {
            if small != 0 || self.long == 0 || large % self.long != 0 {
                return None;
            }
            large / self.long
        } else {
            if small % self.short != 0 {
                return None;
            }
            small / self.short
        };
        (k >= 1 && self.short * k == small && self.long * k == large).then(|| ((df / k, dr / k), k))
    }
}

/// The orthogonal steps (rook lines).
pub const ORTHOGONAL: Vectors = Vectors::of(0, 1);
/// The diagonal steps (bishop lines).
pub const DIAGONAL: Vectors = Vectors::of(1, 1);
/// The knight's leaps (nightrider lines).
pub const KNIGHT: Vectors = Vectors::of(1, 2);

/// How a hopper uses its hurdle (the first unit on its line, of either colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hop {
    /// Lands on the square just beyond the hurdle: a move if empty, a capture if an enemy.
    Grasshopper,
    /// Lands on any square beyond the hurdle up to and including the first unit there (taken
    /// if an enemy).
    Lion,
    /// Chinese pieces: moves like a rider without capturing; captures only the first unit
    /// beyond the hurdle.
    Chinese,
}

/// One part of a walk's shape; a walk is one part or a compound of several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// One leap by each vector.
    Leap(Vectors),
    /// Steps by one vector repeated while the squares are empty, up to and including the first
    /// unit (taken if an enemy).
    Ride(Vectors),
    /// Along the vectors' lines over a hurdle.
    Hop(Hop, Vectors),
    /// A pawn: steps forward (double step from its second rank), takes diagonally forward,
    /// promotes on its last rank. `reverse`: forward is toward its own first rank (Protean
    /// chess's reverse pawn).
    Pawn {
        /// Moves like a pawn of the other colour.
        reverse: bool,
    },
}

impl Part {
    /// The squares this part attacks from `from`: those where a unit, standing there with the
    /// rest of the board unchanged, could be taken. `occupied(file, rank)` tells which squares
    /// hold a unit; pawns take diagonally forward (`forward` is their rank step). Intersected
    /// with the enemy units, these are the part's captures; containing a royal unit's square,
    /// a check.
    ///
    /// ```
    /// use feerie_oracle::walk::{Hop, Part, DIAGONAL, ORTHOGONAL};
    /// // A grasshopper's rook part on a1, a unit on a4: it takes on a5 only.
    /// let part = Part::Hop(Hop::Grasshopper, ORTHOGONAL);
    /// let occupied = |f: i8, r: i8| (f, r) == (0, 3);
    /// assert_eq!(part.capture_squares((0, 0), 1, &occupied), vec![(0, 4)]);
    /// ```
    pub fn capture_squares(
        &self,
        from: (i8, i8),
        forward: i8,
        occupied: &dyn Fn(i8, i8) -> bool,
    ) -> Vec<(i8, i8)> {
        let mut out = Vec::new();
        let on_board = |(f, r): (i8, i8)| (0..8).contains(&f) && (0..8).contains(&r);
        let step = |(f, r): (i8, i8), (vf, vr): (i8, i8)| (f + vf, r + vr);
        match *self {
            Part::Leap(vectors) => out.extend(
                vectors
                    .iter()
                    .map(|v| step(from, v))
                    .filter(|&s| on_board(s)),
            ),
            Part::Pawn { .. } => out.extend(
                [(-1, forward), (1, forward)]
                    .into_iter()
                    .map(|v| step(from, v))
                    .filter(|&s| on_board(s)),
            ),
            Part::Ride(vectors) => {
                for v in vectors.iter() {
                    let mut sq = step(from, v);
                    while on_board(sq) {
                        out.push(sq);
                        if occupied(sq.0, sq.1) {
                            break;
                        }
                        sq = step(sq, v);
                    }
                }
            }
            Part::Hop(hop, vectors) => {
                for v in vectors.iter() {
                    let mut sq = step(from, v);
                    while on_board(sq) && !occupied(sq.0, sq.1) {
                        sq = step(sq, v);
                    }
                    // `sq` is the hurdle, if on the board.
                    if !on_board(sq) {
                        continue;
                    }
                    let mut beyond = step(sq, v);
                    match hop {
                        Hop::Grasshopper => {
                            if on_board(beyond) {
                                out.push(beyond);
                            }
                        }
                        Hop::Lion | Hop::Chinese => {
                            while on_board(beyond) {
                                out.push(beyond);
                                if occupied(beyond.0, beyond.1) {
                                    break;
                                }
                                beyond = step(beyond, v);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether this part attacks `target` from `from` (as [`Part::capture_squares`] would say,
    /// looking only at the line between the two squares).
    ///
    /// ```
    /// use feerie_oracle::walk::{Hop, Part, ORTHOGONAL};
    /// let part = Part::Hop(Hop::Lion, ORTHOGONAL);
    /// let occupied = |f: i8, r: i8| (f, r) == (0, 3);
    /// assert!(part.attacks((0, 0), (0, 6), 1, &occupied));
    /// assert!(!part.attacks((0, 0), (0, 2), 1, &occupied));
    /// ```
    pub fn attacks(
        &self,
        from: (i8, i8),
        target: (i8, i8),
        forward: i8,
        occupied: &impl Fn(i8, i8) -> bool,
    ) -> bool {
        let (df, dr) = (target.0 - from.0, target.1 - from.1);
        let between = |(vf, vr): (i8, i8), steps: i8| {
            (1..steps).filter(move |&k| occupied(from.0 + vf * k, from.1 + vr * k))
        };
        match *self {
            Part::Pawn { .. } => df.abs() == 1 && dr == forward,
            Part::Leap(vectors) => vectors.contains(df, dr),
            Part::Ride(vectors) => vectors
                .steps_to(df, dr)
                .is_some_and(|(v, k)| between(v, k).next().is_none()),
            Part::Hop(hop, vectors) => vectors.steps_to(df, dr).is_some_and(|(v, k)| {
                let mut hurdles = between(v, k);
                match (hurdles.next(), hurdles.next()) {
                    // A grasshopper lands just beyond its hurdle.
                    (Some(h), None) => hop != Hop::Grasshopper || h == k - 1,
                    _ => false,
                }
            }),
        }
    }

    /// Every move of this part from `from` but the pawn's, in one pass: `visit(square,
    /// occupied)` for each empty square it moves to and each occupied square it could take on
    /// (the caller decides whether the unit there may be taken).
    ///
    /// ```
    /// use feerie_oracle::walk::{Hop, Part, ORTHOGONAL};
    /// // A pao on a1, units on a4 and a6: quiet moves to a2, a3 and along the first rank; it
    /// // takes on a6 only.
    /// let part = Part::Hop(Hop::Chinese, ORTHOGONAL);
    /// let occupied = |f: i8, r: i8| (f, r) == (0, 3) || (f, r) == (0, 5);
    /// let mut takes = Vec::new();
    /// let mut quiet = 0;
    /// part.visit_moves((0, 0), &occupied, &mut |sq, occ| if occ { takes.push(sq) } else { quiet += 1 });
    /// assert_eq!(takes, vec![(0, 5)]);
    /// assert_eq!(quiet, 2 + 7);
    /// ```
    pub fn visit_moves(
        &self,
        from: (i8, i8),
        occupied: &dyn Fn(i8, i8) -> bool,
        visit: &mut dyn FnMut((i8, i8), bool),
    ) {
        let on_board = |(f, r): (i8, i8)| (0..8).contains(&f) && (0..8).contains(&r);
        let step = |(f, r): (i8, i8), (vf, vr): (i8, i8)| (f + vf, r + vr);
        match *self {
            Part::Pawn { .. } => {}
            Part::Leap(vectors) => {
                for v in vectors.iter() {
                    let to = step(from, v);
                    if on_board(to) {
                        visit(to, occupied(to.0, to.1));
                    }
                }
            }
            Part::Ride(vectors) => {
                for v in vectors.iter() {
                    let mut to = step(from, v);
                    while on_board(to) {
                        let occ = occupied(to.0, to.1);
                        visit(to, occ);
                        if occ {
                            break;
                        }
                        to = step(to, v);
                    }
                }
            }
            Part::Hop(hop, vectors) => {
                for v in vectors.iter() {
                    let mut hurdle = step(from, v);
                    while on_board(hurdle) && !occupied(hurdle.0, hurdle.1) {
                        if hop == Hop::Chinese {
                            visit(hurdle, false);
                        }
                        hurdle = step(hurdle, v);
                    }
                    if !on_board(hurdle) {
                        continue;
                    }
                    let mut to = step(hurdle, v);
                    while on_board(to) {
                        let occ = occupied(to.0, to.1);
                        // A Chinese piece only takes beyond its hurdle.
                        if occ || hop != Hop::Chinese {
                            visit(to, occ);
                        }
                        if occ || hop == Hop::Grasshopper {
                            break;
                        }
                        to = step(to, v);
                    }
                }
            }
        }
    }

    /// Whether this part's moves go along lines (a rider, a Chinese piece's quiet moves).
    pub fn is_line(&self) -> bool {
        matches!(self, Part::Ride(_) | Part::Hop(Hop::Chinese, _))
    }

    /// Whether this part hops over hurdles.
    pub fn is_hopper(&self) -> bool {
        matches!(self, Part::Hop(..))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `contains` and `steps_to` answer as a search through the vectors would.
    #[test]
    fn the_step_lengths_answer_as_the_list_does() {
        for (m, n) in [
            (0, 1),
            (1, 1),
            (1, 2),
            (2, 3),
            (1, 3),
            (1, 4),
            (0, 2),
            (2, 2),
            (0, 3),
        ] {
            let vectors = Vectors::of(m, n);
            for df in -8..=8i8 {
                for dr in -8..=8i8 {
                    let listed = vectors.iter().any(|v| v == (df, dr));
                    assert_eq!(vectors.contains(df, dr), listed, "{m},{n}: {df},{dr}");
                    let searched = vectors.iter().find_map(|(vf, vr)| {
                        (1..=8)
                            .find(|&k| vf * k == df && vr * k == dr)
                            .map(|k| ((vf, vr), k))
                    });
                    assert_eq!(vectors.steps_to(df, dr), searched, "{m},{n}: {df},{dr}");
                }
            }
        }
    }
}

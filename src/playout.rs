//! Reproducible random positions reached by play: random playouts from given start positions
//! under given rules. The fuzzing harness builds on these; the UCI cross-check uses them for
//! orthodox chess.

use feerie_oracle::{Engine, EngineError, Position, Rules};

/// A small deterministic generator (xorshift64*): the same seed gives the same positions on every
/// machine, with no dependency.
///
/// ```
/// let mut a = feerie::playout::Rng::new(7);
/// let mut b = feerie::playout::Rng::new(7);
/// assert_eq!(a.below(100), b.below(100));
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `count` positions, each reached from one of `starts` (taken in turn) by a random playout of
/// 0 to `max_plies` half-moves under `rules`, stopping early at mate or stalemate. Captures
/// are chosen more often than quiet moves, since that is where conditions act.
///
/// ```
/// use feerie::playout::random_positions;
/// use feerie::oracle::{Position, ReferenceEngine, Rules};
/// let a = random_positions(&ReferenceEngine, &Rules::orthodox(), &[Position::start()], 5, 20, 1).unwrap();
/// let b = random_positions(&ReferenceEngine, &Rules::orthodox(), &[Position::start()], 5, 20, 1).unwrap();
/// assert_eq!(a.len(), 5);
/// assert_eq!(a, b);
/// ```
pub fn random_positions(
    engine: &dyn Engine,
    rules: &Rules,
    starts: &[Position],
    count: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Vec<Position>, EngineError> {
    RandomPositions::new(engine, rules, starts, max_plies, seed)
        .take(count)
        .collect()
}

/// The positions of [`random_positions`], made one at a time as they are asked for (endless
/// unless `starts` is empty), so that a large count costs no memory up front.
///
/// ```
/// use feerie::playout::{random_positions, RandomPositions};
/// use feerie::oracle::{Position, ReferenceEngine, Rules};
/// let starts = [Position::start()];
/// let lazy: Vec<Position> = RandomPositions::new(&ReferenceEngine, &Rules::orthodox(), &starts, 20, 1)
///     .take(3)
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(lazy, random_positions(&ReferenceEngine, &Rules::orthodox(), &starts, 3, 20, 1).unwrap());
/// ```
pub struct RandomPositions<'a> {
    engine: &'a dyn Engine,
    rules: &'a Rules,
    starts: &'a [Position],
    max_plies: usize,
    rng: Rng,
    made: usize,
}

impl<'a> RandomPositions<'a> {
    /// The sequence for these starts, rules and seed.
    pub fn new(
        engine: &'a dyn Engine,
        rules: &'a Rules,
        starts: &'a [Position],
        max_plies: usize,
        seed: u64,
    ) -> RandomPositions<'a> {
        RandomPositions {
            engine,
            rules,
            starts,
            max_plies,
            rng: Rng::new(seed),
            made: 0,
        }
    }

    fn playout(&mut self, mut position: Position) -> Result<Position, EngineError> {
        let (engine, rules, rng) = (self.engine, self.rules, &mut self.rng);
        let plies = rng.below(self.max_plies + 1);
        for _ in 0..plies {
            let moves = engine.legal_moves(&position, rules)?;
            if moves.is_empty() {
                break;
            }
            let captures: Vec<usize> = (0..moves.len())
                .filter(|&i| moves[i].capture.is_some())
                .collect();
            let pick = if !captures.is_empty() && rng.below(3) == 0 {
                captures[rng.below(captures.len())]
            } else {
                rng.below(moves.len())
            };
            position = engine.play(&position, rules, &moves[pick])?;
        }
        Ok(position)
    }
}

impl Iterator for RandomPositions<'_> {
    type Item = Result<Position, EngineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.starts.is_empty() {
            return None;
        }
        let start = self.starts[self.made % self.starts.len()].clone();
        self.made += 1;
        Some(self.playout(start))
    }
}

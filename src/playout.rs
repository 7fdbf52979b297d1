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
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    if starts.is_empty() {
        return Ok(out);
    }
    for i in 0..count {
        let mut position = starts[i % starts.len()].clone();
        let plies = rng.below(max_plies + 1);
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
        out.push(position);
    }
    Ok(out)
}

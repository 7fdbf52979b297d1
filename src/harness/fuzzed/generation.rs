//! One fuzzed position: a start, a random playout under the rules (leaning toward the moves
//! where the conditions act), then a few edits.

use feerie_oracle::{
    Engine, EngineError, MoveRecord, Position, ReferenceEngine, Rules, Switch, Validation, fen,
};

use super::edits::{Edit, edit, is_double_step};
use super::{Bucket, FuzzedPosition};
use crate::harness::choices::Choices;

/// Positions to start playouts from: the start position and well-known perft positions
/// (castling, en passant and promotion races), plus two bare endings where rebirths and
/// promotions come quickly.
const STARTS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/1P4p1/8/2n1b3/3Q4/8/1p4P1/R3K2R w KQkq - 0 1",
    "4k3/1P1r2p1/8/2n5/5B2/8/1p4P1/4K2R b K - 0 1",
];

/// Makes fuzzed positions. Playouts use the reference engine, the executable specification.
///
/// ```
/// use feerie::harness::{Bucket, Generator};
/// use feerie::playout::Rng;
/// let generator = Generator::standard();
/// let bucket = &Bucket::all()[0];
/// let a = generator.generate(&mut Rng::new(3), bucket).unwrap();
/// let b = generator.generate(&mut Rng::new(3), bucket).unwrap();
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    starts: Vec<Position>,
}

impl Generator {
    /// A generator over the built-in start positions.
    pub fn standard() -> Generator {
        Generator::new(
            STARTS
                .iter()
                .map(|f| fen::parse(f, Validation::Strict).expect("built-in FEN"))
                .collect(),
        )
    }

    /// A generator over given start positions (at least one).
    pub fn new(starts: Vec<Position>) -> Generator {
        assert!(!starts.is_empty(), "a generator needs a start position");
        Generator { starts }
    }

    /// The start at `index`, or where it is no position of `rules` the next one that is (under
    /// SAT a start whose side not to move has a flight is not; the game's start array is one
    /// everywhere). Under the other rules every start is drawn as it is.
    fn start(&self, index: usize, rules: &Rules) -> &Position {
        if !rules.sat() {
            return &self.starts[index];
        }
        let fits = |p: &Position| {
            Position::under_rules(p.setup().clone(), Validation::Strict, rules).is_ok()
        };
        (0..self.starts.len())
            .map(|k| &self.starts[(index + k) % self.starts.len()])
            .find(|p| fits(p))
            .unwrap_or(&self.starts[index])
    }

    /// One fuzzed position of `bucket`, every decision taken from `choices`.
    pub fn generate(
        &self,
        choices: &mut dyn Choices,
        bucket: &Bucket,
    ) -> Result<FuzzedPosition, EngineError> {
        let rules = bucket_rules(bucket, choices);
        let mut position = self.start(choices.below(self.starts.len()), &rules).clone();
        if rules.imitator() {
            position = with_imitators(&position, choices, &rules);
        }
        if bucket.magic {
            for _ in 0..1 + choices.below(2) {
                position = edit(&position, choices, &rules, bucket, Edit::MarkMagic);
            }
        }
        let plies = choices.below(41);
        // Moves without check marks, which a playout does not need and which cost more than
        // the moves.
        ReferenceEngine.legal_moves(&position, &rules)?;
        for _ in 0..plies {
            let played = ReferenceEngine.play_chosen(&position, &rules, &mut |moves| {
                (!moves.is_empty()).then(|| pick_move(moves, choices))
            })?;
            match played {
                Some(after) => position = after,
                None => break,
            }
        }
        for _ in 0..choices.below(4) {
            let kind = Edit::ALL[choices.below(Edit::ALL.len())];
            position = edit(&position, choices, &rules, bucket, kind);
        }
        if choices.one_in(4) {
            position = edit(&position, choices, &rules, bucket, Edit::EnPassantRace);
        }
        Ok(FuzzedPosition { rules, position })
    }
}

/// Under Imitator chess, the start with one to three imitators on empty squares.
fn with_imitators(position: &Position, choices: &mut dyn Choices, rules: &Rules) -> Position {
    let mut setup = position.setup().clone();
    super::place_imitators(&mut setup, choices, rules);
    Position::new(setup, Validation::Strict).unwrap_or_else(|_| position.clone())
}

/// A move chosen among all, three times out of four among those where the conditions act
/// (captures, promotions, rebirths, contacts) when there are some.
fn pick_move(moves: &[MoveRecord], choices: &mut dyn Choices) -> usize {
    let lively: Vec<usize> = (0..moves.len())
        .filter(|&i| {
            let m = &moves[i];
            m.capture.is_some()
                || m.promotion.is_some()
                || is_double_step(m)
                || m.delayed_rebirth.is_some()
                || !m.contact_mutations.is_empty()
        })
        .collect();
    if !lively.is_empty() && choices.below(4) != 0 {
        lively[choices.below(lively.len())]
    } else {
        choices.below(moves.len())
    }
}

/// The rules of one case of `bucket`: the bucket's, one time in four with one switch set to
/// another value, when a rule in force reads it (a switch none reads would change nothing, and
/// one a condition declines, as Circe Take&Make declines `rex`, would make the case no case).
pub(crate) fn bucket_rules(bucket: &Bucket, choices: &mut dyn Choices) -> feerie_oracle::Rules {
    let mut rules = bucket.rules.clone();
    if choices.one_in(4) {
        let switch = Switch::ALL[choices.below(Switch::ALL.len())];
        let values = switch.values();
        let value = values[choices.below(values.len())];
        // `rex=inclusive` where the engines refuse it would make the case no case too.
        let refused = switch == Switch::Rex && rules.refuses_royal_rebirth();
        if rules.switch_matters(switch) && !refused {
            rules.set(switch.key(), value).expect("a listed value");
        }
    }
    rules
}

//! Fuzzed positions, made the way a composer would meet them: a random playout under the
//! condition from the start or from a well-known position, then a few edits (add, remove or move
//! a unit, toggle a castling right, the side to move or the Parrain reserve, mark a unit magic
//! or mutable), every one of them through the validating constructor. Choices lean toward
//! captures, promotions, rebirths and contacts, and new units toward the home ranks (where the
//! rebirth squares are), the seventh ranks (promotions) and the neighbours of magic pieces.
//!
//! The same generator serves the campaign (seeded [`Rng`]), proptest ([`strategy`]) and
//! libFuzzer (the [`arbitrary::Arbitrary`] implementation of [`FuzzedPosition`]).

use feerie_oracle::{
    Colour, Condition, Engine, EngineError, File, MoveRecord, Piece, Position, Profile,
    ReferenceEngine, Reserve, Rules, RulesError, Setup, Square, Switch, Validation, Walk, fen,
    geometry,
};

use super::choices::{Choices, Tape};
use crate::playout::Rng;

/// One family of fuzzed positions: rules (a condition, or a combination, under a profile),
/// and whether magic pieces are placed on the board.
///
/// ```
/// let buckets = feerie::harness::Bucket::all();
/// assert!(buckets.iter().any(|b| b.name == "circe-parrain/popeye"));
/// assert!(buckets.iter().any(|b| b.magic));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bucket {
    /// `condition/profile`, as the summary prints it.
    pub name: String,
    /// The rules of every position of the bucket (before any random switch override).
    pub rules: Rules,
    /// Magic pieces are added to the positions.
    pub magic: bool,
}

/// The rule families a campaign fuzzes: orthodox chess, each condition alone, magic pieces,
/// and the combinations where two rules meet.
const FAMILIES: [(&str, &[Condition], bool); 10] = [
    ("orthodox", &[], false),
    ("circe", &[Condition::Circe], false),
    ("circe-clone", &[Condition::CirceClone], false),
    ("circe-equipollents", &[Condition::CirceEquipollents], false),
    ("circe-parrain", &[Condition::CirceParrain], false),
    ("frankfurt", &[Condition::Frankfurt], false),
    ("protean", &[Condition::Protean], false),
    ("magic", &[], true),
    (
        "circe-parrain+frankfurt",
        &[Condition::CirceParrain, Condition::Frankfurt],
        false,
    ),
    ("circe+magic", &[Condition::Circe], true),
];

impl Bucket {
    /// Every family under each profile.
    pub fn all() -> Vec<Bucket> {
        let mut out = Vec::new();
        for (name, conditions, magic) in FAMILIES {
            for profile in Profile::ALL {
                out.push(Bucket {
                    name: format!("{name}/{profile}"),
                    rules: Rules::new(conditions.iter().copied(), profile)
                        .expect("the families are valid combinations"),
                    magic,
                });
            }
        }
        out
    }

    /// The buckets whose name contains one of `filters` (all of them when there is none).
    pub fn matching(filters: &[String]) -> Result<Vec<Bucket>, RulesError> {
        let all = Bucket::all();
        if filters.is_empty() {
            return Ok(all);
        }
        let chosen: Vec<Bucket> = all
            .iter()
            .filter(|b| {
                filters
                    .iter()
                    .any(|f| b.name == *f || b.name.starts_with(&format!("{f}/")))
            })
            .cloned()
            .collect();
        if chosen.is_empty() {
            let names: Vec<&str> = FAMILIES.iter().map(|f| f.0).collect();
            return Err(RulesError(format!(
                "no fuzz family matches {} (families: {}; a profile may follow, as in circe/popeye)",
                filters.join(", "),
                names.join(", ")
            )));
        }
        Ok(chosen)
    }
}

/// A fuzzed position and the rules it is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzedPosition {
    /// The rules: the bucket's, sometimes with one switch set to another value.
    pub rules: Rules,
    /// The position (valid under [`Validation::Strict`]).
    pub position: Position,
}

impl std::fmt::Display for FuzzedPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} under {}",
            fen::write(self.position.setup()),
            self.rules
        )
    }
}

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

    /// One fuzzed position of `bucket`, every decision taken from `choices`.
    pub fn generate(
        &self,
        choices: &mut dyn Choices,
        bucket: &Bucket,
    ) -> Result<FuzzedPosition, EngineError> {
        let mut rules = bucket.rules.clone();
        if choices.one_in(4) {
            let switch = Switch::ALL[choices.below(Switch::ALL.len())];
            let values = switch.values();
            rules
                .set(switch.key(), values[choices.below(values.len())])
                .expect("a listed value");
        }
        let mut position = self.starts[choices.below(self.starts.len())].clone();
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

/// A pawn's double step (en passant races follow it).
fn is_double_step(m: &MoveRecord) -> bool {
    m.mover.walk.is_pawn() && m.from.rank().index().abs_diff(m.to.rank().index()) == 2
}

/// The edits a fuzzed position may receive after its playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    Add,
    Remove,
    Move,
    ToggleCastling,
    ToggleSide,
    Reserve,
    MarkMagic,
    MarkMutable,
    /// A pawn of the side to move on its double-step rank and an enemy pawn (of either
    /// direction under the mutating conditions) attacking the square it passes, then the
    /// double step played: an en passant capture is open, reverse pawns' included.
    EnPassantRace,
}

impl Edit {
    /// The edits drawn at random; [`Edit::EnPassantRace`] comes last, on its own, since any
    /// later edit would end the en passant right.
    const ALL: [Edit; 8] = [
        Edit::Add,
        Edit::Remove,
        Edit::Move,
        Edit::ToggleCastling,
        Edit::ToggleSide,
        Edit::Reserve,
        Edit::MarkMagic,
        Edit::MarkMutable,
    ];
}

/// Up to eight attempts at one edit; the first that the validating constructor accepts is
/// kept, and the position is left as it was when none is.
fn edit(
    position: &Position,
    choices: &mut dyn Choices,
    rules: &Rules,
    bucket: &Bucket,
    kind: Edit,
) -> Position {
    for _ in 0..8 {
        let mut setup = position.setup().clone();
        setup.en_passant = None;
        match apply(&mut setup, choices, rules, bucket, kind) {
            Applied::Skip => return position.clone(),
            Applied::Retry => continue,
            Applied::Done => {}
        }
        if let Ok(p) = Position::new(setup, Validation::Strict) {
            if kind == Edit::EnPassantRace {
                return play_double_step(p, choices, rules);
            }
            return p;
        }
    }
    position.clone()
}

/// The position after one of the legal double steps, chosen at random (the position itself
/// when there is none).
fn play_double_step(position: Position, choices: &mut dyn Choices, rules: &Rules) -> Position {
    let played = ReferenceEngine.play_chosen(&position, rules, &mut |moves| {
        let steps: Vec<usize> = (0..moves.len())
            .filter(|&i| is_double_step(&moves[i]))
            .collect();
        (!steps.is_empty()).then(|| steps[choices.below(steps.len())])
    });
    match played {
        Ok(Some(after)) => after,
        // No double step, or (which the edits rule out) a position the rules cannot mean.
        Ok(None) | Err(_) => position,
    }
}

/// What became of one attempt at an edit.
enum Applied {
    Done,
    /// This attempt drew an impossible edit (a unit onto an occupied square).
    Retry,
    /// The edit does not apply to these rules or this position.
    Skip,
}

/// Applies one edit to `setup`.
fn apply(
    setup: &mut Setup,
    choices: &mut dyn Choices,
    rules: &Rules,
    bucket: &Bucket,
    kind: Edit,
) -> Applied {
    let units: Vec<(Square, Piece)> = setup.board.pieces().collect();
    let pick_unit = |choices: &mut dyn Choices, royal: bool| {
        let eligible: Vec<&(Square, Piece)> =
            units.iter().filter(|(_, p)| royal || !p.royal).collect();
        (!eligible.is_empty()).then(|| *eligible[choices.below(eligible.len())])
    };
    match kind {
        Edit::Add => {
            let colour = Colour::ALL[choices.below(2)];
            let mut walks = vec![
                Walk::Pawn,
                Walk::Pawn,
                Walk::Knight,
                Walk::Bishop,
                Walk::Rook,
                Walk::Queen,
            ];
            if rules.captures_mutate() {
                walks.push(Walk::ReversePawn);
            }
            let walk = walks[choices.below(walks.len())];
            let square = lively_square(setup, choices, colour, walk);
            if !setup.board.is_empty(square) {
                return Applied::Retry;
            }
            let mut piece = Piece::new(colour, walk);
            if bucket.magic && choices.one_in(3) {
                piece = piece.with_magic(true);
            }
            if rules.captures_mutate() && choices.one_in(4) {
                piece = piece.with_mutable(true);
            }
            setup.board.set(square, Some(piece));
            Applied::Done
        }
        Edit::Remove => match pick_unit(choices, false) {
            Some((sq, _)) => {
                setup.board.set(sq, None);
                Applied::Done
            }
            None => Applied::Skip,
        },
        Edit::Move => match pick_unit(choices, true) {
            Some((from, piece)) => {
                let to = random_square(choices);
                if !setup.board.is_empty(to) {
                    return Applied::Retry;
                }
                setup.board.set(from, None);
                setup.board.set(to, Some(piece));
                Applied::Done
            }
            None => Applied::Skip,
        },
        Edit::ToggleCastling => {
            let rook = [Square::A1, Square::H1, Square::A8, Square::H8][choices.below(4)];
            let colour = if rook.rank().index() == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            if setup.castling.contains(rook) {
                setup.castling.remove(rook);
            } else {
                setup.castling.insert(rook);
                setup.castling.insert_king(colour);
            }
            Applied::Done
        }
        Edit::ToggleSide => {
            setup.side_to_move = !setup.side_to_move;
            Applied::Done
        }
        Edit::Reserve => {
            if !rules.has(Condition::CirceParrain) {
                return Applied::Skip;
            }
            if setup.reserve.is_some() && choices.one_in(2) {
                setup.reserve = None;
            } else {
                let walk = [
                    Walk::Pawn,
                    Walk::Knight,
                    Walk::Bishop,
                    Walk::Rook,
                    Walk::Queen,
                ][choices.below(5)];
                setup.reserve = Some(Reserve {
                    piece: Piece::new(Colour::ALL[choices.below(2)], walk),
                    square: random_square(choices),
                });
            }
            Applied::Done
        }
        Edit::MarkMagic => {
            if !bucket.magic {
                return Applied::Skip;
            }
            match pick_unit(choices, false) {
                Some((sq, piece)) => {
                    setup.board.set(sq, Some(piece.with_magic(!piece.magic)));
                    Applied::Done
                }
                None => Applied::Skip,
            }
        }
        Edit::EnPassantRace => {
            let mover = setup.side_to_move;
            let walks: &[Walk] = if rules.captures_mutate() {
                &[Walk::Pawn, Walk::ReversePawn]
            } else {
                &[Walk::Pawn]
            };
            let walk = walks[choices.below(walks.len())];
            let rank = geometry::double_step_rank(mover, walk);
            let forward = geometry::pawn_forward(mover, walk);
            let origin =
                Square::from_coords(File::new(choices.below(8) as u8).expect("a file"), rank);
            let (Some(passed), Some(arrival)) =
                (origin.offset(0, forward), origin.offset(0, 2 * forward))
            else {
                return Applied::Retry;
            };
            if !setup.board.is_empty(passed) || !setup.board.is_empty(arrival) {
                return Applied::Retry;
            }
            let taker_walk = walks[choices.below(walks.len())];
            let taker_forward = geometry::pawn_forward(!mover, taker_walk);
            let side = if choices.below(2) == 0 { -1 } else { 1 };
            let Some(taker) = passed.offset(side, -taker_forward) else {
                return Applied::Retry;
            };
            let placed_pawn = setup.board.get(origin) == Some(Piece::new(mover, walk));
            if !placed_pawn && !setup.board.is_empty(origin) || !setup.board.is_empty(taker) {
                return Applied::Retry;
            }
            setup.board.set(origin, Some(Piece::new(mover, walk)));
            setup.board.set(taker, Some(Piece::new(!mover, taker_walk)));
            Applied::Done
        }
        Edit::MarkMutable => {
            if !rules.captures_mutate() {
                return Applied::Skip;
            }
            match pick_unit(choices, true) {
                Some((sq, piece)) => {
                    setup
                        .board
                        .set(sq, Some(piece.with_mutable(!piece.mutable)));
                    Applied::Done
                }
                None => Applied::Skip,
            }
        }
    }
}

fn random_square(choices: &mut dyn Choices) -> Square {
    Square::new(choices.below(64) as u8).expect("below 64")
}

/// A square where the conditions act, half of the time: a home rank (where the rebirth
/// squares are), the rank before promotion for a pawn, or next to a magic piece.
fn lively_square(setup: &Setup, choices: &mut dyn Choices, colour: Colour, walk: Walk) -> Square {
    let square = random_square(choices);
    if choices.below(2) == 0 {
        return square;
    }
    let file = square.file().index() as i8;
    let magic: Vec<Square> = setup
        .board
        .pieces()
        .filter(|(_, p)| p.magic)
        .map(|(s, _)| s)
        .collect();
    let rank = match choices.below(3) {
        0 if walk.is_pawn() => {
            let towards_promotion = (walk == Walk::Pawn) == (colour == Colour::White);
            if towards_promotion { 6 } else { 1 }
        }
        1 if !magic.is_empty() => {
            let centre = magic[choices.below(magic.len())];
            let (df, dr) = (choices.below(3) as i8 - 1, choices.below(3) as i8 - 1);
            return centre.offset(df, dr).unwrap_or(square);
        }
        _ => [0, 1, 6, 7][choices.below(4)],
    };
    Square::new((rank * 8 + file) as u8).expect("on the board")
}

/// A proptest strategy for the fuzzed positions of a bucket. The strategy draws a tape of
/// choices, so proptest shrinks toward fewer plies and fewer edits.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let bucket = feerie::harness::Bucket::all().remove(2);
/// let mut runner = TestRunner::deterministic();
/// let case = feerie::harness::fuzzed::strategy(bucket).new_tree(&mut runner).unwrap().current();
/// assert!(case.position.board().unit_count() >= 2);
/// ```
pub fn strategy(bucket: Bucket) -> impl proptest::strategy::Strategy<Value = FuzzedPosition> {
    use proptest::prelude::*;
    let generator = Generator::standard();
    proptest::collection::vec(any::<u32>(), 0..48).prop_map(move |tape| {
        generator
            .generate(&mut Tape::new(&tape), &bucket)
            .expect("the reference engine plays every built-in rule")
    })
}

/// A proptest strategy over every bucket.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let case = feerie::harness::fuzzed::any_bucket().new_tree(&mut runner).unwrap().current();
/// assert!(case.position.board().unit_count() >= 2);
/// ```
pub fn any_bucket() -> impl proptest::strategy::Strategy<Value = FuzzedPosition> {
    any_of(Bucket::all())
}

/// A proptest strategy over the given buckets, each drawn as often (none given: every bucket).
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// use feerie::harness::Bucket;
/// let circe: Vec<Bucket> = Bucket::all().into_iter().filter(|b| b.rules.circe().is_some()).collect();
/// let mut runner = TestRunner::deterministic();
/// let case = feerie::harness::fuzzed::any_of(circe).new_tree(&mut runner).unwrap().current();
/// assert!(case.rules.circe().is_some());
/// ```
pub fn any_of(buckets: Vec<Bucket>) -> impl proptest::strategy::Strategy<Value = FuzzedPosition> {
    use proptest::prelude::*;
    let generator = Generator::standard();
    let buckets = if buckets.is_empty() {
        Bucket::all()
    } else {
        buckets
    };
    (
        0..buckets.len(),
        proptest::collection::vec(any::<u32>(), 0..48),
    )
        .prop_map(move |(bucket, tape)| {
            generator
                .generate(&mut Tape::new(&tape), &buckets[bucket])
                .expect("the reference engine plays every built-in rule")
        })
}

impl<'a> arbitrary::Arbitrary<'a> for FuzzedPosition {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let buckets = Bucket::all();
        let bucket = &buckets[u.choose_index(buckets.len())?];
        Generator::standard()
            .generate(u, bucket)
            .map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

/// The generator of case `index` of a run seeded with `seed`.
pub(super) fn case_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a reverse pawn of the side to move may take en passant.
    fn reverse_pawn_takes_en_passant(position: &Position, rules: &Rules) -> bool {
        ReferenceEngine
            .legal_moves(position, rules)
            .is_ok_and(|moves| {
                moves
                    .iter()
                    .any(|m| m.en_passant && m.mover.walk == Walk::ReversePawn)
            })
    }

    #[test]
    fn reverse_pawns_taking_en_passant_are_drawn() {
        let generator = Generator::standard();
        for name in ["protean/popeye", "frankfurt/documented"] {
            let bucket = Bucket::all()
                .into_iter()
                .find(|b| b.name == name)
                .expect("a bucket");
            let mut rng = Rng::new(7);
            let drawn = (0..400)
                .filter(|_| {
                    let case = generator.generate(&mut rng, &bucket).expect("a position");
                    reverse_pawn_takes_en_passant(&case.position, &case.rules)
                })
                .count();
            assert!(drawn >= 12, "{name}: {drawn} of 400 positions");
        }
    }
}

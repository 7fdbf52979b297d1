//! Stages 3 and 4 of the pipeline: rebirth of captured units, the Circe family (RULES.md §1–4).
//!
//! Each variant is a [`CirceModel`]: the walk of the reborn unit, its square, the delay and the
//! occupied-square policy are answered here once each, so Plain Circe, Clone, Equipollents and
//! Parrain differ only in the choices they combine.
//!
//! # The rule
//!
//! **Plain Circe** (`circe`). A captured unit is put back, as part of the capture, on its rebirth
//! square, found from its walk, its colour and the colour of the capture square (for en passant,
//! the square of the captured pawn):
//!
//! | captured walk | White's square | Black's square |
//! |---|---|---|
//! | rook | h1 on a light square, a1 on a dark one | a8 light, h8 dark |
//! | knight | b1 light, g1 dark | g8 light, b8 dark |
//! | bishop | f1 light, c1 dark | c8 light, f8 dark |
//! | queen | d1 | d8 |
//! | pawn (either direction) | its side's second rank, on the capture file | the same |
//! | king (only under `rex: inclusive`) | e1 | e8 |
//!
//! A rook reborn on a corner of its own first rank regains that corner's castling right while its
//! king keeps its own; a pawn reborn on its second rank may double-step.
//!
//! **Circe Clone** (`circe-clone`). The captured unit takes the capturer's walk and is reborn on
//! the Plain Circe square of that walk. A royal capturer clones nothing (a Plain Circe capture).
//! A pawn that captures and promotes gives the walk set by `clone_walk_when_promoting`: `pawn`
//! (both profiles) or `promoted`. Under `rex: inclusive` a captured royal unit keeps its walk and is
//! reborn as a king on e1/e8 (`clone_royal_victim: keeps_walk`, profile `documented`) or takes the
//! capturer's walk, stays royal and is reborn on that walk's square (`takes_walk`, profile `popeye`).
//!
//! **Circe Equipollents** (`circe-equipollents`). A unit captured on X by a move from D to A is
//! reborn on X + (A − D), a leap; for en passant X is the captured pawn's square and the vector the
//! capturing pawn's own. Off the board, the unit is lost. A pawn sent to its promotion rank
//! promotes, the capturing side choosing (one move record per choice).
//!
//! **Circe Parrain** (`circe-parrain`). The capture itself is orthodox; the captured unit waits in
//! a one-unit reserve with its capture square X. The next half-move, whoever plays it, rebirths it
//! on X + v, v being that move's vector (arrival minus departure), if the square is on the board
//! and empty after the move; otherwise the unit is lost for good, whatever `rebirth_occupied` says.
//! Castling's vector is not the king's: 0-0 counts as the null vector and 0-0-0 as one file
//! toward the a-file (`parrain_long_castling: toward_a`, profile `documented`) or toward the h-file
//! (`toward_h`, profile `popeye`). A pawn reborn on its promotion rank promotes, its own side
//! choosing, when the other side captured it (any capture in play, series play included: the
//! reserve records the capturer). A pawn whose own side is taken to be the capturer (a reserve
//! of the side not to move given in the diagram, whose capturer is taken to be the side not to
//! move, as Popeye takes it for `LastCapture`) promotes too
//! (`parrain_other_side_promotion: promotes`, profile `documented`) or stays a pawn
//! (`stays`, profile `popeye`).
//!
//! **Anticirce** (`anticirce` and its variants). The capturer, as it stands after the move, is
//! reborn instead, taken off its arrival square to its own square, read from the square of the
//! unit taken; the unit taken is lost. Anticirce presets `rebirth_occupied: strict` (a square
//! taken or off the board forbids the capture) and `rex: inclusive` (a capturing king goes
//! home); a capture on the capturer's own square stands under `anticirce_type: calvet` and is
//! illegal under `cheylan`. Under Anti-Super Circe (`anticirce-super`) the capturer's side
//! chooses its square among all the empty ones (the arrival square under `calvet` only), or,
//! under `relaxed`, none.
//!
//! **Occupied squares.** Under the immediate variants, `rebirth_occupied: relaxed` (both profiles,
//! but for Anticirce's preset) keeps the capture and loses the unit; `strict` makes such a
//! capture illegal, and likewise a capture whose rebirth square is off the board (Popeye's
//! `Strict`).
//!
//! **Kings.** Under `rex: exclusive` (both profiles, but for Anticirce's preset) royal units are
//! never captured nor reborn.
//! Under `rex: inclusive` a royal unit may be captured when it can be reborn (the capture is
//! illegal otherwise), and an attack on it is a check only if it could not be reborn (see
//! [`super::check`]). A king reborn on its own square regains its castling right.

use super::{cage, take_make};
use crate::rules::{
    CirceModel, CloneRoyalVictim, CloneWalkWhenPromoting, GenevaModel, MarsModel,
    ParrainLongCastling, ParrainOtherSidePromotion, RebirthAdapter, RebirthOccupied, RebirthPlace,
    RebirthSide, RebirthTime, RebirthWalk, RebornUnit, RelevantUnit, Rex,
};
use crate::walk::CirceHome;
use crate::{Board, CastlingSide, Colour, MoveRecord, Piece, Rebirth, Rules, Setup, Square, Walk};
use crate::{File, Rank, geometry};

/// Stage 3: the unit captured by this move, reborn at once (Plain Circe, Clone, Equipollents).
///
/// Returns no record when the capture is illegal (`rebirth_occupied: strict` with an occupied
/// square, or a royal unit that could not be reborn), one record otherwise, or one per
/// promotion choice of a pawn reborn on its promotion rank.
pub fn immediate(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let Some(model) = rules
        .circe_model()
        .filter(|m| m.time == RebirthTime::Immediate)
    else {
        return vec![mv];
    };
    let Some(capture) = mv.capture else {
        return vec![mv];
    };
    if model.reborn == RebornUnit::Capturer {
        return capturer_reborn(setup, rules, &model, mv);
    }
    let victim = capture.piece;
    let reborn = victim.with_walk(reborn_walk(&model, rules, &mv));
    if model.place == RebirthPlace::AnyEmpty {
        return anywhere(setup, rules, &model, mv, reborn);
    }
    if model.place == RebirthPlace::Makes {
        return where_it_makes(setup, rules, mv, reborn);
    }
    if model.place == RebirthPlace::Cage {
        return in_a_cage(setup, rules, &model, mv, reborn);
    }
    let square = rebirth_square(
        &model,
        reborn,
        mv.final_mover(),
        capture.square,
        (mv.from, mv.to),
    );
    let board = board_after_displacement(setup, &mv);
    match square {
        Some(sq) if board.is_empty(sq) => with_rebirth(setup, rules, mv, reborn, sq, false, None),
        // A square off the board is no free square: as a taken one (Popeye's border squares).
        _ if victim.royal || model.occupied == RebirthOccupied::Strict => Vec::new(),
        _ => vec![mv],
    }
}

/// Super Circe: `reborn` comes back on any square empty once the capture is made, the capturer
/// choosing (one record per square, and per promotion of a pawn reborn on its last rank), or,
/// unless `rebirth_occupied` is `strict` or the unit is royal (`rex: inclusive`), not at all.
fn anywhere(
    setup: &Setup,
    rules: &Rules,
    model: &CirceModel,
    mv: MoveRecord,
    reborn: Piece,
) -> Vec<MoveRecord> {
    let mut out = on_every_empty_square(setup, rules, &mv, reborn);
    if model.occupied == RebirthOccupied::Relaxed && !reborn.royal {
        out.push(mv);
    }
    out
}

/// `reborn` come back on each square empty once the capture `mv` is made: one record per
/// square, and per promotion of a pawn reborn on its last rank (Super Circe's choices, which
/// Cage Circe narrows to its cages).
fn on_every_empty_square(
    setup: &Setup,
    rules: &Rules,
    mv: &MoveRecord,
    reborn: Piece,
) -> Vec<MoveRecord> {
    let board = board_after_displacement(setup, mv);
    Square::all()
        .filter(|&sq| board.is_empty(sq))
        .flat_map(|sq| with_rebirth(setup, rules, mv.clone(), reborn, sq, false, None))
        .collect()
}

/// Cage Circe: `reborn` comes back on a square empty once the capture is made where it is
/// caged ([`cage::caged`]), the capturer choosing (one record per square, and per promotion of
/// a pawn reborn on its last rank, each promoted walk caged or not by itself); with no cage, not
/// at all, unless `rebirth_occupied` is `strict`: then the capture is illegal.
fn in_a_cage(
    setup: &Setup,
    rules: &Rules,
    model: &CirceModel,
    mv: MoveRecord,
    reborn: Piece,
) -> Vec<MoveRecord> {
    let mut caged = on_every_empty_square(setup, rules, &mv, reborn);
    caged.retain(|reborn_there| cage::caged(setup, rules, reborn_there));
    if caged.is_empty() && model.occupied == RebirthOccupied::Relaxed && !reborn.royal {
        return vec![mv];
    }
    caged
}

/// Circe Take&Make: `reborn` comes back on a square it could reach by a move taking nothing,
/// as a plain unit of its walk and side standing on the square it was taken on (for en
/// passant, the taken pawn's own square) in the capturer's stead, on the board once the
/// capture is made: the capturer choosing (one record per square, and per promotion of a pawn
/// reborn on its last rank). With no such square the capture is illegal (Popeye 4.104).
fn where_it_makes(setup: &Setup, rules: &Rules, mv: MoveRecord, reborn: Piece) -> Vec<MoveRecord> {
    let taken = mv.capture.expect("a capture").square;
    let board = board_after_displacement(setup, &mv);
    let maker = Piece::new(reborn.colour, reborn.walk);
    take_make::make_squares(setup, rules, board, taken, maker)
        .into_iter()
        .flat_map(|sq| with_rebirth(setup, rules, mv.clone(), reborn, sq, false, None))
        .collect()
}

/// Stage 3 under Anticirce: the capturer, as it stands after the move, is taken off its arrival
/// square and reborn on its own rebirth square, found from the capture square (for en passant,
/// the square of the pawn taken, as Popeye reads it). The square must be empty once the
/// capturer has left it; the arrival square itself is (`anticirce_type: calvet`: the capturer
/// then stays; `cheylan`: the capture is illegal). Taken or off the board, the capture is
/// illegal under `rebirth_occupied: strict` (Anticirce's preset) and keeps the capturer where it
/// landed under `relaxed`. A royal capturer is reborn only under `rex: inclusive`.
fn capturer_reborn(
    setup: &Setup,
    rules: &Rules,
    model: &CirceModel,
    mv: MoveRecord,
) -> Vec<MoveRecord> {
    let capturer = mv.final_mover();
    if capturer.royal && model.rex != Rex::Inclusive {
        return vec![mv];
    }
    let capture = mv.capture.expect("a capture");
    let (victim, taken) = (capture.piece, capture.square);
    let capturer = capturer_as_reborn(model, capturer, victim);
    let square = rebirth_square(model, capturer, victim, taken, (mv.from, mv.to));
    let mut board = board_after_displacement(setup, &mv);
    board.take(mv.to);
    if model.place == RebirthPlace::AnyEmpty {
        return capturer_anywhere(setup, rules, model, mv, &board);
    }
    match capturer_fate(model, square, mv.to, |sq| board.is_empty(sq)) {
        CapturerFate::Reborn(square) => {
            let arrival = Some(mv.to);
            with_rebirth(setup, rules, mv, capturer, square, false, arrival)
        }
        CapturerFate::Stays => vec![mv],
        CapturerFate::Illegal => Vec::new(),
    }
}

/// Under Anticirce, the capturer `capturer` (as it stands after the move) as it comes back once
/// it has taken `victim`: as it is, or under AntiClone Circe with the walk of the unit it took
/// (a royal capturer stays royal), unless that unit is royal (Popeye 4.104's
/// `conditions/anticirce/clone.c`). Its rebirth square is read for the walk it comes back with.
pub(super) fn capturer_as_reborn(model: &CirceModel, capturer: Piece, victim: Piece) -> Piece {
    match model.walk {
        RebirthWalk::Cloned if !victim.royal => capturer.with_walk(victim.walk),
        RebirthWalk::Cloned | RebirthWalk::Own => capturer,
        RebirthWalk::Chameleon => capturer.with_walk(chameleon_next(capturer.walk)),
    }
}

/// The next walk of Popeye's chameleon sequence: a knight comes back as a bishop, a bishop as a
/// rook, a rook as a queen, a queen as a knight; every other walk is kept.
fn chameleon_next(walk: Walk) -> Walk {
    match walk {
        Walk::Knight => Walk::Bishop,
        Walk::Bishop => Walk::Rook,
        Walk::Rook => Walk::Queen,
        Walk::Queen => Walk::Knight,
        other => other,
    }
}

/// Anti-Super Circe: the capturer comes back on any square of `board` (the board once it has
/// left its arrival square) that is empty, its side choosing: one record per square, and per
/// promotion of a pawn reborn on its last rank. Its arrival square is one of them but under
/// `anticirce_type: cheylan`; under `rebirth_occupied: relaxed` it may also stay where it
/// landed, not reborn (Popeye 4.104, Cheylan's type too). The square it left is always empty,
/// so that every capture stands.
fn capturer_anywhere(
    setup: &Setup,
    rules: &Rules,
    model: &CirceModel,
    mv: MoveRecord,
    board: &Board,
) -> Vec<MoveRecord> {
    let capturer = mv.final_mover();
    let arrival = mv.to;
    let mut out: Vec<MoveRecord> = Square::all()
        .filter(|&sq| board.is_empty(sq))
        .filter(|&sq| sq != arrival || !model.forbids_capture_on_rebirth_square())
        .flat_map(|sq| with_rebirth(setup, rules, mv.clone(), capturer, sq, false, Some(arrival)))
        .collect();
    if model.occupied == RebirthOccupied::Relaxed {
        out.push(mv);
    }
    out
}

/// What a capturer's rebirth makes of its capture under Anticirce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CapturerFate {
    /// The capturer is reborn on this square.
    Reborn(Square),
    /// The capture stands and the capturer stays where it landed (`rebirth_occupied: relaxed`).
    Stays,
    /// The capture is illegal.
    Illegal,
}

/// The fate of a capture under Anticirce (`model`) whose capturer landed on `landing` and would
/// be reborn on `square` (`None`: off the board), `free` telling the squares empty once it has
/// left: a rebirth on `landing` itself is illegal under `anticirce_type: cheylan`; a square
/// taken or off the board (Popeye's border squares are taken) forbids the capture under
/// `rebirth_occupied: strict` and keeps the capturer under `relaxed`.
pub(super) fn capturer_fate(
    model: &CirceModel,
    square: Option<Square>,
    landing: Square,
    free: impl Fn(Square) -> bool,
) -> CapturerFate {
    if square == Some(landing) && model.forbids_capture_on_rebirth_square() {
        return CapturerFate::Illegal;
    }
    match square.filter(|&sq| free(sq)) {
        Some(sq) => CapturerFate::Reborn(sq),
        None if model.occupied == RebirthOccupied::Relaxed => CapturerFate::Stays,
        None => CapturerFate::Illegal,
    }
}

/// Stage 4: the unit waiting in the Parrain reserve, reborn by this move's vector if the square
/// is on the board and empty after the move; otherwise it is lost.
pub fn delayed(setup: &Setup, rules: &Rules, mv: MoveRecord) -> Vec<MoveRecord> {
    let Some(reserve) = setup.reserve else {
        return vec![mv];
    };
    if !rules
        .circe_model()
        .is_some_and(|m| m.time == RebirthTime::NextMove)
    {
        return vec![mv];
    }
    let (df, dr) = parrain_vector(rules, &mv);
    let Some(square) = reserve.square.offset(df, dr) else {
        return vec![mv];
    };
    let mut board = board_after_displacement(setup, &mv);
    if let Some(r) = mv.rebirth {
        board.set(r.square, Some(r.piece));
    }
    if !board.is_empty(square) {
        return vec![mv];
    }
    // A pawn whose own side is the capturer (a `LastCapture` of the side not to move) stays a
    // pawn under `stays`; any other promotes.
    let other_side_stays = reserve.taken_by_own_side(setup.side_to_move)
        && rules.parrain_other_side_promotion() == ParrainOtherSidePromotion::Stays;
    if other_side_stays {
        let mut out = mv;
        out.delayed_rebirth = Some(Rebirth {
            piece: reserve.piece,
            from: None,
            square,
            promotion: None,
        });
        return vec![out];
    }
    with_rebirth(setup, rules, mv, reserve.piece, square, true, None)
}

/// The square a captured unit (or the Parrain reserve, or Anticirce's capturer) would have been
/// reborn on when `mv` brought no rebirth: `Some(None)` off the board; `None` when there was nothing to rebirth or
/// the rebirth happened.
pub fn lost_rebirth_square(
    setup: &Setup,
    rules: &Rules,
    mv: &MoveRecord,
) -> Option<Option<Square>> {
    let model = rules.circe_model()?;
    match model.time {
        // Super Circe's capture without a rebirth (and Anti-Super Circe's) is the capturer's
        // choice, no square's fault.
        RebirthTime::Immediate if model.rebirth_square_chosen() => None,
        // Circe Take&Make: a capture with no square is no move.
        RebirthTime::Immediate if model.place == RebirthPlace::Makes => None,
        RebirthTime::Immediate if model.reborn == RebornUnit::Capturer => {
            // A royal capturer that is not reborn (rex exclusive) was never to be.
            let capture = mv.capture.filter(|_| mv.rebirth.is_none())?;
            let capturer = mv.final_mover();
            if capturer.royal && model.rex != Rex::Inclusive {
                return None;
            }
            Some(rebirth_square(
                &model,
                capturer_as_reborn(&model, capturer, capture.piece),
                capture.piece,
                capture.square,
                (mv.from, mv.to),
            ))
        }
        RebirthTime::Immediate => {
            let capture = mv.capture.filter(|_| mv.rebirth.is_none())?;
            let reborn = capture.piece.with_walk(reborn_walk(&model, rules, mv));
            Some(rebirth_square(
                &model,
                reborn,
                mv.final_mover(),
                capture.square,
                (mv.from, mv.to),
            ))
        }
        RebirthTime::NextMove => {
            let reserve = setup.reserve.filter(|_| mv.delayed_rebirth.is_none())?;
            let (df, dr) = parrain_vector(rules, mv);
            Some(reserve.square.offset(df, dr))
        }
    }
}

/// The vector a Parrain rebirth copies: arrival minus departure; for castling the sum of the
/// king's and the rook's displacements (null for 0-0) or one step toward the a-file for 0-0-0,
/// as `parrain_long_castling` says.
pub fn parrain_vector(rules: &Rules, mv: &MoveRecord) -> (i8, i8) {
    match mv.castling {
        Some(CastlingSide::King) => (0, 0),
        Some(CastlingSide::Queen) => match rules.parrain_long_castling() {
            ParrainLongCastling::TowardA => (-1, 0),
            ParrainLongCastling::TowardH => (1, 0),
        },
        None => (
            mv.to.file().index() as i8 - mv.from.file().index() as i8,
            mv.to.rank().index() as i8 - mv.from.rank().index() as i8,
        ),
    }
}

/// The walk of the reborn unit: its own, or under Clone the capturer's (its walk before
/// promotion, or after with `clone_walk_when_promoting: promoted`); a royal capturer changes
/// nothing, nor does it change a royal victim unless `clone_royal_victim: takes_walk`.
fn reborn_walk(model: &CirceModel, rules: &Rules, mv: &MoveRecord) -> Walk {
    let victim = mv.capture.expect("a capture").piece;
    let promoted = match rules.clone_walk_when_promoting() {
        CloneWalkWhenPromoting::Promoted if mv.mover.walk.is_pawn() => mv.promotion.map(|p| p.walk),
        _ => None,
    };
    reborn_walk_of(model, rules, mv.mover, victim, promoted)
}

/// The walk `victim` is reborn with when `capturer` takes it (`promoted`: the capturer's walk
/// after promotion, when that is the one cloned).
pub fn reborn_walk_of(
    model: &CirceModel,
    rules: &Rules,
    capturer: Piece,
    victim: Piece,
    promoted: Option<Walk>,
) -> Walk {
    match model.walk {
        RebirthWalk::Own => victim.walk,
        RebirthWalk::Chameleon => chameleon_next(victim.walk),
        RebirthWalk::Cloned if capturer.royal => victim.walk,
        RebirthWalk::Cloned
            if victim.royal && rules.clone_royal_victim() == CloneRoyalVictim::KeepsWalk =>
        {
            victim.walk
        }
        RebirthWalk::Cloned => promoted.unwrap_or(capturer.walk),
    }
}

/// The square where `reborn` comes back after a capture on `capture_square` by a move from
/// `from` to `to`, `other` being the other unit of the capture (the capturer as it stands after
/// the move, or under Anticirce the unit taken), or `None` when it falls off the board: the
/// place the model names, read for the unit and the side it names, then adapted.
pub fn rebirth_square(
    model: &CirceModel,
    reborn: Piece,
    other: Piece,
    capture_square: Square,
    (from, to): (Square, Square),
) -> Option<Square> {
    // The unit whose walk and colour are read (Couscous: the capturer's), and whose home
    // squares: Mirror Circe reads the other side's.
    let read = match model.relevant {
        RelevantUnit::Reborn => reborn,
        RelevantUnit::Other => other,
    };
    let homed = match model.side {
        RebirthSide::Own => read,
        RebirthSide::Mirror => Piece::new(!read.colour, read.walk),
    };
    let found = match model.place {
        RebirthPlace::CirceSquare => Some(circe_square(homed, capture_square)),
        RebirthPlace::FileHome => Some(file_home_square(homed, capture_square)),
        RebirthPlace::CaptureVector | RebirthPlace::NextMoveVector => {
            let df = to.file().index() as i8 - from.file().index() as i8;
            let dr = to.rank().index() as i8 - from.rank().index() as i8;
            capture_square.offset(df, dr)
        }
        RebirthPlace::Symmetry => Some(half_turn(capture_square)),
        RebirthPlace::VerticalSymmetry => Some(file_mirror(capture_square)),
        RebirthPlace::Antipodes => {
            let (file, rank) = (capture_square.file().index(), capture_square.rank().index());
            Some(at((file + 4) % 8, (rank + 4) % 8))
        }
        RebirthPlace::Departure => Some(from),
        // A choice among squares, made by the stage itself ([`immediate`]).
        RebirthPlace::AnyEmpty | RebirthPlace::Makes | RebirthPlace::Cage => None,
    }?;
    Some(match model.adapter {
        RebirthAdapter::None => found,
        RebirthAdapter::Diametral => half_turn(found),
        RebirthAdapter::VerticalMirror => file_mirror(found),
    })
}

/// Under Mars Circe, the square `unit`, standing on `square` and moving for `colour` (its own,
/// or the side moving it when neutral), moves from to capture: its rebirth square as if it were
/// taken there, by the model's place; `None` when the place is off the board, or for a royal
/// unit when royal units do not move so (`rex: exclusive`).
pub fn mars_square(
    model: &MarsModel,
    unit: Piece,
    colour: Colour,
    square: Square,
) -> Option<Square> {
    if unit.royal && !model.royals_move() {
        return None;
    }
    let read = Piece::new(colour, unit.walk);
    rebirth_square(&model.rebirth, read, read, square, (square, square))
}

/// Under Geneva chess, whether `capturer`, moving for `by` from `from` to `to` and taking the
/// unit on `taken`, may capture: its rebirth square, read for it as it stands on `from`, must be
/// on the board, not `from`, and empty once the move is made (so not `to`). Royal capturers are
/// free of the rule unless `rex: inclusive`.
pub fn geneva_allows(
    model: &GenevaModel,
    board: &Board,
    capturer: Piece,
    by: Colour,
    (from, to, taken): (Square, Square, Square),
) -> bool {
    if !model.binds(capturer) {
        return true;
    }
    let read = Piece::new(capturer.colour_for(by), capturer.walk);
    match rebirth_square(&model.rebirth, read, read, from, (from, from)) {
        Some(square) => {
            square != from && square != to && (square == taken || board.is_empty(square))
        }
        None => false,
    }
}

/// `square` turned half a turn about the board's centre (c2 gives f7).
fn half_turn(square: Square) -> Square {
    at(7 - square.file().index(), 7 - square.rank().index())
}

/// `square` mirrored between the a- and h-files (c2 gives f2).
fn file_mirror(square: Square) -> Square {
    at(7 - square.file().index(), square.rank().index())
}

/// The File Circe rebirth square: the capture file's square of the unit's home rank, its
/// second rank for a pawn, its first for the orthodox pieces, its promotion rank for a fairy
/// walk (as Plain Circe places fairy walks, RULES.md §9).
fn file_home_square(piece: Piece, capture_square: Square) -> Square {
    let white = piece.colour == Colour::White;
    let relative = match piece.walk.def().circe {
        CirceHome::Pawn => 1,
        CirceHome::PromotionRank => 7,
        _ => 0,
    };
    let rank = if white { relative } else { 7 - relative };
    at(capture_square.file().index(), rank)
}

/// The Plain Circe rebirth square (RULES.md §1): by walk, colour of the unit and colour of the
/// capture square; pawns on their second rank of the capture file, fairy walks on their
/// promotion rank (§9).
pub fn circe_square(piece: Piece, capture_square: Square) -> Square {
    let white = piece.colour == Colour::White;
    let first = if white { 0 } else { 7 };
    let light = capture_square.is_light();
    let corner = |light_file: u8, dark_file: u8| match (white, light) {
        (true, true) | (false, false) => light_file,
        _ => dark_file,
    };
    let file = match piece.walk.def().circe {
        CirceHome::King => 4,
        CirceHome::Queen => 3,
        CirceHome::Rook => corner(7, 0),
        CirceHome::Knight => corner(1, 6),
        CirceHome::Bishop => corner(5, 2),
        CirceHome::Pawn => {
            let rank = if white { 1 } else { 6 };
            return at(capture_square.file().index(), rank);
        }
        CirceHome::PromotionRank => {
            let rank = if white { 7 } else { 0 };
            return at(capture_square.file().index(), rank);
        }
    };
    at(file, first)
}

fn at(file: u8, rank: u8) -> Square {
    Square::from_coords(
        File::new(file).expect("on board"),
        Rank::new(rank).expect("on board"),
    )
}

/// Adds the rebirth to the record (immediate or delayed; the unit taken from `from` when it is
/// the capturer, as in Anticirce), one record per promotion choice when a pawn lands on its
/// promotion rank.
fn with_rebirth(
    setup: &Setup,
    rules: &Rules,
    mv: MoveRecord,
    piece: Piece,
    square: Square,
    delayed: bool,
    from: Option<Square>,
) -> Vec<MoveRecord> {
    let promotes =
        piece.walk.is_pawn() && square.rank() == geometry::promotion_rank(piece.colour, piece.walk);
    let choices: Vec<Option<Walk>> = if promotes {
        rules.promotion_walks(setup).into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    choices
        .into_iter()
        .map(|promotion| {
            let rebirth = Some(Rebirth {
                piece,
                from,
                square,
                promotion,
            });
            let mut out = mv.clone();
            if delayed {
                out.delayed_rebirth = rebirth;
            } else {
                out.rebirth = rebirth;
            }
            out
        })
        .collect()
}

/// Puts the units `mv` rebirths (stages 3 and 4) on `board`, the board after the earlier
/// stages: each taken off the square it stood on, if it stood on the board (Anticirce's
/// capturer), and put on its rebirth square with its promoted walk.
pub fn place_rebirths(board: &mut Board, mv: &MoveRecord) {
    for r in mv.rebirth.iter().chain(mv.delayed_rebirth.iter()) {
        let piece = r.promotion.map_or(r.piece, |w| r.piece.with_walk(w));
        if let Some(from) = r.from {
            board.take(from);
        }
        board.set(r.square, Some(piece));
    }
}

/// The board after stages 1 and 2 only.
pub fn board_after_displacement(setup: &Setup, mv: &MoveRecord) -> Board {
    let mut board = setup.board.clone();
    if let Some(side) = mv.castling {
        let [_, king_to, rook_from, rook_to] = side.squares(setup.side_to_move);
        // The king castles from its square, or under Mars Circe from its rebirth square; under
        // Anti-Mars Circe a rook may be put on its corner first. The rook castles from the
        // corner of its side, which Popeye 4.104 may have left empty (`mars_rook_castling`).
        // The king leaves first: it may stand on the rook's corner.
        let king = board.take(mv.from);
        if let Some((from, corner)) = mv.castling_rook_corner() {
            let rook = board.take(from);
            board.set(corner, rook);
        }
        let rook = board.take(rook_from);
        board.set(king_to, king);
        board.set(rook_to, rook);
    } else {
        board.take(mv.from);
        if let Some(c) = mv.capture {
            board.take(c.square);
        }
        board.set(mv.to, Some(mv.final_mover()));
    }
    board
}

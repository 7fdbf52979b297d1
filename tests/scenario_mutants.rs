//! The shipped scenarios can catch a wrong engine. Each engine here is the reference engine with
//! one rule read wrongly, the way a careful implementer could misread the source pages: the
//! rebirth square, who chooses a reborn pawn's promotion, the direction of the magic ladder, the
//! square an en passant victim is taken on, the direction of a Protean pawn, the fairy end of the
//! magic chains, the colour a neutral magic piece counts as. Each must fail at least one shipped
//! scenario, while the reference engine passes them all (so a failure is the misreading's, not
//! the scenario's).

use std::path::Path;

use feerie::oracle::{
    CheckMark, Condition, Engine, EngineError, MoveRecord, Position, Rebirth, ReferenceEngine,
    Reserve, Rules, Setup, Square, Status, Switch, Walk,
};
use feerie::scenario::{self, Scenario};

/// One wrong reading of a rule: the rules the misreading engine really plays under, and how it
/// rewrites the reference engine's moves (each with the position it leads to).
trait Misreading: Sync {
    /// A short name for messages.
    fn name(&self) -> &'static str;

    /// The rules the engine applies instead of `rules` (the same, unless the misreading is a
    /// switch read backwards).
    fn rules(&self, rules: &Rules) -> Rules {
        rules.clone()
    }

    /// The misread moves of `position`, from the reference engine's moves under [`Self::rules`].
    fn rewrite(
        &self,
        position: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        let _ = (position, rules);
        moves
    }
}

/// An [`Engine`] that answers as the reference engine would under a misreading.
struct Misread<M>(M);

impl<M: Misreading> Misread<M> {
    fn children(
        &self,
        position: &Position,
        rules: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        let rules = self.0.rules(rules);
        let moves = ReferenceEngine.successors(position, &rules)?;
        let mut moves = self.0.rewrite(position, &rules, moves);
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        moves.dedup_by(|a, b| a.0 == b.0);
        Ok(moves)
    }
}

impl<M: Misreading> Engine for Misread<M> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn legal_moves(&self, p: &Position, r: &Rules) -> Result<Vec<MoveRecord>, EngineError> {
        Ok(self.children(p, r)?.into_iter().map(|(mv, _)| mv).collect())
    }

    fn successors(
        &self,
        p: &Position,
        r: &Rules,
    ) -> Result<Vec<(MoveRecord, Position)>, EngineError> {
        self.children(p, r)
    }

    fn play_setup(&self, p: &Position, r: &Rules, mv: &MoveRecord) -> Result<Setup, EngineError> {
        self.children(p, r)?
            .into_iter()
            .find(|(m, _)| {
                m == mv || (mv.check == CheckMark::None && *m == with_check(mv, m.check))
            })
            .map(|(_, after)| after.into_setup())
            .ok_or_else(|| EngineError::IllegalMove(mv.to_string()))
    }

    fn perft(&self, p: &Position, r: &Rules, depth: u32) -> Result<u64, EngineError> {
        if depth == 0 {
            return Ok(1);
        }
        let mut n = 0;
        for (_, after) in self.children(p, r)? {
            n += self.perft(&after, r, depth - 1)?;
        }
        Ok(n)
    }

    fn status(&self, p: &Position, r: &Rules) -> Result<Status, EngineError> {
        let in_check = matches!(
            ReferenceEngine.status(p, &self.0.rules(r))?,
            Status::Check | Status::Checkmate
        );
        Ok(Status::of(in_check, !self.children(p, r)?.is_empty()))
    }
}

fn with_check(mv: &MoveRecord, check: CheckMark) -> MoveRecord {
    MoveRecord {
        check,
        ..mv.clone()
    }
}

/// The check mark a rewritten move earns in the position it now leads to.
fn check_mark(after: &Position, rules: &Rules) -> CheckMark {
    match ReferenceEngine.status(after, rules) {
        Ok(Status::Check) => CheckMark::Check,
        Ok(Status::Checkmate) => CheckMark::Mate,
        _ => CheckMark::None,
    }
}

/// Moves a unit on the board of a played position: from `from` (emptied) to `to` (None: the
/// unit is lost).
fn moved(after: &Position, from: Square, to: Option<Square>) -> Position {
    let mut setup = after.clone().into_setup();
    let piece = setup.board.take(from);
    if let Some(to) = to {
        setup.board.set(to, piece);
    }
    Position::forged(setup)
}

/// Plain Circe and Clone: a rook, knight or bishop reborn by the colour of the capture square
/// read the other way round (a rook taken on a light square reborn on a1 instead of h1). The
/// other colour's square is the same rank with the file mirrored.
struct RebirthSquareByTheOtherColour;

impl Misreading for RebirthSquareByTheOtherColour {
    fn name(&self) -> &'static str {
        "rebirth square by the other colour"
    }

    fn rewrite(
        &self,
        _: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        if !matches!(
            rules.circe(),
            Some(Condition::Circe | Condition::CirceClone)
        ) {
            return moves;
        }
        moves
            .into_iter()
            .map(|(mut mv, after)| {
                let Some(rebirth) = mv.rebirth else {
                    return (mv, after);
                };
                if !matches!(rebirth.piece.walk, Walk::Rook | Walk::Knight | Walk::Bishop) {
                    return (mv, after);
                }
                let mirrored = rebirth
                    .square
                    .offset(7 - 2 * rebirth.square.file().index() as i8, 0)
                    .expect("a mirrored file is on the board");
                let free = after.board().is_empty(mirrored);
                let after = moved(&after, rebirth.square, free.then_some(mirrored));
                mv.rebirth = free.then_some(Rebirth {
                    square: mirrored,
                    ..rebirth
                });
                mv.check = check_mark(&after, rules);
                (mv, after)
            })
            .collect()
    }
}

/// The promotion of a reborn pawn chosen by the wrong side: Equipollents' pawn owner instead
/// of the capturer, Parrain's capturer instead of the owner. Either way the choice is not the
/// mover's, so the mover's move cannot depend on it: it is legal only if the mover's king is
/// safe whatever is chosen, and then it stands for every choice.
struct PromotionChosenByTheOtherSide;

impl Misreading for PromotionChosenByTheOtherSide {
    fn name(&self) -> &'static str {
        "promotion chosen by the other side"
    }

    fn rewrite(
        &self,
        _: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        if !matches!(
            rules.circe(),
            Some(Condition::CirceEquipollents | Condition::CirceParrain)
        ) {
            return moves;
        }
        // A move whose reborn pawn promotes, with the promotion left out: the moves that share
        // it are the choices of one move.
        let unchosen = |mv: &MoveRecord| {
            let mut m = with_check(mv, CheckMark::None);
            let promoting = m
                .rebirth
                .iter_mut()
                .chain(m.delayed_rebirth.iter_mut())
                .find(|r| r.promotion.is_some())?;
            promoting.promotion = None;
            Some(m)
        };
        let choices = |key: &MoveRecord| {
            moves
                .iter()
                .filter(|(m, _)| unchosen(m).as_ref() == Some(key))
                .count()
        };
        moves
            .iter()
            .filter(|(mv, _)| match unchosen(mv) {
                Some(key) => choices(&key) == Walk::PROMOTIONS.len(),
                None => true,
            })
            .cloned()
            .collect()
    }
}

/// Magic pieces: the ladder read upside down (a unit meeting a magic piece of its own colour
/// goes down, of the other colour up), its ends still ends (a queen does not go up, a pawn not
/// down).
struct MagicLadderUpsideDown;

const LADDER: [Walk; 5] = [
    Walk::Pawn,
    Walk::Knight,
    Walk::Bishop,
    Walk::Rook,
    Walk::Queen,
];

impl Misreading for MagicLadderUpsideDown {
    fn name(&self) -> &'static str {
        "magic ladder upside down"
    }

    fn rewrite(
        &self,
        _: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        let rung = |w: Walk| LADDER.iter().position(|&l| l == w);
        moves
            .into_iter()
            .map(|(mut mv, after)| {
                if mv.contact_mutations.is_empty() {
                    return (mv, after);
                }
                let mut setup = after.into_setup();
                let mut kept = Vec::new();
                for mut c in std::mem::take(&mut mv.contact_mutations) {
                    let (Some(from), Some(to)) = (rung(c.before.walk), rung(c.after.walk)) else {
                        kept.push(c);
                        continue;
                    };
                    let reversed = 2 * from as isize - to as isize;
                    match usize::try_from(reversed).ok().and_then(|i| LADDER.get(i)) {
                        Some(&walk) if from.abs_diff(to) == 1 => {
                            c.after = c.before.with_walk(walk);
                            setup.board.set(c.square, Some(c.after));
                            kept.push(c);
                        }
                        Some(_) => kept.push(c),
                        None => setup.board.set(c.square, Some(c.before)),
                    }
                }
                mv.contact_mutations = kept;
                let after = Position::forged(setup);
                mv.check = check_mark(&after, rules);
                (mv, after)
            })
            .collect()
    }
}

/// Magic pieces with fairy walks: the fairy end of the chains overlooked, as if the chains always
/// ended at the queen and the pawn. A unit that reached the fairy end stops instead at the end of
/// the ladder nearer its walk (the queen from a bishop, rook or queen, else the pawn), or keeps
/// its walk when it stood there already or was off the ladder.
struct MagicFairyEndOverlooked;

impl Misreading for MagicFairyEndOverlooked {
    fn name(&self) -> &'static str {
        "magic fairy end overlooked"
    }

    fn rewrite(
        &self,
        _: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        let rung = |w: Walk| {
            LADDER
                .iter()
                .position(|&l| l == w.pawn_part().map_or(w, |_| Walk::Pawn))
        };
        moves
            .into_iter()
            .map(|(mut mv, after)| {
                if !mv.contact_mutations.iter().any(|c| c.after.walk.is_fairy()) {
                    return (mv, after);
                }
                let mut setup = after.into_setup();
                let mut kept = Vec::new();
                for mut c in std::mem::take(&mut mv.contact_mutations) {
                    if !c.after.walk.is_fairy() {
                        kept.push(c);
                        continue;
                    }
                    let end =
                        rung(c.before.walk).map(|r| if r >= 2 { Walk::Queen } else { Walk::Pawn });
                    match end {
                        Some(walk) if walk != c.before.walk && !c.before.walk.is_pawn() => {
                            c.after = c.before.with_walk(walk);
                            setup.board.set(c.square, Some(c.after));
                            kept.push(c);
                        }
                        _ => setup.board.set(c.square, Some(c.before)),
                    }
                }
                mv.contact_mutations = kept;
                let after = Position::forged(setup);
                mv.check = check_mark(&after, rules);
                (mv, after)
            })
            .collect()
    }
}

/// Neutral magic pieces counted as magic pieces of the side moving them: every neutral unit
/// becomes a magic unit of the side to move, the moves are those of that position, and the
/// units that were neutral are neutral again afterwards. A unit of the mover's colour touching a
/// neutral piece then goes up instead of down.
struct NeutralCountedAsOwnColour;

impl Misreading for NeutralCountedAsOwnColour {
    fn name(&self) -> &'static str {
        "neutral counted as own colour"
    }

    fn rewrite(
        &self,
        position: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        let neutral: Vec<Square> = position
            .board()
            .pieces()
            .filter(|(_, p)| p.neutral)
            .map(|(sq, _)| sq)
            .collect();
        if neutral.is_empty() {
            return moves;
        }
        let side = position.side_to_move();
        let mut coloured = position.setup().clone();
        for &sq in &neutral {
            let piece = coloured.board.get(sq).expect("a neutral unit");
            let mut own = piece.with_neutral(false);
            own.colour = side;
            coloured.board.set(sq, Some(own));
        }
        let coloured = Position::forged(coloured);
        ReferenceEngine
            .successors(&coloured, rules)
            .expect("the coloured position")
            .into_iter()
            .map(|(mut mv, after)| {
                let mut setup = after.into_setup();
                let moved = neutral.contains(&mv.from);
                let mut squares: Vec<Square> =
                    neutral.iter().copied().filter(|&s| s != mv.from).collect();
                if moved {
                    mv.mover = mv.mover.with_neutral(true);
                    mv.promotion = mv.promotion.map(|p| p.with_neutral(true));
                    squares.push(mv.to);
                    setup.en_passant = None;
                }
                for sq in squares {
                    let piece = setup.board.get(sq).expect("a neutral unit");
                    setup.board.set(sq, Some(piece.with_neutral(true)));
                }
                (mv, Position::forged(setup))
            })
            .collect()
    }
}

/// En passant taken on the capturing pawn's arrival square instead of the victim's: the
/// Equipollents rebirth leaps from the arrival square, and the Parrain reserve records it.
struct EnPassantVictimOnTheArrivalSquare;

impl Misreading for EnPassantVictimOnTheArrivalSquare {
    fn name(&self) -> &'static str {
        "en passant victim on the arrival square"
    }

    fn rewrite(
        &self,
        _: &Position,
        rules: &Rules,
        moves: Vec<(MoveRecord, Position)>,
    ) -> Vec<(MoveRecord, Position)> {
        moves
            .into_iter()
            .map(|(mut mv, after)| {
                if !mv.en_passant {
                    return (mv, after);
                }
                let after = match rules.circe() {
                    Some(Condition::CirceEquipollents) => {
                        let reborn = mv.rebirth.map(|r| r.square);
                        let (df, dr) = (
                            mv.to.file().index() as i8 - mv.from.file().index() as i8,
                            mv.to.rank().index() as i8 - mv.from.rank().index() as i8,
                        );
                        let square = mv.to.offset(df, dr);
                        let mut setup = after.into_setup();
                        let piece = reborn.and_then(|s| setup.board.take(s));
                        let victim = mv.capture.expect("en passant captures").piece;
                        let target = square.filter(|&s| setup.board.is_empty(s));
                        if let Some(s) = target {
                            setup.board.set(s, Some(piece.unwrap_or(victim)));
                        }
                        mv.rebirth = target.map(|square| Rebirth {
                            piece: victim,
                            from: None,
                            square,
                            promotion: None,
                        });
                        Position::forged(setup)
                    }
                    Some(Condition::CirceParrain) => {
                        let mut setup = after.into_setup();
                        if let Some(r) = setup.reserve {
                            setup.reserve = Some(Reserve { square: mv.to, ..r });
                        }
                        Position::forged(setup)
                    }
                    _ => after,
                };
                if let Some(c) = mv.capture.as_mut() {
                    c.square = mv.to;
                }
                mv.check = check_mark(&after, rules);
                (mv, after)
            })
            .collect()
    }
}

/// Frankfurt and Protean with the pawn directions swapped: Protean's capturer of a pawn becomes
/// a pawn of its own direction, Frankfurt's a reverse pawn.
struct PawnDirectionSwapped;

impl Misreading for PawnDirectionSwapped {
    fn name(&self) -> &'static str {
        "pawn direction swapped"
    }

    fn rules(&self, rules: &Rules) -> Rules {
        let mut swapped = rules.clone();
        if rules.captures_mutate() {
            let own = rules
                .resolved()
                .iter()
                .any(|(s, v)| *s == Switch::PawnDirection && v == "own");
            swapped
                .set("pawn_direction", if own { "opposing" } else { "own" })
                .expect("pawn_direction is a switch of Frankfurt and Protean");
        }
        swapped
    }
}

fn shipped() -> Vec<Scenario> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    scenario::load_dir(&dir)
        .unwrap()
        .into_iter()
        .map(|s| s.unwrap_or_else(|e| panic!("malformed scenario: {e}")))
        .collect()
}

/// The files of the scenarios `engine` fails.
fn failed(scenarios: &[Scenario], engine: &dyn Engine) -> Vec<String> {
    scenarios
        .iter()
        .filter(|s| !scenario::run(s, engine).unwrap().failures.is_empty())
        .map(|s| {
            Path::new(&s.file)
                .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| s.file.clone())
        })
        .collect()
}

#[test]
fn the_reference_engine_and_its_pass_through_wrapper_pass_every_scenario() {
    struct Faithful;
    impl Misreading for Faithful {
        fn name(&self) -> &'static str {
            "faithful"
        }
    }
    let scenarios = shipped();
    assert_eq!(failed(&scenarios, &ReferenceEngine), Vec::<String>::new());
    assert_eq!(failed(&scenarios, &Misread(Faithful)), Vec::<String>::new());
}

/// Runs every shipped scenario with one misreading and checks that the scenarios written for
/// that rule are among those it fails.
fn caught(misreading: impl Misreading, expected: &[&str]) {
    let name = misreading.name();
    let failures = failed(&shipped(), &Misread(misreading));
    println!("{name}: fails {failures:?}");
    assert!(!failures.is_empty(), "{name}: no scenario fails");
    for file in expected {
        assert!(
            failures.iter().any(|f| f == file),
            "{name}: {file} passes; failures: {failures:?}"
        );
    }
}

#[test]
fn a_rebirth_square_by_the_other_colour_fails_the_rebirth_scenarios() {
    caught(
        RebirthSquareByTheOtherColour,
        &[
            "circe/rebirth-squares.yaml",
            "circe-clone/diagrams-a-b-knight-takes-rook.yaml",
        ],
    );
}

#[test]
fn a_promotion_chosen_by_the_other_side_fails_the_equipollents_promotions() {
    caught(
        PromotionChosenByTheOtherSide,
        &[
            "circe-equipollents/black-pawn-sent-to-first-rank-capturer-chooses.yaml",
            "circe-equipollents/pawn-sent-to-promotion-rank.yaml",
        ],
    );
}

#[test]
fn an_upside_down_magic_ladder_fails_the_magic_scenarios() {
    caught(
        MagicLadderUpsideDown,
        &[
            "magic/diagrams-a-b-rook-between-two-knights.yaml",
            "magic/castling-contacts.yaml",
            "magic/magic-rook-castles.yaml",
            "magic/queen-goes-down-pawn-goes-up.yaml",
        ],
    );
}

#[test]
fn an_overlooked_fairy_end_fails_the_magic_fairy_scenarios() {
    caught(
        MagicFairyEndOverlooked,
        &[
            "magic/fairy-queen-up-pawn-down-to-fairy-end.yaml",
            "magic/fairy-same-walk-stays.yaml",
            "magic/fairy-other-walk-outside-chain.yaml",
            "magic/fairy-one-walk-two-pieces-steps.yaml",
        ],
    );
}

#[test]
fn a_neutral_counted_as_own_colour_fails_the_neutral_scenarios() {
    caught(
        NeutralCountedAsOwnColour,
        &[
            "magic/neutral-demotes-on-whites-move.yaml",
            "magic/neutral-demotes-on-blacks-move.yaml",
            "magic/neutral-and-own-magic-together.yaml",
            "magic/neutral-and-other-magic-demote.yaml",
        ],
    );
}

#[test]
fn an_en_passant_victim_on_the_arrival_square_fails_the_en_passant_scenarios() {
    caught(
        EnPassantVictimOnTheArrivalSquare,
        &[
            "circe-equipollents/diagrams-c-d-en-passant.yaml",
            "circe-equipollents/en-passant-capture-square.yaml",
            "circe-parrain/diagrams-d-e-en-passant.yaml",
        ],
    );
}

#[test]
fn swapped_pawn_directions_fail_the_frankfurt_and_protean_scenarios() {
    caught(
        PawnDirectionSwapped,
        &[
            "frankfurt-protean/diagram-f-popeye-protean-pawn.yaml",
            "frankfurt-protean/diagram-g-winchloe-frankfurt-pawn.yaml",
            "frankfurt-protean/partial-protean-marked-pieces.yaml",
            "frankfurt-protean/protean-defaults.yaml",
        ],
    );
}

#[test]
fn misreadings_leave_play_without_their_rule_alone() {
    // Each misreading is a wrong reading of one rule, not a broken engine: where its rule has no
    // part (no capture, contact, promotion or en passant within two plies of the start), it
    // answers as the reference engine does.
    let start = Position::start();
    let rules = Rules::from_words(&["circe-equipollents"], None, &[]).unwrap();
    let expected = ReferenceEngine.legal_moves(&start, &rules).unwrap();
    let engines: Vec<Box<dyn Engine>> = vec![
        Box::new(Misread(RebirthSquareByTheOtherColour)),
        Box::new(Misread(PromotionChosenByTheOtherSide)),
        Box::new(Misread(MagicLadderUpsideDown)),
        Box::new(Misread(EnPassantVictimOnTheArrivalSquare)),
        Box::new(Misread(MagicFairyEndOverlooked)),
        Box::new(Misread(PawnDirectionSwapped)),
        Box::new(Misread(NeutralCountedAsOwnColour)),
    ];
    for engine in &engines {
        assert_eq!(engine.legal_moves(&start, &rules).unwrap(), expected);
        assert_eq!(engine.perft(&start, &rules, 2).unwrap(), 400);
    }
}

//! The solver's walk over the bitboard engine's own positions: children made by the path the
//! rules and the position choose (the orthodox generator, else the compact path, else the
//! record path; see [`super::path`]), check marks counted there, keys hashed from the
//! bitboards, and a move record asked for only on the lines of the solutions (by playing the
//! record path again and keeping the moves that lead to the same position).

use feerie_oracle::engine::check_rules_fit;
use feerie_oracle::rules::RebornUnit;
use feerie_oracle::{CheckMark, EngineError, MoveRecord, Position, Rules};

use super::board::{BbPosition, KING, WALKS};
use super::path::{Path, Plan};
use crate::space::zobrist::Key;
use crate::space::{Space, Want};

/// What the search reads of a move made on bitboards: its check mark and whether it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BbMove {
    check: CheckMark,
    capture: bool,
    /// Whether `check` is the move's whole mark (asked for: [`Want::Marked`],
    /// [`Want::Mating`], or no check under [`Want::Checks`]), so that its record need not
    /// ask again.
    marked: bool,
}

impl BbMove {
    /// The move's check mark when the search asked for it whole.
    fn known_mark(&self) -> Option<CheckMark> {
        self.marked.then_some(self.check)
    }
}

/// The bitboard engine's positions under fixed rules.
///
/// ```
/// use feerie::bitboard::space::BitboardSpace;
/// use feerie::oracle::{Position, Rules, Validation, fen};
/// use feerie::space::{Space, Want};
/// let rules = Rules::orthodox();
/// let space = BitboardSpace::new(&rules);
/// let start = space.enter(&Position::start()).unwrap();
/// assert_eq!(space.children(&start, Want::Unmarked).unwrap().len(), 20);
/// let mate_in_one = fen::parse("k7/8/1K6/8/8/8/8/7R w - - 0 1", Validation::Strict).unwrap();
/// let p = space.enter(&mate_in_one).unwrap();
/// let (mv, after) = &space.children(&p, Want::Mating).unwrap()[0];
/// assert_eq!(space.records(&p, mv, after).unwrap()[0].to_string(), "Rh1-h8 #");
/// ```
pub struct BitboardSpace<'r> {
    rules: &'r Rules,
    plan: Plan,
    /// Whether a move may end with its mover where it stood (see [`mover_may_stay`]).
    mover_may_stay: bool,
}

/// Whether a move may end with its mover on the square it left: a capturer reborn (Anticirce,
/// Anti-Super Circe: on its own square, when that is its rebirth square), recoloured (Andernach)
/// or made back (Take&Make `Ka2*b1-a2`), a Mars-family mover that starts elsewhere (Anti-Mars
/// Circe's null double step), or a Breton capture's second unit that may be the capturer
/// itself, removed or recoloured (and two Breton captures may leave one position: `b3*c4[-wPd3]`
/// and `d3*c4[-wPb3]`). Only then may two moves lead to one position.
fn mover_may_stay(rules: &Rules) -> bool {
    (rules.circe_model()).is_some_and(|m| m.reborn == RebornUnit::Capturer)
        || rules.colour_change().is_some()
        || rules.breton().is_some()
        || rules.take_and_make()
        || rules.mars_model().is_some()
}

impl<'r> BitboardSpace<'r> {
    /// The space under `rules`.
    pub fn new(rules: &'r Rules) -> BitboardSpace<'r> {
        BitboardSpace {
            rules,
            plan: Plan::new(rules.resolve()),
            mover_may_stay: mover_may_stay(rules),
        }
    }
}

/// The check mark a child gets when the search wants `want`, or `None` when the child is left
/// out (a move that does not mate, when only mates are wanted).
#[inline]
fn wanted(
    path: Path<'_>,
    want: Want,
    after: &BbPosition,
) -> Result<Option<CheckMark>, EngineError> {
    Ok(match want {
        Want::Unmarked => Some(CheckMark::None),
        Want::Marked => Some(path.mark(after)?),
        Want::Checks if path.in_check(after) => Some(CheckMark::Check),
        Want::Checks => Some(CheckMark::None),
        Want::Mating => Some(path.mark(after)?).filter(|&m| m == CheckMark::Mate),
    })
}

/// The squares where the move from `before` to `after` may have arrived: those whose colour
/// changed. The mover stands on its arrival square after the move (a rebirth never lands on
/// an occupied square), in its own colour where the square was empty or held the other side's
/// unit (neutral units are never taken) — unless magic pieces recolour it, or the rules move
/// the capturer on to its rebirth square (Anticirce: an en passant capturer's arrival square
/// is empty before and after), recolour it (Andernach: a capturer stands in the colour of
/// the unit it took) or let it come back (Take&Make: `Kd5*d6-d5`): then any square.
fn arrivals(before: &BbPosition, after: &BbPosition, arrival_unseen: bool) -> u64 {
    if before.magic != 0 || after.magic != 0 || arrival_unseen {
        return !0;
    }
    match (before.colours[0] ^ after.colours[0]) | (before.colours[1] ^ after.colours[1]) {
        // A move that leaves every unit where it stood (Anti-Mars Circe's double step back
        // onto the pawn's own square, `mars_null_double_step: yes`).
        0 => !0,
        changed => changed,
    }
}

/// Keeps one child of each position: a move is known here by the position it leads to, and
/// the records of a child are those of every move leading there
/// ([`Space::records`](crate::space::Space::records)), so that two children of one position
/// would print each of its lines twice. Two moves lead to one position when each capturer
/// ends where it stood (Take&Make `Ka2*b1-a2` and `Ra1*b1-a1`, an Anticirce or Anti-Super
/// Circe capturer reborn on its own square) or when two moves leave every unit in place
/// (Anti-Mars Circe's null double steps), or when magic units' contact makes two promotions
/// one unit: only then ([`BitboardSpace::children_may_meet`]).
fn one_child_per_position(children: &mut Vec<(BbMove, BbPosition)>) {
    let mut kept = 0;
    for i in 0..children.len() {
        let (seen, rest) = children.split_at(i);
        let after = &rest[0].1;
        if !seen[..kept].iter().any(|(_, a)| same_but_clocks(a, after)) {
            children.swap(kept, i);
            kept += 1;
        }
    }
    children.truncate(kept);
}

/// Two positions the same but for the move clocks, which decide nothing a stipulation asks.
fn same_but_clocks(a: &BbPosition, b: &BbPosition) -> bool {
    // Most moves part on the colour sets: they are told apart without a copy.
    if a.colours != b.colours {
        return false;
    }
    let mut a = a.clone();
    a.halfmove = b.halfmove;
    a.fullmove = b.fullmove;
    a == *b
}

/// One word of a position mixed with the word pair of its place in the position: the two
/// halves of a 128-bit product, for each key a product of its own. The words are mixed apart
/// and joined by XOR, so that the processor mixes them side by side.
#[inline]
fn mixed(word: u64, place: usize) -> [u64; 2] {
    let [a, b] = PLACES[place];
    let x = u128::from(word ^ a) * 0x9E37_79B9_7F4A_7C15_u128;
    let y = u128::from(word ^ b) * 0xBF58_476D_1CE4_E5B9_u128;
    [(x as u64) ^ (x >> 64) as u64, (y as u64) ^ (y >> 64) as u64]
}

/// The place of the first word after the colours and the walks.
const AFTER_WALKS: usize = 2 + WALKS.len();
/// How many places a word of the position may take.
const PLACE_COUNT: usize = AFTER_WALKS + 7;

/// Random word pairs, one per place a word of the position may take.
const PLACES: [[u64; 2]; PLACE_COUNT] = {
    let mut words = [[0; 2]; PLACE_COUNT];
    let mut state: u64 = 0x6665_6572_6965_0b0b;
    let mut i = 0;
    while i < words.len() {
        let mut j = 0;
        while j < 2 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            words[i][j] = z ^ (z >> 31);
            j += 1;
        }
        i += 1;
    }
    words
};

/// The key of a position: every set, the side to move, castling, en passant and the reserve
/// (not the clocks).
fn key(p: &BbPosition) -> Key {
    let mut k = [0u64; 2];
    // A word that is zero (no unit of a walk, no attribute, no castling right) adds nothing:
    // most positions have several, and the key stays a function of the position.
    let mut add = |word: u64, place: usize| {
        if word != 0 {
            let m = mixed(word, place);
            k[0] ^= m[0];
            k[1] ^= m[1];
        }
    };
    // A neutral unit stands in both colour sets: the two sets tell it apart from the others.
    add(p.colours[0], 0);
    add(p.colours[1], 1);
    for w in p.walk_range() {
        add(p.set_of(w), 2 + w);
    }
    // The royal units are the kings but in a few positions.
    add(p.royal ^ p.walks[KING], AFTER_WALKS);
    add(p.magic, AFTER_WALKS + 1);
    add(p.mutable(), AFTER_WALKS + 2);
    add(p.castling.bits(), AFTER_WALKS + 3);
    let ep = p
        .ep()
        .map_or(0, |(a, b)| 1 << 16 | u64::from(a) << 8 | u64::from(b));
    add(ep | (p.side as u64) << 20, AFTER_WALKS + 4);
    if let Some(r) = &p.reserve() {
        let piece = r.piece;
        let unit = u64::from(piece.walk.index() as u8) << 8
            | u64::from(piece.colour == feerie_oracle::Colour::Black) << 4
            | u64::from(piece.royal) << 3
            | u64::from(piece.magic) << 2
            | u64::from(piece.mutable) << 1
            | u64::from(r.taken_by_side_to_move) << 5
            | 1;
        add(unit << 8 | r.square.index() as u64, AFTER_WALKS + 5);
    }
    add(p.imitators(), AFTER_WALKS + 6);
    Key {
        main: k[0],
        check: k[1],
    }
}

impl BitboardSpace<'_> {
    /// Whether two moves from `p` may lead to one position: under rules where a mover may end
    /// where it stood ([`mover_may_stay`]), or with magic units on the board, whose contact
    /// may turn two promotions of a reborn pawn into one unit (Super Circe: `[+bPg1=Q]` and
    /// `[+bPg1=NA]` beside a magic nightrider).
    #[inline]
    fn children_may_meet(&self, p: &BbPosition) -> bool {
        self.mover_may_stay || p.magic != 0
    }
}

impl Space for BitboardSpace<'_> {
    type Pos = BbPosition;
    type Mv = BbMove;

    fn enter(&self, position: &Position) -> Result<BbPosition, EngineError> {
        check_rules_fit(position, self.rules)?;
        Ok(BbPosition::from_setup(position.setup()))
    }

    fn key(&self, p: &BbPosition) -> Key {
        key(p)
    }

    fn children(
        &self,
        p: &BbPosition,
        want: Want,
    ) -> Result<Vec<(BbMove, BbPosition)>, EngineError> {
        let path = self.plan.path(p);
        if want == Want::Mating {
            // The other side's own units: a neutral one moving is no capture, nor a Parrain
            // rebirth of theirs (see `Path::each_child`). An Andernach capturer joins them on
            // the square it took: the board then holds one unit fewer.
            let them = p.own(1 - p.side);
            let units = p.occupied().count_ones();
            let mv = |after: &BbPosition| BbMove {
                check: CheckMark::Mate,
                capture: them & !after.own(1 - p.side) != 0
                    || after.occupied().count_ones() < units,
                marked: true,
            };
            let mut out: Vec<_> = (path.mating(p)?.into_iter())
                .map(|after| (mv(&after), after))
                .collect();
            if self.children_may_meet(p) {
                one_child_per_position(&mut out);
            }
            return Ok(out);
        }
        let mut out = Vec::with_capacity(64);
        let mut failure = Ok(());
        path.each_child(p, |capture, after| {
            if failure.is_err() {
                return;
            }
            match wanted(path, want, &after) {
                Ok(Some(check)) => {
                    let marked = match want {
                        Want::Marked | Want::Mating => true,
                        Want::Checks => check == CheckMark::None,
                        Want::Unmarked => false,
                    };
                    out.push((
                        BbMove {
                            check,
                            capture,
                            marked,
                        },
                        after,
                    ));
                }
                Ok(None) => {}
                Err(e) => failure = Err(e),
            }
        })?;
        failure?;
        if self.children_may_meet(p) {
            one_child_per_position(&mut out);
        }
        Ok(out)
    }

    fn mark(&self, mv: &BbMove) -> CheckMark {
        mv.check
    }

    fn captures(&self, mv: &BbMove) -> bool {
        mv.capture
    }

    fn record<'m>(&self, _: &'m BbMove) -> Option<&'m MoveRecord> {
        None
    }

    fn stalemated(&self, p: &BbPosition) -> Result<bool, EngineError> {
        let path = self.plan.path(p);
        Ok(!path.in_check(p) && path.stuck(p)?)
    }

    fn turn_skipped(&self, p: &BbPosition) -> BbPosition {
        let mut skipped = p.clone();
        skipped.side = 1 - p.side;
        skipped.set_ep(None);
        skipped.set_reserve(p.reserve().map(feerie_oracle::Reserve::turned));
        skipped
    }

    fn records(
        &self,
        before: &BbPosition,
        mv: &BbMove,
        after: &BbPosition,
    ) -> Result<Vec<MoveRecord>, EngineError> {
        // Only the moves that lead to `after` are recorded and marked (a mark asks whether the
        // side then to move has a legal move, the dearest part of a record); the mark the
        // search gave the move already is taken as it is.
        let path = self.plan.path(before);
        // A pawn promoted into an imitator leaves its arrival square empty (Imitator chess).
        let arrivals = arrivals(before, after, self.mover_may_stay || self.rules.imitator());
        let mut out =
            path.records_leading_to(before, arrivals, |made| same_but_clocks(made, after))?;
        if !out.is_empty() {
            let check = match mv.known_mark() {
                Some(mark) => mark,
                None => path.mark(after)?,
            };
            for record in &mut out {
                record.check = check;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use feerie_oracle::{Validation, fen};

    fn space_children(fen_text: &str, rules: &Rules, want: Want) -> Vec<BbPosition> {
        let position = fen::parse(fen_text, Validation::Strict).unwrap();
        let space = BitboardSpace::new(rules);
        let p = space.enter(&position).unwrap();
        space
            .children(&p, want)
            .unwrap()
            .into_iter()
            .map(|(_, after)| after)
            .collect()
    }

    #[test]
    fn every_child_has_a_record_and_distinct_positions_have_distinct_keys() {
        let rules = Rules::orthodox();
        let fen_text = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let position = fen::parse(fen_text, Validation::Strict).unwrap();
        let space = BitboardSpace::new(&rules);
        let p = space.enter(&position).unwrap();
        let children = space.children(&p, Want::Marked).unwrap();
        assert_eq!(children.len(), 48);
        let mut keys: Vec<u64> = children.iter().map(|(_, a)| key(a).main).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 48);
        for (mv, after) in &children {
            let records = space.records(&p, mv, after).unwrap();
            assert_eq!(records.len(), 1);
            assert_eq!(records[0].check, mv.check);
        }
    }

    /// Under `condition`, the record of each child of `fen_text` (each found once) and
    /// whether the space calls the move a capture.
    fn records_of_children(
        condition: feerie_oracle::Condition,
        fen_text: &str,
    ) -> Vec<(String, bool)> {
        let rules = Rules::new([condition], feerie_oracle::Profile::Popeye).unwrap();
        let position = fen::parse(fen_text, Validation::Strict).unwrap();
        let space = BitboardSpace::new(&rules);
        let p = space.enter(&position).unwrap();
        let children = space.children(&p, Want::Marked).unwrap();
        (children.iter())
            .map(|(mv, after)| {
                let records = space.records(&p, mv, after).unwrap();
                assert_eq!(records.len(), 1, "{:?}", after);
                (records[0].to_string(), space.captures(mv))
            })
            .collect()
    }

    /// Under Anticirce an en passant capturer leaves its arrival square empty, as it was: its
    /// record is found all the same.
    #[test]
    fn every_child_has_a_record_when_the_capturer_moves_on() {
        let found = records_of_children(
            feerie_oracle::Condition::Anticirce,
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        );
        let texts: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
        assert!(texts.contains(&"e5*d6 ep.[wPd6->d2]"), "{texts:?}");
    }

    /// Under Imitator chess a pawn promoted into an imitator leaves its arrival square empty:
    /// its record is found all the same.
    #[test]
    fn every_child_has_a_record_when_a_pawn_becomes_an_imitator() {
        let found = records_of_children(
            feerie_oracle::Condition::Imitator,
            "7k/1P6/8/8/8/2(I)5/8/4K3 w - - 0 1",
        );
        let texts: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
        assert!(texts.contains(&"b7-b8[Ic4]=I"), "{texts:?}");
    }

    /// Under Andernach a capturer stands in the colour of the unit it took, so its arrival
    /// square keeps its colour: its record is found all the same, and the space calls it a
    /// capture.
    #[test]
    fn every_child_has_a_record_when_the_capturer_changes_colour() {
        let found = records_of_children(
            feerie_oracle::Condition::Andernach,
            "7k/6p1/8/8/8/8/8/K5R1 w - - 0 1",
        );
        let texts: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
        assert!(texts.contains(&"Rg1*g7=b"), "{texts:?}");
        let taking = found.iter().filter(|(_, capture)| *capture).count();
        assert_eq!(taking, 1);
    }

    #[test]
    fn keys_differ_on_everything_that_decides_the_legal_moves() {
        use feerie_oracle::{CastlingRights, Colour, Piece, Reserve, Setup, Walk};
        let base = fen::parse_setup("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let reserve = |walk, square: &str| {
            Reserve::new(Piece::new(Colour::Black, walk), square.parse().unwrap())
        };
        type Edit<'a> = (&'a str, Box<dyn Fn(&mut Setup)>);
        let edits: Vec<Edit> = vec![
            ("base", Box::new(|_| {})),
            ("no en passant", Box::new(|s| s.en_passant = None)),
            (
                "no castling",
                Box::new(|s| s.castling = CastlingRights::none()),
            ),
            (
                "a castling right less",
                Box::new(|s| s.castling.remove("h1".parse().unwrap())),
            ),
            (
                "a reserve",
                Box::new(move |s| s.reserve = Some(reserve(Walk::Knight, "c3"))),
            ),
            (
                "another reserve unit",
                Box::new(move |s| s.reserve = Some(reserve(Walk::Bishop, "c3"))),
            ),
            (
                "another reserve square",
                Box::new(move |s| s.reserve = Some(reserve(Walk::Knight, "c4"))),
            ),
            (
                "a magic pawn",
                Box::new(|s| {
                    let sq = "e5".parse().unwrap();
                    let p = s.board.get(sq).unwrap();
                    s.board.set(sq, Some(p.with_magic(true)));
                }),
            ),
            (
                "a mutable pawn",
                Box::new(|s| {
                    let sq = "e5".parse().unwrap();
                    let p = s.board.get(sq).unwrap();
                    s.board.set(sq, Some(p.with_mutable(true)));
                }),
            ),
            (
                "a reverse pawn",
                Box::new(|s| {
                    let sq = "e5".parse().unwrap();
                    s.board
                        .set(sq, Some(Piece::new(Colour::White, Walk::ReversePawn)));
                }),
            ),
            (
                "black to move",
                Box::new(|s| {
                    s.side_to_move = Colour::Black;
                    s.en_passant = None;
                }),
            ),
        ];
        let keys: Vec<(&str, Key)> = edits
            .iter()
            .map(|(name, edit)| {
                let mut setup = base.clone();
                edit(&mut setup);
                (*name, key(&BbPosition::from_setup(&setup)))
            })
            .collect();
        for (i, (a, ka)) in keys.iter().enumerate() {
            for (b, kb) in &keys[i + 1..] {
                assert_ne!(ka.main, kb.main, "{a} and {b}");
                assert_ne!(ka.check, kb.check, "{a} and {b}");
            }
        }
        // The clocks decide nothing a stipulation asks.
        let mut later = base.clone();
        later.halfmove_clock = 7;
        later.fullmove_number = 9;
        assert_eq!(
            key(&BbPosition::from_setup(&later)),
            key(&BbPosition::from_setup(&base))
        );
    }

    #[test]
    fn a_promotion_checks_along_the_line_its_pawn_leaves() {
        // a7-a8=Q and a7-a8=R mate along the a-file the pawn opens by leaving a7.
        for rules in ["circe", "frankfurt", "circe-clone"] {
            let rules = Rules::from_words(&[rules], None, &[]).unwrap();
            let mates = space_children("8/P7/8/8/8/8/2K5/k7 w - - 0 1", &rules, Want::Mating);
            assert_eq!(mates.len(), 2, "{rules:?}");
        }
    }

    /// A royal pawn that has just double-stepped and that the side to move could take en
    /// passant (`royal_en_passant: yes`) is the other side's: no check to the side to move,
    /// whatever pawns of the other side stand behind it, so a side with no move there is
    /// stalemated, as the reference engine says.
    #[test]
    fn the_other_sides_royal_pawn_open_to_en_passant_is_no_check() {
        use feerie_oracle::{Engine, ReferenceEngine, Status};
        let fen_text = "7k/5Q2/8/8/2p(wrP)4/2N5/2P5/8 b - d3 0 1";
        for slug in ["frankfurt", "protean"] {
            let rules = Rules::from_words(&[slug], Some("popeye"), &[]).unwrap();
            let position = fen::parse(fen_text, Validation::Strict).unwrap();
            let status = ReferenceEngine.status(&position, &rules).unwrap();
            assert_eq!(status, Status::Stalemate, "{slug}");
            let space = BitboardSpace::new(&rules);
            let p = space.enter(&position).unwrap();
            assert!(space.stalemated(&p).unwrap(), "{slug}");
        }
    }

    #[test]
    fn mating_children_are_the_marked_children_that_mate() {
        for rules in ["orthodox", "circe", "circe-parrain", "frankfurt"] {
            let rules = Rules::from_words(&[rules], None, &[]).unwrap();
            let fen_text = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
            let mates = space_children(fen_text, &rules, Want::Mating);
            assert_eq!(mates.len(), 1, "{rules:?}");
        }
    }

    /// Two moves that lead to one position are one child, whose records are both moves: the
    /// children's records are the reference engine's moves, each once, and no two children
    /// lead to the same position.
    #[test]
    fn moves_leading_to_one_position_are_one_child_with_every_record() {
        use feerie_oracle::{Engine, ReferenceEngine};
        let cases = [
            // Ka2*b1-a2 and Ra1*b1-a1.
            ("take-and-make", "7k/8/8/8/Q7/8/K7/Rq6 w - - 0 1"),
            // Ke1*d1 reborn on e1, Rh1*d1 reborn on h1.
            ("anticirce", "k7/8/8/8/8/8/8/3nK2R w - - 0 1"),
            ("anticirce-super", "k7/8/8/8/8/8/8/3nK2R w - - 0 1"),
        ];
        for (slug, fen_text) in cases {
            let rules = Rules::from_words(&[slug], Some("popeye"), &[]).unwrap();
            let position = fen::parse(fen_text, Validation::Strict).unwrap();
            let mut expected: Vec<String> = (ReferenceEngine.successors(&position, &rules))
                .unwrap()
                .into_iter()
                .map(|(m, _)| m.to_string())
                .collect();
            let space = BitboardSpace::new(&rules);
            let p = space.enter(&position).unwrap();
            for want in [Want::Marked, Want::Unmarked] {
                let children = space.children(&p, want).unwrap();
                let mut found = Vec::new();
                for (i, (mv, after)) in children.iter().enumerate() {
                    assert!(
                        children[..i]
                            .iter()
                            .all(|(_, a)| !same_but_clocks(a, after)),
                        "{slug}: two children lead to one position"
                    );
                    let records = space.records(&p, mv, after).unwrap();
                    found.extend(records.iter().map(|r| r.to_string()));
                }
                found.sort();
                expected.sort();
                assert_eq!(found, expected, "{slug}");
            }
        }
    }
}

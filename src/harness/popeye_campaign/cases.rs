//! The cases of a Popeye campaign: fuzzed positions with the marks Popeye reads otherwise taken
//! away, and the positions not asked of Popeye with the reason why.

use feerie_oracle::Switch;
use feerie_oracle::rules::{MarsMoves, RebornUnit, Rex};
use feerie_oracle::{
    Colour, Engine, Position, ReferenceEngine, Rules, Square, Validation, Walk, popeye_input,
};

use super::PopeyeCase;
use crate::harness::error::CampaignError;
use crate::harness::fuzzed::{Bucket, Generator, case_rng};

/// Case `index` of `bucket` (number `bucket_index` among the campaign's families).
pub fn make_popeye_case(
    generator: &Generator,
    bucket: &Bucket,
    bucket_index: usize,
    seed: u64,
    index: u64,
) -> Result<PopeyeCase, CampaignError> {
    let bucket_seed = seed ^ (bucket_index as u64 + 1).wrapping_mul(0xE703_7ED1_A0B4_28DB);
    let fuzzed = generator.generate(&mut case_rng(bucket_seed, index), bucket)?;
    let mut rules = bucket.rules.clone();
    // `rex` is drawn for the Circe family and the capturer mutations, where a condition in force
    // reads it and the engines take `rex=inclusive` (not under SAT with Plain Circe,
    // `Rules::refuses_royal_rebirth`); not for Mars Circe, whose `RexExclusive` Popeye 4.104
    // reads otherwise under Mirror: not yet settled.
    let rex_matters = (rules.circe_model().is_some() || rules.captures_mutate())
        && rules.switch_matters(Switch::Rex)
        && !rules.refuses_royal_rebirth();
    if rex_matters {
        match index % 3 {
            1 => rules.set("rex", "inclusive")?,
            2 => rules.set("rex", "exclusive")?,
            _ => {}
        }
    }
    Ok(PopeyeCase {
        bucket: bucket.name.clone(),
        index,
        position: fitted_for_popeye(fuzzed.position, &rules),
        rules,
    })
}

/// The position as Popeye is asked it under `rules` ([`without_marks`]); under Anti-Mars Circe
/// read as Popeye 4.104 reads it, without the rooks of a side that has a king, which Popeye
/// loses at later half-moves ([`anti_mars_known_wrong`]): the fuzzed positions compared there
/// are kept, with the other units.
pub(super) fn fitted_for_popeye(position: Position, rules: &Rules) -> Position {
    let position = without_marks(position);
    let rooks = rooks_popeye_loses(&position, rules);
    if rooks.is_empty() {
        return position;
    }
    let mut setup = position.setup().clone();
    for square in rooks {
        setup.board.set(square, None);
        setup.castling.remove(square);
    }
    Position::new(setup, Validation::Strict).unwrap_or(position)
}

/// Under Anti-Mars Circe read as Popeye 4.104 reads its castling (rooks put on their corners to
/// castle), the rooks of a side that has a king, which Popeye may lose at later half-moves
/// ([`anti_mars_known_wrong`]); none elsewhere.
fn rooks_popeye_loses(position: &Position, rules: &Rules) -> Vec<Square> {
    if !rules
        .mars_model()
        .is_some_and(|m| m.rooks_castle_from_rebirth_square())
    {
        return Vec::new();
    }
    let kings: Vec<Colour> = position
        .board()
        .pieces()
        .filter(|(_, p)| p.walk == Walk::King && !p.neutral)
        .map(|(_, p)| p.colour)
        .collect();
    position
        .board()
        .pieces()
        .filter(|(_, p)| p.walk == Walk::Rook && !p.neutral && kings.contains(&p.colour))
        .map(|(square, _)| square)
        .collect()
}

/// The position with its capture-mutable marks taken away, so that whole-board Frankfurt and
/// Protean are asked of Popeye: it reads a partial form otherwise than the rules (RULES.md §5).
pub(super) fn without_marks(position: Position) -> Position {
    if !position.board().pieces().any(|(_, p)| p.mutable) {
        return position;
    }
    let mut setup = position.setup().clone();
    for (square, piece) in position.board().pieces().collect::<Vec<_>>() {
        setup.board.set(square, Some(piece.with_mutable(false)));
    }
    Position::new(setup, Validation::Strict).unwrap_or(position)
}

/// Why a position is not asked of Popeye, if it is not: what its input cannot say, or a
/// rule where Popeye is known to differ on purpose.
pub fn not_for_popeye(position: &Position, rules: &Rules) -> Option<String> {
    let units: Vec<_> = position.board().pieces().collect();
    // Neutral units are magic ones (RULES.md §6); named apart, Popeye's neutral units being
    // another thing.
    if units.iter().any(|(_, p)| p.neutral) {
        return Some("neutral magic pieces (Popeye has no Bédoni magic pieces)".into());
    }
    if units.iter().any(|(_, p)| p.magic) {
        return Some("magic pieces (Popeye has no Bédoni magic pieces)".into());
    }
    if let Some(why) = crate::external::popeye::marks_read_otherwise(position) {
        return Some(why);
    }
    // Popeye's refusal reads its Circe, not its Anticirce (twin.c).
    let circe_rex_inclusive = rules
        .circe_model()
        .is_some_and(|m| m.reborn == RebornUnit::Captured)
        && rules.circe_rex() == Rex::Inclusive;
    if circe_rex_inclusive && units.iter().any(|(_, p)| p.royal && p.walk != Walk::King) {
        return Some(
            "a royal unit other than a king under Circe rex inclusive (Popeye: \"no royal \
             pieces with PWC or rex inclusive\")"
                .into(),
        );
    }
    // Under Circe rex inclusive an attacked king may stand where it can be reborn, under
    // Anticirce where its attacker could not be, and under Mars Circe a unit checks from its
    // rebirth square, under SAT a check is a flight, under Annan chess a unit checks by the
    // walk of the unit behind it, under Patrol chess and Lortap by its support, under Grid
    // chess only across a grid line, and under Danger Circe an observed unit checks from its
    // rebirth square too, and under Make&Take a unit checks after a make, which the rule-blind
    // validation does not read: there the check is read under the rules.
    let setup = position.setup().clone();
    let checked = if rules.circe_model().is_some_and(|m| m.check_reads_rebirth())
        || rules.mars_model().is_some()
        || rules.sat()
        || rules.annan()
        || rules.patrol().is_some()
        || rules.grid().is_some()
        || rules.danger_circe()
        || rules.make_and_take()
    {
        Position::under_rules(setup, Validation::Strict, rules)
    } else {
        Position::new(setup, Validation::Strict)
    };
    if let Err(e) = checked {
        return Some(format!("not a legal position ({e})"));
    }
    if let Err(e) = ReferenceEngine.status(position, rules) {
        return Some(format!("not a position of these rules ({e})"));
    }
    if let Some(why) = anti_mars_known_wrong(position, rules) {
        return Some(why);
    }
    popeye_input::write(position, rules, "stipulation ~1")
        .err()
        .map(|e| e.to_string())
}

/// Anti-Mars Circe where Popeye 4.104 is known to go wrong (the book's chapter "Working with
/// Popeye", for Popeye's maintainers): it crashes under `rex: exclusive`; and where a side has
/// a king and a rook, its castling machinery (rooks put on their corners to castle) may lose
/// a rook from the board or give it to the wrong castling at later half-moves, even where no
/// castling is played.
fn anti_mars_known_wrong(position: &Position, rules: &Rules) -> Option<String> {
    let model = rules
        .mars_model()
        .filter(|m| m.moves == MarsMoves::NonCaptures)?;
    if !model.royals_move() {
        return Some("Anti-Mars Circe with rex exclusive (Popeye 4.104 crashes on it)".into());
    }
    (!rooks_popeye_loses(position, rules).is_empty()).then(|| {
        "a king and a rook of one side under Anti-Mars Circe (Popeye 4.104's castling with a \
         rook put on its corner loses rooks at later half-moves)"
            .into()
    })
}

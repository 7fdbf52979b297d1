//! Which conditions may be in force together: the combinations the engines model and Popeye's
//! answers were compared on; any other is refused with the reason, rather than guessed.

use super::{Condition, ConditionKind, RebornUnit, RelevantUnit, Rules, RulesError};

impl Rules {
    /// Refuses a combination of conditions the engines do not model.
    pub(super) fn check_combination(&self) -> Result<(), RulesError> {
        let circe: Vec<&Condition> = self.conditions.iter().filter(|c| c.is_circe()).collect();
        if circe.len() > 1 {
            return Err(RulesError(format!(
                "at most one Circe-family condition at a time (got {})",
                circe
                    .iter()
                    .map(|c| c.slug())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mutations: Vec<&Condition> =
            self.conditions.iter().filter(|c| c.is_mutating()).collect();
        if mutations.len() > 1 {
            return Err(RulesError(format!(
                "{} are one rule (the capturer takes the captured unit's walk) with different \
                 presets: choose one (and set its switches, such as pawn_direction)",
                mutations
                    .iter()
                    .map(|c| c.slug())
                    .collect::<Vec<_>>()
                    .join(" and ")
            )));
        }
        // One measure a side, as Popeye allows (its `TwoMummerCond`).
        for side in [crate::Colour::White, crate::Colour::Black] {
            let mummers: Vec<&Condition> = (self.conditions.iter())
                .filter(|c| c.mummer().is_some_and(|(s, _)| s == side))
                .collect();
            if let [first, second, ..] = mummers[..] {
                return Err(RulesError(format!(
                    "{first} with {second}: one side plays by one measure of its moves at a time"
                )));
            }
        }
        // Mars Circe moves the capturer before the capture: with a rebirth of the unit taken
        // or a mutation of the capturer, a combination no source states and Popeye's answers
        // have not been compared on: refused rather than guessed.
        let mars: Vec<&Condition> = self.conditions.iter().filter(|c| c.is_mars()).collect();
        if let Some(first) = mars.first()
            && let Some(other) = self.conditions.iter().find(|c| *c != *first)
        {
            return Err(RulesError(format!(
                "{first} with {other} is not modelled: Mars Circe combines with no other condition"
            )));
        }
        // A colour change after a rebirth, a mutation or a move from a rebirth square, and an
        // observation between units of one walk under another condition's moves, are
        // combinations Popeye's answers have not been compared on.
        if let Some(first) = (self.conditions.iter()).find(|c| {
            c.colour_change().is_some()
                || c.observation_rule().is_some()
                || c.takes_and_makes()
                || c.is_checkless()
                || c.is_sat()
                || c.koeko_rule().is_some()
                || c.is_annan()
                || c.is_danger_circe()
                || c.bans_captures()
                || c.patrol_rule().is_some()
                || c.grid_lines().is_some()
        }) && let Some(other) =
            (self.conditions.iter()).find(|c| *c != first && !combines(*first, **c))
        {
            return Err(RulesError(format!(
                "{first} with {other} is not modelled: {first} combines with no other condition"
            )));
        }
        // Couscous reads the capturer as it stands after the capture, and Anticirce rebirths
        // it; with a capturer mutation that is the captured unit's walk, a reading no source
        // states and Popeye's answers have not been compared on: refused rather than guessed.
        let reads_capturer = circe.iter().find(|c| {
            matches!(
                c.entry().kind,
                ConditionKind::Circe {
                    relevant: RelevantUnit::Other,
                    ..
                } | ConditionKind::Circe {
                    reborn: RebornUnit::Capturer,
                    ..
                }
            )
        });
        if let (Some(circe), Some(mutation)) = (reads_capturer, mutations.first()) {
            return Err(RulesError(format!(
                "{circe} with {mutation} is not modelled: the rebirth would follow the \
                 capturer's walk after its mutation"
            )));
        }
        Ok(())
    }
}

/// Whether `first`, a condition that otherwise combines with no other, combines with `other`.
/// Ohneschach and NoCapture keep or drop whole moves after every other rule has made them (a
/// check that must mate, a capture that is no move), so each combines with the other, with the
/// mummer conditions and with the Circe family but Mars Circe; Patrol chess, Ultra-Patrol and
/// Lortap judge a move and a check by the board before it, so they combine with the mummer
/// conditions and that Circe family too; Grid chess combines with the mummer conditions alone
/// (each pair checked against Popeye 4.104 by a fuzz family, `circe+checkless`, `circe+patrol`,
/// `anticirce+lortap`, `grid+black-maximummer`, …).
fn combines(first: Condition, other: Condition) -> bool {
    let is_filter = |c: Condition| c.is_checkless() || c.bans_captures();
    let circe_or_mummer = other.is_circe() || other.mummer().is_some();
    if first.grid_lines().is_some() {
        return other.mummer().is_some();
    }
    match first.patrol_rule() {
        Some(_) => circe_or_mummer,
        None => is_filter(first) && (is_filter(other) || circe_or_mummer),
    }
}

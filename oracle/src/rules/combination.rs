//! Which conditions may be in force together: the combinations the engines model and Popeye's
//! answers were compared on; any other is refused with the reason, rather than guessed.

use super::{
    Condition, ConditionKind, KoekoRule, ObservationRule, RebirthPlace, RebirthTime, RebirthWalk,
    RebornUnit, RelevantUnit, Rules, RulesError,
};

impl Rules {
    /// Whether units of `walk` may stand under these rules: under Imitator chess not the
    /// Chinese pieces nor the lion, whose moves the imitators cannot follow (Popeye 4.104
    /// refuses them there, "conditions too fairy for imitator").
    ///
    /// ```
    /// use feerie_oracle::{Condition, Profile, Rules, Walk};
    /// let rules = Rules::new([Condition::Imitator], Profile::Popeye).unwrap();
    /// let walk = |code| Walk::from_popeye_code(code).unwrap();
    /// assert!(!rules.takes_walk(walk("LE")) && rules.takes_walk(walk("G")));
    /// assert!(Rules::orthodox().takes_walk(walk("LE")));
    /// ```
    pub fn takes_walk(&self, walk: crate::Walk) -> bool {
        use crate::walk::{Hop, Part};
        !self.imitator()
            || !walk
                .shape()
                .iter()
                .any(|part| matches!(part, Part::Hop(Hop::Chinese | Hop::Lion, _)))
    }
}

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
        // Geneva chess reads the capturer's rebirth square without placing anyone: with a
        // rebirth, a mutation or any other rule of captures, a combination Popeye's answers have
        // not been compared on: refused rather than guessed.
        if let Some(geneva) = self.conditions.iter().find(|c| c.is_geneva())
            && let Some(other) = self.conditions.iter().find(|c| *c != geneva)
        {
            return Err(RulesError(format!(
                "{geneva} with {other} is not modelled: Geneva chess combines with no other \
                 condition"
            )));
        }
        // Imitator chess moves its imitators with every move: with another rule of moves, a
        // combination Popeye's answers have not been compared on: refused rather than guessed.
        if self.conditions.contains(&Condition::Imitator)
            && let Some(other) = self.conditions.iter().find(|c| **c != Condition::Imitator)
        {
            return Err(RulesError(format!(
                "imitator with {other} is not modelled: Imitator chess combines with no other \
                 condition"
            )));
        }
        // Cage Circe judges a cage by the moves the reborn unit could make: with another
        // condition changing the moves or what they do, a reading Popeye's answers have not
        // been compared on: refused rather than guessed.
        if let Some(cage) = circe
            .iter()
            .find(|c| c.rebirth_place() == Some(RebirthPlace::Cage))
            && let Some(other) = self.conditions.iter().find(|c| **c != **cage)
        {
            return Err(RulesError(format!(
                "{cage} with {other} is not modelled: Cage Circe combines with no other condition"
            )));
        }
        // A colour change after a rebirth, a mutation or a move from a rebirth square, and an
        // observation between units of one walk under another condition's moves, are
        // combinations Popeye's answers have not been compared on.
        // Each such condition is judged with every other in force.
        let refused = (self
            .conditions
            .iter()
            .filter(|c| c.has_listed_combinations()))
        .find_map(|first| {
            (self.conditions.iter())
                .find(|c| *c != first && !combines(*first, **c))
                .map(|other| (first, other))
        });
        if let Some((first, other)) = refused {
            return Err(RulesError(format!(
                "{first} with {other} is not modelled: {first} combines only with the \
                 conditions on which Popeye 4.104 was shown to agree with both engines"
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

/// Whether `first`, a condition that otherwise combines with no other, combines with `other`,
/// each pair as Popeye 4.104's answers agree with both engines on it (fuzz families
/// `circe+checkless`, `circe+patrol`, `circe+madrasi`, …; other pairs were compared once on
/// sixty positions each, those that differ refused):
/// - Ohneschach and NoCapture keep or drop whole moves after every other rule has made them:
///   each with the other, the mummer conditions and the Circe family but Mars Circe and
///   Anti-Super Circe (compared alone);
/// - Patrol chess, Ultra-Patrol chess and Lortap: the mummer conditions and that Circe family;
/// - Grid chess: the mummer conditions;
/// - Madrasi and Annan chess: that Circe family;
/// - Isardam: a Circe condition that reborns the captured unit with the capture (not Anticirce
///   nor Parrain, where Popeye answers otherwise), and the mummer conditions; Koeko (not
///   AntiKoeko nor NewKoeko, not compared): such a Circe condition but Super Circe (Popeye
///   refuses it with Anticirce and Super Circe);
/// - Andernach chess: a Circe condition that reborns the captured unit (under Anticirce Popeye
///   recolours the capturer after its rebirth, not before);
/// - Kobul Kings: the Circe family but Anti-Super Circe (fuzz families `circe+kobul-kings`,
///   `anticirce+kobul-kings`): the royal unit that changes walk is the other side's, whatever
///   the rebirth does with the units of the capture;
/// - SAT: Plain Circe (fuzz family `circe+sat`) and Andernach chess (`andernach+sat`).
///
/// Under `rex=inclusive` SAT with Plain Circe is refused by the engines
/// ([`Rules::refuses_royal_rebirth`]). Compared on 150 positions each and refused (Popeye 4.104
/// answers otherwise on a quarter to nearly half of them): Koeko with Circe Parrain, Madrasi
/// with Grid chess, Isardam with Take&Make chess. Take&Make chess with Plain Circe: Popeye
/// agrees on the moves (2,000 positions under `rex=exclusive`), but a capture whose unit taken
/// comes back where it stood may lead to the position a quiet move leads to, and the solver's
/// bitboard space keeps one child per position, judging the goal `x` by one of the moves: refused
/// until it tells them apart.
fn combines(first: Condition, other: Condition) -> bool {
    let is_filter = |c: Condition| c.is_checkless() || c.bans_captures();
    // Anti-Super Circe (the capturer reborn on any empty square), AntiClone Circe and
    // Chameleon Anticirce (the capturer reborn with another walk) were compared alone.
    let anti_super = matches!(
        other.entry().kind,
        ConditionKind::Circe {
            reborn: RebornUnit::Capturer,
            place: RebirthPlace::AnyEmpty,
            ..
        } | ConditionKind::Circe {
            reborn: RebornUnit::Capturer,
            walk: RebirthWalk::Cloned | RebirthWalk::Chameleon,
            ..
        }
    );
    let (circe, mummer) = (other.is_circe() && !anti_super, other.mummer().is_some());
    let circe_or_mummer = circe || mummer;
    // The captured unit reborn with the capture (not Anticirce, not Parrain), and on which
    // square (Super Circe: any).
    let captured_reborn_at_once = matches!(
        other.entry().kind,
        ConditionKind::Circe {
            reborn: RebornUnit::Captured,
            time: RebirthTime::Immediate,
            ..
        }
    );
    let any_square = matches!(
        other.entry().kind,
        ConditionKind::Circe {
            place: RebirthPlace::AnyEmpty,
            ..
        }
    );
    if first.grid_lines().is_some() {
        mummer
    } else if is_filter(first) {
        is_filter(other) || circe_or_mummer
    } else if first.patrol_rule().is_some() {
        circe_or_mummer
    } else if first.observation_rule() == Some(ObservationRule::Paralyses) || first.is_annan() {
        circe
    } else if first.observation_rule().is_some() {
        captured_reborn_at_once || mummer
    } else if first.koeko_rule() == Some(KoekoRule::Contact) {
        captured_reborn_at_once && !any_square
    } else if first.is_sat() {
        other == Condition::Circe || other == Condition::Andernach
    } else if first.is_kobul_kings() {
        circe
    } else if first.colour_change().is_some() {
        (circe && other.reborn_unit() == Some(RebornUnit::Captured)) || other.is_sat()
    } else {
        false
    }
}

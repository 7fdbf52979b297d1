//! The rules resolved: what an engine reads of a rule set, typed, worked out once when the
//! rules are made or changed.
//!
//! A switch's value comes from the command line, a condition's preset or the profile (see
//! [`super::Rules::value`]), written as a string; engines read the values inside their move
//! generators, so [`ResolvedRules`] reads each string once and holds the typed value, with the
//! answers that follow from the conditions in force (the Circe variant, whether captures
//! mutate, the two readings of `rex`). [`super::Rules`] keeps one in step with its conditions,
//! profile and switches; engines take a copy for as long as they work under the rules.

use std::collections::{BTreeMap, BTreeSet};

use super::{CirceModel, Condition, MarsModel, Profile, Rex, Switch, SwitchValues};

/// A rule set as engines read it: every switch typed, and what the conditions in force decide.
///
/// ```
/// use feerie_oracle::{Condition, Profile, Rules};
/// use feerie_oracle::rules::{ParrainLongCastling, RebirthTime, Rex};
/// let both = Rules::new([Condition::CirceParrain, Condition::Frankfurt], Profile::Popeye).unwrap();
/// let resolved = both.resolve();
/// assert_eq!(resolved.switches.parrain_long_castling, ParrainLongCastling::TowardH);
/// assert_eq!(resolved.circe.unwrap().time, RebirthTime::NextMove);
/// assert_eq!((resolved.circe_rex, resolved.mutation_rex), (Rex::Exclusive, Rex::Inclusive));
/// assert!(resolved.captures_mutate && !resolved.orthodox);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResolvedRules {
    /// Every switch's value as [`super::Rules::value`] gives it; `rex` there is the reading of the
    /// first condition in force (the Circe family's when one is), so the rules read
    /// [`ResolvedRules::circe_rex`] and [`ResolvedRules::mutation_rex`] instead.
    pub switches: SwitchValues,
    /// Whether kings take part in rebirth (the Circe family's reading of `rex`).
    pub circe_rex: Rex,
    /// Whether kings take part in capturer mutation (Frankfurt's and Protean's reading of
    /// `rex`).
    pub mutation_rex: Rex,
    /// The Circe variant in force, as a combination of choices.
    pub circe: Option<CirceModel>,
    /// The Mars Circe variant in force (units capture from their rebirth square).
    pub mars: Option<MarsModel>,
    /// Geneva chess, if in force.
    pub geneva: Option<super::GenevaModel>,
    /// Whether captures change the capturer's walk (Frankfurt or Protean).
    pub captures_mutate: bool,
    /// Which moves recolour their mover (Andernach chess), if any.
    pub colour_change: Option<super::ColourChangeMoves>,
    /// Madrasi or Isardam, if one is in force.
    pub observation: Option<super::ObservationModel>,
    /// Whether a capture is completed by a move of the captured unit's walk (Take&Make).
    pub take_and_make: bool,
    /// Whether a capture is preceded by a make of the captured unit's walk (Make&Take).
    pub make_and_take: bool,
    /// Whether a move that gives check is legal only if it mates (Ohneschach).
    pub checkless: bool,
    /// Whether a side is in check when its king has a flight (SAT).
    pub sat: bool,
    /// Imitators follow every move (Imitator chess).
    pub imitator: bool,
    /// Koeko, AntiKoeko or NewKoeko: what a unit's neighbours must be once it has moved.
    pub koeko: Option<super::KoekoRule>,
    /// Whether a unit with a unit of its side behind it moves by that unit's walk (Annan).
    pub annan: bool,
    /// Whether an observed unit may also move to its Plain Circe rebirth square (Danger Circe).
    pub danger_circe: bool,
    /// Whether each side's (White, then Black) royal unit takes the walk of a unit of its side
    /// taken (Kobul Kings).
    pub kobul: [bool; 2],
    /// Breton chess, one of its variants, if one is in force.
    pub breton: Option<super::BretonRule>,
    /// Patrol chess, Ultra-Patrol chess or Lortap, if one is in force.
    pub patrol: Option<super::PatrolRule>,
    /// Whether each side's (White, then Black) captures are no moves (NoCapture).
    pub no_capture: [bool; 2],
    /// Where the grid lines run, under Grid chess: a move and an attack must cross one.
    pub grid: Option<super::GridLines>,
    /// What each side (White, then Black) prefers among its legal moves (Maximummer,
    /// Minimummer, Must Capture), if a condition restricts it.
    pub mummer: [Option<super::MoveMeasure>; 2],
    /// Whether no condition is in force.
    pub orthodox: bool,
}

impl ResolvedRules {
    /// Whether a rook on its corner keeps its castling right when its king moves (see
    /// [`super::Rules::rook_rights_outlive_king`]).
    #[inline]
    pub fn rook_rights_outlive_king(&self) -> bool {
        self.circe.is_some_and(|m| m.kings_come_back())
            || self.mars.is_some_and(|m| m.castles_from_rebirth_square())
            || self.make_and_take
            || self.kobul.contains(&true)
    }

    /// Whether a pawn may take en passant onto a unit of its own side: Circe Parrain in force
    /// with `parrain_en_passant: removes_own_unit`. Only a Parrain rebirth fills the square a
    /// double step passed, so under any other rule the question does not arise.
    #[inline]
    pub fn en_passant_onto_own_unit(&self) -> bool {
        self.switches.parrain_en_passant == super::ParrainEnPassant::RemovesOwnUnit
            && self
                .circe
                .is_some_and(|m| m.time == super::RebirthTime::NextMove)
    }
}

/// What a rule set is made of, before it is resolved: the conditions in force, the profile and
/// the switches set one by one.
pub(super) struct Choice<'a> {
    /// The conditions in force.
    pub conditions: &'a BTreeSet<Condition>,
    /// The profile, whose defaults hold where neither a switch set nor a preset does.
    pub profile: Profile,
    /// The switches set one by one, with their values.
    pub overrides: &'a BTreeMap<Switch, &'static str>,
}

impl Choice<'_> {
    /// The value of a switch: as set, else the value the first condition in force presets for
    /// it (the Circe family comes first), else the profile's default.
    pub fn value(&self, switch: Switch) -> &'static str {
        self.overrides.get(&switch).copied().unwrap_or_else(|| {
            self.conditions
                .iter()
                .find_map(|c| c.entry().preset(switch, self.profile))
                .unwrap_or_else(|| switch.default_under(self.profile))
        })
    }

    /// The value of a switch as `condition`'s rule reads it, whether or not it is in force: as
    /// set, else as that condition presets it, else the profile's default.
    pub fn value_for(&self, switch: Switch, condition: Condition) -> &'static str {
        self.overrides.get(&switch).copied().unwrap_or_else(|| {
            condition
                .entry()
                .preset(switch, self.profile)
                .unwrap_or_else(|| switch.default_under(self.profile))
        })
    }

    /// The rule set resolved.
    pub fn resolve(&self) -> ResolvedRules {
        let switches = SwitchValues::read(|switch| self.value(switch));
        let rex = |condition: Condition| -> Rex {
            self.value_for(Switch::Rex, condition)
                .parse()
                .expect("switch values come from the switch's own list")
        };
        let circe_condition = self.conditions.iter().copied().find(|c| c.is_circe());
        let mutating = self.conditions.iter().copied().find(|c| c.is_mutating());
        let circe_rex = rex(circe_condition.unwrap_or(Condition::Circe));
        ResolvedRules {
            switches,
            circe_rex,
            mutation_rex: rex(mutating.unwrap_or(Condition::Frankfurt)),
            circe: circe_condition.and_then(|c| {
                CirceModel::with(
                    c,
                    switches.rebirth_occupied,
                    circe_rex,
                    switches.anticirce_type,
                )
            }),
            mars: self
                .conditions
                .iter()
                .find_map(|&c| MarsModel::with(c, rex(c), &switches)),
            geneva: self
                .conditions
                .iter()
                .find_map(|&c| super::GenevaModel::with(c, rex(c))),
            captures_mutate: mutating.is_some(),
            colour_change: self.conditions.iter().find_map(|c| c.colour_change()),
            take_and_make: self.conditions.iter().any(|c| c.takes_and_makes()),
            make_and_take: self.conditions.iter().any(|c| c.makes_and_takes()),
            checkless: self.conditions.iter().any(|c| c.is_checkless()),
            sat: self.conditions.iter().any(|c| c.is_sat()),
            imitator: self.conditions.contains(&Condition::Imitator),
            koeko: self.conditions.iter().find_map(|c| c.koeko_rule()),
            annan: self.conditions.iter().any(|c| c.is_annan()),
            danger_circe: self.conditions.iter().any(|c| c.is_danger_circe()),
            kobul: [crate::Colour::White, crate::Colour::Black]
                .map(|side| self.conditions.iter().any(|c| c.kobul_kings_of(side))),
            breton: self.conditions.iter().find_map(|c| c.breton_rule()),
            patrol: self.conditions.iter().find_map(|c| c.patrol_rule()),
            no_capture: [crate::Colour::White, crate::Colour::Black]
                .map(|side| self.conditions.iter().any(|c| c.bans_captures_of(side))),
            grid: self.conditions.iter().find_map(|c| c.grid_lines()),
            mummer: [crate::Colour::White, crate::Colour::Black].map(|side| {
                (self.conditions.iter())
                    .find_map(|c| c.mummer().filter(|(s, _)| *s == side).map(|(_, m)| m))
            }),
            observation: (self.conditions.iter()).find_map(|&c| {
                let rule = c.observation_rule()?;
                let rook = switches.paralysed_rook_castling;
                Some(super::ObservationModel::new(rule, rex(c), rook))
            }),
            orthodox: self.conditions.is_empty(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::rules::FuzzFamily;

    /// The resolved value the rules hold is in step with them (after each setter too), and
    /// says what the rules say when asked switch by switch: for every family of conditions,
    /// under each profile, with each switch set to each value.
    #[test]
    fn the_resolved_values_are_the_values_of_the_rules() {
        for family in FuzzFamily::all() {
            for profile in Profile::ALL {
                let base = Rules::new(family.conditions.iter().copied(), profile).unwrap();
                let mut variants = vec![base.clone()];
                for switch in Switch::ALL {
                    for value in switch.values() {
                        let mut rules = base.clone();
                        rules.set(switch.key(), value).unwrap();
                        variants.push(rules);
                    }
                }
                for rules in variants {
                    let resolved = rules.resolve();
                    assert_eq!(*resolved, rules.choice().resolve(), "{rules}");
                    for switch in Switch::ALL {
                        let written = rules.choice().value(switch);
                        assert_eq!(resolved.switches.get(switch), written, "{rules}");
                    }
                    let circe = rules.circe();
                    let rex = |c| rules.value_for(Switch::Rex, c);
                    let circe_rex = rex(circe.unwrap_or(Condition::Circe));
                    assert_eq!(resolved.circe_rex.as_str(), circe_rex, "{rules}");
                    let mutating = rules.conditions().find(|c| c.is_mutating());
                    let mutation_rex = rex(mutating.unwrap_or(Condition::Frankfurt));
                    assert_eq!(resolved.mutation_rex.as_str(), mutation_rex, "{rules}");
                    assert_eq!(resolved.captures_mutate, mutating.is_some(), "{rules}");
                    let model = circe.and_then(|c| CirceModel::of(c, &rules));
                    assert_eq!(resolved.circe, model, "{rules}");
                    let mars = rules.conditions().find(|c| c.is_mars());
                    let mars_rex = mars.map(|c| rex(c).parse::<Rex>().unwrap());
                    assert_eq!(resolved.mars.map(|m| m.rebirth.rex), mars_rex, "{rules}");
                    let colour_change = rules.conditions().find_map(|c| c.colour_change());
                    assert_eq!(resolved.colour_change, colour_change, "{rules}");
                    let take_and_make = rules.conditions().any(|c| c.takes_and_makes());
                    assert_eq!(resolved.take_and_make, take_and_make, "{rules}");
                    let make_and_take = rules.conditions().any(|c| c.makes_and_takes());
                    assert_eq!(resolved.make_and_take, make_and_take, "{rules}");
                    let checkless = rules.conditions().any(|c| c.is_checkless());
                    assert_eq!(resolved.checkless, checkless, "{rules}");
                    let sat = rules.conditions().any(|c| c.is_sat());
                    assert_eq!(resolved.sat, sat, "{rules}");
                    let koeko = rules.conditions().find_map(|c| c.koeko_rule());
                    assert_eq!(resolved.koeko, koeko, "{rules}");
                    let annan = rules.conditions().any(|c| c.is_annan());
                    assert_eq!(resolved.annan, annan, "{rules}");
                    let danger = rules.conditions().any(|c| c.is_danger_circe());
                    assert_eq!(resolved.danger_circe, danger, "{rules}");
                    let breton = rules.conditions().find_map(|c| c.breton_rule());
                    assert_eq!(resolved.breton, breton, "{rules}");
                    let patrol = rules.conditions().find_map(|c| c.patrol_rule());
                    assert_eq!(resolved.patrol, patrol, "{rules}");
                    for side in [crate::Colour::White, crate::Colour::Black] {
                        let kobul = rules.conditions().any(|c| c.kobul_kings_of(side));
                        assert_eq!(resolved.kobul[side as usize], kobul, "{rules}");
                        let banned = rules.conditions().any(|c| c.bans_captures_of(side));
                        assert_eq!(resolved.no_capture[side as usize], banned, "{rules}");
                    }
                    let grid = rules.conditions().find_map(|c| c.grid_lines());
                    assert_eq!(resolved.grid, grid, "{rules}");
                    let mummers = rules.conditions().filter(|c| c.mummer().is_some()).count();
                    let resolved_mummers = resolved.mummer.iter().flatten().count();
                    assert_eq!(resolved_mummers, mummers, "{rules}");
                    let observing = rules.conditions().find(|c| c.observation_rule().is_some());
                    let royals_observed = observing.map(|c| rex(c) == "inclusive");
                    assert_eq!(
                        resolved.observation.map(|m| m.royals_observed),
                        royals_observed,
                        "{rules}"
                    );
                    assert_eq!(resolved.orthodox, rules.is_orthodox(), "{rules}");
                }
            }
        }
    }
}

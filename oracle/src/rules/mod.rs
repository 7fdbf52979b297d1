//! The rules in force: conditions, profile and switch values.
//!
//! Each condition is declared once in [`registry`], each switch once in the list behind
//! [`Switch`] (its default under each profile there); [`Rules`] resolves them once, into a
//! [`ResolvedRules`] it keeps, and engines read the value of each switch there.
//!
//! # Switches and profiles
//!
//! Each switch is an enum of its values, written as on the command line (`--set KEY=VALUE`).
//! [`Rules`] resolves a switch that is not set to the value a condition in force presets, else
//! to the value of the profile in force:
//!
//! | switch | values | profile `documented` | profile `popeye` |
//! |---|---|---|---|
//! | `rex` | `exclusive`, `inclusive` | `exclusive` for the Circe family, Phantom chess, Madrasi and Isardam, `inclusive` for Anticirce, Mars and Anti-Mars Circe, Frankfurt and Protean | the same |
//! | `rebirth_occupied` | `relaxed`, `strict` | `relaxed`, `strict` under Anticirce | the same |
//! | `anticirce_type` | `calvet`, `cheylan` | `calvet` | `calvet` |
//! | `mars_castling` | `own_square`, `rebirth_square_too` | `own_square` | `rebirth_square_too` |
//! | `phantom_observation` | `own_unit`, `any_unit_of_its_walk` | `own_unit` | `any_unit_of_its_walk` |
//! | `mars_rook_castling` | `its_side`, `first_castling` | `its_side` | `first_castling` |
//! | `mars_null_double_step` | `no`, `yes` | `no` | `yes` |
//! | `paralysed_rook_castling` | `no`, `yes` | `no` | `yes` |
//! | `parrain_long_castling` | `toward_a`, `toward_h` | `toward_a` | `toward_h` |
//! | `first_rank_pawns` | `step`, `guard_only`, `inert` | `step` | `step` under Parrain and Cage Circe, `guard_only` under Equipollents, `inert` otherwise |
//! | `fairy_promotion` | `present_walks`, `orthodox_only` | `present_walks` | `present_walks` |
//! | `clone_walk_when_promoting` | `pawn`, `promoted` | `pawn` | `pawn` |
//! | `clone_royal_victim` | `keeps_walk`, `takes_walk` | `keeps_walk` | `takes_walk` |
//! | `parrain_other_side_promotion` | `promotes`, `stays` | `promotes` | `stays` |
//! | `parrain_en_passant` | `empty_square`, `removes_own_unit` | `empty_square` | `removes_own_unit` |
//! | `pawn_direction` | `own`, `opposing` | `own` (frankfurt), `opposing` (protean) | the same |
//! | `same_walk_capture` | `keep`, `flip` | `keep` (frankfurt), `flip` (protean) | the same |
//! | `mutation_castling` | `new_rook`, `every_capture` | `new_rook` | `every_capture` |
//! | `royal_rider_passage` | `free`, `safe` | `free` | `free` |
//! | `royal_en_passant` | `no`, `yes`, `even_if_filled` | `no` | `even_if_filled` |
//! | `magic_contact_scope` | `new_contacts`, `all_contacts` | `new_contacts` | `new_contacts` |
//! | `magic_steps` | `one`, `one_per_magic_piece` | `one` | `one` |
//! | `magic_kept_contact` | `no_effect`, `reestablishes` | `no_effect` | `no_effect` |
//! | `magic_pawn_edge` | `promote`, `stay` | `promote` | `promote` |
//! | `magic_rebirth_contact` | `mutates`, `no_effect` | `mutates` | `mutates` |
//! | `magic_fairy_outside_chain` | `stays`, `as_queen` | `stays` | `stays` |
//! | `magic_mixed_fairy` | `no_fairy_end`, `no_mutation` | `no_fairy_end` | `no_fairy_end` |
//!
//! What each value does is stated by the rule module that reads it: the Circe switches in
//! `reference::rebirth`, the Frankfurt and Protean ones in `reference::mutation`, the magic ones in
//! `reference::contact`, `first_rank_pawns` and `paralysed_rook_castling` in `reference::displacement`, `royal_rider_passage` in
//! `reference::legality`, `fairy_promotion` in `reference::displacement`, `royal_en_passant` in
//! `reference::check`, `mutation_castling` and `parrain_en_passant` in `reference::make`.

mod annan;
mod anticirce_walk_entries;
mod breton;
mod circe;
mod colour_change;
mod combination;
mod condition;
mod entry;
mod entry_builders;
mod fuzz_family;
mod geneva;
mod grid;
mod koeko;
mod mars;
mod move_read_entries;
mod mummer;
mod observation;
mod patrol;
mod profile;
pub mod registry;
mod resolved;
mod source_entries;
mod switch;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

pub use annan::annanised_walk;
pub use breton::{BretonRule, BretonSide, BretonTime};
pub use circe::{
    CirceModel, PromotionChooser, RebirthAdapter, RebirthPlace, RebirthSide, RebirthTime,
    RebirthWalk, RebornUnit, RelevantUnit,
};
pub use colour_change::ColourChangeMoves;
pub use condition::{Condition, UnknownCondition};
pub use fuzz_family::FuzzFamily;
pub use geneva::GenevaModel;
pub use grid::GridLines;
pub use koeko::KoekoRule;
pub use mars::{MarsModel, MarsMoves};
pub use mummer::MoveMeasure;
pub use observation::{ObservationModel, ObservationRule};
pub use patrol::PatrolRule;
pub use profile::Profile;
pub use registry::{ConditionEntry, ConditionKind, PopeyeReading, Scope};
use resolved::Choice;
pub use resolved::ResolvedRules;
pub use switch::*;

/// How many checks deep Ohneschach's question (does a check mate?) is asked: a check whose
/// answer lies deeper stands, as in Popeye 4.104, whose recursion stopper lets the move stand
/// likewise. Both engines read it.
pub const CHECKLESS_DEPTH: u32 = 16;

/// An error in a rule set: an unknown slug, switch or value, or conditions that cannot combine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// Conditions in force, the profile, and the switches set one by one over it.
///
/// ```
/// use feerie_oracle::{Condition, Profile, Rules, rules::ParrainLongCastling};
/// let mut rules = Rules::new([Condition::CirceParrain], Profile::Popeye).unwrap();
/// assert_eq!(rules.parrain_long_castling(), ParrainLongCastling::TowardH);
/// rules.set("parrain_long_castling", "toward_a").unwrap();
/// assert_eq!(rules.parrain_long_castling(), ParrainLongCastling::TowardA);
/// assert!(rules.set("parrain_long_castling", "left").unwrap_err().to_string().contains("toward_a, toward_h"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    conditions: BTreeSet<Condition>,
    profile: Profile,
    overrides: BTreeMap<Switch, &'static str>,
    /// The three above resolved: made by every constructor and remade by every setter, so
    /// that reading a switch parses nothing.
    resolved: ResolvedRules,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::orthodox()
    }
}

impl Rules {
    /// Orthodox chess under the `documented` profile.
    pub fn orthodox() -> Rules {
        Rules::resolving(BTreeSet::new(), Profile::Documented, BTreeMap::new())
    }

    /// These conditions under a profile, with no switch overridden.
    pub fn new(
        conditions: impl IntoIterator<Item = Condition>,
        profile: Profile,
    ) -> Result<Rules, RulesError> {
        let rules = Rules::resolving(conditions.into_iter().collect(), profile, BTreeMap::new());
        rules.check_combination()?;
        Ok(rules)
    }

    /// The rules of these conditions, profile and switches set, resolved.
    fn resolving(
        conditions: BTreeSet<Condition>,
        profile: Profile,
        overrides: BTreeMap<Switch, &'static str>,
    ) -> Rules {
        let resolved = Choice {
            conditions: &conditions,
            profile,
            overrides: &overrides,
        }
        .resolve();
        Rules {
            conditions,
            profile,
            overrides,
            resolved,
        }
    }

    /// What the rules are made of, for resolving them.
    fn choice(&self) -> Choice<'_> {
        Choice {
            conditions: &self.conditions,
            profile: self.profile,
            overrides: &self.overrides,
        }
    }

    /// The rules resolved: every switch typed, and what the conditions in force decide. Made
    /// when the rules are made or changed; engines read it (or a copy of it) in their move
    /// generators.
    pub fn resolve(&self) -> &ResolvedRules {
        &self.resolved
    }

    /// Builds rules from command-line words: slugs, each possibly a comma-separated list
    /// (`orthodox` alone means no condition), an optional profile name, and `KEY=VALUE` switch
    /// settings. An empty slug, `orthodox` with a condition, a condition named twice and a switch
    /// set twice to different values are errors, not silent choices.
    ///
    /// ```
    /// use feerie_oracle::Rules;
    /// let none: &[&str] = &[];
    /// assert!(Rules::from_words(&["circe,frankfurt"], None, none).is_ok());
    /// assert!(Rules::from_words(&["orthodox,circe"], None, none).unwrap_err().to_string().contains("orthodox"));
    /// assert!(Rules::from_words(&[",,"], None, none).unwrap_err().to_string().contains("empty"));
    /// assert!(Rules::from_words(&[] as &[&str], None, &["rex=inclusive", "rex=exclusive"]).is_err());
    /// ```
    pub fn from_words<S: AsRef<str>>(
        slugs: &[S],
        profile: Option<&str>,
        sets: &[S],
    ) -> Result<Rules, RulesError> {
        let mut words: Vec<&str> = Vec::new();
        for slug in slugs {
            for word in slug.as_ref().split(',').map(str::trim) {
                if word.is_empty() {
                    return Err(RulesError(format!(
                        "empty rule name in '{}' (rules: orthodox, {}; separate them with commas)",
                        slug.as_ref(),
                        Condition::ALL.map(|c| c.slug()).join(", ")
                    )));
                }
                if words.contains(&word) {
                    return Err(RulesError(format!("rule '{word}' is given twice")));
                }
                words.push(word);
            }
        }
        if words.contains(&"orthodox") && words.len() > 1 {
            return Err(RulesError(format!(
                "orthodox means no condition and cannot be combined with others (got {})",
                words.join(", ")
            )));
        }
        let mut conditions = Vec::new();
        for word in words.into_iter().filter(|w| *w != "orthodox") {
            conditions.push(
                word.parse::<Condition>()
                    .map_err(|e| RulesError(e.to_string()))?,
            );
        }
        let profile = match profile {
            Some(p) => p.parse::<Profile>()?,
            None => Profile::default(),
        };
        let mut rules = Rules::new(conditions, profile)?;
        rules.set_pairs(sets)?;
        Ok(rules)
    }

    /// Sets several switches written `KEY=VALUE`; a key given twice with different values is
    /// an error (the same value twice is accepted).
    ///
    /// ```
    /// use feerie_oracle::Rules;
    /// let mut rules = Rules::orthodox();
    /// assert!(rules.set_pairs(&["rex=inclusive", "rex=inclusive"]).is_ok());
    /// let e = rules.set_pairs(&["rex=inclusive", "rex = exclusive"]).unwrap_err();
    /// assert!(e.to_string().contains("set twice"));
    /// ```
    pub fn set_pairs<S: AsRef<str>>(&mut self, settings: &[S]) -> Result<(), RulesError> {
        let mut seen: BTreeMap<Switch, &'static str> = BTreeMap::new();
        for setting in settings {
            self.set_pair(setting.as_ref())?;
            let (key, _) = setting
                .as_ref()
                .split_once('=')
                .expect("checked by set_pair");
            let switch: Switch = key.trim().parse()?;
            let value = self.overrides[&switch];
            match seen.insert(switch, value) {
                Some(before) if before != value => {
                    return Err(RulesError(format!(
                        "switch {switch} is set twice, to {before} and to {value}: choose one"
                    )));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Sets a switch by name; unknown keys and values are errors that list the valid ones.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let switch: Switch = key.parse()?;
        let valid = switch.values();
        let value = valid.iter().find(|v| **v == value).ok_or_else(|| {
            RulesError(format!(
                "switch {key} has no value '{value}' (valid: {})",
                valid.join(", ")
            ))
        })?;
        self.overrides.insert(switch, value);
        self.resolved = self.choice().resolve();
        Ok(())
    }

    /// Sets a switch written `KEY=VALUE`, as on the command line.
    ///
    /// ```
    /// use feerie_oracle::Rules;
    /// let mut rules = Rules::orthodox();
    /// rules.set_pair("rex=inclusive").unwrap();
    /// assert!(rules.set_pair("rex").unwrap_err().to_string().contains("KEY=VALUE"));
    /// ```
    pub fn set_pair(&mut self, setting: &str) -> Result<(), RulesError> {
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| RulesError(format!("switch setting '{setting}' is not KEY=VALUE")))?;
        self.set(key.trim(), value.trim())
    }

    /// The conditions in force.
    pub fn conditions(&self) -> impl Iterator<Item = Condition> + '_ {
        self.conditions.iter().copied()
    }

    /// True when `condition` is in force.
    pub fn has(&self, condition: Condition) -> bool {
        self.conditions.contains(&condition)
    }

    /// True when no condition is in force.
    pub fn is_orthodox(&self) -> bool {
        self.conditions.is_empty()
    }

    /// The profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The switches set one by one, with their values.
    pub fn overrides(&self) -> impl Iterator<Item = (Switch, &'static str)> + '_ {
        self.overrides.iter().map(|(k, v)| (*k, *v))
    }

    /// The Circe-family condition in force, if any.
    pub fn circe(&self) -> Option<Condition> {
        self.conditions().find(|c| c.is_circe())
    }

    /// True when a captured unit may wait in a reserve until the next half-move (Circe
    /// Parrain): only then may a position hold a reserve.
    pub fn keeps_reserve(&self) -> bool {
        self.conditions().any(|c| c.keeps_reserve())
    }

    /// True when captures change the capturer's walk (Frankfurt or Protean).
    pub fn captures_mutate(&self) -> bool {
        self.resolved.captures_mutate
    }

    /// Madrasi or Isardam, if one is in force: what an observation between units of one walk
    /// does, and whether royal units are observed.
    pub fn observation_model(&self) -> Option<ObservationModel> {
        self.resolved.observation
    }

    /// Whether a move that gives check is legal only if it mates (Ohneschach).
    pub fn checkless(&self) -> bool {
        self.resolved.checkless
    }

    /// Whether a side is in check when its king has a flight (SAT).
    pub fn sat(&self) -> bool {
        self.resolved.sat
    }

    /// Whether imitators repeat every move (Imitator chess).
    pub fn imitator(&self) -> bool {
        self.resolved.imitator
    }

    /// Koeko, AntiKoeko or NewKoeko, if one is in force: what a unit's neighbours must be once
    /// it has moved.
    pub fn koeko(&self) -> Option<KoekoRule> {
        self.resolved.koeko
    }

    /// Whether Annan chess is in force: a unit with a unit of its side right behind it moves
    /// and attacks by that unit's walk.
    pub fn annan(&self) -> bool {
        self.resolved.annan
    }

    /// Whether Danger Circe is in force: a unit an enemy unit observes may also move to its
    /// Plain Circe rebirth square.
    pub fn danger_circe(&self) -> bool {
        self.resolved.danger_circe
    }

    /// Whether the royal unit of `side` takes the walk of a unit of its side taken (Kobul
    /// Kings, of both sides or of `side` alone).
    pub fn kobul_kings(&self, side: crate::Colour) -> bool {
        self.resolved.kobul[side as usize]
    }

    /// Whether Kobul Kings is in force for either side: a royal unit may change walk, and its
    /// king's castling right come back with the king's walk on its square (Popeye 4.104 keeps
    /// the rooks' rights apart from the king's).
    pub fn kobul_kings_any(&self) -> bool {
        self.resolved.kobul.iter().any(|&k| k)
    }

    /// Breton chess, one of its variants, if one is in force: which unit a capture takes with
    /// it.
    pub fn breton(&self) -> Option<BretonRule> {
        self.resolved.breton
    }

    /// Patrol chess, Ultra-Patrol chess or Lortap, if one is in force: which moves and checks
    /// ask whether a unit of the mover's side observes it.
    pub fn patrol(&self) -> Option<PatrolRule> {
        self.resolved.patrol
    }

    /// Whether the captures of `side` are no moves (NoCapture, NoWhiteCapture, NoBlackCapture).
    pub fn captures_banned(&self, side: crate::Colour) -> bool {
        self.resolved.no_capture[side as usize]
    }

    /// Where the grid lines run under Grid chess, if it is in force: a move and an attack
    /// must cross one.
    pub fn grid(&self) -> Option<GridLines> {
        self.resolved.grid
    }

    /// What `side` prefers among its legal moves under Maximummer, Minimummer or Must
    /// Capture, if one of them restricts it.
    pub fn mummer(&self, side: crate::Colour) -> Option<MoveMeasure> {
        self.resolved.mummer[side as usize]
    }

    /// Whether a capture is completed by a move of the captured unit's walk (Take&Make chess).
    pub fn take_and_make(&self) -> bool {
        self.resolved.take_and_make
    }

    /// Whether a capture is preceded by a make, a move of the captured unit's walk that takes
    /// nothing (Make&Take chess).
    pub fn make_and_take(&self) -> bool {
        self.resolved.make_and_take
    }

    /// Whether a rook on its corner keeps its castling right when its king moves, as Popeye
    /// gives each its own flag: where a king can come back to its square (Circe rex inclusive,
    /// Anticirce), as a reborn unit counts as not having moved; where a king castles from its
    /// Mars rebirth square without its own right; under Make&Take, whose castling as a make
    /// needs the rook's right alone.
    pub fn rook_rights_outlive_king(&self) -> bool {
        self.resolved.rook_rights_outlive_king()
    }

    /// Which moves recolour their mover (Andernach chess), if such a condition is in force.
    pub fn colour_change(&self) -> Option<ColourChangeMoves> {
        self.resolved.colour_change
    }

    /// The value of a switch: as set, else the value the first condition in force presets for
    /// it (the Circe family comes first), else the profile's default.
    ///
    /// ```
    /// use feerie_oracle::{Condition, Profile, Rules, Switch};
    /// let protean = Rules::new([Condition::Protean], Profile::Documented).unwrap();
    /// assert_eq!(protean.value(Switch::PawnDirection), "opposing");
    /// assert_eq!(protean.value(Switch::Rex), "inclusive");
    /// let both = Rules::new([Condition::Circe, Condition::Protean], Profile::Documented).unwrap();
    /// assert_eq!(both.value(Switch::Rex), "exclusive");
    /// ```
    pub fn value(&self, switch: Switch) -> &'static str {
        self.resolved.switches.get(switch)
    }

    /// The value of a switch as `condition`'s rule reads it, whether or not it is in force: as
    /// set, else as that condition presets it, else the profile's default. One switch (`rex`)
    /// serves two rules with two presets.
    pub fn value_for(&self, switch: Switch, condition: Condition) -> &'static str {
        self.choice().value_for(switch, condition)
    }

    /// Whether a switch can change anything under these conditions (by its [`Scope`]); a
    /// switch of magic pieces can wherever they stand, which the rules do not know.
    ///
    /// ```
    /// use feerie_oracle::{Condition, Profile, Rules, Switch};
    /// let parrain = Rules::new([Condition::CirceParrain], Profile::Popeye).unwrap();
    /// assert!(parrain.switch_matters(Switch::ParrainLongCastling));
    /// assert!(!parrain.switch_matters(Switch::RebirthOccupied));
    /// ```
    pub fn switch_matters(&self, switch: Switch) -> bool {
        let listed = || {
            self.conditions()
                .any(|c| c.entry().switches.contains(&switch))
        };
        match switch.scope() {
            Scope::Always | Scope::MagicPieces => true,
            Scope::Conditions => listed(),
            Scope::RoyalRebirth => listed() && self.circe_rex() == Rex::Inclusive,
        }
    }

    /// Whether the engines refuse `rex=inclusive` under these rules: where a king taken would
    /// come back by a make of its own (Circe Take&Make) or in a cage of its own (Cage Circe),
    /// so that an attack on it would be a check only when it could not; and under SAT with
    /// Plain Circe, where Popeye 4.104 gives other moves when kings are reborn (not yet settled
    /// which reading is right).
    /// The campaigns draw `rex` only where this is false.
    ///
    /// ```
    /// use feerie_oracle::{Condition, Profile, Rules};
    /// let rules = |c: &[Condition]| Rules::new(c.iter().copied(), Profile::Popeye).unwrap();
    /// assert!(rules(&[Condition::CirceCage]).refuses_royal_rebirth());
    /// assert!(rules(&[Condition::Circe, Condition::Sat]).refuses_royal_rebirth());
    /// assert!(!rules(&[Condition::Circe]).refuses_royal_rebirth());
    /// ```
    pub fn refuses_royal_rebirth(&self) -> bool {
        self.circe_model().is_some_and(|m| {
            matches!(m.place, RebirthPlace::Makes | RebirthPlace::Cage)
                || (self.sat() && m.reborn == RebornUnit::Captured)
        })
    }

    /// Whether kings take part in rebirth (the Circe family's reading of `rex`).
    pub fn circe_rex(&self) -> Rex {
        self.resolved.circe_rex
    }

    /// Whether kings take part in capturer mutation (Frankfurt's and Protean's reading of
    /// `rex`).
    pub fn mutation_rex(&self) -> Rex {
        self.resolved.mutation_rex
    }

    /// What an occupied rebirth square does to a capture.
    pub fn rebirth_occupied(&self) -> RebirthOccupied {
        self.resolved.switches.rebirth_occupied
    }

    /// Under Anticirce, whether a capture on the capturer's own rebirth square stands.
    pub fn anticirce_type(&self) -> AnticirceType {
        self.resolved.switches.anticirce_type
    }

    /// The Parrain vector of 0-0-0.
    pub fn parrain_long_castling(&self) -> ParrainLongCastling {
        self.resolved.switches.parrain_long_castling
    }

    /// What a pawn on its own first rank may do.
    pub fn first_rank_pawns(&self) -> FirstRankPawns {
        self.resolved.switches.first_rank_pawns
    }

    /// Circe Clone: the walk cloned from a promoting pawn.
    pub fn clone_walk_when_promoting(&self) -> CloneWalkWhenPromoting {
        self.resolved.switches.clone_walk_when_promoting
    }

    /// Circe Clone, `rex: inclusive`: the walk a captured royal unit is reborn with.
    pub fn clone_royal_victim(&self) -> CloneRoyalVictim {
        self.resolved.switches.clone_royal_victim
    }

    /// Circe Parrain: whether a pawn of the side not moving, reborn on its promotion rank,
    /// promotes.
    pub fn parrain_other_side_promotion(&self) -> ParrainOtherSidePromotion {
        self.resolved.switches.parrain_other_side_promotion
    }

    /// The direction of a unit that becomes a pawn by capture.
    pub fn pawn_direction(&self) -> PawnDirection {
        self.resolved.switches.pawn_direction
    }

    /// A pawn taking a pawn under Frankfurt or Protean chess.
    pub fn same_walk_capture(&self) -> SameWalkCapture {
        self.resolved.switches.same_walk_capture
    }

    /// Under Frankfurt or Protean chess, which captures onto a corner gain its castling right.
    pub fn mutation_castling(&self) -> MutationCastling {
        self.resolved.switches.mutation_castling
    }

    /// Whether royal riders may pass over attacked squares.
    pub fn royal_rider_passage(&self) -> RoyalRiderPassage {
        self.resolved.switches.royal_rider_passage
    }

    /// Under Circe Parrain, whether a pawn may take en passant onto an own unit a rebirth put
    /// on the passed square.
    pub fn parrain_en_passant(&self) -> ParrainEnPassant {
        self.resolved.switches.parrain_en_passant
    }

    /// Whether a pawn may take en passant onto a unit of its own side: Circe Parrain in force
    /// with `parrain_en_passant: removes_own_unit` (the double step's rebirth filled the passed
    /// square).
    pub fn en_passant_onto_own_unit(&self) -> bool {
        self.resolved.en_passant_onto_own_unit()
    }

    /// Whether a royal pawn can be taken en passant.
    pub fn royal_en_passant(&self) -> RoyalEnPassant {
        self.resolved.switches.royal_en_passant
    }

    /// Which fairy walks a pawn may promote to.
    pub fn fairy_promotion(&self) -> FairyPromotion {
        self.resolved.switches.fairy_promotion
    }

    /// The walks a pawn promotes to in `setup`: queen, rook, bishop and knight, then, under
    /// `fairy_promotion: present_walks`, the fairy walks of the diagram
    /// ([`crate::Setup::fairy_walks`]) in the table's order.
    pub fn promotion_walks(&self, setup: &crate::Setup) -> Vec<crate::Walk> {
        let mut walks = crate::Walk::PROMOTIONS.to_vec();
        if self.fairy_promotion() == FairyPromotion::PresentWalks {
            walks.extend(setup.fairy_walks.iter());
        }
        walks
    }

    /// Which magic pieces count for the colour test.
    pub fn magic_contact_scope(&self) -> MagicContactScope {
        self.resolved.switches.magic_contact_scope
    }

    /// Steps of a contact mutation.
    pub fn magic_steps(&self) -> MagicSteps {
        self.resolved.switches.magic_steps
    }

    /// A magic piece moving along a unit it touches.
    pub fn magic_kept_contact(&self) -> MagicKeptContact {
        self.resolved.switches.magic_kept_contact
    }

    /// A piece demoted to a pawn on its promotion rank.
    pub fn magic_pawn_edge(&self) -> MagicPawnEdge {
        self.resolved.switches.magic_pawn_edge
    }

    /// A unit reborn next to a magic piece.
    pub fn magic_rebirth_contact(&self) -> MagicRebirthContact {
        self.resolved.switches.magic_rebirth_contact
    }

    /// A non-magic unit whose fairy walk is not the fairy end of the chains.
    pub fn magic_fairy_outside_chain(&self) -> MagicFairyOutsideChain {
        self.resolved.switches.magic_fairy_outside_chain
    }

    /// Acting magic pieces with two different fairy walks.
    pub fn magic_mixed_fairy(&self) -> MagicMixedFairy {
        self.resolved.switches.magic_mixed_fairy
    }

    /// Every switch with its resolved value ([`Rules::value`]), in the order of RULES.md.
    pub fn resolved(&self) -> Vec<(Switch, String)> {
        Switch::ALL
            .iter()
            .map(|&s| (s, self.value(s).to_string()))
            .collect()
    }
}

impl fmt::Display for Rules {
    /// `orthodox` or the slugs joined by `+`, then the profile and any override:
    /// `circe-parrain profile=popeye parrain_long_castling=toward_a`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.conditions.is_empty() {
            f.write_str("orthodox")?;
        } else {
            let slugs: Vec<&str> = self.conditions().map(|c| c.slug()).collect();
            f.write_str(&slugs.join("+"))?;
        }
        write!(f, " profile={}", self.profile)?;
        for (k, v) in &self.overrides {
            write!(f, " {k}={v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod registry_tests;
#[cfg(test)]
mod tests;

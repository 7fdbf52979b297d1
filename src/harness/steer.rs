//! Steering a campaign toward the rule events it has not reached: after its seeded cases, for
//! each event a bucket can show and the run has not reached, positions built around castling
//! and the home ranks ([`around_castling`]), then around a mate ([`around_a_mate`]), then just
//! after a double step ([`after_a_double_step`]), are drawn until one has a move with that
//! event; the campaign then compares that position like any case. The draws are seeded by the run's seed,
//! the bucket and the event, and the events are taken in the catalogue's order, so a run is
//! repeated exactly by its seed.

use std::time::Instant;

use feerie_oracle::{Engine, Position, ReferenceEngine, Rules};

use super::choices::Choices;
use super::compare::{Divergence, Side, compare};
use super::events::{Column, Coverage, Scope, catalogue, classify};
use super::fuzzed::{
    Bucket, FuzzedPosition, after_a_double_step, around_a_mate, around_castling, bucket_rules,
    case_rng,
};
use crate::shard::fingerprint;

/// Positions drawn of each kind (around castling, around a mate, after a double step) in one
/// round for one event of one bucket.
pub const DRAWS_PER_EVENT: u64 = 300;

/// Rounds of draws over the builders before an event of a bucket is left unreached: most
/// events are found in the first, and the later rounds only cost where one is rare (a king
/// reborn home by a capture's vector under rex inclusive), so that a run's seed decides less
/// often whether a rare event is reached.
pub const ROUNDS: u64 = 3;

/// A way of building positions around rule events.
type Builder = fn(&mut dyn Choices, &Bucket, Rules) -> Option<FuzzedPosition>;

/// The builders, in the order they are drawn from for an event.
const BUILDERS: [Builder; 3] = [around_castling, around_a_mate, after_a_double_step];

/// A position built around an event.
pub struct Target<'a> {
    /// The bucket's index.
    pub bucket: usize,
    /// The draw that made it.
    pub draw: u64,
    /// The event aimed at.
    pub event: &'a str,
    /// The position and its rules.
    pub case: FuzzedPosition,
    /// The half-move where the event happens (1: one of the position's own moves).
    pub ply: u32,
}

/// The columns a bucket's positions are played under.
fn bucket_columns(bucket: &Bucket) -> Vec<Column> {
    let mut out: Vec<Column> = bucket.rules.conditions().map(Column::Condition).collect();
    if out.is_empty() {
        out.push(Column::Orthodox);
    }
    if bucket.magic {
        out.push(Column::Magic);
    }
    out.push(Column::Fairy);
    out
}

/// What must follow an event before its consequence shows: such events are aimed at once per
/// pass even when the seeded cases met them (perhaps on their last half-move, or with nothing
/// using what they gave), and a position built around one is compared down to the follow-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FollowUp {
    /// A castling by the side that moves next, at once: the event gave it a castling right.
    CastlingAtOnce,
    /// A castling by the side that moved, after the other side's reply: the event gave the
    /// mover a castling right.
    CastlingAfterReply,
    /// The next move, whatever it is: the event opened it (an en passant right onto a square a
    /// rebirth filled).
    NextMove,
}

/// The events with a follow-up.
const FOLLOW_UPS: [(&str, FollowUp); 5] = [
    ("white-king-regains-castling", FollowUp::CastlingAtOnce),
    ("black-king-regains-castling", FollowUp::CastlingAtOnce),
    ("rook-appears-home-partial", FollowUp::CastlingAtOnce),
    ("castling-right-by-capture", FollowUp::CastlingAfterReply),
    ("double-step-rebirth-on-passed-square", FollowUp::NextMove),
];

impl FollowUp {
    /// The follow-up of `event`, if it has one.
    fn of(event: &str) -> Option<FollowUp> {
        (FOLLOW_UPS.iter()).find_map(|(name, f)| (*name == event).then_some(*f))
    }

    /// Whether it is a castling, which the positions built are first looked for with.
    fn is_castling(self) -> bool {
        self != FollowUp::NextMove
    }

    /// The half-moves after the event's down to the follow-up.
    fn plies(self) -> u32 {
        match self {
            FollowUp::CastlingAfterReply => 2,
            FollowUp::CastlingAtOnce | FollowUp::NextMove => 1,
        }
    }

    /// Whether the castling follows in `after`, the position after the event (any next move
    /// does, for [`FollowUp::NextMove`]).
    fn castling_in(self, after: &Position, rules: &Rules) -> bool {
        match self {
            FollowUp::CastlingAtOnce => castling_follows(after, rules),
            FollowUp::CastlingAfterReply => castling_after_a_reply(after, rules),
            FollowUp::NextMove => true,
        }
    }
}

/// How deep a position built around `event`, which happens at half-move `ply`, is compared: at
/// least `depth`, and down to the event's follow-up.
fn depth_for(event: &str, ply: u32, depth: u32) -> u32 {
    FollowUp::of(event).map_or(depth, |f| depth.max(ply + f.plies()))
}

/// Whether some move of `position`, or with `plies` 2 some move after one of them, shows
/// `event` counted under `column` (with `castling`, followed by the castling of that
/// follow-up): the half-move (1 or 2) where it happens first, if it does.
fn shows(
    position: &Position,
    rules: &Rules,
    (event, column): (&str, Column),
    plies: u32,
    castling: Option<FollowUp>,
) -> Option<u32> {
    let columns = Coverage::columns_in_force(rules, position);
    if !columns.contains(&column) {
        return None;
    }
    let successors = ReferenceEngine.successors(position, rules).ok()?;
    let here = successors.iter().any(|(mv, after)| {
        let mut found = false;
        classify(rules, position, mv, after, &mut |e| found |= e == event);
        found && castling.is_none_or(|f| f.castling_in(after, rules))
    });
    if here {
        return Some(1);
    }
    if plies < 2 {
        return None;
    }
    (successors.iter())
        .find_map(|(_, after)| shows(after, rules, (event, column), plies - 1, castling))
        .map(|ply| ply + 1)
}

/// Whether the side to move in `position` may castle.
fn castling_follows(position: &Position, rules: &Rules) -> bool {
    ReferenceEngine
        .legal_moves(position, rules)
        .is_ok_and(|moves| moves.iter().any(|m| m.castling.is_some()))
}

/// Whether, after some reply of the side to move in `position`, the other side may castle.
fn castling_after_a_reply(position: &Position, rules: &Rules) -> bool {
    ReferenceEngine
        .successors(position, rules)
        .is_ok_and(|replies| (replies.iter()).any(|(_, after)| castling_follows(after, rules)))
}

/// For every (event, column) cell of every bucket that neither `reached` nor the positions
/// taken so far have reached, the first position drawn that shows it within `plies` half-moves
/// (its rules from `rules_of`, kept only when `accept` takes it) is handed to `take`, which
/// compares it and returns the coverage of what it compared. The events a run of `scope` does
/// not owe (a Popeye campaign's events beyond a Popeye input) are not aimed at. No position is
/// drawn past `until` (a budgeted run's time for steering): the cells left are counted as not
/// aimed at.
#[allow(clippy::too_many_arguments)]
pub fn steer_toward(
    buckets: &[Bucket],
    seed: u64,
    plies: u32,
    scope: Scope,
    reached: &Coverage,
    rules_of: &dyn Fn(&Bucket, &mut dyn Choices) -> Rules,
    accept: &dyn Fn(&FuzzedPosition) -> bool,
    take: &mut dyn FnMut(Target) -> Coverage,
    until: Option<Instant>,
) -> Aimed {
    let mut taken = Coverage::default();
    // The cells of an event with a follow-up already shown with it in this pass: aimed at once
    // per pass even when some case reached them.
    let mut used: Vec<(&str, Column)> = Vec::new();
    let mut aimed = Aimed::default();
    let out_of_time = || until.is_some_and(|u| Instant::now() >= u);
    for (index, bucket) in buckets.iter().enumerate() {
        for column in bucket_columns(bucket) {
            for def in &catalogue().events {
                if !def.columns.contains(&column) || !def.owed_in(scope) {
                    continue;
                }
                let follow_up = FollowUp::of(&def.name);
                let seen = reached.count(&def.name, column) + taken.count(&def.name, column) > 0;
                if (seen && follow_up.is_none()) || used.contains(&(def.name.as_str(), column)) {
                    continue;
                }
                if out_of_time() {
                    aimed.out_of_time += 1;
                    continue;
                }
                aimed.cells += 1;
                let event_seed = seed ^ fingerprint(&format!("{} {}", bucket.name, def.name));
                let cell = (def.name.as_str(), column);
                // The positions around castling first; then, for an event they did not show
                // (a mate under a condition, an en passant onto a reborn unit), the others.
                let draw_with = |castling: Option<FollowUp>| {
                    let per_round = BUILDERS.len() as u64 * DRAWS_PER_EVENT;
                    (0..ROUNDS * per_round).find_map(|draw| {
                        if out_of_time() {
                            return None;
                        }
                        let mut choices = case_rng(event_seed, draw);
                        let rules = rules_of(bucket, &mut choices);
                        let build = BUILDERS[(draw % per_round / DRAWS_PER_EVENT) as usize];
                        let case = build(&mut choices, bucket, rules)?;
                        if !accept(&case) {
                            return None;
                        }
                        let ply = shows(&case.position, &case.rules, cell, plies, castling)?;
                        Some((draw, case, ply))
                    })
                };
                let castling = follow_up.filter(|f| f.is_castling());
                let with_castling = castling.and_then(|f| draw_with(Some(f)));
                let castled = with_castling.is_some();
                let found = match with_castling {
                    Some(found) => Some(found),
                    // A castling right some case reached: only a position with its castling
                    // adds to it.
                    None if seen && castling.is_some() => None,
                    None => draw_with(None),
                };
                let shown_with_follow_up =
                    castled || follow_up == Some(FollowUp::NextMove) && found.is_some();
                if shown_with_follow_up {
                    used.push(cell);
                }
                if let Some((draw, case, ply)) = found {
                    taken.merge(&take(Target {
                        bucket: index,
                        draw,
                        event: &def.name,
                        case,
                        ply,
                    }));
                }
            }
        }
    }
    aimed
}

/// The cells a steered pass aimed at, and those it had no time for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Aimed {
    /// The (event, condition) cells aimed at, under some bucket.
    pub cells: u64,
    /// The cells left unaimed because the pass's time ran out.
    pub out_of_time: u64,
}

/// What the steered pass of an engine campaign did.
#[derive(Clone, Debug, Default)]
pub struct Steered {
    /// The (event, condition) cells it aimed at, under some bucket.
    pub aimed: u64,
    /// Positions built around an event and compared.
    pub positions: u64,
    /// Nodes compared.
    pub nodes: u64,
    /// The rule events of the moves compared.
    pub coverage: Coverage,
    /// The divergences: the bucket, the draw that made the position, the event aimed at, the
    /// rules and the divergence.
    pub divergences: Vec<(usize, u64, String, Rules, Divergence)>,
}

/// The steered pass of an engine campaign over `buckets`, after a run whose moves gave
/// `reached`: each position found compared between the engines down to `depth`.
pub fn steer(
    buckets: &[Bucket],
    seed: u64,
    depth: u32,
    [a, b]: [&dyn Engine; 2],
    reached: &Coverage,
) -> Steered {
    let mut out = Steered::default();
    let mut take = |t: Target| {
        let sa = Side::of(a, t.case.rules.clone());
        let sb = Side::of(b, t.case.rules.clone());
        let depth =
            super::compare::comparable_depth(&t.case.rules, depth_for(t.event, t.ply, depth));
        let comparison = compare(&sa, &sb, &t.case.position, depth);
        out.positions += 1;
        out.nodes += comparison.nodes;
        out.coverage.merge(&comparison.coverage);
        if let Some(d) = comparison.divergence {
            (out.divergences).push((t.bucket, t.draw, t.event.to_string(), t.case.rules, d));
        }
        comparison.coverage
    };
    let aimed = steer_toward(
        buckets,
        seed,
        1,
        Scope::Feerie,
        reached,
        &bucket_rules,
        &|_| true,
        &mut take,
        None,
    );
    out.aimed = aimed.cells;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::events::Scope;

    fn aim(until: Option<Instant>) -> (Aimed, u64) {
        let buckets = Bucket::matching(&["circe".into()]).unwrap();
        let mut taken = 0;
        let aimed = steer_toward(
            &buckets,
            7,
            1,
            Scope::Feerie,
            &Coverage::default(),
            &bucket_rules,
            &|_| true,
            &mut |_| {
                taken += 1;
                Coverage::default()
            },
            until,
        );
        (aimed, taken)
    }

    #[test]
    fn a_pass_past_its_time_builds_nothing_and_counts_what_it_left() {
        let (aimed, taken) = aim(Some(Instant::now()));
        assert_eq!((aimed.cells, taken), (0, 0));
        assert!(aimed.out_of_time > 0, "{aimed:?}");
        let (aimed, taken) = aim(None);
        assert_eq!(aimed.out_of_time, 0);
        assert!(aimed.cells > 0 && taken > 0, "{aimed:?}, {taken} taken");
    }
}

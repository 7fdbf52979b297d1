//! The solution trees of direct and self play, as Popeye builds them: after each key (or try)
//! the threat, the defences that matter with the attacker's shortest answers, and, for a try,
//! its refutations; set play before the keys.
//!
//! Which defences are shown follows Popeye's reading of a threat: when the defender is in
//! check, or in zugzwang (no threat within the moves left), or when threats are not sought,
//! every defence is shown. In self play a defence that gives the goal before the last move is
//! not shown, unless every defence does (the play's end, shown as at the last move, with no
//! threat). Otherwise a defence is shown when the attacker needs longer after
//! it than the threat, or as long as the threat but at least one threat move no longer does
//! the job; a defence that allows a quicker end than the threat is not shown. After each
//! defence only the attacker's shortest continuations are shown, each with its own threat and
//! defences. A move is "the same threat move" after a defence when it goes from the same
//! square to the same square with the same promotion and, under Breton chess, the same second
//! unit removed (Popeye's identity of moves in its tables).
//!
//! ```
//! use feerie::oracle::{fen, ReferenceEngine, Rules, Validation};
//! use feerie::solve::tree::{solve_tree, TreeOptions};
//! // #2: 1.Rb1-b8+? is refuted by 1...Ka8*b8, and nothing else solves.
//! let position = fen::parse("k7/p7/2K5/2P5/8/8/8/1R6 w - - 0 1", Validation::Strict).unwrap();
//! let options = TreeOptions { tries: true, ..TreeOptions::default() };
//! let tree = solve_tree(&ReferenceEngine, &position, &Rules::orthodox(), "#2".parse().unwrap(),
//!     &options, 16).unwrap();
//! assert_eq!(tree.keys.len(), 1);
//! assert_eq!(tree.keys[0].attack.mv.to_string(), "Rb1-b8 +");
//! assert_eq!(tree.keys[0].refutations[0].defence.to_string(), "Ka8*b8");
//! ```

use feerie_oracle::{CheckMark, Engine, EngineError, MoveRecord, Position, Rules, Status};

use super::error::SolveError;
use super::search::Search;
use super::stipulation::{Play, Reflex, Stipulation};
pub use super::tree_options::TreeOptions;
use crate::engines::{SearchEngine, SpaceJob};
use crate::space::Space;

/// An attacker's move in the tree, and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The move.
    pub mv: MoveRecord,
    /// Whether it reaches the goal (direct play, and self play under quodlibet); then nothing
    /// follows.
    pub goal: bool,
    /// The defender's turn after it, unless it reached the goal (or variations are not shown).
    pub node: Option<DefenceNode>,
}

/// The threat at a defender's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat {
    /// Not sought: the defender is in check, threats are off, or no attacking move is left.
    NotSought,
    /// Sought and none found within the moves left.
    Zugzwang,
    /// The attacker's shortest ways to the goal were the defender to pass, each with its tree.
    Moves {
        /// Their length in attacking moves.
        length: u32,
        /// The threat moves.
        moves: Vec<Attack>,
    },
}

/// A defence shown, with the attacker's shortest answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The defender's move.
    pub defence: MoveRecord,
    /// Whether it reaches the goal (self play: the defender mates); then nothing follows.
    pub goal: bool,
    /// The attacker's shortest continuations.
    pub answers: Vec<Attack>,
}

/// A defender's turn: the threat and the defences shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefenceNode {
    /// The threat.
    pub threat: Threat,
    /// The defences shown, in move order.
    pub variations: Vec<Variation>,
}

/// A first move shown: a key (no refutation) or a try (refuted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyTree {
    /// The first move and its tree.
    pub attack: Attack,
    /// The defences that refute it: empty for a key.
    pub refutations: Vec<Refutation>,
}

/// A defence that refutes a try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The defender's move.
    pub defence: MoveRecord,
    /// Whether it reaches the goal: in self play under `exact-`, before the defender's last
    /// move (Popeye marks it ` #`).
    pub goal: bool,
}

/// Everything shown for a direct or self play problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// The set play, when asked: the defender to move in the diagram.
    pub set_play: Option<DefenceNode>,
    /// The play after the key, when asked (and then no key is shown).
    pub post_key: Option<PostKey>,
    /// Keys and tries in the order of the first moves.
    pub keys: Vec<KeyTree>,
    /// Reflex play (`r#n`) whose attacker can reach the goal in the diagram: those moves,
    /// which bind it (and leave no key); Popeye prints them `1.Bg7-f8 # ?!?`.
    pub bound: Vec<MoveRecord>,
}

/// The play after the key ([`TreeOptions::post_key`]): the defender to move in the diagram,
/// each defence shown with the attacker's shortest answers, and also those it has no answer
/// to, which Popeye marks `refutes.` (a [`Variation`] with no answer that is not the goal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostKey {
    /// Whether the defender is in check in the diagram (Popeye heads the play with `+`).
    pub in_check: bool,
    /// The defender's turn.
    pub node: DefenceNode,
}

/// Builds trees on a [`Search`]: the search answers "does the attacker get there within n",
/// the builder asks it for each length to find the shortest.
pub struct Builder<'s, 'a, S: Space> {
    search: &'s Search<'a, S>,
    options: TreeOptions,
}

type Built<T> = Result<T, EngineError>;

impl<'s, 'a, S: Space> Builder<'s, 'a, S> {
    /// A builder on `search`, whose stipulation is direct or self play.
    pub fn new(search: &'s Search<'a, S>, options: TreeOptions) -> Builder<'s, 'a, S> {
        Builder { search, options }
    }

    fn self_play(&self) -> bool {
        self.search.stipulation.play == Play::SelfPlay
    }

    fn successors(&self, position: &Position) -> Built<Vec<(MoveRecord, Position)>> {
        self.search.engine.successors(position, self.search.rules)
    }

    /// Whether the attacker's move `mv` (to `after`) gets there in exactly `m` attacking moves
    /// counting itself (or fewer, which the callers have ruled out by asking shorter first).
    fn attack_done_in(&self, mv: &MoveRecord, after: &Position, m: u32) -> Built<bool> {
        if self.self_play() {
            Ok(self.reaches_itself(mv, after)?
                || self.search.self_attack_move_holds(mv.check, after, m)?)
        } else if self.search.reaches_goal(mv, after)? {
            Ok(m == 1 || !self.search.stipulation.exact)
        } else {
            Ok(m > 1 && self.search.defence_fails(mv.check, after, m - 1)?)
        }
    }

    /// Whether the attacker's move `mv` (to `after`) reaches the goal itself: in direct play,
    /// and in self play under quodlibet ([`Stipulation::quodlibet`]); then nothing follows it.
    fn reaches_itself(&self, mv: &MoveRecord, after: &Position) -> Built<bool> {
        if self.self_play() && !self.search.stipulation.attacker_goal_wins() {
            return Ok(false);
        }
        self.search.reaches_goal(mv, after)
    }

    /// Whether the attacker, to move in `position`, gets there within `m` attacking moves.
    fn attacker_wins(&self, position: &Position, m: u32) -> Built<bool> {
        if self.self_play() {
            self.search.self_attack_wins(position, m)
        } else {
            self.search.attack_wins(position, m)
        }
    }

    /// The fewest attacking moves (1 to `budget`; under `exact-` `budget` alone) with which
    /// the attacker, to move in `position`, gets there; `None` when it does not.
    fn shortest(&self, position: &Position, budget: u32) -> Built<Option<u32>> {
        for m in self.search.stipulation.fewest_moves(budget)..=budget {
            if self.attacker_wins(position, m)? {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// The attacker's moves in `position` that get there in exactly `m` moves, with their
    /// trees.
    fn attacks_in(&self, position: &Position, m: u32) -> Built<Vec<Attack>> {
        let mut out = Vec::new();
        for (mv, after) in self.successors(position)? {
            if self.attack_done_in(&mv, &after, m)? {
                out.push(self.attack(mv, &after, m)?);
            }
        }
        Ok(out)
    }

    /// The tree of the attacker's move `mv` (to `after`) that gets there in `m` moves.
    fn attack(&self, mv: MoveRecord, after: &Position, m: u32) -> Built<Attack> {
        let goal = self.reaches_itself(&mv, after)?;
        let node = if goal || !self.options.variations {
            None
        } else {
            // Attacking moves left after the defender's next move.
            let in_check = mv.check != CheckMark::None;
            Some(self.defence_node(in_check, after, m - 1, false)?)
        };
        Ok(Attack { mv, goal, node })
    }

    /// The defender's turn in `position` (`in_check` or not), with `budget` attacking moves
    /// left after the defence. In set play (`set`) no threat is sought and every defence with
    /// an answer is shown. Threats are sought when an attacking move is left.
    fn defence_node(
        &self,
        in_check: bool,
        position: &Position,
        budget: u32,
        set: bool,
    ) -> Built<DefenceNode> {
        // Under `exact-` a defender that reaches the goal before its last move refutes: a
        // defender bound to (reflex play) or whose every move does (self play) has nothing to
        // show.
        // (Not in set play, where Popeye 4.104 shows them: `1...c2-c1=Q #` of an `exact-r#2`.)
        let early_goal_refutes =
            !set && self.self_play() && self.search.early_goal_refutes(budget + 1);
        // Reflex play: a defender that can reach the goal must; its goal moves are all it may
        // play, and no threat is sought.
        if self.search.stipulation.reflex != Reflex::No && self.search.reaches_in_one(position)? {
            if early_goal_refutes {
                return Ok(DefenceNode {
                    threat: Threat::NotSought,
                    variations: Vec::new(),
                });
            }
            let variations = self
                .goal_moves(position)?
                .into_iter()
                .map(|defence| Variation {
                    goal: true,
                    defence,
                    answers: Vec::new(),
                })
                .collect();
            return Ok(DefenceNode {
                threat: Threat::NotSought,
                variations,
            });
        }
        // Self play: a defender every move of which reaches the goal is at the end of the
        // play, however many moves are left (Popeye finds the play at its shortest length):
        // its moves are shown, as at the last move, and no threat is sought.
        if self.self_play() && budget > 0 {
            let defences = self.successors(position)?;
            let mut forced = !defences.is_empty();
            for (defence, after) in &defences {
                if !forced {
                    break;
                }
                forced = self.search.reaches_goal(defence, after)?;
            }
            if forced {
                let variations = (defences.into_iter())
                    .filter(|_| !early_goal_refutes)
                    .map(|(defence, _)| Variation {
                        defence,
                        goal: true,
                        answers: Vec::new(),
                    })
                    .collect();
                return Ok(DefenceNode {
                    threat: Threat::NotSought,
                    variations,
                });
            }
        }
        let seek = !set && self.options.threats && !in_check && budget >= 1;
        let threat = if seek {
            let passed = position.passed();
            match self.shortest(&passed, budget)? {
                Some(length) => Threat::Moves {
                    length,
                    moves: self.attacks_in(&passed, length)?,
                },
                None => Threat::Zugzwang,
            }
        } else {
            Threat::NotSought
        };
        let mut variations = Vec::new();
        for (defence, after) in self.successors(position)? {
            if let Some(v) = self.variation(defence, &after, budget, &threat)? {
                variations.push(v);
            }
        }
        Ok(DefenceNode { threat, variations })
    }

    /// The moves of the side to move in `position` that reach the goal.
    fn goal_moves(&self, position: &Position) -> Built<Vec<MoveRecord>> {
        self.search.goal_moves(position)
    }

    /// The fewest attacking moves after the defence `defence` (to `after`): `Some(0)` when it
    /// reaches the goal itself (self play), `None` when it refutes (no way within `budget`).
    fn after_defence(
        &self,
        defence: &MoveRecord,
        after: &Position,
        budget: u32,
    ) -> Built<Option<u32>> {
        if self.self_play() && self.search.reaches_goal(defence, after)? {
            // Under `exact-` only at the defender's last move.
            let early = self.search.early_goal_refutes(budget + 1);
            return Ok((!early).then_some(0));
        }
        self.shortest(after, budget)
    }

    /// The defence `defence` (to `after`) as a variation, when it is shown.
    fn variation(
        &self,
        defence: MoveRecord,
        after: &Position,
        budget: u32,
        threat: &Threat,
    ) -> Built<Option<Variation>> {
        let Some(length) = self.after_defence(&defence, after, budget)? else {
            return Ok(None);
        };
        // Self play: a defence that reaches the goal before the last move ends the play early;
        // it does not refute, and Popeye does not show it (a defender every move of which
        // does so is the end of the play, shown by `defence_node`).
        if length == 0 && budget > 0 {
            return Ok(None);
        }
        let shown = match threat {
            Threat::NotSought | Threat::Zugzwang => true,
            Threat::Moves {
                length: t,
                moves: threats,
            } => length > *t || length == *t && self.defeats_a_threat(after, threats, *t)?,
        };
        if !shown {
            return Ok(None);
        }
        let answers = if length == 0 {
            Vec::new()
        } else {
            self.attacks_in(after, length)?
        };
        Ok(Some(Variation {
            goal: length == 0,
            defence,
            answers,
        }))
    }

    /// Whether some threat move no longer gets there in `t` moves after the defence (to
    /// `after`): it is no longer legal, or falls short.
    fn defeats_a_threat(&self, after: &Position, threats: &[Attack], t: u32) -> Built<bool> {
        let moves = self.successors(after)?;
        // Under Breton chess one move of Popeye's tables may be played several ways (Breton
        // Chromatic's recolouring is not part of a move's identity there): Popeye counts the
        // threat defeated when any of them no longer does the job.
        let every_way = self.search.rules.breton().is_some();
        for threat in threats {
            let mut same = moves.iter().filter(|(mv, _)| same_move(mv, &threat.mv));
            let mut found = false;
            for (mv, then) in same.by_ref() {
                found = true;
                if !self.attack_done_in(mv, then, t)? {
                    return Ok(true);
                }
                if !every_way {
                    break;
                }
            }
            if !found {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The tree of the first move `mv` (to `after`) of a stipulation in `n` moves, when it is
    /// a key or (with tries) a try.
    pub fn first_move(&self, mv: MoveRecord, after: &Position, n: u32) -> Built<Option<KeyTree>> {
        let is_key = self.attack_done_in(&mv, after, n)?;
        if is_key {
            let attack = self.attack(mv, after, n)?;
            return Ok(Some(KeyTree {
                attack,
                refutations: Vec::new(),
            }));
        }
        // Neither is a move that gives no check and threatens nothing within `option threat
        // N`: it fails outright, as Popeye shows it (no try; nor when every defence is
        // answered, below).
        if !self.options.tries
            || self.reaches_itself(&mv, after)?
            || mv.check == CheckMark::None && self.search.threat_missing(after, n - 1)?
        {
            return Ok(None);
        }
        let budget = n - 1;
        let mut refutations = Vec::new();
        let defences = self.successors(after)?;
        if defences.is_empty() {
            return Ok(None);
        }
        // Under `exact-` a first move after which the defender is bound to reach the goal at
        // once (reflex play) fails outright, with no choice of the defender's: no try, as
        // Popeye 4.104 shows it (`1.Qh5-h1` of an `exact-r#2`, `1...Kd4-e3 #` bound).
        if self.self_play()
            && self.search.early_goal_refutes(n)
            && self.search.stipulation.reflex != Reflex::No
            && self.search.reaches_in_one(after)?
        {
            return Ok(None);
        }
        for (defence, then) in &defences {
            if self.after_defence(defence, then, budget)?.is_none() {
                let goal = self.self_play() && self.search.reaches_goal(defence, then)?;
                refutations.push(Refutation {
                    defence: defence.clone(),
                    goal,
                });
                if refutations.len() > self.options.max_refutations {
                    return Ok(None);
                }
            }
        }
        // Every defence answered, no key: refused by `option threat N`; Popeye shows no try.
        if refutations.is_empty() {
            return Ok(None);
        }
        let node = if self.options.variations {
            let in_check = mv.check != CheckMark::None;
            let mut node = self.defence_node(in_check, after, budget, false)?;
            node.variations
                .retain(|v| !refutations.iter().any(|r| r.defence == v.defence));
            Some(node)
        } else {
            None
        };
        Ok(Some(KeyTree {
            attack: Attack {
                mv,
                goal: false,
                node,
            },
            refutations,
        }))
    }

    /// The play after the key of a stipulation in `n` moves, the defender to move in
    /// `position`: the defender's turn as after a key, with the defences that refute too.
    /// Popeye shows nothing in direct play in one move (no attacking move is left after the
    /// key).
    pub fn post_key(&self, position: &Position, n: u32, in_check: bool) -> Built<DefenceNode> {
        let budget = n - 1;
        if !self.self_play() && budget == 0 {
            return Ok(DefenceNode {
                threat: Threat::NotSought,
                variations: Vec::new(),
            });
        }
        let node = self.defence_node(in_check, position, budget, false)?;
        // A defender bound to reach the goal (reflex play), or every move of which does (self
        // play), has no choice to refute with.
        let reflex_bound =
            self.search.stipulation.reflex != Reflex::No && self.search.reaches_in_one(position)?;
        let forced =
            budget > 0 && !node.variations.is_empty() && node.variations.iter().all(|v| v.goal);
        if reflex_bound || forced {
            return Ok(node);
        }
        let mut variations = Vec::new();
        for (defence, after) in self.successors(position)? {
            if self.after_defence(&defence, &after, budget)?.is_none() {
                variations.push(Variation {
                    defence,
                    goal: false,
                    answers: Vec::new(),
                });
            }
        }
        // Popeye prints the refuting defences first.
        variations.extend(node.variations);
        Ok(DefenceNode {
            threat: node.threat,
            variations,
        })
    }

    /// The set play of a stipulation in `n` moves from `position` (the attacker to move): the
    /// defender moves first, and the attacker has `n - 1` moves after it.
    /// Popeye shows the set play whole, as under `option Variation`, whether or not the
    /// option is given (measured on `r#2`: `2.Qh5-h1` is followed by the defender's closing
    /// mates). The defender begins in the diagram: nobody passed, so a Parrain rebirth still
    /// waits for its move (`1...Kf8-e8[+bSc4]` after `LastCapture black sd4`), as in the set
    /// play of help play.
    pub fn set_play(&self, position: &Position, n: u32) -> Built<DefenceNode> {
        let whole = Builder {
            search: self.search,
            options: TreeOptions {
                variations: true,
                ..self.options
            },
        };
        whole.defence_node(false, &position.other_side_begins(), n - 1, true)
    }
}

/// Popeye's identity of a move in its tables: the same departure and arrival (the unit's move
/// itself: under Mars Circe from the rebirth square it was put on), the same promotion.
pub fn same_move(a: &MoveRecord, b: &MoveRecord) -> bool {
    // Under Mars Circe a unit moves from the square it was put on first: a capture from the
    // rebirth square is not the quiet move between the same squares.
    let moved_from = |m: &MoveRecord| m.via.unwrap_or(m.from);
    // Under Breton chess the second unit removed is part of the move (Popeye's tables keep
    // the Breton removal among a move's effects, not its recolouring).
    let breton_removal = |m: &MoveRecord| m.breton.filter(|b| !b.recolour).map(|b| b.square);
    moved_from(a) == moved_from(b)
        && a.from == b.from
        && a.to == b.to
        && a.promotion == b.promotion
        && a.castling == b.castling
        && breton_removal(a) == breton_removal(b)
}

/// Solves a direct or self play stipulation as a tree: every key (and with tries every try)
/// with its tree, and the set play when asked. `hash_megabytes` bounds the search's table.
pub fn solve_tree(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &TreeOptions,
    hash_megabytes: usize,
) -> Result<Tree, SolveError> {
    if !matches!(stipulation.play, Play::Direct | Play::SelfPlay) {
        return Err(SolveError::NotATree(stipulation));
    }
    if let Some(why) = stipulation.refused_under(rules) {
        return Err(SolveError::Stipulation(why));
    }
    let build = Build {
        engine,
        rules,
        stipulation,
        options,
        hash_megabytes,
    };
    super::space_for(engine, rules, &stipulation).run(BuildIn { build, position })
}

/// [`Build::tree`] over the space the engine offers.
struct BuildIn<'a> {
    build: Build<'a>,
    position: &'a Position,
}

impl SpaceJob for BuildIn<'_> {
    type Output = Result<Tree, SolveError>;

    fn run<S: Space>(self, space: S) -> Self::Output {
        self.build.tree(space, self.position)
    }
}

/// What a tree is built with, whatever space the search walks.
struct Build<'a> {
    engine: &'a dyn Engine,
    rules: &'a Rules,
    stipulation: Stipulation,
    options: &'a TreeOptions,
    hash_megabytes: usize,
}

impl Build<'_> {
    /// The tree of `position`, searched over `space`: every key (and try), and the set play
    /// when asked.
    fn tree<S: Space>(&self, space: S, position: &Position) -> Result<Tree, SolveError> {
        let (engine, rules, stipulation) = (self.engine, self.rules, self.stipulation);
        let mut search = Search::new(
            engine,
            rules,
            space,
            stipulation,
            usize::MAX,
            self.hash_megabytes,
        );
        search.stop_at(self.options.deadline);
        self.tree_of(&search, position)
            .map_err(|e| super::why_stopped(&search, e))
    }

    /// [`Build::tree`] with `search`.
    fn tree_of<S: Space>(
        &self,
        search: &Search<S>,
        position: &Position,
    ) -> Result<Tree, EngineError> {
        let (engine, rules, stipulation) = (self.engine, self.rules, self.stipulation);
        let options = self.options;
        let builder = Builder::new(search, *options);
        // No set play when the side that begins is in check (the defender would take the king;
        // Popeye says so on its standard error), nor without the threat `option threat` asks.
        let begins_in_check = || engine.status(position, rules).is_ok_and(Status::in_check);
        // The play after the key: `position` has the defender to move.
        if options.post_key {
            let in_check = begins_in_check();
            let node = builder.post_key(position, stipulation.moves, in_check)?;
            return Ok(Tree {
                set_play: None,
                post_key: Some(PostKey { in_check, node }),
                keys: Vec::new(),
                bound: Vec::new(),
            });
        }
        let shown = options.set_play
            && !begins_in_check()
            && !search.threat_missing(&position.other_side_begins(), stipulation.moves - 1)?;
        let set_play = shown
            .then(|| builder.set_play(position, stipulation.moves))
            .transpose()?;
        let mut keys = Vec::new();
        // Reflex play: an attacker bound to reach the goal in the diagram has no key; the
        // moves that bind it are shown.
        if stipulation.reflex == Reflex::Full && search.reaches_in_one(position)? {
            return Ok(Tree {
                set_play,
                post_key: None,
                keys,
                bound: builder.goal_moves(position)?,
            });
        }
        for (mv, after) in engine.successors(position, rules)? {
            if let Some(tree) = builder.first_move(mv, &after, stipulation.moves)? {
                keys.push(tree);
            }
        }
        Ok(Tree {
            set_play,
            post_key: None,
            keys,
            bound: Vec::new(),
        })
    }
}

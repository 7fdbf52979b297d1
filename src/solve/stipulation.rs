//! Stipulations: what a problem asks (`#2`, `h#3.5`, `ser-h=4`, …), read from Popeye's short
//! notation.

use std::fmt;
use std::str::FromStr;

use feerie_oracle::Colour;

pub use super::goal::Goal;

/// The longest stipulation accepted, in moves: far beyond what any search finishes, and within
/// the recursion depth the search may use.
pub const MAX_MOVES: u32 = 30;

/// Who plays toward the goal, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// The side to move forces the goal against every defence, in n moves or fewer (`#n`,
    /// `=n`).
    Direct,
    /// Both sides cooperate, the side to move beginning; the other side reaches the goal on the
    /// last move, in n moves or fewer (`h#n`, `h#n.5`).
    Help,
    /// The side to move forces the other side to reach the goal against it (`s#n`).
    SelfPlay,
    /// The side to move plays up to n moves in a row (the other side passing), then the other
    /// side reaches the goal in one move (`ser-h#n`). (After an intro series, the series side
    /// plays them: [`Stipulation::intro`]; in parry series the other side parries a check:
    /// [`Stipulation::parry`].)
    SeriesHelp,
    /// The side to move plays up to n moves in a row, the last reaching the goal (`ser-#n`;
    /// after an intro series, the series side).
    SeriesDirect,
    /// The side to move plays up to n moves in a row (the other side passing), after which
    /// the other side must reach the goal against it in one move: with every move (`ser-s#n`),
    /// or, the reflex obligations of `r#1` binding both sides (`ser-r#n`), with one of its
    /// moves. As Popeye 4.104 plays it, the series stops where the other side is so bound
    /// already (a line through such a position is none), and in `ser-r#n` the series side,
    /// when it can reach the goal itself before a move, is bound to and loses.
    SeriesSelf,
    /// Help play that ends in self play of one move: both sides cooperate for `n - 1` moves,
    /// the side to move beginning (the other side, with a half-move, in `hs#n.5`); then the
    /// side that began plays a move after which the other side must reach the goal against
    /// it: with every move (`hs#n`), or, the reflex obligations of `r#1` binding both sides
    /// (`hr#n`), with one of its moves. Each line ends with one of those moves, and shorter
    /// lines are solutions too, as in help play.
    HelpSelf,
}

/// The reflex obligations of self play (`r#n`, `semi-r#n`): which sides must reach the goal
/// when they can.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reflex {
    /// Plain self play (`s#n`): no obligation.
    #[default]
    No,
    /// Semi-reflex (`semi-r#n`): the defender, when it can reach the goal in one move, must
    /// (and that ends the play, to the attacker's gain).
    Semi,
    /// Reflex (`r#n`): the defender as in semi-reflex, and the attacker must not be able to
    /// reach the goal against the defender in one move before any of its moves (it would be
    /// bound to, which ends the play to its loss).
    Full,
}

impl Stipulation {
    /// Why the stipulation cannot be asked under `rules`, if it cannot: material gain (`%`)
    /// under Circe Parrain, where the unit taken is reborn a move later, so that whether the
    /// goal move wins it is not known when it is played (Popeye refuses it too: "Win_a_Piece
    /// and Circe Parrain not allowed").
    ///
    /// ```
    /// use feerie::oracle::{Condition, Profile, Rules};
    /// use feerie::solve::stipulation::Stipulation;
    /// let parrain = Rules::new([Condition::CirceParrain], Profile::Popeye).unwrap();
    /// let gain: Stipulation = "%1".parse().unwrap();
    /// assert!(gain.refused_under(&parrain).unwrap().to_string().contains("Parrain"));
    /// assert!(gain.refused_under(&Rules::orthodox()).is_none());
    /// ```
    pub fn refused_under(&self, rules: &feerie_oracle::Rules) -> Option<StipulationError> {
        (self.goal == Goal::MaterialGain && rules.has(feerie_oracle::Condition::CirceParrain)).then(
            || {
                StipulationError(format!(
                    "stipulation '{self}': material gain (%) under Circe Parrain, where the unit \
                     taken is reborn a move later, is not a goal (Popeye refuses it too)"
                ))
            },
        )
    }
}

/// A stipulation.
///
/// ```
/// use feerie::solve::stipulation::{Goal, Play, Stipulation};
/// let s: Stipulation = "h#2.5".parse().unwrap();
/// assert_eq!((s.play, s.goal, s.moves, s.half), (Play::Help, Goal::Mate, 2, true));
/// assert_eq!(s.plies(), 5);
/// assert_eq!(s.to_string(), "h#2.5");
/// assert!("pser-#2".parse::<Stipulation>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    /// Direct, help, self or series play.
    pub play: Play,
    /// What the last move achieves.
    pub goal: Goal,
    /// The number of moves (the whole part of `h#2.5`).
    pub moves: u32,
    /// Help and help-self play only: a half-move more, the other side beginning (`h#2.5`,
    /// `hs#2.5`).
    pub half: bool,
    /// Self, help-self and series self play only: the reflex obligations (`r#2`, `semi-r#2`,
    /// `hr#2`, `ser-r#2`).
    pub reflex: Reflex,
    /// Direct and self play only: Popeye's `option threat N`, a bound on the threat. An
    /// attacking move that gives no check and leaves at least N moves (the goal not yet
    /// reached) must threaten to reach the goal within N moves (in reflex play: to force the
    /// defender to reach it; in plain self play, as Popeye 4.104 counts it, within N - 1), or
    /// it fails: the defender has defended.
    /// `None` (the default, and what a stipulation's text gives): no bound.
    pub threat_within: Option<u32>,
    /// Every play (`exact-#3`, `exact-s#2`, `exact-h#3`, `exact-hr#2`, `exact-ser-s#4`): a
    /// solution has exactly the stipulated number of moves. A move of the line that reaches
    /// the goal sooner ends the line without a solution, as Popeye 4.104 plays it; a shorter
    /// line is none. In direct play the attacker reaches the goal with its last move in every
    /// variation, never sooner (`exact-#1` is `#1`); in self play the defender reaches it with
    /// its last move, and a defence that reaches it sooner refutes (in reflex play, where the
    /// defender must when it can, being able to sooner refutes).
    pub exact: bool,
    /// Reciprocal help play only (`reci-h#n`, `reci-h(=)#n`, `ser-reci-h#n`): the goal the
    /// side that begins reaches itself. A line ends where that side, to move, can both reach
    /// this goal with a move and play a move after which the other side reaches
    /// [`Stipulation::goal`]; its lines there are each of those moves (`3.De1*g3 =`) and each
    /// of the others with each reply that reaches the goal (`3.De1-e2 Dg3-g1 #`). Such a
    /// position ends a line of any length up to the stipulated one (in series play after one
    /// series move at least, but in `ser-reci-h#1`), and lines go on through it, as Popeye
    /// 4.104 plays it. `None`: not reciprocal.
    pub reci: Option<Goal>,
    /// Series play only (`2->ser-#3`, `1->ser-h#4`): the intro series, at most this many moves
    /// in a row (one at least) of the side that does not play the series, the series side
    /// passing, before the series itself; only its last move may check. As Popeye 4.104 plays
    /// it, every intro of one move up to this many is followed by the series, and the series
    /// side's moves are numbered again from 1 after it when the series has two moves or more.
    /// 0: none.
    pub intro: u32,
    /// Parry series (`pser-h#n`, `phser-s#n`, `phser-r#n`): a series move may check, and the
    /// other side then parries with a move of its choice (a help move) instead of passing,
    /// before the series goes on; the parries are not counted among the series' moves.
    pub parry: bool,
    /// Self play only (`s#n`, `semi-r#n`; Popeye's `option quodlibet`): the attacker also wins
    /// by reaching the goal itself against the defender, with any of its moves. In `r#n` the
    /// reflex obligation comes first: an attacker that can reach the goal must, and loses (as
    /// Popeye 4.104 plays it, the option then changes nothing).
    pub quodlibet: bool,
}

impl Stipulation {
    /// Half-moves of a help play solution; for other play, the most half-moves of the side
    /// playing toward the goal and its opponent together (a bound used for progress): an
    /// intro series counts its moves and the series side's passes; parries are not counted.
    pub fn plies(&self) -> u32 {
        match self.play {
            Play::Help | Play::HelpSelf => 2 * self.moves + u32::from(self.half),
            Play::Direct | Play::SelfPlay => 2 * self.moves,
            Play::SeriesHelp | Play::SeriesSelf => 2 * self.intro + self.moves + 1,
            Play::SeriesDirect => 2 * self.intro + self.moves,
        }
    }

    /// Whether the attacker of self play wins by reaching the goal itself
    /// ([`Stipulation::quodlibet`]): in `s#n` and `semi-r#n`, not in `r#n`, whose attacker
    /// able to reach the goal is bound to and loses.
    ///
    /// ```
    /// use feerie::solve::stipulation::Stipulation;
    /// let applies = |s: &str| {
    ///     let mut s: Stipulation = s.parse().unwrap();
    ///     s.quodlibet = true;
    ///     s.attacker_goal_wins()
    /// };
    /// assert!(applies("s#2") && applies("semi-r#2") && applies("s=3"));
    /// assert!(!applies("r#2") && !applies("#2") && !applies("hs#2"));
    /// ```
    pub fn attacker_goal_wins(&self) -> bool {
        self.quodlibet && self.play == Play::SelfPlay && self.reflex != Reflex::Full
    }

    /// The fewest moves a continuation with `left` moves left may take: 1, or under `exact-`
    /// all of them.
    ///
    /// ```
    /// use feerie::solve::stipulation::Stipulation;
    /// let fewest = |s: &str| s.parse::<Stipulation>().unwrap().fewest_moves(3);
    /// assert_eq!((fewest("#4"), fewest("exact-#4")), (1, 3));
    /// ```
    pub fn fewest_moves(&self, left: u32) -> u32 {
        if self.exact { left } else { 1 }
    }

    /// Whether the side that begins is bound by reflex obligations to reach the goal against
    /// the other side when it can, as the attacker of `r#1` is, and its moves that do are
    /// printed as lines (`  1.Rh5*h7 # ?!?`): in help-reflex play of whole moves (`hr#2`),
    /// where it plays the reflex move, and in series reflex play (`ser-r#2`).
    ///
    /// ```
    /// use feerie::solve::stipulation::Stipulation;
    /// let bound = |s: &str| s.parse::<Stipulation>().unwrap().binds_beginner_in_help();
    /// assert!(bound("hr#2") && !bound("hr#2.5") && !bound("hs#2") && !bound("r#2"));
    /// assert!(bound("ser-r#2") && !bound("ser-s#2"));
    /// ```
    pub fn binds_beginner_in_help(&self) -> bool {
        self.reflex == Reflex::Full
            && (self.play == Play::HelpSelf && !self.half || self.play == Play::SeriesSelf)
    }

    /// Whether the side that begins is the side that is mated (or stalemated): in help play of
    /// whole moves (`h#2`), series help play, self play and help-self play of whole moves
    /// (`hs#2`); not in `h#2.5`, `hs#2.5`, direct play and series direct play, where the side
    /// that begins gives the mate. An intro series is played by the other side than the
    /// series: the answer is the other (`2->ser-#3`: the side that begins is mated).
    ///
    /// ```
    /// use feerie::solve::stipulation::Stipulation;
    /// let target = |s: &str| s.parse::<Stipulation>().unwrap().beginner_is_target();
    /// assert!(target("h#2") && target("s#3") && target("ser-h=4"));
    /// assert!(!target("h#2.5") && !target("#2") && !target("ser-#3"));
    /// assert!(target("hs#2") && !target("hr#1.5") && target("ser-s#3"));
    /// ```
    pub fn beginner_is_target(&self) -> bool {
        // The intro series is the other side's: it is the target when the series side is not.
        let series_side_is_target = self.intro == 0;
        match self.play {
            Play::Help => !self.half,
            Play::HelpSelf => !self.half,
            Play::SelfPlay => true,
            Play::SeriesHelp | Play::SeriesSelf => series_side_is_target,
            Play::SeriesDirect => !series_side_is_target,
            Play::Direct => false,
        }
    }

    /// The side that begins in a Popeye problem of this stipulation: Black in help play of
    /// whole moves and in series help play (White mates Black), White otherwise (in `h#2.5`,
    /// too, White beginning and mating Black; in `hs#2`, White beginning and mated). In
    /// `hs#2.5` Black begins, as in `h#2`: the half-move is Black's.
    ///
    /// ```
    /// use feerie::oracle::Colour;
    /// use feerie::solve::stipulation::Stipulation;
    /// let side = |s: &str| s.parse::<Stipulation>().unwrap().usual_beginner();
    /// assert_eq!(side("h#2"), Colour::Black);
    /// assert_eq!(side("ser-h#3"), Colour::Black);
    /// assert_eq!(side("h#2.5"), Colour::White);
    /// assert_eq!(side("s#2"), Colour::White);
    /// assert_eq!(side("hs#2"), Colour::White);
    /// assert_eq!(side("hr#2.5"), Colour::Black);
    /// ```
    pub fn usual_beginner(&self) -> Colour {
        let series_side = match self.play {
            Play::Help if !self.half => Colour::Black,
            Play::HelpSelf if self.half => Colour::Black,
            Play::SeriesHelp => Colour::Black,
            _ => Colour::White,
        };
        // The intro series is played by the other side, before the series.
        if self.intro > 0 {
            !series_side
        } else {
            series_side
        }
    }

    /// The set play of a help or series stipulation (`option setplay`), as Popeye 4.104
    /// solves it, the other side beginning: in help play the play with its first half-move
    /// left out, so a half-move shorter (`h#1.5` for `h#2`, `h#2` for `h#2.5`); in series
    /// play the other side's closing move in the diagram (`h#0.5` for `ser-h#n`, for
    /// `ser-s#n` its moves when each reaches the goal, for `ser-r#n` those that do when one
    /// can: the `hs#0.5` and `hr#0.5` that no stipulation text writes; the same in parry
    /// series). None before an intro series (not measured), in `h#0.5` and
    /// series direct play, where Popeye ignores set play (`SetPlay not applicable`), in
    /// `exact-` help play (not measured), in reciprocal help play (`reci-h#n`: not measured),
    /// and in direct, self and help-self play.
    ///
    /// ```
    /// use feerie::solve::stipulation::Stipulation;
    /// let set = |s: &str| s.parse::<Stipulation>().unwrap().set_play().map(|s| s.to_string());
    /// assert_eq!(set("h#2").as_deref(), Some("h#1.5"));
    /// assert_eq!(set("h=2.5").as_deref(), Some("h=2"));
    /// assert_eq!(set("h#1").as_deref(), Some("h#0.5"));
    /// assert_eq!(set("ser-h#4").as_deref(), Some("h#0.5"));
    /// assert_eq!(set("exact-ser-h#4").as_deref(), Some("h#0.5"));
    /// assert_eq!(set("ser-sx3").as_deref(), Some("hsx0.5"));
    /// assert_eq!(set("ser-r#2").as_deref(), Some("hr#0.5"));
    /// assert_eq!(set("pser-h#2").as_deref(), Some("h#0.5"));
    /// assert_eq!(set("phser-s#2").as_deref(), Some("hs#0.5"));
    /// assert_eq!(set("h#0.5"), None);
    /// assert_eq!(set("exact-h#2"), None);
    /// assert_eq!(set("reci-h#2"), None);
    /// assert_eq!(set("ser-reci-h#2"), None);
    /// assert_eq!(set("ser-#3"), None);
    /// assert_eq!(set("hs#2"), None);
    /// assert_eq!(set("#2"), None);
    /// ```
    pub fn set_play(&self) -> Option<Stipulation> {
        // The other side's closing move: in parry series too, whose parries follow a series
        // move.
        let closing = |play| Stipulation {
            play,
            moves: 0,
            half: true,
            exact: false,
            parry: false,
            ..*self
        };
        if self.reci.is_some() || self.intro > 0 {
            return None;
        }
        match self.play {
            Play::Help if self.plies() >= 2 && !self.exact => {
                let (moves, half) = if self.half {
                    (self.moves, false)
                } else {
                    (self.moves - 1, true)
                };
                Some(Stipulation {
                    moves,
                    half,
                    ..*self
                })
            }
            Play::SeriesHelp => Some(closing(Play::Help)),
            Play::SeriesSelf => Some(closing(Play::HelpSelf)),
            _ => None,
        }
    }

    /// Whether Popeye 4.104 ignores `option setplay` under this stipulation ("SetPlay not
    /// applicable - ignored"), solving it as given: in `h#0.5` and in series direct play.
    ///
    /// ```
    /// use feerie::solve::stipulation::Stipulation;
    /// let ignored = |s: &str| s.parse::<Stipulation>().unwrap().set_play_ignored();
    /// assert!(ignored("h#0.5") && ignored("ser-#3") && ignored("ser-=2"));
    /// assert!(!ignored("h#1") && !ignored("ser-h#2") && !ignored("#2"));
    /// assert!(!ignored("2->ser-#3"));
    /// ```
    pub fn set_play_ignored(&self) -> bool {
        match self.play {
            Play::Help => self.plies() < 2,
            // Not measured before an intro series: refused there.
            Play::SeriesDirect => self.intro == 0,
            _ => false,
        }
    }
}

/// Why a stipulation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StipulationError(pub String);

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StipulationError {}

/// The forms understood, for error messages.
pub const SUPPORTED: &str = "#n, =n, s#n, s=n, r#n, semi-r#n, h#n, h=n, h#n.5, h=n.5, hs#n, \
    hs#n.5, hr#n, hr#n.5, ser-#n, ser-=n, ser-h#n, ser-h=n, ser-s#n, ser-r#n, exact- before any \
    of them (exact-#n, exact-s#n, exact-h#n, exact-ser-h#n, …), reciprocal help play (reci-h#n, \
    reci-h(=)#n, ser-reci-h#n), an intro series before series play (2->ser-#3), parry series \
    with help parries (pser-h#n, phser-s#n, phser-r#n), with the goal # (mate) also = \
    (stalemate), + (check), x (capture), ~ (any move), z<square> (target), ep (en passant), 00 (castling), % (material gain), #= (mate or \
    stalemate), == (double stalemate) or != (auto-stalemate)";

/// Why the goals whose mover ends in check are left out.
const MOVER_IN_CHECK: &str = "double mate (##), counter-mate (##!) and auto-mate (!#) are not \
    supported: they leave the side that moved in check, which no legal move does under feerie's \
    rules";

/// Popeye's intro series, `m->` before the stipulation: its number of moves (0 without one) and
/// the rest of the text.
fn read_intro(lower: &str) -> Result<(u32, String), String> {
    if !lower.contains("->") {
        return Ok((0, lower.to_string()));
    }
    match feerie_oracle::popeye_input::intro_series(lower)
        .and_then(|(number, rest)| Some((number.parse::<u32>().ok()?, rest)))
    {
        Some((m, rest)) if (1..=MAX_MOVES).contains(&m) => Ok((m, rest.to_string())),
        _ => Err(format!(
            "the intro series (m->) takes a whole number of moves from 1 to {MAX_MOVES}"
        )),
    }
}

/// The text quoted in a refusal, cut to 40 characters.
fn shortened(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        let head: String = text.chars().take(40).collect();
        format!("{head}… ({} characters)", text.chars().count())
    }
}

impl FromStr for Stipulation {
    type Err = StipulationError;

    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        let refuse = |why: &str| {
            StipulationError(format!(
                "stipulation '{}': {why} (supported: {SUPPORTED})",
                shortened(text.trim())
            ))
        };
        let lower = text.trim().to_ascii_lowercase();
        if lower.is_empty() {
            return Err(refuse("empty"));
        }
        let (intro, lower) = read_intro(&lower).map_err(|why| refuse(&why))?;
        let (exact, lower) = match lower.strip_prefix("exact-") {
            Some(rest) => (true, rest.to_string()),
            None => (false, lower),
        };
        let (semi, lower) = match lower.strip_prefix("semi-") {
            Some(rest) => (true, rest.to_string()),
            None => (false, lower),
        };
        // Parry series: `pser-h#n` (the other side's parries are help moves there) and
        // `phser-s#n`, `phser-r#n` (help parries before self and reflex play).
        let (parry, lower) = match (lower.strip_prefix("pser-"), lower.strip_prefix("phser-")) {
            (Some(rest), _) if rest.starts_with('h') => (true, format!("ser-{rest}")),
            (_, Some(rest)) if rest.starts_with(['s', 'r']) => (true, format!("ser-{rest}")),
            (Some(_), _) | (_, Some(_)) => {
                return Err(refuse(
                    "parry series is supported with help parries only (pser-h#n, phser-s#n, \
                     phser-r#n): the defender's parries of pser-#n, pser-s#n and pser-r#n are not",
                ));
            }
            _ => (false, lower),
        };
        let (series, rest) = match lower.strip_prefix("ser-") {
            Some(rest) => (true, rest),
            None => (false, lower.as_str()),
        };
        let (reci, rest) = match rest.strip_prefix("reci-") {
            Some(rest) => (true, rest),
            None => (false, rest),
        };
        if reci
            && (exact
                || semi
                || !rest.starts_with('h')
                || rest.starts_with("hs")
                || rest.starts_with("hr"))
        {
            return Err(refuse(
                "reci- goes with help play only (reci-h#n, reci-h(=)#n, ser-reci-h#n), without \
                 exact-",
            ));
        }
        // `reci-h(=)#n`: the goal of the side that begins in parentheses, else the same goal.
        let (reci_goal, rest) = match rest.strip_prefix("h(") {
            Some(inner) if reci => {
                let Some((goal, after)) = Goal::read(inner)
                    .and_then(|(goal, after)| Some((goal, after.strip_prefix(')')?)))
                else {
                    return Err(refuse("reci-h( must be followed by a goal and )"));
                };
                (Some(goal), format!("h{after}"))
            }
            _ => (None, rest.to_string()),
        };
        let rest = rest.as_str();
        if semi && (series || !rest.starts_with('r')) {
            return Err(refuse("semi- goes with reflex direct play only (semi-r#n)"));
        }
        if parry && (exact || reci) {
            return Err(refuse(
                "parry series (pser-, phser-) goes without exact- and reci-",
            ));
        }
        if series && rest.starts_with("semi-") {
            return Err(refuse("semi- goes with reflex direct play only (semi-r#n)"));
        }
        if series && (rest.starts_with("hs") || rest.starts_with("hr")) {
            return Err(refuse("series help-self play is not supported"));
        }
        if rest.trim_start_matches(['h', 's']).starts_with("!#") {
            return Err(refuse(MOVER_IN_CHECK));
        }
        let (kind, rest) = match rest.chars().next() {
            Some('h') if rest.starts_with("hs") || rest.starts_with("hr") => {
                (if rest.starts_with("hs") { 'S' } else { 'R' }, &rest[2..])
            }
            Some('h') => ('h', &rest[1..]),
            Some('s') => ('s', &rest[1..]),
            Some('r') => ('r', &rest[1..]),
            Some(_) if Goal::read(rest).is_some() => ('d', rest),
            _ => {
                return Err(refuse(
                    "unknown play (proof games, circuits, exchanges, … are not supported)",
                ));
            }
        };
        let play = match (series, kind) {
            (false, 'd') => Play::Direct,
            (false, 'h') => Play::Help,
            (false, 's' | 'r') => Play::SelfPlay,
            (false, 'S' | 'R') => Play::HelpSelf,
            (true, 'd') => Play::SeriesDirect,
            (true, 'h') => Play::SeriesHelp,
            (true, 's' | 'r') => Play::SeriesSelf,
            _ => return Err(refuse("unknown play")),
        };
        let Some((goal, number)) = Goal::read(rest) else {
            return Err(refuse(
                "the goal must be # (mate), = (stalemate), + (check), x (capture), ~ (any move), \
                 z and a square (target), ep (en passant), 00 (castling), % (material gain), #= \
                 (mate or stalemate), == (double stalemate) or != (auto-stalemate)",
            ));
        };
        if exact
            && matches!(play, Play::Direct | Play::SelfPlay | Play::HelpSelf)
            && !matches!(goal, Goal::Mate | Goal::Stalemate | Goal::MateOrStalemate)
        {
            return Err(refuse(
                "exact- in direct, self and help-self play goes with # (mate), = (stalemate) and \
                 #= only: under the other goals Popeye 4.104 lets the goal be reached before the \
                 last move in direct play, which is not modelled (nor measured in the others)",
            ));
        }
        if goal == Goal::Mate && number.starts_with('#') {
            return Err(refuse(MOVER_IN_CHECK));
        }
        if number.starts_with(['#', '=', '!']) {
            return Err(refuse("a goal of three signs is not one of Popeye's"));
        }
        let (whole, half) = match number.strip_suffix(".5") {
            Some(w) => (w, true),
            None => (number, false),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(refuse(
                "the number of moves must be a whole number (or n.5 in help play)",
            ));
        }
        let moves: u32 = whole
            .parse()
            .map_err(|_| refuse(&format!("at most {MAX_MOVES} moves")))?;
        if reci && half {
            return Err(refuse(
                "reci- goes with help play of whole moves only (reci-h#n, not reci-h#n.5)",
            ));
        }
        if intro > 0
            && (exact
                || reci
                || kind == 'r'
                || !matches!(
                    play,
                    Play::SeriesDirect | Play::SeriesHelp | Play::SeriesSelf
                ))
        {
            return Err(refuse(
                "an intro series (m->) goes before series play only (2->ser-#3, 1->ser-h#4, \
                 1->ser-s#2), without exact-, reci- and reflex play",
            ));
        }
        if half && !matches!(play, Play::Help | Play::HelpSelf) {
            return Err(refuse(
                "a half move (n.5) is for help and help-self play only",
            ));
        }
        if moves == 0 && (!half || play == Play::HelpSelf) {
            return Err(refuse("at least one move"));
        }
        if moves > MAX_MOVES {
            return Err(refuse(&format!("at most {MAX_MOVES} moves")));
        }
        let reflex = match (kind, semi) {
            ('r', true) => Reflex::Semi,
            ('r' | 'R', false) => Reflex::Full,
            _ => Reflex::No,
        };
        Ok(Stipulation {
            play,
            goal,
            moves,
            half,
            reflex,
            threat_within: None,
            exact,
            reci: reci.then(|| reci_goal.unwrap_or(goal)),
            intro,
            parry,
            quodlibet: false,
        })
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.intro > 0 {
            write!(f, "{}->", self.intro)?;
        }
        if self.exact {
            f.write_str("exact-")?;
        }
        if self.parry {
            f.write_str(if self.play == Play::SeriesHelp {
                "p"
            } else {
                "ph"
            })?;
        }
        let prefix = match self.play {
            Play::Direct => "",
            Play::Help if self.reci.is_some() => "reci-h",
            Play::Help => "h",
            Play::SelfPlay => match self.reflex {
                Reflex::No => "s",
                Reflex::Semi => "semi-r",
                Reflex::Full => "r",
            },
            Play::SeriesHelp if self.reci.is_some() => "ser-reci-h",
            Play::SeriesHelp => "ser-h",
            Play::SeriesDirect => "ser-",
            Play::SeriesSelf => match self.reflex {
                Reflex::Full => "ser-r",
                _ => "ser-s",
            },
            Play::HelpSelf => match self.reflex {
                Reflex::Full => "hr",
                _ => "hs",
            },
        };
        f.write_str(prefix)?;
        if let Some(own) = self.reci.filter(|own| *own != self.goal) {
            write!(f, "({})", own.sign())?;
        }
        write!(f, "{}{}", self.goal.sign(), self.moves)?;
        if self.half {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

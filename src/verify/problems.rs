//! The problems of a Popeye input as solving cases: each problem (or each of its twins) with its
//! position, rules and stipulation, or the reason it cannot be solved here.

use feerie_oracle::notation::popeye_input::{self, Language, PopeyeFile, PopeyeProblem};
use feerie_oracle::notation::popeye_twin;
use feerie_oracle::notation::popeye_words::{Lookup, PopeyeOption};
use feerie_oracle::{Position, Profile, Rules, Validation};

use crate::solve::error::SolveError;
use crate::solve::stipulation::{Play, Reflex, Stipulation};
use crate::verify::error::VerifyError;
use crate::verify::part::Part;
pub use crate::verify::problem_options::{
    max_solutions, max_time, no_board, post_key_asked, quodlibet_applies, set_play_asked,
    solutions_per_target, stops_on_short, threat_within, white_to_play, white_to_play_ignored,
};

/// One problem or twin, ready to solve.
#[derive(Debug)]
pub struct Case {
    /// 1-based problem number in the file.
    pub problem: usize,
    /// Twin label (`a`, `b`, …), empty without twins.
    pub label: String,
    /// Position (the side that begins to move), rules and stipulation, or why not.
    pub setup: Result<(Position, Rules, Stipulation), VerifyError>,
    /// Under `option duplex` (help and series play), the position of the second part: the
    /// same stipulation with the other side beginning. Under `option halfduplex` that part
    /// alone is solved (the problem's position has the other side to move).
    pub duplex: Option<Position>,
    /// Under `option setplay` in help and series play, the position of the set play
    /// ([`Stipulation::set_play`]), the other side beginning.
    pub set_play: Option<Position>,
}

impl Case {
    /// The case's parts, in the order Popeye prints them: the set play of a help or series problem
    /// (unless Popeye refuses its position: [`refused_by_popeye`]), the play itself, under
    /// `option duplex` the other side's; none when the case cannot be solved.
    pub fn parts(&self, engine: &dyn feerie_oracle::Engine) -> Vec<Part<'_>> {
        let Ok((position, rules, stipulation)) = &self.setup else {
            return Vec::new();
        };
        let set_play = (self.set_play.as_ref())
            .zip(stipulation.set_play())
            .filter(|(set, _)| refused_by_popeye(engine, set, rules).is_none())
            .map(|(set, set_stipulation)| Part {
                position: set,
                stipulation: set_stipulation,
                set_play: true,
            });
        let played = std::iter::once(position).chain(&self.duplex);
        (set_play.into_iter())
            .chain(played.map(|p| Part::plain(p, *stipulation)))
            .collect()
    }

    /// Why Popeye refuses to solve the case, if it does ([`refused_by_popeye`]): its position,
    /// or its duplex part's. (A set play refused leaves the play solved.)
    pub fn refused_by_popeye(&self, engine: &dyn feerie_oracle::Engine) -> Option<String> {
        let (position, rules, _) = self.setup.as_ref().ok()?;
        std::iter::once(position)
            .chain(&self.duplex)
            .find_map(|part| refused_by_popeye(engine, part, rules))
    }

    /// `problem 3` or `problem 3 b)`.
    pub fn name(&self) -> String {
        case_name(self.problem, &self.label)
    }

    /// Whether Popeye never reads this case (it stops reading the input before it).
    pub fn not_read(&self) -> bool {
        matches!(self.setup, Err(VerifyError::NotRead(_)))
    }
}

/// Options that change what the solutions are, or how Popeye prints them so that the solution
/// set cannot be read back; problems using them are not solved.
const CHANGING_OPTIONS: &[(PopeyeOption, &str)] = &[
    (PopeyeOption::StartMoveNumber, "solving from a given move"),
    (PopeyeOption::UpToMoveNumber, "solving up to a given move"),
    (PopeyeOption::KeepMatingPiece, "keep mating piece"),
    (PopeyeOption::NonTrivial, "non-trivial"),
];

/// Why a problem (or twin) cannot be solved here, if so: a stipulation we do not solve, or an
/// option that changes the play.
pub fn unsupported(problem: &PopeyeProblem) -> Option<VerifyError> {
    if let Some(s) = &problem.structured_stipulation {
        return Some(VerifyError::ProblemNotSupported(format!(
            "structured stipulation '{s}'"
        )));
    }
    let Some(stip) = &problem.stipulation else {
        return Some(VerifyError::ProblemNotSupported("no stipulation".into()));
    };
    let stipulation = match stip.parse::<Stipulation>() {
        Ok(s) => s,
        Err(e) => return Some(VerifyError::ProblemNotSupported(e.to_string())),
    };
    let battle = matches!(stipulation.play, Play::Direct | Play::SelfPlay);
    let language = problem.language;
    for word in &problem.options {
        let Lookup::Found(option) = PopeyeOption::of(language, word) else {
            // Not an option: the position says so.
            continue;
        };
        let not_supported = |why: &str| {
            Some(VerifyError::Solve(SolveError::OptionNotSupported {
                option: word.clone(),
                why: format!("{why} ({})", option.word(language)),
            }))
        };
        if let Some((_, why)) = CHANGING_OPTIONS.iter().find(|(o, _)| *o == option) {
            return not_supported(why);
        }
        match option {
            // Duplex is solved in help and series play, whose solutions are lines that say
            // which side begins; a tree of each part is not.
            PopeyeOption::Duplex | PopeyeOption::HalfDuplex if battle => {
                return not_supported("duplex in direct and self play");
            }
            // Popeye 4.104 counts only the lines that end with the other side's goal toward
            // the limit (measured: 13 lines printed under `maxsolutions 12`).
            PopeyeOption::MaxSolutions if stipulation.reci.is_some() => {
                return not_supported(
                    "maxsolutions in reciprocal help play (Popeye counts only the lines that end \
                     with the other side's goal)",
                );
            }
            // Set play in help and series play is `Stipulation::set_play` (see
            // `set_play_of`); in help-self play, `exact-` help play and reciprocal help play it
            // is not built.
            PopeyeOption::SetPlay
                if !battle
                    && stipulation.set_play().is_none()
                    && !stipulation.set_play_ignored() =>
            {
                return not_supported(
                    "set play in help-self play, in exact- help play, in reciprocal help play \
                     and before an intro series",
                );
            }
            PopeyeOption::SetPlay
                if matches!(
                    stipulation.play,
                    Play::Help | Play::SeriesHelp | Play::SeriesSelf
                ) && [
                    PopeyeOption::Duplex,
                    PopeyeOption::HalfDuplex,
                    PopeyeOption::WhiteToPlay,
                ]
                .iter()
                .any(|o| problem.has_option(*o)) =>
            {
                return not_supported(
                    "set play in help and series play with duplex or whitetoplay",
                );
            }
            // Popeye 4.104's trees under quodlibet in three moves or more are not understood:
            // in an s#3 of our own it shows a defence with no answer that does not refute
            // (`1...e6-e5` after `1.Qh5-f3 !`, where `2.Qf3-d3 #` mates), leaves out
            // defences that defeat the threat, and the defender's closing mate after a short
            // threat (`2.Qf3-e3 +`). The keys and tries alone agree.
            PopeyeOption::Quodlibet
                if quodlibet_applies(&stipulation)
                    && stipulation.moves >= 3
                    && [
                        PopeyeOption::Variations,
                        PopeyeOption::SetPlay,
                        PopeyeOption::PostKeyPlay,
                    ]
                    .iter()
                    .any(|o| problem.has_option(*o)) =>
            {
                return not_supported(
                    "quodlibet in three moves or more with variations, set play or the play \
                     after the key (Popeye 4.104 shows a defence with no answer that does not \
                     refute, a tree not understood)",
                );
            }
            PopeyeOption::Quodlibet
                if quodlibet_applies(&stipulation) && problem.has_option(PopeyeOption::Threat) =>
            {
                return not_supported("quodlibet with a bound on the threat (not measured)");
            }
            // Popeye 4.104's tries of `exact-` reflex play are not understood: it shows none
            // after which the defender is bound to mate at once in one position
            // (`1.Qh5-h1 ? 1...Kd4-e3 #`), and such a try with its threat in another
            // (`1.Sd1-f2 ? threat:`, refuted by `1...b3-b2 + !` in an `exact-semi-r#2`).
            PopeyeOption::Try
                if stipulation.exact
                    && stipulation.play == Play::SelfPlay
                    && stipulation.reflex != Reflex::No =>
            {
                return not_supported(
                    "tries in exact- reflex and semi-reflex play (not understood)",
                );
            }
            PopeyeOption::Quodlibet | PopeyeOption::Threat
                if stipulation.exact
                    && stipulation.play == Play::SelfPlay
                    && (problem.has_option(PopeyeOption::Quodlibet)
                        || threat_within(problem, &stipulation).is_some()) =>
            {
                return not_supported(
                    "quodlibet and a bound on the threat in exact- self play (not measured)",
                );
            }
            PopeyeOption::StopOnShortSolutions
                if stops_on_short(&stipulation)
                    && (stipulation.exact
                        || stipulation.intro > 0
                        || stipulation.parry
                        || stipulation.reci.is_some()
                        || [
                            PopeyeOption::SetPlay,
                            PopeyeOption::Duplex,
                            PopeyeOption::HalfDuplex,
                            PopeyeOption::MaxSolutions,
                            PopeyeOption::WhiteToPlay,
                        ]
                        .iter()
                        .any(|o| problem.has_option(*o))) =>
            {
                return not_supported(
                    "stop on short solutions with exact-, reci-, an intro or parry series, set \
                     play, duplex, whitetoplay or maxsolutions (not measured)",
                );
            }
            PopeyeOption::WhiteToPlay
                if white_to_play(&stipulation).is_none()
                    && !white_to_play_ignored(&stipulation) =>
            {
                return not_supported(
                    "the other side begins in h#1, series and help-self play (Popeye shortens \
                     h#1 to an h#0.5 in which it finds nothing, a series help play to a shorter \
                     one)",
                );
            }
            _ => {}
        }
    }
    None
}

/// Why Popeye refuses to solve a position, if it does: the side not to move in check under
/// the rules in force ("the side to play can capture the king"). Popeye says so on its
/// standard error only, so the reason is found here.
pub fn refused_by_popeye(
    engine: &dyn feerie_oracle::Engine,
    position: &Position,
    rules: &Rules,
) -> Option<String> {
    engine
        .status(&position.passed(), rules)
        .is_ok_and(feerie_oracle::Status::in_check)
        .then(|| {
            "the side not to move is in check (Popeye: the side to play can capture the king)"
                .into()
        })
}

/// Where Popeye 4.104 reads series play under Madrasi another way than feerie's positions can
/// hold, if it may: a pawn of the series side that double-steps beside an enemy pawn of its walk
/// is observed en passant, and Popeye keeps it so through the waiting side's turn, paralysed at
/// the next series move too (its regression test `REGRESSIONS/4_63_to_4_65.inp`, problem 25);
/// feerie's position after a turn skipped holds no en passant right. Found on the diagram: a
/// pawn on its double-step rank with an enemy pawn of its walk beside its landing square.
pub fn series_en_passant_observation(
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
) -> Option<String> {
    let paralysis = rules
        .observation_model()
        .is_some_and(|m| m.rule.paralyses());
    let series = matches!(
        stipulation.play,
        Play::SeriesHelp | Play::SeriesDirect | Play::SeriesSelf
    );
    if !paralysis || !series {
        return None;
    }
    let board = position.board();
    // After an intro series (`2->ser-#3`) the series side's pawns may be kept so as well.
    let mut sides = vec![position.side_to_move()];
    if stipulation.intro > 0 {
        sides.push(!position.side_to_move());
    }
    for side in sides {
        let double_steppers = board.pieces_of(side).filter(|(sq, p)| {
            p.walk.is_pawn() && sq.rank() == feerie_oracle::geometry::double_step_rank(side, p.walk)
        });
        for (from, pawn) in double_steppers {
            let forward = feerie_oracle::geometry::pawn_forward(side, pawn.walk);
            let Some(landing) = from.offset(0, 2 * forward) else {
                continue;
            };
            let beside = [-1, 1]
                .into_iter()
                .filter_map(|df| landing.offset(df, 0))
                .filter_map(|sq| board.get(sq))
                .any(|p| p.colour != side && p.walk == pawn.walk);
            if beside {
                return Some(format!(
                    "series play under Madrasi with the pawn on {from} able to double-step beside \
                     an enemy pawn: Popeye 4.104 keeps it observed en passant through the waiting \
                     side's turn, which feerie's positions do not hold"
                ));
            }
        }
    }
    None
}

/// Where Popeye 4.104 reads a goal under Ohneschach another way than the rule: the goal check
/// (`+`) is reached by a last move that checks without mating, which Popeye does not ask
/// whether it mates (its check tester is left out there); by the rule such a move is illegal.
pub fn checkless_check_goal(rules: &Rules, stipulation: &Stipulation) -> Option<String> {
    (rules.checkless() && stipulation.goal == crate::solve::stipulation::Goal::Check).then(|| {
        "the goal check (+) under Ohneschach: Popeye 4.104 lets the last move check without \
         mating, which the rule forbids"
            .to_string()
    })
}

/// Where Popeye 4.104 reads reciprocal help play another way than the rules: under a
/// condition that restricts the moves of the side that begins (Maximummer, Minimummer, Must
/// Capture), it finds that side able to reach its own goal with a move the condition forbids,
/// and prints the other part's lines alone (seen under Black Maximummer, `reci-h#1`:
/// `1.Ra3-h3 Sd6-f7 #` where only `Ra3-a1 #`, not Black's longest move, would mate; and under
/// Black Must Capture). By the rules there is no solution there, so the case is skipped.
pub fn reciprocal_under_mummer(
    position: &Position,
    rules: &Rules,
    stipulation: &Stipulation,
) -> Option<String> {
    (stipulation.reci.is_some() && rules.mummer(position.side_to_move()).is_some()).then(|| {
        "reciprocal help play under Maximummer, Minimummer or Must Capture of the side that \
         begins: Popeye 4.104 finds that side's own goal among moves the condition forbids"
            .to_string()
    })
}

/// Why a case of `option threat N` in self or reflex play is not compared, if so: under a
/// condition of the Mars kind (Mars Circe and its variants, Anti-Mars Circe, Phantom chess),
/// where Popeye 4.104 shows checking keys of `s#2` under `threat 1` that are no solution
/// without the option, each defence printed without an answer (seen on fuzzed problems of
/// Mars Circe and Phantom chess). A bound on the threat only takes keys away, so Popeye's
/// reading there is not understood, and the case is skipped rather than judged.
///
/// ```
/// use feerie::oracle::{Condition, Profile, Rules};
/// use feerie::solve::stipulation::Stipulation;
/// use feerie::verify::problems::self_play_threat_under_mars;
/// let mars = Rules::new([Condition::MarsCirce], Profile::Popeye).unwrap();
/// let mut s2: Stipulation = "s#2".parse().unwrap();
/// assert!(self_play_threat_under_mars(&mars, &s2).is_none());
/// s2.threat_within = Some(1);
/// assert!(self_play_threat_under_mars(&mars, &s2).is_some());
/// assert!(self_play_threat_under_mars(&Rules::orthodox(), &s2).is_none());
/// ```
pub fn self_play_threat_under_mars(rules: &Rules, stipulation: &Stipulation) -> Option<String> {
    (stipulation.play == Play::SelfPlay
        && stipulation.threat_within.is_some()
        && rules.mars_model().is_some())
    .then(|| {
        "option threat in self play under a condition of the Mars kind: Popeye 4.104 shows \
         checking keys there that are no solution without the option (their defences printed \
         without answers), a reading not understood"
            .to_string()
    })
}

/// The case of one (twinned) problem under `profile` with the switch settings `set`.
fn case_of(
    problem: &PopeyeProblem,
    profile: Profile,
    set: &[String],
) -> Result<(Position, Rules, Stipulation), VerifyError> {
    if let Some(why) = unsupported(problem) {
        // The position is read all the same: a problem of another condition is counted so,
        // not as a stipulation or option of feerie's families left out.
        return Err(match problem.to_position(profile, Validation::Lenient) {
            Err(e) => VerifyError::Several(vec![VerifyError::Position(e), why]),
            Ok(_) => why,
        });
    }
    let mut stipulation: Stipulation =
        problem
            .stipulation
            .as_deref()
            .unwrap_or_default()
            .parse()
            .map_err(|e: crate::solve::stipulation::StipulationError| {
                VerifyError::ProblemNotSupported(e.to_string())
            })?;
    stipulation.threat_within = threat_within(problem, &stipulation);
    stipulation.quodlibet =
        problem.has_option(PopeyeOption::Quodlibet) && quodlibet_applies(&stipulation);
    let (mut position, mut rules) = problem
        .to_position(profile, Validation::Lenient)
        .map_err(VerifyError::Position)?;
    rules.set_pairs(set).map_err(VerifyError::Set)?;
    // `option whitetoplay` (only where it applies: see `unsupported`): the position has White
    // to move already, and the play is half a move shorter.
    if problem.has_option(PopeyeOption::WhiteToPlay)
        && let Some(shortened) = white_to_play(&stipulation)
    {
        return Ok((position, rules, shortened));
    }
    // `option postkey` (direct and self play only; ignored elsewhere): the key is played, the
    // defender moves in the diagram.
    if post_key_asked(problem) {
        return Ok((position.other_side_begins(), rules, stipulation));
    }
    // In h#2.5 the side that is not mated begins.
    if stipulation.half {
        position = position.other_side_begins();
    }
    Ok((position, rules, stipulation))
}

/// The duplex part's position of a case solved from `setup`, under `option duplex` (the
/// other side begins), else `None`.
fn duplex_of(
    problem: &PopeyeProblem,
    setup: &Result<(Position, Rules, Stipulation), VerifyError>,
) -> Option<Position> {
    let (position, _, _) = setup.as_ref().ok()?;
    problem
        .has_option(PopeyeOption::Duplex)
        .then(|| position.other_side_begins())
}

/// The set play's position of a case solved from `setup`, under `option setplay` in help and
/// series play (the other side begins), else `None`.
fn set_play_of(
    problem: &PopeyeProblem,
    setup: &Result<(Position, Rules, Stipulation), VerifyError>,
) -> Option<Position> {
    let (position, _, stipulation) = setup.as_ref().ok()?;
    (problem.has_option(PopeyeOption::SetPlay) && stipulation.set_play().is_some())
        .then(|| position.other_side_begins())
}

/// The problems of `file` a command reads, each with its number (from 1): the one `only`
/// names (`--problem N`), or every one. A number the file does not have is an error.
pub fn chosen(
    file: &PopeyeFile,
    only: Option<usize>,
) -> Result<Vec<(usize, &PopeyeProblem)>, VerifyError> {
    let count = file.problems.len();
    if let Some(asked) = only
        && (asked == 0 || asked > count)
    {
        return Err(VerifyError::NoSuchProblem { asked, count });
    }
    Ok((1..)
        .zip(&file.problems)
        .filter(|(number, _)| only.is_none_or(|n| n == *number))
        .collect())
}

/// The problems of a Popeye input, each with its cases (its twins).
pub type Problems = Vec<(PopeyeProblem, Vec<Case>)>;

/// Every case of a Popeye input (`only`: one problem, 1-based), or why the input does not
/// read. Each problem's twins are cases of their own.
pub fn cases(
    text: &str,
    only: Option<usize>,
    profile: Profile,
    set: &[String],
) -> Result<(Language, Problems), VerifyError> {
    let file = popeye_input::parse(text).map_err(|e| VerifyError::Input(e.to_string()))?;
    // A problem number the file does not have is an error.
    chosen(&file, only)?;
    let mut out = Vec::new();
    // Where Popeye stops reading the input (a twinning word naming no command), once met:
    // every later twin and problem is one it never reads.
    let mut stopped_at: Option<String> = None;
    for (number, problem) in file.problems.iter().enumerate().map(|(i, p)| (i + 1, p)) {
        let wanted = only.is_none_or(|n| n == number);
        let twins = popeye_twin::twins(problem);
        if !wanted {
            // Only where reading stops is wanted of a problem not asked for.
            if stopped_at.is_none()
                && let Some(twin) = twins.iter().find(|t| stops_reading(t))
            {
                stopped_at = Some(case_name(number, &twin.label));
            }
            continue;
        }
        let cases = twins
            .into_iter()
            .map(|twin| {
                if let Some(place) = &stopped_at {
                    return Case {
                        problem: number,
                        label: twin.label,
                        setup: Err(VerifyError::NotRead(place.clone())),
                        duplex: None,
                        set_play: None,
                    };
                }
                if stops_reading(&twin) {
                    stopped_at = Some(case_name(number, &twin.label));
                }
                let (setup, duplex, set_play) = match twin.problem {
                    // Popeye's output of a problem with an input error is of another problem.
                    Ok(p) if !p.input_errors_in_words().is_empty() => (
                        Err(VerifyError::InputWords(p.input_errors_in_words())),
                        None,
                        None,
                    ),
                    Ok(p) => {
                        let setup = case_of(&p, profile, set);
                        let duplex = duplex_of(&p, &setup);
                        let set_play = set_play_of(&p, &setup);
                        (setup, duplex, set_play)
                    }
                    Err(e) => (Err(VerifyError::Twin(e)), None, None),
                };
                Case {
                    problem: number,
                    label: twin.label,
                    setup,
                    duplex,
                    set_play,
                }
            })
            .collect();
        out.push((problem.clone(), cases));
    }
    Ok((file.language, out))
}

/// Whether Popeye reads no more of the input after this twin.
fn stops_reading(twin: &popeye_twin::Twin) -> bool {
    twin.problem.as_ref().is_err_and(|e| e.stops_reading)
}

/// `problem 3` or `problem 3 b)`, as [`Case::name`] says it.
fn case_name(problem: usize, label: &str) -> String {
    if label.is_empty() {
        format!("problem {problem}")
    } else {
        format!("problem {problem} {label})")
    }
}

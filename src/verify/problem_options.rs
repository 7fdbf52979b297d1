//! What a Popeye problem's options make of its stipulation and of how it is printed: set play
//! and the play after the key asked, the bound on the threat, `whitetoplay`, quodlibet, stop
//! on short solutions, the limits on solutions, no board, a time limit.

use feerie_oracle::notation::popeye_input::PopeyeProblem;
use feerie_oracle::notation::popeye_words::PopeyeOption;

use crate::solve::stipulation::{Play, Stipulation};

/// Whether Popeye's `option StopOnShortSolutions` applies to `stipulation`: in help,
/// help-self and series play, where Popeye solves length by length and stops after the first
/// length shorter than the stipulation's with solutions, printing them all and `Partial
/// solution`. In direct and self play it says the option is not supported and solves as
/// without it.
///
/// ```
/// use feerie::verify::problems::stops_on_short;
/// let applies = |s: &str| stops_on_short(&s.parse().unwrap());
/// assert!(applies("h#3") && applies("hs#3") && applies("ser-#4") && applies("ser-h=5"));
/// assert!(!applies("#3") && !applies("s#3") && !applies("r#2"));
/// ```
pub fn stops_on_short(stipulation: &Stipulation) -> bool {
    !matches!(stipulation.play, Play::Direct | Play::SelfPlay)
}

/// Whether `option quodlibet` changes the play of `stipulation`
/// ([`Stipulation::attacker_goal_wins`]): in self and semi-reflex play. Popeye 4.104 ignores it
/// elsewhere, saying so (`Quodlibet not applicable - ignored`) in direct, help and series
/// play, silently in reflex, help-self and series self play (measured: the same solutions).
///
/// ```
/// use feerie::verify::problems::quodlibet_applies;
/// let applies = |s: &str| quodlibet_applies(&s.parse().unwrap());
/// assert!(applies("s#2") && applies("semi-r#3") && applies("s=2"));
/// assert!(!applies("r#2") && !applies("#2") && !applies("hs#2") && !applies("ser-s#2"));
/// ```
pub fn quodlibet_applies(stipulation: &Stipulation) -> bool {
    Stipulation {
        quodlibet: true,
        ..*stipulation
    }
    .attacker_goal_wins()
}

/// Whether the problem asks for the set play of a direct, self, help or series play
/// stipulation (`option setplay`, German `satzspiel`) that has one (not `h#0.5`, not series
/// direct play).
pub fn set_play_asked(problem: &PopeyeProblem, stipulation: &Stipulation) -> bool {
    problem.has_option(PopeyeOption::SetPlay)
        && (matches!(stipulation.play, Play::Direct | Play::SelfPlay)
            || stipulation.set_play().is_some())
}

/// Whether the problem asks for the play after the key (`option postkeyplay`, German
/// `nachschluessel`) of a direct or self play stipulation. In help and series play Popeye
/// ignores the option (`PostKeyPlay not applicable - ignored`) and solves the problem as
/// given.
pub fn post_key_asked(problem: &PopeyeProblem) -> bool {
    problem.has_option(PopeyeOption::PostKeyPlay)
        && (problem.stipulation.as_deref())
            .and_then(|s| s.parse::<Stipulation>().ok())
            .is_some_and(|s| matches!(s.play, Play::Direct | Play::SelfPlay))
}

/// The bound on the threat that `option threat N` (German `drohung`) sets in direct, self and
/// reflex play ([`Stipulation::threat_within`]), where Popeye follows it: N below the
/// stipulation's moves. `None` without the option, and where Popeye ignores it (`Option
/// "Threat" not applicable or indicated maximum threat length too big`: N not below the
/// moves, help and series play).
///
/// ```
/// use feerie::oracle::popeye_input;
/// use feerie::verify::problems::threat_within;
/// let within = |stipulation: &str, option: &str| {
///     let text = format!("begin\npieces white ka1 black kh8\nstipulation {stipulation}\noption {option}\nend\n");
///     let problem = &popeye_input::parse(&text).unwrap().problems[0];
///     threat_within(problem, &stipulation.parse().unwrap())
/// };
/// assert_eq!(within("#3", "threat 1"), Some(1));
/// assert_eq!(within("#3", "threat 0"), Some(0));
/// assert_eq!(within("#3", "threat 3"), None); // too long: Popeye ignores it
/// assert_eq!(within("h#3", "threat 1"), None);
/// assert_eq!(within("s#3", "threat 1"), Some(1));
/// assert_eq!(within("r#2", "threat 1"), Some(1));
/// ```
pub fn threat_within(problem: &PopeyeProblem, stipulation: &Stipulation) -> Option<u32> {
    let within: u32 = problem.option_value(PopeyeOption::Threat)?.parse().ok()?;
    (matches!(stipulation.play, Play::Direct | Play::SelfPlay) && within < stipulation.moves)
        .then_some(within)
}

/// Whether the problem is printed without its diagram (`option noboard`, German `ohnebrett`).
pub fn no_board(problem: &PopeyeProblem) -> bool {
    problem.has_option(PopeyeOption::NoBoard)
}

/// Whether the problem sets a time limit (`option maxtime`, German `maxzeit`).
pub fn max_time(problem: &PopeyeProblem) -> bool {
    problem.has_option(PopeyeOption::MaxTime)
}

/// Whether the problem asks for at most some solutions (`option maxsolutions N`, German
/// `maxloesungen`).
pub fn max_solutions(problem: &PopeyeProblem) -> Option<usize> {
    problem
        .option_value(PopeyeOption::MaxSolutions)?
        .parse()
        .ok()
}

/// Whether the problem bounds the solutions that end in one position (`option intelligent
/// N`): Popeye's intelligent mode prints at most N of each target position's.
pub fn solutions_per_target(problem: &PopeyeProblem) -> Option<usize> {
    problem
        .option_value(PopeyeOption::Intelligent)?
        .parse()
        .ok()
}

/// What `option whitetoplay` makes of `stipulation`, where it applies: the help play of `n`
/// whole moves becomes the help play of `n - 0.5` moves, White beginning (`h#2` is solved as
/// `h#1.5`), as Popeye shortens it.
///
/// ```
/// use feerie::solve::stipulation::Stipulation;
/// use feerie::verify::problems::white_to_play;
/// let shortened = |s: &str| white_to_play(&s.parse().unwrap()).map(|s: Stipulation| s.to_string());
/// assert_eq!(shortened("h#2").as_deref(), Some("h#1.5"));
/// assert_eq!(shortened("h=3").as_deref(), Some("h=2.5"));
/// assert_eq!(shortened("h#1"), None);
/// assert_eq!(shortened("h#2.5"), None);
/// assert_eq!(shortened("ser-h#3"), None);
/// assert_eq!(shortened("#2"), None);
/// ```
pub fn white_to_play(stipulation: &Stipulation) -> Option<Stipulation> {
    (stipulation.play == Play::Help
        && !stipulation.half
        && stipulation.moves >= 2
        && stipulation.reci.is_none())
    .then_some(Stipulation {
        moves: stipulation.moves - 1,
        half: true,
        ..*stipulation
    })
}

/// Whether Popeye ignores `option whitetoplay` under `stipulation` ("WhiteToPlay not
/// applicable - ignored"), solving it as if the option were not given: in help play of a
/// half-move more (`h#2.5`, whose side to begin is already the other), and in direct and self
/// play, which it cannot shorten.
///
/// ```
/// use feerie::solve::stipulation::Stipulation;
/// use feerie::verify::problems::white_to_play_ignored;
/// let ignored = |s: &str| white_to_play_ignored(&s.parse().unwrap());
/// assert!(ignored("h+1.5") && ignored("#2") && ignored("s#3") && ignored("r#2"));
/// assert!(!ignored("h#2") && !ignored("h#1") && !ignored("ser-h#3") && !ignored("hs#2"));
/// ```
pub fn white_to_play_ignored(stipulation: &Stipulation) -> bool {
    match stipulation.play {
        Play::Help => stipulation.half,
        Play::Direct | Play::SelfPlay => true,
        Play::HelpSelf | Play::SeriesHelp | Play::SeriesDirect | Play::SeriesSelf => false,
    }
}

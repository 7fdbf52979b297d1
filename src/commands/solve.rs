//! `feerie solve`: its flags, what it prints (the solutions in Popeye's layout) and its exit
//! code (0 done, 2 bad input or a case that cannot be solved).

use clap::Args;
use feerie_oracle::{Colour, Position, Profile, Rules};

use super::flags::HashArgs;
use super::position::PositionArgs;
use crate::engines::SearchEngine;
use crate::error::Error;
use crate::limits::check_threads;
use crate::outln;
use crate::solve::stipulation::{Goal, Play, Stipulation};
use crate::solve::tree::{TreeOptions, solve_tree};
use crate::solve::tree_layout::tree_text;
use crate::solve::{Options, solve};
use crate::verify::error::VerifyError;
use crate::verify::part::Part;
use crate::verify::problems;

/// The flags of `feerie solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The stipulation: #n, =n, s#n, s=n, r#n (reflex), semi-r#n, h#n, h=n, h#n.5, hs#n
    /// (help-self), hr#n (help-reflex), hs#n.5, hr#n.5, ser-#n, ser-=n, ser-h#n, ser-h=n (n at
    /// most 30), the goal # or = also + (check), x (capture), ~ (any move),
    /// z<square> (target, `ze41`), ep (en passant), 00 (castling), % (material gain), #=
    /// (mate or stalemate), == (double stalemate) or != (auto-stalemate).
    #[arg(long)]
    stipulation: Option<String>,
    /// Stop after this many solutions (keys in direct and self play) [default: all].
    #[arg(long, value_name = "N")]
    max_solutions: Option<usize>,
    /// Threads sharing out the first moves.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    /// Help, help-self and series play: gather the lines and print them sorted by their
    /// moves, instead of printing each as it is found (in the search's move order, depth
    /// first; with --threads, as the threads find them; memory then does not grow with the
    /// number of solutions).
    #[arg(long)]
    sorted: bool,
    #[command(flatten)]
    hash: HashArgs,
}

/// `feerie solve`: flags checked, then the position (--fen) solved ([`solve_position`]) or the
/// problems of the Popeye file ([`solve_popeye`]).
pub fn run(args: SolveArgs) -> Result<i32, Error> {
    let SolveArgs {
        position,
        stipulation,
        max_solutions,
        threads,
        quiet,
        sorted,
        hash,
    } = args;
    check_threads("--threads", threads)?;
    let hash_megabytes = hash.megabytes()?;
    if max_solutions == Some(0) {
        return Err(Error::Usage("--max-solutions must be at least 1".into()));
    }
    let options = Options {
        max_solutions: max_solutions.unwrap_or(usize::MAX),
        threads,
        progress: !quiet,
        hash_megabytes,
        deadline: None,
    };
    position.refuse_with_popeye()?;
    let Some(file) = position.popeye_file() else {
        let stipulation = stipulation.ok_or_else(|| {
            Error::Usage("--stipulation is needed with --fen (h#2, #3, …)".into())
        })?;
        if sorted
            && let Ok(parsed) = stipulation.parse::<Stipulation>()
            && matches!(parsed.play, Play::Direct | Play::SelfPlay)
        {
            return Err(Error::Usage(format!(
                "--sorted sorts the lines of help and series play: {parsed} prints its keys \
                 with their trees"
            )));
        }
        let (position, rules, engine) = position.load()?;
        return solve_position(engine, &position, &rules, &stipulation, &options, sorted)
            .map_err(Error::Verify);
    };
    let engine = position.engine()?;
    let text = file.read()?;
    file.judge_legality(&text, position.profile()?)?;
    solve_popeye(
        engine,
        &text,
        file.problem,
        position.profile()?,
        position.set(),
        stipulation.as_deref(),
        &options,
        sorted,
    )
    .map_err(|e| Error::Verify(VerifyError::at(file.path.display(), e)))
}

/// What [`print_solutions`], [`print_parts`] or [`print_tree`] printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Printed {
    /// Whether `--max-solutions` stopped the search (the caller then prints `partial
    /// solution`).
    pub partial: bool,
    /// Whether a solution (in direct and self play, a key) was found.
    pub found: bool,
}

/// Prints the solutions of one position in Popeye's layout: a blank line, one line per
/// solution (or key), a blank line; in direct and self play, when `tree` asks for variations,
/// tries or set play, the tree of each key instead ([`print_tree`]). The lines of help,
/// help-self and series play are printed as they are found, or gathered and sorted when
/// `sorted`.
pub fn print_solutions(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    tree: &TreeOptions,
    sorted: bool,
) -> Result<Printed, VerifyError> {
    print_parts(
        engine,
        &[Part::plain(position, stipulation)],
        rules,
        stipulation,
        options,
        tree,
        sorted,
    )
}

/// [`print_solutions`] for the parts of a problem (help and series play): the solutions from
/// each part in turn as Popeye prints them, the set play of a help problem first, a blank line
/// after it, then the play (and the duplex part) in one block.
pub fn print_parts(
    engine: &dyn SearchEngine,
    parts: &[Part],
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    tree: &TreeOptions,
    sorted: bool,
) -> Result<Printed, VerifyError> {
    let battle = matches!(stipulation.play, Play::Direct | Play::SelfPlay);
    // Reflex play goes through the tree, which also prints the moves that bind the attacker in
    // the diagram (`1.Bg7-f8 # ?!?`), as Popeye prints them with or without variations.
    let reflex = stipulation.reflex == crate::solve::stipulation::Reflex::Full;
    if let [part] = parts
        && battle
        && (tree.variations || tree.tries || tree.set_play || reflex)
    {
        return print_tree(engine, part.position, rules, stipulation, options, tree);
    }
    let (mut partial, mut found) = (false, false);
    if !battle && !sorted {
        // Each line printed as soon as it is found (in batches: see `Batch`): nothing is kept.
        outln!();
        for part in parts {
            let batch = crate::output::Batch::new();
            let solved =
                part.solve_lines(engine, rules, options, &|line: String| batch.line(&line))?;
            batch.flush();
            partial |= solved.partial;
            found |= solved.handed > 0;
            if part.set_play {
                outln!();
            }
        }
        outln!();
        return Ok(Printed { partial, found });
    }
    let (mut set_play, mut play) = (Vec::new(), Vec::new());
    for part in parts {
        let solved = solve(engine, part.position, rules, part.stipulation, options)?;
        partial |= solved.partial;
        found |= !solved.solutions.is_empty();
        let block = if part.set_play {
            &mut set_play
        } else {
            &mut play
        };
        block.extend(part.lines(engine, rules, &solved));
    }
    outln!();
    if parts.iter().any(|p| p.set_play) {
        for line in &set_play {
            outln!("{line}");
        }
        outln!();
    }
    for line in &play {
        outln!("{line}");
    }
    outln!();
    Ok(Printed { partial, found })
}

/// Prints the tree of a direct or self play stipulation in Popeye's layout (set play, then
/// each key and try, each after a blank line); at most `--max-solutions` keys (`partial` when
/// keys were left out).
pub fn print_tree(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    tree: &TreeOptions,
) -> Result<Printed, VerifyError> {
    let mut solved = solve_tree(
        engine,
        position,
        rules,
        stipulation,
        tree,
        options.hash_megabytes,
    )?;
    let mut keys = 0;
    let before = solved.keys.len();
    solved.keys.retain(|k| {
        let key = k.refutations.is_empty();
        keys += usize::from(key);
        !key || keys <= options.max_solutions
    });
    for line in tree_text(&solved, stipulation.goal) {
        outln!("{line}");
    }
    Ok(Printed {
        partial: solved.keys.len() < before,
        found: keys > 0,
    })
}

/// `feerie solve --fen`: the solutions of one position; in direct and self play the whole
/// tree of each key (threats and variations, as Popeye's `option Variation`). When there is
/// none and the side to move is not the one a Popeye problem begins with, [`beginner_note`]
/// says so on stderr.
pub fn solve_position(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: &str,
    options: &Options,
    sorted: bool,
) -> Result<i32, VerifyError> {
    let stipulation: Stipulation = stipulation.parse()?;
    let printed = print_solutions(
        engine,
        position,
        rules,
        stipulation,
        options,
        &TreeOptions::default(),
        sorted,
    )?;
    outln!(
        "{}",
        if printed.partial {
            "partial solution"
        } else {
            "solution finished."
        }
    );
    if !printed.found
        && let Some(note) = beginner_note(position, &stipulation)
    {
        eprintln!("{note}");
    }
    Ok(0)
}

/// A one-line note for a position without solution whose side to move is not the side a
/// Popeye problem of `stipulation` begins with (Black in `h#2`), since the side to move begins
/// here: who that makes the mated side, and which side to give in the FEN for Popeye's
/// reading. `None` when the side to move is Popeye's.
///
/// ```
/// use feerie::oracle::{fen, Validation};
/// use feerie::commands::solve::beginner_note;
/// let white = fen::parse("7k/8/8/8/8/8/8/K7 w - - 0 1", Validation::Strict).unwrap();
/// let note = beginner_note(&white, &"h#2".parse().unwrap()).unwrap();
/// assert!(note.contains("in h#2 the side to move begins and is mated"), "{note}");
/// assert!(note.contains("give `b`"), "{note}");
/// assert!(beginner_note(&white, &"#2".parse().unwrap()).is_none());
/// assert!(beginner_note(&white, &"h#2.5".parse().unwrap()).is_none());
/// ```
pub fn beginner_note(position: &Position, stipulation: &Stipulation) -> Option<String> {
    let side = position.side_to_move();
    let usual = stipulation.usual_beginner();
    if side == usual {
        return None;
    }
    let name = |c: Colour| match c {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    let role = match (stipulation.beginner_is_target(), stipulation.goal) {
        (true, Goal::Mate) => "is mated",
        (true, Goal::Stalemate) => "is stalemated",
        (true, Goal::Check) => "is checked",
        (true, Goal::Capture) => "loses a unit",
        (true, Goal::Any) => "suffers the last move",
        (true, Goal::Target(_)) => "lets the other side reach the target square",
        (true, Goal::EnPassant) => "is taken en passant",
        (true, Goal::Castling) => "lets the other side castle",
        (true, Goal::MaterialGain) => "loses a unit for good",
        (true, Goal::MateOrStalemate) => "is mated or stalemated",
        (true, Goal::DoubleStalemate) => "is stalemated with the other side",
        (true, Goal::AutoStalemate) => "lets the other side stalemate itself",
        (false, Goal::Mate) => "gives the mate",
        (false, Goal::Stalemate) => "gives the stalemate",
        (false, Goal::Check) => "gives the check",
        (false, Goal::Capture) => "makes the capture",
        (false, Goal::Any) => "makes the last move",
        (false, Goal::Target(_)) => "reaches the target square",
        (false, Goal::EnPassant) => "takes en passant",
        (false, Goal::Castling) => "castles",
        (false, Goal::MaterialGain) => "wins a unit for good",
        (false, Goal::MateOrStalemate) => "gives the mate or the stalemate",
        (false, Goal::DoubleStalemate) => "stalemates both sides",
        (false, Goal::AutoStalemate) => "stalemates itself",
    };
    let letter = match usual {
        Colour::White => 'w',
        Colour::Black => 'b',
    };
    Some(format!(
        "note: no solution with {} to move: in {stipulation} the side to move begins and {role}; \
         Popeye's problems begin with {} (give `{letter}` as the FEN's side to move)",
        name(side),
        name(usual)
    ))
}

/// `feerie solve --popeye FILE`: the solutions of one problem of a Popeye input (or every
/// problem when `problem` is `None`), twin by twin, under `profile` and the `set` switches;
/// `stipulation` replaces the file's when given. A case that cannot be solved is named on
/// stderr and makes the exit code 2; the others are solved.
#[allow(clippy::too_many_arguments)]
pub fn solve_popeye(
    engine: &dyn SearchEngine,
    text: &str,
    problem: Option<usize>,
    profile: Profile,
    set: &[String],
    stipulation: Option<&str>,
    options: &Options,
    sorted: bool,
) -> Result<i32, VerifyError> {
    let forced: Option<Stipulation> = match stipulation {
        Some(s) => Some(s.parse()?),
        None => None,
    };
    let text = match forced {
        // The file's own stipulation is replaced before reading, so that a problem whose
        // stipulation we do not solve can still be solved under another.
        Some(s) => replace_stipulations(text, &s.to_string()),
        None => text.to_string(),
    };
    let (_, problems) = problems::cases(&text, problem, profile, set)?;
    let mut code = 0;
    let several = problems.len() > 1;
    for (popeye_problem, cases) in &problems {
        // The tree asked by the problem's options (direct and self play).
        let tree =
            TreeOptions::from_popeye_options(&popeye_problem.options, popeye_problem.language);
        for case in cases {
            if several && (case.label.is_empty() || case.label == "a") {
                outln!("problem {}", case.problem);
            }
            if !case.label.is_empty() {
                outln!("{}) ", case.label);
            }
            match &case.setup {
                Ok(_) if let Some(why) = case.refused_by_popeye(engine) => {
                    eprintln!("{}: not solved: {why}", case.name());
                    code = 2;
                }
                Ok((_, _, stipulation))
                    if let (Err(why), Play::Direct | Play::SelfPlay) =
                        (&tree, stipulation.play) =>
                {
                    eprintln!("{}: not solved: {why}", case.name());
                    code = 2;
                }
                Ok((_, rules, stipulation)) => {
                    let tree = tree.as_ref().copied().unwrap_or_default();
                    let parts = case.parts(engine);
                    let printed =
                        print_parts(engine, &parts, rules, *stipulation, options, &tree, sorted)?;
                    if printed.partial {
                        outln!("partial solution");
                    }
                }
                Err(why) => {
                    eprintln!("{}: not solved: {why}", case.name());
                    code = 2;
                }
            }
        }
    }
    outln!("solution finished.");
    Ok(code)
}

/// The input with every `stipulation` line (English or German) replaced by `stipulation`.
pub fn replace_stipulations(text: &str, stipulation: &str) -> String {
    text.lines()
        .map(|line| {
            let head = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if head.len() >= 4
                && ("stipulation".starts_with(&head) || "forderung".starts_with(&head))
            {
                format!("stipulation {stipulation}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

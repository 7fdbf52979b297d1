//! Solving stipulations over the [`Engine`] trait: direct, help, self and series play toward
//! mate or stalemate, so that either engine solves and the two can be compared; the output in
//! Popeye's layout; and the check of Popeye's solutions against ours.
//!
//! ```
//! use feerie::oracle::{fen, ReferenceEngine, Rules, Validation};
//! use feerie::solve::{solve, Options};
//! let position = fen::parse("k7/8/1K6/8/8/8/8/7R w - - 0 1", Validation::Strict).unwrap();
//! let solved = solve(&ReferenceEngine, &position, &Rules::orthodox(), "#1".parse().unwrap(), &Options::default()).unwrap();
//! let keys: Vec<String> = solved.solutions.iter().map(|line| line[0].to_string()).collect();
//! assert_eq!(keys, ["Rh1-h8 #"]);
//! ```

pub mod error;
pub mod goal;
pub mod layout;
pub mod search;
pub mod stipulation;
#[cfg(test)]
mod stipulation_tests;
pub mod table;
pub mod tree;
pub mod tree_layout;
pub mod tree_options;
#[cfg(test)]
mod tree_tests;

use feerie_oracle::{Engine, EngineError, MoveRecord, Position, Rules};
use rayon::prelude::*;

use crate::engines::{SearchEngine, SearchSpace, SpaceJob};
use crate::progress::Progress;
use crate::space::{EngineSpace, Space};
use error::SolveError;
use search::Search;

use stipulation::Stipulation;

/// How to solve.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many solutions (keys in direct and self play).
    pub max_solutions: usize,
    /// Threads sharing out the root moves.
    pub threads: usize,
    /// Show progress by root move on stderr.
    pub progress: bool,
    /// The transposition table's bound, in MB (about; 0: no table).
    pub hash_megabytes: usize,
    /// Give up at this moment ([`SolveError::TimeBudget`]); `None`: search to the end.
    pub deadline: Option<std::time::Instant>,
}

impl Default for Options {
    /// Every solution, one thread, no progress, a table of 64 MB, no deadline.
    fn default() -> Options {
        Options {
            max_solutions: usize::MAX,
            threads: 1,
            progress: false,
            hash_megabytes: 64,
            deadline: None,
        }
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// In direct and self play, each key alone; in help and series play, each whole line,
    /// the series side's moves without the other side's passes. In the order of the root
    /// moves, then of the moves below them.
    pub solutions: Vec<Vec<MoveRecord>>,
    /// Whether `max_solutions` cut the search short.
    pub partial: bool,
    /// Help-reflex play (`hr#n`) whose side to begin can reach the goal in the diagram: those
    /// moves, which bind it (it must play one, which ends the play to its loss), so that no
    /// line solves; Popeye prints them `1.Rh5*h7 # ?!?`. Empty otherwise.
    pub bound: Vec<MoveRecord>,
    /// Solutions handed to [`solve_each`]'s callback instead of being kept in `solutions`.
    pub handed: usize,
}

/// Where [`solve_each`] hands each solution as it is found (from any of the search's threads).
pub type Each<'a> = &'a (dyn Fn(Vec<MoveRecord>) + Sync);

/// Root-move searches estimated above this many nodes show progress (when asked).
const PROGRESS_FROM: f64 = 1e9;

/// Solves `stipulation` from `position` under `rules`: the side to move begins (in `h#2` that
/// is the side that gets mated; in `h#2.5` the other).
pub fn solve(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
) -> Result<Solved, SolveError> {
    solve_with(engine, position, rules, stipulation, options, None)
}

/// [`solve`] that keeps no solution: each is handed to `each` as soon as it is found, so that
/// memory does not grow with the number of solutions. The order is the search's: first move
/// by first move in the search space's move order, depth first below each (with several
/// threads, as the threads find them). Each line is handed once: the search spaces never make
/// two children of one position that lead to the same position (`tests/solve_engines.rs`
/// compares the lines handed with those of [`solve`], which removes repeats).
/// `max_solutions` bounds the solutions handed; the returned [`Solved`] counts them in
/// `handed` and keeps `solutions` empty.
///
/// ```
/// use std::sync::Mutex;
/// use feerie::oracle::{fen, ReferenceEngine, Rules, Validation};
/// use feerie::solve::{solve, solve_each, Options};
/// let position = fen::parse("k7/8/1K6/8/8/8/8/7R b - - 0 1", Validation::Strict).unwrap();
/// let (rules, stipulation) = (Rules::orthodox(), "h#1".parse().unwrap());
/// let handed = Mutex::new(Vec::new());
/// let streamed = solve_each(&ReferenceEngine, &position, &rules, stipulation, &Options::default(),
///     &|line| handed.lock().unwrap().push(line)).unwrap();
/// let kept = solve(&ReferenceEngine, &position, &rules, stipulation, &Options::default()).unwrap();
/// assert_eq!(streamed.handed, kept.solutions.len());
/// assert!(streamed.solutions.is_empty());
/// let mut handed = handed.into_inner().unwrap();
/// handed.sort();
/// assert_eq!(handed, kept.solutions);
/// ```
pub fn solve_each(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    each: Each<'_>,
) -> Result<Solved, SolveError> {
    solve_with(engine, position, rules, stipulation, options, Some(each))
}

/// [`solve`], or with `each` [`solve_each`]: the stipulation refused under the rules, else
/// searched in the space the goal needs.
fn solve_with(
    engine: &dyn SearchEngine,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    each: Option<Each<'_>>,
) -> Result<Solved, SolveError> {
    if let Some(why) = stipulation.refused_under(rules) {
        return Err(SolveError::Stipulation(why));
    }
    space_for(engine, rules, &stipulation).run(SolveIn {
        engine,
        position,
        rules,
        stipulation,
        options,
        each,
    })
}

/// The space to search `stipulation` in: the engine's own, unless the goal reads move records
/// ([`Goal::needs_record`](stipulation::Goal::needs_record)), which only the space of records
/// keeps.
pub(crate) fn space_for<'r>(
    engine: &'r dyn SearchEngine,
    rules: &'r Rules,
    stipulation: &Stipulation,
) -> SearchSpace<'r> {
    if stipulation.goal.needs_record() {
        let engine: &dyn Engine = engine;
        SearchSpace::Records(EngineSpace::new(engine, rules))
    } else {
        engine.space(rules)
    }
}

/// [`solve`] over the space the engine offers.
struct SolveIn<'a> {
    engine: &'a dyn Engine,
    position: &'a Position,
    rules: &'a Rules,
    stipulation: Stipulation,
    options: &'a Options,
    each: Option<Each<'a>>,
}

impl SpaceJob for SolveIn<'_> {
    type Output = Result<Solved, SolveError>;

    fn run<S: Space>(self, space: S) -> Self::Output {
        let SolveIn {
            engine,
            position,
            rules,
            stipulation,
            options,
            each,
        } = self;
        solve_in(engine, space, position, rules, stipulation, options, each)
    }
}

/// Why `search` failed with `e`: its deadline, or the engine.
pub(crate) fn why_stopped<S: Space>(search: &Search<S>, e: EngineError) -> SolveError {
    if search.timed_out() {
        SolveError::TimeBudget
    } else {
        SolveError::Engine(e)
    }
}

/// [`solve`] over `space`, which walks `engine`'s positions; with `each`, [`solve_each`].
fn solve_in<S: Space>(
    engine: &dyn Engine,
    space: S,
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    options: &Options,
    each: Option<Each<'_>>,
) -> Result<Solved, SolveError> {
    let root = space.enter(position)?;
    let mut search = Search::new(
        engine,
        rules,
        space,
        stipulation,
        options.max_solutions.max(1),
        options.hash_megabytes,
    );
    search.stop_at(options.deadline);
    let binds = stipulation.binds_beginner_in_help()
        && search
            .reaches_in_one(position)
            .map_err(|e| why_stopped(&search, e))?;
    let bound = if binds {
        search
            .goal_moves(position)
            .map_err(|e| why_stopped(&search, e))?
    } else {
        Vec::new()
    };
    if let Some(each) = each {
        search.stream_to(root.clone(), each);
    }
    if options.threads > 1 {
        search.split_below_root();
    }
    let roots = search.roots(&root).map_err(|e| why_stopped(&search, e))?;
    let estimate = (roots.len() as f64).powi(stipulation.plies() as i32);
    let progress = Progress::new(
        &format!("solve {stipulation}"),
        "root moves",
        roots.len() as u64,
        options.progress && estimate > PROGRESS_FROM,
    );
    let one = |(mv, after): &(S::Mv, S::Pos)| -> Result<Vec<Vec<MoveRecord>>, EngineError> {
        let found = search.solutions_from(&root, mv, after);
        progress.step();
        found
    };
    let found: Result<Vec<_>, EngineError> = if options.threads <= 1 {
        roots.iter().map(one).collect()
    } else {
        let pool = crate::pool::build(options.threads)?;
        pool.install(|| roots.par_iter().map(one).collect())
    };
    progress.finish();
    let found = found.map_err(|e| why_stopped(&search, e))?;
    let mut solutions: Vec<Vec<MoveRecord>> = found.into_iter().flatten().collect();
    // In the order of the records, move by move (whatever order the space made its moves
    // in), each line once.
    solutions.sort();
    solutions.dedup();
    let handed = search.handed();
    let partial = search.stopped()
        || solutions.len() > options.max_solutions
        || handed > options.max_solutions;
    solutions.truncate(options.max_solutions);
    Ok(Solved {
        solutions,
        partial,
        bound,
        handed: handed.min(options.max_solutions),
    })
}

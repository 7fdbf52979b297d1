//! Metamorphic testing of a solver (`feerie popeye metamorphic`): each problem of an input run by
//! Popeye as given and changed by a relation that must not change its answer, or must change it
//! in a known way (the board mirrored, a solution limit), and the two answers compared. It
//! checks Popeye where feerie cannot solve: no model of the rules is needed, only two runs and a
//! mapping between them. The relations and where each is sound are one table
//! ([`relations::RELATIONS`]).

pub mod answer_cache;
pub mod answers;
mod files;
pub mod mapping;
mod popeye_runs;
pub mod relations;
pub mod replay;
mod replay_moves;
mod replay_run;
pub mod reproducer;
pub mod rewrite;
pub mod run;
pub mod summary;
mod symmetry;
pub mod verdict;

pub use answers::{Answer, TwinAnswer, answer_of, departure, map_squares, swap_colour_letters};
pub use files::run_files;
pub use popeye_runs::Settings;
pub use relations::{Expectation, RELATIONS, Relation, RelationRow};
pub use reproducer::write_reproducer;
pub use rewrite::{Change, mirror_file, mirror_rank, rewrite, rewrite_all};
pub use run::{Disagreement, FileReport, ProblemReport, Verdict, relations_named, run_file};
pub use summary::Summary;

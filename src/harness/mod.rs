//! The differential harness: fuzzed positions, the move-by-move comparison of two engines (or
//! of one engine under two readings of the rules), shrinking, reports and reproducers, and the
//! campaigns `feerie check` runs.

mod campaign;
mod choices;
pub mod compare;
mod error;
pub mod events;
pub mod fuzzed;
pub mod metamorphic;
pub mod popeye_campaign;
mod report;
mod runner;
mod shrink;
pub mod solving_campaign;
pub mod steer;
pub mod targets;

pub use campaign::{
    BucketSummary, Campaign, CampaignReport, Found, SteeredSummary, make_case, run_campaign,
};
pub use choices::{Choices, Tape};
pub use compare::{Comparison, Difference, Divergence, Side, compare};
pub use error::{BatchFailure, CampaignError, ReproducerError};
pub use fuzzed::{Bucket, FuzzedPosition, Generator};
pub use report::{Written, record, render, reproducer, reproducer_stem, write_new};
pub use shrink::shrink;

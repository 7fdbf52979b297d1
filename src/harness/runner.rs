//! The one way a campaign runs. `check`'s fuzz and solving campaigns, `popeye fuzz` and `popeye
//! fuzz-solve` differ only in what one unit of work does (one case, or a batch of cases asked of
//! Popeye in one run); the runner does the rest: the thread pool, the units of this run's shard,
//! the progress on stderr, each family's counts added up as units end, what the units found
//! kept in case order, and the reproducers written by one writer that keeps what it could not
//! write.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

use rayon::prelude::*;

use super::error::{CampaignError, ReproducerError};
use super::fuzzed::Bucket;
use super::report::{Written, write_new};
use crate::limits::LimitError;
use crate::progress::Progress;
use crate::shard::Shard;

/// How a campaign runs: what its progress says, how many threads work, and how much of what
/// it finds is kept.
#[derive(Clone, Copy, Debug)]
pub struct Runner<'a> {
    /// The stage, as the progress names it (`fuzz`, `popeye`).
    pub label: &'a str,
    /// What the progress counts (`positions`, `problems`).
    pub unit: &'a str,
    /// Worker threads.
    pub jobs: usize,
    /// Show progress on stderr.
    pub progress: bool,
    /// How many things found are kept: the first in unit order.
    pub keep: usize,
}

/// The units of work of a run, numbered from 0: those its shard takes, and the steps of
/// progress they make in all.
#[derive(Clone, Copy, Debug)]
pub struct Units {
    count: u64,
    shard: Shard,
    steps: u64,
}

impl Units {
    /// `count` units already of this run's shard (batches of its cases or problems), that make
    /// `steps` of progress in all.
    pub fn batches(count: usize, steps: u64) -> Units {
        Units {
            count: count as u64,
            shard: Shard::WHOLE,
            steps,
        }
    }
}

/// The cases of `families` families of `per_family` cases that `shard` takes, as (family, case)
/// in order: case `i` of family `f` is number `f * per_family + i` (see [`crate::shard`]).
pub fn family_cases(
    families: usize,
    per_family: u64,
    shard: Shard,
) -> impl Iterator<Item = (usize, u64)> {
    let total = per_family.saturating_mul(families as u64);
    (0..total)
        .filter(move |&i| shard.takes(i))
        .map(move |i| ((i / per_family) as usize, i % per_family))
}

/// The cases of [`family_cases`] in batches of at most `batch` cases of one family.
pub fn family_batches(
    families: usize,
    per_family: u64,
    shard: Shard,
    batch: usize,
) -> Vec<(usize, Vec<u64>)> {
    let mut batches: Vec<(usize, Vec<u64>)> = Vec::new();
    for (family, case) in family_cases(families, per_family, shard) {
        match batches.last_mut() {
            Some((f, cases)) if *f == family && cases.len() < batch.max(1) => cases.push(case),
            _ => batches.push((family, vec![case])),
        }
    }
    batches
}

/// Counts of one family that add up, from its units in any order.
pub trait Tally {
    /// No counts yet, of the family `name`.
    fn family(name: &str) -> Self;

    /// Adds `other`'s counts to these.
    fn add(&mut self, other: Self);
}

/// A run without counts by family.
impl Tally for () {
    fn family(_: &str) {}

    fn add(&mut self, _: ()) {}
}

/// Implements [`Tally`] for a family's counts that have a `name`, a `digest` of the cases
/// counted (combined with XOR, so that shards combine to the whole run) and the given counts
/// (added up).
macro_rules! tally {
    ($counts:ty { $($count:ident),+ }) => {
        impl $crate::harness::runner::Tally for $counts {
            fn family(name: &str) -> $counts {
                Self {
                    name: name.to_string(),
                    ..Default::default()
                }
            }

            fn add(&mut self, other: $counts) {
                $(self.$count += other.$count;)+
                self.digest ^= other.digest;
            }
        }
    };
}
pub(super) use tally;

/// Each family's counts before its first case.
pub fn tallies<S: Tally>(families: &[Bucket]) -> Vec<S> {
    families.iter().map(|f| S::family(&f.name)).collect()
}

/// What one unit of work gave.
#[derive(Debug)]
pub struct Done<S, F> {
    /// The family whose counts it adds to, and what it adds.
    pub tally: Option<(usize, S)>,
    /// What it found, in its own order.
    pub found: Vec<F>,
    /// The cases or problems it covered: its steps of progress.
    pub steps: u64,
    /// Whether the progress counts a failure for it.
    pub failed: bool,
}

/// What a run gave: each family's counts, and what its units found.
#[derive(Debug)]
pub struct Ran<S, F> {
    /// The counts, family by family.
    pub tallies: Vec<S>,
    /// What the units found, in unit order and each unit's own order: the first
    /// [`Runner::keep`].
    pub found: Vec<F>,
}

impl<'a> Runner<'a> {
    /// A run whose progress is `label`'s, counting `unit`, on `jobs` threads, that keeps all
    /// it finds.
    pub fn new(label: &'a str, unit: &'a str, jobs: usize, progress: bool) -> Runner<'a> {
        Runner {
            label,
            unit,
            jobs,
            progress,
            keep: usize::MAX,
        }
    }

    /// The same run keeping only the first `keep` things found.
    pub fn keeping(self, keep: usize) -> Runner<'a> {
        Runner { keep, ..self }
    }

    /// Runs `work` on every case of `families`, `per_family` cases each, that `shard` takes
    /// (case `i` of family `f` is number `f * per_family + i`), one case a unit, each made
    /// when a worker takes it so that a large count costs time, never memory. Each family's
    /// counts start from [`Tally::family`].
    pub fn cases<S, F, W>(
        &self,
        families: &[Bucket],
        per_family: u64,
        shard: Shard,
        work: W,
    ) -> Result<Ran<S, F>, CampaignError>
    where
        S: Tally + Send,
        F: Send,
        W: Fn(usize, u64) -> Result<Done<S, F>, CampaignError> + Sync,
    {
        let count = per_family
            .checked_mul(families.len() as u64)
            .ok_or_else(|| {
                LimitError::Bound(format!("{per_family} positions per family is too many"))
            })?;
        let units = Units {
            count,
            shard,
            steps: shard.size(count),
        };
        self.run(units, tallies(families), |unit| {
            work((unit / per_family) as usize, unit % per_family)
        })
    }

    /// Runs `work` on every unit of `units` on a pool of the runner's threads; each unit's
    /// counts are added to `tallies`, and the first things found, in unit order, are kept. The
    /// first error stops the run.
    pub fn run<S, F, W>(
        &self,
        units: Units,
        tallies: Vec<S>,
        work: W,
    ) -> Result<Ran<S, F>, CampaignError>
    where
        S: Tally + Send,
        F: Send,
        W: Fn(u64) -> Result<Done<S, F>, CampaignError> + Sync,
    {
        let pool = crate::pool::build(self.jobs)?;
        let progress = Progress::new(self.label, self.unit, units.steps, self.progress);
        let tallies: Vec<Mutex<S>> = tallies.into_iter().map(Mutex::new).collect();
        // Keyed by unit and place in it, so that what is kept is the first in case order
        // whichever thread found it first, and a run that finds much keeps little.
        let found: Mutex<BTreeMap<(u64, usize), F>> = Mutex::new(BTreeMap::new());
        let outcome: Result<(), CampaignError> = pool.install(|| {
            (0..units.count)
                .into_par_iter()
                .filter(|&unit| units.shard.takes(unit))
                .try_for_each(|unit| {
                    let done = work(unit)?;
                    if let Some((family, tally)) = done.tally {
                        tallies[family].lock().expect("not poisoned").add(tally);
                    }
                    if done.failed {
                        progress.failure();
                    }
                    if self.keep > 0 && !done.found.is_empty() {
                        let mut kept = found.lock().expect("not poisoned");
                        for (place, f) in done.found.into_iter().enumerate() {
                            kept.insert((unit, place), f);
                            if kept.len() > self.keep {
                                kept.pop_last();
                            }
                        }
                    }
                    for _ in 0..done.steps {
                        progress.step();
                    }
                    Ok(())
                })
        });
        progress.finish();
        outcome?;
        Ok(Ran {
            tallies: tallies
                .into_iter()
                .map(|t| t.into_inner().expect("not poisoned"))
                .collect(),
            found: found
                .into_inner()
                .expect("not poisoned")
                .into_values()
                .collect(),
        })
    }
}

/// Where a campaign's reproducers go (nowhere, when not asked for), and those it could not
/// write: a file that cannot be written does not stop the campaign.
#[derive(Debug)]
pub struct Reproducers {
    dir: Option<PathBuf>,
    /// The reproducers not written, in the order tried.
    pub errors: Vec<ReproducerError>,
}

impl Reproducers {
    /// Reproducers written under `dir`, or none.
    pub fn new(dir: Option<PathBuf>) -> Reproducers {
        Reproducers {
            dir,
            errors: Vec::new(),
        }
    }

    /// Writes the reproducer that `make` gives as (file stem, text), made only when there is
    /// a folder, with [`write_new`]; `None` when there is no folder or it could not be written.
    pub fn write(&mut self, make: impl FnOnce() -> (String, String)) -> Option<Written> {
        let dir = self.dir.as_ref()?;
        let (stem, text) = make();
        write_new(dir, &stem, &text)
            .map_err(|error| {
                self.errors.push(ReproducerError {
                    dir: dir.clone(),
                    error,
                })
            })
            .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runner(jobs: usize) -> Runner<'static> {
        Runner::new("test", "cases", jobs, false)
    }

    #[derive(Debug, Default, PartialEq)]
    struct Counts {
        name: String,
        cases: u64,
        digest: u64,
    }

    tally!(Counts { cases });

    fn families(n: usize) -> Vec<Bucket> {
        Bucket::all().into_iter().take(n).collect()
    }

    /// One case done without counts, that found `found`.
    fn done<F>(found: Vec<F>) -> Result<Done<(), F>, CampaignError> {
        Ok(Done {
            tally: None,
            found,
            steps: 1,
            failed: false,
        })
    }

    #[test]
    fn the_first_findings_in_case_order_are_kept_whatever_the_threads() {
        let families = families(3);
        let ran = runner(2)
            .keeping(4)
            .cases(&families, 10, Shard::WHOLE, |family, case| {
                let counts = Counts {
                    name: String::new(),
                    cases: 1,
                    digest: case,
                };
                Ok(Done {
                    tally: Some((family, counts)),
                    found: if case % 2 == 0 {
                        vec![(family, case, 'a'), (family, case, 'b')]
                    } else {
                        vec![]
                    },
                    steps: 1,
                    failed: false,
                })
            })
            .unwrap();
        let xor = (0..10).fold(0, |x, c| x ^ c);
        let names: Vec<&String> = ran.tallies.iter().map(|t| &t.name).collect();
        assert_eq!(names, families.iter().map(|f| &f.name).collect::<Vec<_>>());
        assert!(ran.tallies.iter().all(|t| t.cases == 10 && t.digest == xor));
        assert_eq!(
            ran.found,
            [(0, 0, 'a'), (0, 0, 'b'), (0, 2, 'a'), (0, 2, 'b')]
        );
    }

    #[test]
    fn a_shard_runs_its_own_cases_and_batches_keep_to_one_family() {
        let shard = Shard::new(2, 3).unwrap();
        let families = families(2);
        let ran = runner(1)
            .cases(&families, 4, shard, |family, case| {
                done(vec![(family, case)])
            })
            .unwrap();
        let cases: Vec<(usize, u64)> = family_cases(2, 4, shard).collect();
        assert_eq!(ran.found, cases);
        assert_eq!(cases, [(0, 1), (1, 0), (1, 3)]);
        assert_eq!(
            family_batches(2, 4, Shard::WHOLE, 3),
            [
                (0, vec![0, 1, 2]),
                (0, vec![3]),
                (1, vec![0, 1, 2]),
                (1, vec![3])
            ]
        );
    }

    #[test]
    fn the_first_error_stops_the_run_and_too_many_cases_are_refused() {
        let e = runner(1)
            .run(Units::batches(5, 5), Vec::<()>::new(), |unit| {
                if unit == 3 {
                    Err(LimitError::Bound("three".into()).into())
                } else {
                    done(Vec::<()>::new())
                }
            })
            .unwrap_err();
        assert_eq!(e.to_string(), "three");
        let e = runner(1)
            .cases(&families(2), u64::MAX, Shard::WHOLE, |_, _| {
                done(Vec::<()>::new())
            })
            .unwrap_err();
        assert!(e.to_string().contains("too many"), "{e}");
    }

    #[test]
    fn a_reproducer_not_written_is_kept_with_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        let mut none = Reproducers::new(None);
        assert!(
            none.write(|| unreachable!("no folder, nothing made"))
                .is_none()
        );
        let mut here = Reproducers::new(Some(dir.path().to_path_buf()));
        let w = here.write(|| ("case".into(), "a: 1\n".into())).unwrap();
        assert!(w.path().ends_with("case.yaml"));
        let file = dir.path().join("case.yaml");
        let mut under_a_file = Reproducers::new(Some(file.clone()));
        assert!(under_a_file.write(|| ("x".into(), "b\n".into())).is_none());
        assert_eq!(under_a_file.errors.len(), 1);
        assert_eq!(under_a_file.errors[0].dir, file);
        assert!(
            under_a_file.errors[0]
                .to_string()
                .starts_with("cannot write a reproducer in ")
        );
    }
}

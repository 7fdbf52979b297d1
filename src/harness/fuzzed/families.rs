//! The families of fuzzed positions: the registry's fuzz families under each profile.

use feerie_oracle::rules::FuzzFamily;
use feerie_oracle::{Profile, Rules, RulesError};

/// One family of fuzzed positions: rules (a condition, or a combination, under a profile),
/// and whether magic pieces are placed on the board.
///
/// ```
/// let buckets = feerie::harness::Bucket::all();
/// assert!(buckets.iter().any(|b| b.name == "circe-parrain/popeye"));
/// assert!(buckets.iter().any(|b| b.magic));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bucket {
    /// `condition/profile`, as the summary prints it.
    pub name: String,
    /// The rules of every position of the bucket (before any random switch override).
    pub rules: Rules,
    /// Magic pieces are added to the positions.
    pub magic: bool,
}

impl Bucket {
    /// Every family of the registry of conditions ([`FuzzFamily::all`]) under each profile.
    pub fn all() -> Vec<Bucket> {
        let mut out = Vec::new();
        for family in FuzzFamily::all() {
            for profile in Profile::ALL {
                out.push(Bucket {
                    name: format!("{}/{profile}", family.name()),
                    rules: Rules::new(family.conditions.iter().copied(), profile)
                        .expect("the families are valid combinations"),
                    magic: family.magic,
                });
            }
        }
        out
    }

    /// The buckets whose name contains one of `filters` (all of them when there is none).
    pub fn matching(filters: &[String]) -> Result<Vec<Bucket>, RulesError> {
        let all = Bucket::all();
        if filters.is_empty() {
            return Ok(all);
        }
        let chosen: Vec<Bucket> = all
            .iter()
            .filter(|b| {
                filters
                    .iter()
                    .any(|f| b.name == *f || b.name.starts_with(&format!("{f}/")))
            })
            .cloned()
            .collect();
        if chosen.is_empty() {
            let names: Vec<String> = FuzzFamily::all().iter().map(FuzzFamily::name).collect();
            return Err(RulesError(format!(
                "no fuzz family matches {} (families: {}; a profile may follow, as in circe/popeye)",
                filters.join(", "),
                names.join(", ")
            )));
        }
        Ok(chosen)
    }
}

//! The fuzzed positions as proptest strategies, as libFuzzer input, and the seeded generator of
//! one campaign case.

use super::{Bucket, FuzzedPosition, Generator};
use crate::harness::choices::Tape;
use crate::playout::Rng;

/// A proptest strategy for the fuzzed positions of a bucket. The strategy draws a tape of
/// choices, so proptest shrinks toward fewer plies and fewer edits.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let bucket = feerie::harness::Bucket::all().remove(2);
/// let mut runner = TestRunner::deterministic();
/// let case = feerie::harness::fuzzed::strategy(bucket).new_tree(&mut runner).unwrap().current();
/// assert!(case.position.board().unit_count() >= 2);
/// ```
pub fn strategy(bucket: Bucket) -> impl proptest::strategy::Strategy<Value = FuzzedPosition> {
    use proptest::prelude::*;
    let generator = Generator::standard();
    proptest::collection::vec(any::<u32>(), 0..48).prop_map(move |tape| {
        generator
            .generate(&mut Tape::new(&tape), &bucket)
            .expect("the reference engine plays every built-in rule")
    })
}

/// A proptest strategy over every bucket.
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::deterministic();
/// let case = feerie::harness::fuzzed::any_bucket().new_tree(&mut runner).unwrap().current();
/// assert!(case.position.board().unit_count() >= 2);
/// ```
pub fn any_bucket() -> impl proptest::strategy::Strategy<Value = FuzzedPosition> {
    any_of(Bucket::all())
}

/// A proptest strategy over the given buckets, each drawn as often (none given: every bucket).
///
/// ```
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::TestRunner;
/// use feerie::harness::Bucket;
/// let circe: Vec<Bucket> = Bucket::all().into_iter().filter(|b| b.rules.circe().is_some()).collect();
/// let mut runner = TestRunner::deterministic();
/// let case = feerie::harness::fuzzed::any_of(circe).new_tree(&mut runner).unwrap().current();
/// assert!(case.rules.circe().is_some());
/// ```
pub fn any_of(buckets: Vec<Bucket>) -> impl proptest::strategy::Strategy<Value = FuzzedPosition> {
    use proptest::prelude::*;
    let generator = Generator::standard();
    let buckets = if buckets.is_empty() {
        Bucket::all()
    } else {
        buckets
    };
    (
        0..buckets.len(),
        proptest::collection::vec(any::<u32>(), 0..48),
    )
        .prop_map(move |(bucket, tape)| {
            generator
                .generate(&mut Tape::new(&tape), &buckets[bucket])
                .expect("the reference engine plays every built-in rule")
        })
}

impl<'a> arbitrary::Arbitrary<'a> for FuzzedPosition {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let buckets = Bucket::all();
        let bucket = &buckets[u.choose_index(buckets.len())?];
        Generator::standard()
            .generate(u, bucket)
            .map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

/// The generator of case `index` of a run seeded with `seed`.
pub(crate) fn case_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03))
}

//! Where the fuzzed-position generator takes its decisions from: a seeded generator for
//! campaigns, a tape of numbers for proptest (which shrinks the tape), or libFuzzer's bytes.
//! Every source answers 0 once it runs dry, and the generator reads 0 as the simplest choice
//! (no playout, no mutation), so shorter and smaller inputs give simpler positions.

use crate::playout::Rng;

/// A stream of bounded choices.
///
/// ```
/// use feerie::harness::{Choices, Tape};
/// let mut tape = Tape::new(&[7, 3]);
/// assert_eq!(tape.below(5), 2);
/// assert_eq!(tape.below(5), 3);
/// assert_eq!(tape.below(5), 0); // dry
/// ```
pub trait Choices {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize;

    /// True one time in `n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == n - 1
    }
}

impl Choices for Rng {
    fn below(&mut self, n: usize) -> usize {
        Rng::below(self, n)
    }
}

/// A fixed list of numbers read in turn, each reduced modulo the bound; 0 after the end.
#[derive(Clone, Debug)]
pub struct Tape<'a> {
    values: &'a [u32],
    next: usize,
}

impl<'a> Tape<'a> {
    /// A tape over `values`.
    pub fn new(values: &'a [u32]) -> Tape<'a> {
        Tape { values, next: 0 }
    }
}

impl Choices for Tape<'_> {
    fn below(&mut self, n: usize) -> usize {
        let v = self.values.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        v as usize % n
    }
}

impl Choices for arbitrary::Unstructured<'_> {
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.choose_index(n).unwrap_or(0)
    }
}

/// A walk for a new unit: one of `common` (the orthodox walks the caller weighs), the reverse
/// pawn when captures mutate (Frankfurt and Protean chess make it), and one time in four a
/// fairy walk, every fairy walk of the walk table alike (RULES.md §9), for magic units too
/// (RULES.md §6 puts their walk at the end of the mutation chains). Dry choices give the first
/// of `common`.
pub fn random_walk(
    choices: &mut dyn Choices,
    rules: &feerie_oracle::Rules,
    common: &[feerie_oracle::Walk],
) -> feerie_oracle::Walk {
    random_walk_of(choices, rules, common, true)
}

/// As [`random_walk`], with no fairy walk unless `fairy`: a position with no fairy unit is
/// one where the bitboard engine takes its orthodox short cuts.
pub fn random_walk_of(
    choices: &mut dyn Choices,
    rules: &feerie_oracle::Rules,
    common: &[feerie_oracle::Walk],
    fairy: bool,
) -> feerie_oracle::Walk {
    use feerie_oracle::Walk;
    if fairy && choices.one_in(4) {
        let fairy: Vec<Walk> = Walk::ALL
            .into_iter()
            .filter(|&w| w.is_fairy() && rules.takes_walk(w))
            .collect();
        return fairy[choices.below(fairy.len())];
    }
    let mut walks = common.to_vec();
    if rules.captures_mutate() {
        walks.push(Walk::ReversePawn);
    }
    walks[choices.below(walks.len())]
}

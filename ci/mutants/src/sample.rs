//! The sample drawn from an enumeration: a partial Fisher–Yates shuffle driven by SplitMix64
//! seeded with the seed alone, so that the same seed over the same enumeration (same files, same
//! order, same texts) draws the same mutants in the same order, on every machine.

/// SplitMix64: small, fixed, and the same everywhere (no dependency on a crate's version).
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (> 0), without the bias of a plain remainder.
    fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next();
            if x < zone {
                return x % bound;
            }
        }
    }
}

/// The indices of `size` items drawn from `0..population` (all of them, shuffled, when `size`
/// is larger), in the order they were drawn.
pub fn draw(population: usize, size: usize, seed: u64) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..population).collect();
    let mut rng = SplitMix64(seed);
    let size = size.min(population);
    for k in 0..size {
        let j = k + rng.below((population - k) as u64) as usize;
        indices.swap(k, j);
    }
    indices.truncate(size);
    indices
}

#[cfg(test)]
mod tests {
    use super::draw;

    #[test]
    fn a_seed_draws_the_same_sample_and_another_seed_another() {
        let a = draw(500, 40, 7);
        assert_eq!(a, draw(500, 40, 7));
        assert_ne!(a, draw(500, 40, 8));
        let mut unique = a.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 40);
        assert!(a.iter().all(|&i| i < 500));
    }

    #[test]
    fn a_sample_larger_than_the_population_takes_everything() {
        let mut all = draw(5, 9, 1);
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2, 3, 4]);
    }
}

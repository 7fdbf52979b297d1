//! A fixed-size digest of a multiset of printed lines: how many, and the wrapping sum of a
//! 128-bit hash of each, in all and in each of [`BUCKETS`] buckets (the line's bucket taken
//! from its hash). Two multisets of lines with the same digest are the same but for a hash
//! collision (about 2^-64); where two digests differ, the buckets that differ hold the lines
//! that make the difference.
//!
//! The hash is keyed with a key drawn at random once per run ([`RandomState`]): with a key
//! known in advance (the fixed keys of `DefaultHasher::new()`), junk lines can be computed
//! whose hashes sum to those of real lines they replace (a sum of hashes is easy to match
//! with enough candidates), and a forged output would digest as the genuine one.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::OnceLock;

/// How many buckets a digest counts apart.
pub const BUCKETS: usize = 4096;

/// This run's key: the same for every line hashed in the run (both sides' digests, and the
/// buckets read again), unknown before it starts.
fn run_key() -> &'static RandomState {
    static KEY: OnceLock<RandomState> = OnceLock::new();
    KEY.get_or_init(RandomState::new)
}

/// The 128-bit hash of a line: two SipHash values of it under this run's random key, told
/// apart by a first byte of their own.
pub fn line_hash(line: &str) -> u128 {
    let half = |domain: u8| {
        let mut h = run_key().build_hasher();
        domain.hash(&mut h);
        line.hash(&mut h);
        h.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

/// The bucket of a line's hash.
pub fn bucket(hash: u128) -> usize {
    (hash as usize) % BUCKETS
}

/// The digest of a multiset of lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineDigest {
    /// How many lines.
    pub count: u64,
    /// The wrapping sum of their hashes.
    pub sum: u128,
    /// Per bucket, how many lines and the wrapping sum of their hashes.
    buckets: Vec<(u64, u128)>,
}

impl Default for LineDigest {
    fn default() -> LineDigest {
        LineDigest {
            count: 0,
            sum: 0,
            buckets: vec![(0, 0); BUCKETS],
        }
    }
}

impl LineDigest {
    /// Adds one line.
    pub fn add(&mut self, line: &str) {
        let hash = line_hash(line);
        self.count += 1;
        self.sum = self.sum.wrapping_add(hash);
        let b = &mut self.buckets[bucket(hash)];
        b.0 += 1;
        b.1 = b.1.wrapping_add(hash);
    }

    /// Whether the two multisets are the same (as far as the hash tells).
    pub fn agrees(&self, other: &LineDigest) -> bool {
        self.count == other.count && self.sum == other.sum
    }

    /// The buckets whose lines differ, each with the larger of its two line counts.
    pub fn differing(&self, other: &LineDigest) -> Vec<(usize, u64)> {
        self.buckets
            .iter()
            .zip(&other.buckets)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| (i, a.0.max(b.0)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(lines: &[&str]) -> LineDigest {
        let mut d = LineDigest::default();
        for l in lines {
            d.add(l);
        }
        d
    }

    #[test]
    fn the_order_does_not_count_but_each_line_does() {
        let a = digest(&["1.a", "1.b", "1.c"]);
        assert!(a.agrees(&digest(&["1.c", "1.a", "1.b"])));
        for other in [
            digest(&["1.a", "1.b"]),
            digest(&["1.a", "1.b", "1.c", "1.c"]),
            digest(&["1.a", "1.b", "1.d"]),
            digest(&["1.a", "1.a", "1.b"]),
        ] {
            assert!(!a.agrees(&other));
            assert!(!a.differing(&other).is_empty());
        }
        let dropped = a.differing(&digest(&["1.a", "1.b"]));
        assert_eq!(dropped, vec![(bucket(line_hash("1.c")), 1)]);
    }
}

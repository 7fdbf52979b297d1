//! Splitting a campaign across machines: `--shard K/N` keeps the cases whose number, counted
//! across the campaign's families in order, is `K - 1` modulo `N`. Every case belongs to exactly
//! one shard, and which one depends only on its number, so N runs with the same seed and flags,
//! one per shard, check together exactly the cases of the unsharded run.

use std::fmt;
use std::str::FromStr;

/// One shard of `count`: the `index`-th (1-based, as written `K/N`).
///
/// ```
/// use feerie::shard::Shard;
/// let shard: Shard = "2/3".parse().unwrap();
/// assert_eq!(shard.to_string(), "2/3");
/// let taken: Vec<u64> = (0..7).filter(|&i| shard.takes(i)).collect();
/// assert_eq!(taken, [1, 4]);
/// assert!(Shard::WHOLE.takes(5));
/// assert!("0/3".parse::<Shard>().unwrap_err().to_string().contains("1 to 3"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// Why a shard is not one: written as `--shard` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not `K/N` with whole numbers.
    Malformed(String),
    /// A number that does not fit in 64 bits.
    TooLarge {
        /// The whole text.
        text: String,
        /// The number.
        number: String,
    },
    /// `N` is 0 or above [`MAX_SHARDS`].
    Count {
        /// `K`.
        index: u64,
        /// `N`.
        count: u64,
    },
    /// `K` is 0 or above `N`.
    Index {
        /// `K`.
        index: u64,
        /// `N`.
        count: u64,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Malformed(text) => write!(
                f,
                "'{text}': expected K/N, such as 2/3 (shard K of N, from 1)"
            ),
            ShardError::TooLarge { text, number } => write!(f, "'{text}': {number} is too large"),
            ShardError::Count { index, count } => write!(
                f,
                "{index}/{count}: the number of shards must be from 1 to {MAX_SHARDS}"
            ),
            ShardError::Index { index, count } => {
                write!(f, "{index}/{count}: the shard must be from 1 to {count}")
            }
        }
    }
}

impl std::error::Error for ShardError {}

/// The largest number of shards: more machines than this is not a split but a typo.
pub const MAX_SHARDS: u64 = 1_000_000;

impl Shard {
    /// The whole campaign: `1/1`.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` (1-based) of `count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || count > MAX_SHARDS {
            return Err(ShardError::Count { index, count });
        }
        if index == 0 || index > count {
            return Err(ShardError::Index { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Which shard this is, from 1.
    pub fn index(self) -> u64 {
        self.index
    }

    /// How many shards there are.
    pub fn count(self) -> u64 {
        self.count
    }

    /// True for the whole campaign (`1/1`).
    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// What a run's first line says after its number of cases: ` (shard K/N)`, or nothing for
    /// the whole campaign.
    ///
    /// ```
    /// use feerie::shard::Shard;
    /// assert_eq!("2/3".parse::<Shard>().unwrap().suffix(), " (shard 2/3)");
    /// assert_eq!(Shard::WHOLE.suffix(), "");
    /// ```
    pub fn suffix(self) -> String {
        if self.is_whole() {
            String::new()
        } else {
            format!(" (shard {self})")
        }
    }

    /// Whether case number `case` (counted from 0 across the campaign) is this shard's.
    pub fn takes(self, case: u64) -> bool {
        case % self.count == self.index - 1
    }

    /// How many of the cases `0..total` are this shard's.
    ///
    /// ```
    /// use feerie::shard::Shard;
    /// let sizes: Vec<u64> = (1..=3).map(|k| Shard::new(k, 3).unwrap().size(7)).collect();
    /// assert_eq!(sizes, [3, 2, 2]);
    /// ```
    pub fn size(self, total: u64) -> u64 {
        total / self.count + u64::from(total % self.count >= self.index)
    }
}

impl Shard {
    /// This shard's items of a list (item `i` is case number `i`).
    ///
    /// ```
    /// use feerie::shard::Shard;
    /// assert_eq!(Shard::new(1, 2).unwrap().pick(vec!['a', 'b', 'c']), ['a', 'c']);
    /// ```
    pub fn pick<T>(self, items: Vec<T>) -> Vec<T> {
        items
            .into_iter()
            .enumerate()
            .filter(|(i, _)| self.takes(*i as u64))
            .map(|(_, item)| item)
            .collect()
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, both whole numbers, `1 <= K <= N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Malformed(text.to_string());
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let number = |s: &str| -> Result<u64, ShardError> {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            // All digits: only a value too large fails to parse.
            s.parse::<u64>().map_err(|_| ShardError::TooLarge {
                text: text.to_string(),
                number: s.to_string(),
            })
        };
        Shard::new(number(k)?, number(n)?)
    }
}

/// A fingerprint of one checked case (its family, number, position and rules as text), stable
/// across runs and machines. A campaign's summary combines its cases' fingerprints with XOR, so
/// that the shards' combined fingerprints equal the unsharded run's exactly when together they
/// checked the same cases.
///
/// ```
/// use feerie::shard::fingerprint;
/// assert_eq!(fingerprint("circe 3 8/8/8/8/8/8/8/K6k w - - 0 1"), fingerprint("circe 3 8/8/8/8/8/8/8/K6k w - - 0 1"));
/// assert_ne!(fingerprint("a"), fingerprint("b"));
/// ```
pub fn fingerprint(text: &str) -> u64 {
    // FNV-1a, then a final mix so that XOR of many fingerprints stays well spread.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_cases() {
        for count in 1..=5u64 {
            for total in 0..20u64 {
                let mut seen = vec![0u32; total as usize];
                for index in 1..=count {
                    let shard = Shard::new(index, count).unwrap();
                    let taken: Vec<u64> = (0..total).filter(|&i| shard.takes(i)).collect();
                    assert_eq!(taken.len() as u64, shard.size(total));
                    for i in taken {
                        seen[i as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{count} shards of {total}");
            }
        }
    }

    #[test]
    fn bad_shards_are_refused_with_the_reason() {
        for (text, words) in [
            ("0/3", "from 1 to 3"),
            ("4/3", "from 1 to 3"),
            ("1/0", "number of shards"),
            ("abc", "expected K/N"),
            ("1/", "expected K/N"),
            ("/3", "expected K/N"),
            ("-1/3", "expected K/N"),
            ("1.5/3", "expected K/N"),
            ("1/3/4", "expected K/N"),
            ("1/99999999999999999999999", "too large"),
        ] {
            let e = text.parse::<Shard>().unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
            assert!(!e.contains('\n'));
        }
        assert_eq!(" 3/3 ".parse::<Shard>().unwrap(), Shard::new(3, 3).unwrap());
    }
}

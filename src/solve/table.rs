//! The transposition table: what a search learned about a position at a given number of moves
//! left, so that a position reached again by another order of moves is not searched again.
//!
//! Keyed by the position's Zobrist keys ([`crate::space::zobrist`]), which cover everything that
//! decides the legal moves under fixed rules. A fixed array of 16-byte slots, four to a bucket
//! (one cache line), within the bound given in MB; its 1 MB chunks are allocated when first
//! written, and the buckets in use start at one chunk and double when half full, so that a
//! small solve does not pay for a large bound. Once a bucket is full, a new answer replaces
//! the one with the fewest moves left (the cheapest to find again).
//!
//! A slot keeps the whole 64-bit main key (XORed with its data, so that a slot torn by two
//! threads writing at once reads as a miss), the question (kind of node, moves left) and 32
//! bits of the second, independent key: a wrong hit needs two different positions whose keys
//! agree on 96 random bits, about 2^-94 per lookup with four slots a bucket (one in 10^28);
//! a search of 10^12 lookups is wrong with odds below 10^-16.
//!
//! ```
//! use feerie::oracle::Position;
//! use feerie::solve::table::{Node, Table};
//! let table = Table::with_megabytes(1);
//! assert_eq!(table.get(&Position::start(), Node::Attack, 2), None);
//! table.put(&Position::start(), Node::Attack, 2, true);
//! assert_eq!(table.get(&Position::start(), Node::Attack, 2), Some(true));
//! assert_eq!(table.get(&Position::start(), Node::Attack, 3), None);
//! assert!(table.capacity() > 100);
//! assert!(table.memory_bound() <= 1 << 20);
//! ```

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use feerie_oracle::Position;

use crate::space::zobrist::{self, Key};

/// What a search stores: which question (kind of node), how many moves were left, the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// Direct play: the attacker to move wins within n.
    Attack,
    /// Direct play: every defence loses within n.
    Defence,
    /// Self play: the defender must reach the goal within n.
    SelfDefence,
    /// Self play: the attacker forces the defender within n.
    SelfAttack,
    /// Help or series play: no solution below this node (the answer is always `false`).
    DeadEnd,
}

impl Node {
    /// 1 to 5: 0 marks an empty slot.
    fn code(self) -> u64 {
        match self {
            Node::Attack => 1,
            Node::Defence => 2,
            Node::SelfDefence => 3,
            Node::SelfAttack => 4,
            Node::DeadEnd => 5,
        }
    }
}

/// One slot: the main key XOR the data, and the data (answer, question, check bits).
#[derive(Default)]
struct Slot {
    guard: AtomicU64,
    data: AtomicU64,
}

/// The most moves left a question may have to be kept (longer ones are not stored).
const MAX_LEFT: u32 = 255;

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();
/// Slots a bucket, looked at together on every lookup.
const WAYS: usize = 4;
/// Slots a chunk (1 MB), the unit of allocation.
const CHUNK_SLOTS: usize = (1 << 20) / SLOT_BYTES;

/// Data layout: bit 63 the answer, bits 40..43 the node code, bits 32..40 the moves left,
/// bits 0..32 the second key's low half.
fn pack(node: Node, left: u32, answer: bool, check: u64) -> u64 {
    (answer as u64) << 63
        | node.code() << 40
        | u64::from(left.min(255)) << 32
        | (check & 0xFFFF_FFFF)
}

/// The bit of the answer in the data.
const ANSWER_BIT: u64 = 1 << 63;

/// The bits of the moves left in the data.
const LEFT_BITS: u64 = 0xFF << 32;

/// The data's moves left, for replacement.
fn left_of(data: u64) -> u64 {
    (data >> 32) & 0xFF
}

/// A bounded transposition table, shared by the threads of a search.
pub struct Table {
    chunks: Box<[OnceLock<Box<[Slot]>>]>,
    /// Buckets in all, a power of two (0: a table that stores nothing).
    buckets: usize,
    /// Buckets in use, a power of two up to `buckets`: it starts at one chunk and doubles
    /// whenever half its slots are filled, so that a small search touches little memory. An
    /// answer stored before a doubling is found again when its key's new index bit is 0 (the
    /// slot is the same); the others are lost, which costs a search, never a wrong answer.
    active: AtomicUsize,
    /// Answers stored into empty slots.
    filled: AtomicUsize,
}

impl Table {
    /// A table of at most `megabytes` MB (0: a table that stores nothing): the largest power
    /// of two of buckets that fits, at least one chunk.
    pub fn with_megabytes(megabytes: usize) -> Table {
        let bytes = megabytes.saturating_mul(1 << 20);
        let slots = bytes / SLOT_BYTES;
        let buckets = if slots < WAYS {
            0
        } else {
            1usize << (usize::BITS - 1 - (slots / WAYS).leading_zeros())
        };
        let chunk_count = (buckets * WAYS).div_ceil(CHUNK_SLOTS);
        Table {
            chunks: (0..chunk_count).map(|_| OnceLock::new()).collect(),
            buckets,
            active: AtomicUsize::new(buckets.min(CHUNK_SLOTS / WAYS)),
            filled: AtomicUsize::new(0),
        }
    }

    /// The most entries it will hold.
    pub fn capacity(&self) -> usize {
        self.buckets * WAYS
    }

    /// The most bytes its slots take once all are allocated (within the bound asked).
    pub fn memory_bound(&self) -> usize {
        self.capacity() * SLOT_BYTES
    }

    /// The bytes its slots take now (chunks allocated so far).
    pub fn memory_used(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(|c| c.get())
            .map(|c| c.len() * SLOT_BYTES)
            .sum()
    }

    /// The entries it holds.
    pub fn len(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(|c| c.get())
            .flat_map(|c| c.iter())
            .filter(|s| s.data.load(Ordering::Relaxed) != 0)
            .count()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The question's key and the first slot of its bucket. A dead end is one question per
    /// position, whatever the moves left ([`Table::dead_end`]).
    fn locate(&self, key: Key, node: Node, left: u32) -> (u64, u64, usize) {
        let left = if node == Node::DeadEnd { 0 } else { left };
        let q = zobrist::question(node.code(), u64::from(left));
        let main = key.main ^ q[0];
        let check = key.check ^ q[1];
        let bucket = (main as usize) & (self.active.load(Ordering::Relaxed) - 1);
        (main, check, bucket * WAYS)
    }

    /// Whether the position of `key` is known to lead to no solution with `left` moves: it
    /// was stored as a [`Node::DeadEnd`] with as many moves or more, by a multiple of `stride`
    /// more (a search with more moves left also finds every shorter solution: in help play
    /// two half-moves shorter, in series play one move shorter). Dead ends of one position
    /// share a slot, which keeps the most moves left.
    pub fn dead_end(&self, key: Key, left: u32, stride: u32) -> bool {
        if self.buckets == 0 || left > MAX_LEFT {
            return false;
        }
        let (main, check, first) = self.locate(key, Node::DeadEnd, left);
        let wanted = pack(Node::DeadEnd, 0, false, check);
        self.found(main, first, wanted, LEFT_BITS)
            .is_some_and(|data| {
                let stored = left_of(data) as u32;
                stored >= left && (stored - left).is_multiple_of(stride.max(1))
            })
    }

    /// Stores that the position of `key` leads to no solution with `left` moves (see
    /// [`Table::dead_end`]), unless more moves are already known dead.
    pub fn put_dead_end(&self, key: Key, left: u32) {
        if self.buckets == 0 || left > MAX_LEFT {
            return;
        }
        let (main, check, first) = self.locate(key, Node::DeadEnd, left);
        let wanted = pack(Node::DeadEnd, 0, false, check);
        let known = self.found(main, first, wanted, LEFT_BITS);
        if known.is_some_and(|data| left_of(data) as u32 >= left) {
            return;
        }
        self.store(
            main,
            first,
            pack(Node::DeadEnd, left, false, check),
            LEFT_BITS,
        );
    }

    /// The data of the slot that holds the question of main key `main` in the bucket from
    /// slot `first`: the data equal to `wanted` but for the bits of `ignored`.
    fn found(&self, main: u64, first: usize, wanted: u64, ignored: u64) -> Option<u64> {
        self.bucket(first, false)?.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let guard = slot.guard.load(Ordering::Relaxed);
            (guard ^ data == main && data & !ignored == wanted & !ignored).then_some(data)
        })
    }

    /// Asks the processor to bring the bucket of this question into its cache, so that a
    /// lookup soon after does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: Key, node: Node, left: u32) {
        if self.buckets == 0 || left > MAX_LEFT {
            return;
        }
        let (_, _, first) = self.locate(key, node, left);
        let Some(bucket) = self.bucket(first, false) else {
            return;
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that reads nothing and faults on no address; the
        // pointer is into a live bucket.
        #[allow(unused_unsafe)]
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// The bucket starting at slot `first`, if its chunk exists (or is made, with `make`).
    fn bucket(&self, first: usize, make: bool) -> Option<&[Slot]> {
        let chunk = &self.chunks[first / CHUNK_SLOTS];
        let slots = if make {
            chunk.get_or_init(|| (0..CHUNK_SLOTS).map(|_| Slot::default()).collect())
        } else {
            chunk.get()?
        };
        let at = first % CHUNK_SLOTS;
        Some(&slots[at..at + WAYS])
    }

    /// The stored answer for `position` at `node` with `left` moves, if any.
    pub fn get(&self, position: &Position, node: Node, left: u32) -> Option<bool> {
        if self.buckets == 0 {
            return None;
        }
        self.get_keyed(zobrist::key(position), node, left)
    }

    /// [`Table::get`] for a position whose key is known.
    pub fn get_keyed(&self, key: Key, node: Node, left: u32) -> Option<bool> {
        if self.buckets == 0 || left > MAX_LEFT {
            return None;
        }
        let (main, check, first) = self.locate(key, node, left);
        let data = self.found(main, first, pack(node, left, false, check), ANSWER_BIT)?;
        Some(data & ANSWER_BIT != 0)
    }

    /// Stores an answer, replacing the same question's, else an empty slot, else the answer
    /// with the fewest moves left in the bucket.
    pub fn put(&self, position: &Position, node: Node, left: u32, answer: bool) {
        if self.buckets == 0 {
            return;
        }
        self.put_keyed(zobrist::key(position), node, left, answer);
    }

    /// [`Table::put`] for a position whose key is known.
    pub fn put_keyed(&self, key: Key, node: Node, left: u32, answer: bool) {
        if self.buckets == 0 || left > MAX_LEFT {
            return;
        }
        let (main, check, first) = self.locate(key, node, left);
        self.store(main, first, pack(node, left, answer, check), ANSWER_BIT);
    }

    /// Writes `data` for the main key `main` in the bucket from slot `first`: over the slot of
    /// the same question (the same data but for the bits of `ignored`), else an empty slot,
    /// else the one with the fewest moves left.
    fn store(&self, main: u64, first: usize, data: u64, ignored: u64) {
        let Some(bucket) = self.bucket(first, true) else {
            return;
        };
        let mut victim = 0;
        let mut victim_left = u64::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let old = slot.data.load(Ordering::Relaxed);
            let same = old != 0
                && slot.guard.load(Ordering::Relaxed) ^ old == main
                && old & !ignored == data & !ignored;
            if old == 0 || same {
                victim = i;
                break;
            }
            if left_of(old) < victim_left {
                victim = i;
                victim_left = left_of(old);
            }
        }
        let slot = &bucket[victim];
        let was_empty = slot.data.load(Ordering::Relaxed) == 0;
        slot.data.store(data, Ordering::Relaxed);
        slot.guard.store(main ^ data, Ordering::Relaxed);
        if was_empty {
            self.grow_when_half_full();
        }
    }

    /// Doubles the buckets in use when half their slots are filled, up to the bound.
    fn grow_when_half_full(&self) {
        let filled = self.filled.fetch_add(1, Ordering::Relaxed) + 1;
        let active = self.active.load(Ordering::Relaxed);
        if active < self.buckets && filled * 2 >= active * WAYS {
            // One thread doubles it; the others see the new size on their next lookup.
            let _ = self.active.compare_exchange(
                active,
                active * 2,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }
}

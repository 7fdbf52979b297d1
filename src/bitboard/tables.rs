//! Attack tables: leapers by lookup, sliders by magic bitboards, and the squares between and
//! through two aligned squares. All are computed when the crate is built (`build.rs`, from
//! `build/attack_tables.rs`) and sit in the binary's read-only data, so that a process pays
//! nothing for them at start.

// The generated tables are constants, read in `const` contexts as well.
#![allow(clippy::large_const_arrays)]

/// Square index a1 = 0 … h8 = 63; file = sq % 8, rank = sq / 8.
pub type Sq = usize;

/// One bit per square.
pub const fn bit(sq: Sq) -> u64 {
    1u64 << sq
}

/// One slider square's magic indexing: `offset + ((occupied & mask) * magic >> shift)`.
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

// KNIGHT_ATTACKS, KING_ATTACKS, PAWN_UP_ATTACKS, PAWN_DOWN_ATTACKS, BETWEEN, LINE, ROOK_MAGICS,
// BISHOP_MAGICS, SLIDES (the slider table's length, a power of two) and SLIDES_USED.
include!(concat!(env!("OUT_DIR"), "/attack_tables.rs"));

/// Both sliders' attack sets, as `build.rs` wrote them in the target's byte order.
// SAFETY: a `[u8; 8 * SLIDES]` and a `[u64; SLIDES]` have the same size (the include has exactly
// that many bytes or this does not compile), and every bit pattern is a valid `u64`; the
// transmute copies by value, so the result has `u64` alignment.
static SLIDE_ATTACKS: [u64; SLIDES] = unsafe {
    std::mem::transmute::<[u8; 8 * SLIDES], [u64; SLIDES]>(*include_bytes!(concat!(
        env!("OUT_DIR"),
        "/slides.bin"
    )))
};

/// All tables.
pub struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    /// `pawn[colour_forward][sq]`: squares a pawn moving up (0) or down (1) attacks.
    pub pawn: [[u64; 64]; 2],
    /// Squares strictly between two squares on a line, else 0.
    between: [u64; 64 * 64],
    /// The whole line through two aligned squares (both included), else 0.
    line: [u64; 64 * 64],
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    slides: &'static [u64; SLIDES],
}

static TABLES: Tables = Tables {
    knight: KNIGHT_ATTACKS,
    king: KING_ATTACKS,
    pawn: [PAWN_UP_ATTACKS, PAWN_DOWN_ATTACKS],
    between: BETWEEN,
    line: LINE,
    rook_magics: ROOK_MAGICS,
    bishop_magics: BISHOP_MAGICS,
    slides: &SLIDE_ATTACKS,
};

/// The tables (computed at build time: no cost at first use).
#[inline]
pub fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    /// Rook attacks from `sq` with `occupied` squares blocking.
    #[inline]
    pub fn rook(&self, sq: Sq, occupied: u64) -> u64 {
        let m = &self.rook_magics[sq];
        let index = m.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.slides[index & (SLIDES - 1)]
    }

    /// Bishop attacks from `sq` with `occupied` squares blocking.
    #[inline]
    pub fn bishop(&self, sq: Sq, occupied: u64) -> u64 {
        let m = &self.bishop_magics[sq];
        let index = m.offset + ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        self.slides[index & (SLIDES - 1)]
    }

    /// Squares strictly between `a` and `b` when aligned.
    #[inline]
    pub fn between(&self, a: Sq, b: Sq) -> u64 {
        self.between[a * 64 + b]
    }

    /// The line through `a` and `b` when aligned.
    #[inline]
    pub fn line(&self, a: Sq, b: Sq) -> u64 {
        self.line[a * 64 + b]
    }
}

#[cfg(test)]
mod tests {
    //! The generated tables against a slow reference written apart from the generator: geometry
    //! on (file, rank) pairs rather than ray walks by offsets.

    use super::*;

    fn file_rank(sq: Sq) -> (i32, i32) {
        ((sq % 8) as i32, (sq / 8) as i32)
    }

    /// The squares `to` with `keep(from, to)`.
    fn squares_where(from: Sq, keep: impl Fn((i32, i32), (i32, i32)) -> bool) -> u64 {
        (0..64)
            .filter(|&to| keep(file_rank(from), file_rank(to)))
            .fold(0, |acc, to| acc | bit(to))
    }

    /// Unit step from `a` towards `b` when they share a rank, file or diagonal.
    fn step(a: (i32, i32), b: (i32, i32)) -> Option<(i32, i32)> {
        let (df, dr) = (b.0 - a.0, b.1 - a.1);
        ((df, dr) != (0, 0) && (df == 0 || dr == 0 || df.abs() == dr.abs()))
            .then(|| (df.signum(), dr.signum()))
    }

    /// Squares strictly between two aligned squares.
    fn between_slow(a: Sq, b: Sq) -> u64 {
        let (fa, fb) = (file_rank(a), file_rank(b));
        let Some((sf, sr)) = step(fa, fb) else {
            return 0;
        };
        let mut set = 0;
        let mut s = (fa.0 + sf, fa.1 + sr);
        while s != fb {
            set |= bit((s.1 * 8 + s.0) as Sq);
            s = (s.0 + sf, s.1 + sr);
        }
        set
    }

    /// A slider from `sq` sees `to` when they are aligned the slider's way and nothing stands
    /// strictly between.
    fn slider_slow(sq: Sq, occupied: u64, diagonal: bool) -> u64 {
        squares_where(sq, |a, b| {
            let (df, dr) = (b.0 - a.0, b.1 - a.1);
            if diagonal {
                df != 0 && df.abs() == dr.abs()
            } else {
                (df == 0) != (dr == 0)
            }
        }) & (0..64)
            .filter(|&to| between_slow(sq, to) & occupied == 0)
            .fold(0, |acc, to| acc | bit(to))
    }

    /// Every occupancy of `sq`'s lines with the edges dropped (an edge square never blocks
    /// anything beyond it), each with some unrelated squares added.
    fn occupancies(sq: Sq, diagonal: bool) -> Vec<u64> {
        let relevant = slider_slow(sq, 0, diagonal)
            & (0..64)
                .filter(|&to| {
                    let (a, b) = (file_rank(sq), file_rank(to));
                    let (sf, sr) = step(a, b).unwrap_or((0, 0));
                    let next = (b.0 + sf, b.1 + sr);
                    (0..8).contains(&next.0) && (0..8).contains(&next.1)
                })
                .fold(0, |acc, to| acc | bit(to));
        let mut all = Vec::new();
        let mut subset = 0u64;
        let mut noise = 0x9E37_79B9_7F4A_7C15u64;
        loop {
            noise = noise.rotate_left(13).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            all.push(subset);
            all.push(subset | noise & !relevant & !bit(sq));
            subset = subset.wrapping_sub(relevant) & relevant;
            if subset == 0 {
                return all;
            }
        }
    }

    #[test]
    fn slider_lookups_equal_the_slow_reference_on_every_occupancy() {
        let t = tables();
        for sq in 0..64 {
            for occ in occupancies(sq, false) {
                assert_eq!(
                    t.rook(sq, occ),
                    slider_slow(sq, occ, false),
                    "rook {sq} {occ:#x}"
                );
            }
            for occ in occupancies(sq, true) {
                assert_eq!(
                    t.bishop(sq, occ),
                    slider_slow(sq, occ, true),
                    "bishop {sq} {occ:#x}"
                );
            }
        }
        const { assert!(SLIDES_USED <= SLIDES) };
    }

    #[test]
    fn leaper_and_line_tables_equal_the_slow_reference() {
        let t = tables();
        for sq in 0..64 {
            let knight = squares_where(sq, |a, b| (b.0 - a.0).abs() * (b.1 - a.1).abs() == 2);
            let king = squares_where(sq, |a, b| (b.0 - a.0).abs().max((b.1 - a.1).abs()) == 1);
            let up = squares_where(sq, |a, b| (b.0 - a.0).abs() == 1 && b.1 - a.1 == 1);
            let down = squares_where(sq, |a, b| (b.0 - a.0).abs() == 1 && b.1 - a.1 == -1);
            assert_eq!(t.knight[sq], knight, "knight {sq}");
            assert_eq!(t.king[sq], king, "king {sq}");
            assert_eq!(t.pawn[0][sq], up, "pawn up {sq}");
            assert_eq!(t.pawn[1][sq], down, "pawn down {sq}");
            for other in 0..64 {
                assert_eq!(
                    t.between(sq, other),
                    between_slow(sq, other),
                    "between {sq} {other}"
                );
                let line = match step(file_rank(sq), file_rank(other)) {
                    None => 0,
                    Some(_) => squares_where(sq, |a, b| {
                        let c = file_rank(other);
                        // b on the line through a and c: collinear, and aligned with a.
                        (b == a || step(a, b).is_some())
                            && (c.0 - a.0) * (b.1 - a.1) == (c.1 - a.1) * (b.0 - a.0)
                    }),
                };
                assert_eq!(t.line(sq, other), line, "line {sq} {other}");
            }
        }
        assert_eq!(t.between(0, 63).count_ones(), 6);
        assert_eq!(t.line(0, 9).count_ones(), 8);
    }
}

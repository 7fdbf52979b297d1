//! Precomputed attack tables: leapers by lookup, sliders by magic bitboards (found at start-up
//! by a seeded search), and the squares between two aligned squares.

use std::sync::OnceLock;

use feerie_oracle::Walk;

/// Square index a1 = 0 … h8 = 63; file = sq % 8, rank = sq / 8.
pub type Sq = usize;

/// One bit per square.
pub const fn bit(sq: Sq) -> u64 {
    1u64 << sq
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// All tables, built once.
pub struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    /// `pawn[colour_forward][sq]`: squares a pawn moving up (0) or down (1) attacks.
    pub pawn: [[u64; 64]; 2],
    /// Squares strictly between two squares on a line, else 0.
    pub between: Vec<u64>,
    /// The whole line through two aligned squares (both included), else 0.
    pub line: Vec<u64>,
    rook_magics: Vec<Magic>,
    bishop_magics: Vec<Magic>,
    /// Both sliders' attack sets, padded to a power of two so that a masked index needs no
    /// bounds check.
    slides: Box<[u64; SLIDES]>,
}

/// Room for the attack sets of both sliders (107,648 with the magics found) and the padding.
const SLIDES: usize = 1 << 17;

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables (built on first use).
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn offset(sq: Sq, df: i8, dr: i8) -> Option<Sq> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as Sq)
}

fn leaper(sq: Sq, vectors: &[(i8, i8)]) -> u64 {
    vectors
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |acc, s| acc | bit(s))
}

/// Slider attacks computed ray by ray (for building the tables and as a check).
pub fn slide_slow(sq: Sq, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut s = sq;
        while let Some(next) = offset(s, df, dr) {
            attacks |= bit(next);
            if occupied & bit(next) != 0 {
                break;
            }
            s = next;
        }
    }
    attacks
}

/// The relevant occupancy mask: the rays without their last square.
fn relevant_mask(sq: Sq, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut s = sq;
        while let Some(next) = offset(s, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= bit(next);
            s = next;
        }
    }
    mask
}

struct Seeded(u64);

impl Seeded {
    /// splitmix64: well mixed bits, which the magic search needs.
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8)], slides: &mut Vec<u64>, rng: &mut Seeded) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Every subset of the mask (Carry-Rippler enumeration) with its attacks.
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, slide_slow(sq, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let offset = slides.len();
        slides.resize(offset + size, 0);
        let mut used = vec![u32::MAX; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            let mut ok = true;
            for &(occ, att) in &occupancies {
                let index = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[index] != attempt {
                    used[index] = attempt;
                    slides[offset + index] = att;
                } else if slides[offset + index] != att {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

impl Tables {
    fn build() -> Tables {
        const KNIGHT: [(i8, i8); 8] = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        const KING: [(i8, i8); 8] = [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ];
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in 0..64 {
            knight[sq] = leaper(sq, &KNIGHT);
            king[sq] = leaper(sq, &KING);
            pawn[0][sq] = leaper(sq, &[(-1, 1), (1, 1)]);
            pawn[1][sq] = leaper(sq, &[(-1, -1), (1, -1)]);
        }
        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for a in 0..64 {
            for &(df, dr) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()) {
                let mut ray = 0u64;
                let mut s = a;
                while let Some(next) = offset(s, df, dr) {
                    between[a * 64 + next] = ray;
                    ray |= bit(next);
                    s = next;
                }
                // The full line: both directions through a.
                let mut full = bit(a);
                for sign in [1i8, -1] {
                    let mut s = a;
                    while let Some(next) = offset(s, df * sign, dr * sign) {
                        full |= bit(next);
                        s = next;
                    }
                }
                let mut s = a;
                while let Some(next) = offset(s, df, dr) {
                    line[a * 64 + next] = full;
                    s = next;
                }
            }
        }
        let mut found = Vec::new();
        let mut rng = Seeded(0x5EED_F0E2_1E00_0001);
        let rook_magics = find_magics(&ROOK_DIRS, &mut found, &mut rng);
        let bishop_magics = find_magics(&BISHOP_DIRS, &mut found, &mut rng);
        assert!(
            found.len() <= SLIDES,
            "the slider tables outgrow their room"
        );
        let mut slides: Box<[u64; SLIDES]> = vec![0; SLIDES].try_into().expect("the size");
        slides[..found.len()].copy_from_slice(&found);
        Tables {
            knight,
            king,
            pawn,
            between,
            line,
            rook_magics,
            bishop_magics,
            slides,
        }
    }

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

    /// The squares a unit of `walk` on `sq` moves to and takes on, `occupied` blocking; `None`
    /// for the pawn-like walks, whose moves depend on their direction and on what stands where.
    #[inline]
    pub fn piece_reach(&self, walk: Walk, sq: Sq, occupied: u64) -> Option<u64> {
        match walk {
            Walk::King => Some(self.king[sq]),
            Walk::Queen => Some(self.rook(sq, occupied) | self.bishop(sq, occupied)),
            Walk::Rook => Some(self.rook(sq, occupied)),
            Walk::Bishop => Some(self.bishop(sq, occupied)),
            Walk::Knight => Some(self.knight[sq]),
            Walk::Pawn | Walk::ReversePawn => None,
        }
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
    use super::*;

    #[test]
    fn magic_lookups_equal_ray_walks() {
        let t = tables();
        let mut rng = Seeded(42);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in 0..64 {
                assert_eq!(t.rook(sq, occ), slide_slow(sq, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(sq, occ), slide_slow(sq, occ, &BISHOP_DIRS));
            }
        }
        assert_eq!(t.between(0, 63).count_ones(), 6);
        assert_eq!(t.between(0, 17), 0);
        assert_eq!(t.knight[0], bit(10) | bit(17));
    }
}

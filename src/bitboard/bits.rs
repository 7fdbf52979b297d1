//! A set of squares that can be walked square by square, lowest first.

use super::tables::Sq;

/// The squares of a bitboard, lowest first: each step pops the lowest set bit.
///
/// ```ignore
/// let squares: Vec<Sq> = Bits(0b1010).collect();
/// assert_eq!(squares, [1, 3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as Sq;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// The lowest square of a non-empty bitboard.
#[inline]
pub fn lowest(b: u64) -> Sq {
    b.trailing_zeros() as Sq
}

/// The squares of `b` moved `files` files right and `ranks` ranks up; those that leave the
/// board are dropped.
#[inline]
pub fn translate(b: u64, files: i32, ranks: i32) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    if files.abs() > 7 || ranks.abs() > 7 {
        return 0;
    }
    // The files that would wrap onto the other side of the board are cleared first: moving
    // right by n keeps files a to h-n, moving left keeps files a+n to h.
    const KEEP_LEFT: [u64; 8] = {
        let mut masks = [0u64; 8];
        let mut n = 0;
        while n < 8 {
            let mut m = 0u64;
            let mut f = 0;
            while f < 8 - n {
                m |= FILE_A << f;
                f += 1;
            }
            masks[n] = m;
            n += 1;
        }
        masks
    };
    let b = if files >= 0 {
        (b & KEEP_LEFT[files as usize]) << files
    } else {
        (b & (KEEP_LEFT[-files as usize] << -files)) >> -files
    };
    if ranks >= 0 {
        b << (8 * ranks)
    } else {
        b >> (-8 * ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translation_agrees_with_each_square() {
        for b in [
            u64::MAX,
            0x8100_0000_0000_0081,
            0x0000_0018_1800_0000,
            1 << 7 | 1 << 56,
        ] {
            for files in -8..=8 {
                for ranks in -8..=8 {
                    let mut expected = 0u64;
                    for sq in Bits(b) {
                        let (f, r) = (sq as i32 % 8 + files, sq as i32 / 8 + ranks);
                        if (0..8).contains(&f) && (0..8).contains(&r) {
                            expected |= 1 << (r * 8 + f);
                        }
                    }
                    assert_eq!(
                        translate(b, files, ranks),
                        expected,
                        "{b:x} {files} {ranks}"
                    );
                }
            }
        }
    }

    #[test]
    fn squares_come_lowest_first() {
        assert_eq!(Bits(0).count(), 0);
        assert_eq!(Bits(1 << 63 | 1 << 5 | 1).collect::<Vec<_>>(), [0, 5, 63]);
        assert_eq!(Bits(u64::MAX).len(), 64);
    }
}

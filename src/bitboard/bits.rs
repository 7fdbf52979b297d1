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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_come_lowest_first() {
        assert_eq!(Bits(0).count(), 0);
        assert_eq!(Bits(1 << 63 | 1 << 5 | 1).collect::<Vec<_>>(), [0, 5, 63]);
        assert_eq!(Bits(u64::MAX).len(), 64);
    }
}

//! The diagram in a section of Popeye's output: the units it shows, square and colour, which
//! `popeye verify` compares with the problem's before it reads the solutions.

use feerie_oracle::Square;

/// The first line of a diagram's border.
pub(super) const BORDER: &str = "+---a---b";

/// The units of every diagram in a chunk's header, in square order: one diagram for most
/// stipulations, two for `a=>b` (the start and the target, `=> (Black ->)` between them),
/// whose units the input lists together as well.
pub(super) fn diagrams(header: &[&str]) -> Vec<(Square, char)> {
    let borders: Vec<usize> = (0..header.len())
        .filter(|&i| header[i].starts_with(BORDER))
        .collect();
    // Popeye marks the imitators' squares `I` on the board, the condition named in the lines
    // below it (not in a title above): squares, not units. A twin without the condition keeps
    // the problem's diagram.
    let below = borders.last().map_or(header.len(), |&b| b + 1);
    let imitators = header[below..].iter().any(|l| l.contains("Imitat"));
    let mut units = Vec::new();
    for pair in borders.rchunks_exact(2) {
        units.extend(read_board(&header[pair[0] + 1..pair[1]], imitators));
    }
    units.sort();
    units
}

/// The units of a diagram's rows, in square order; with `imitators`, a cell `I` is an
/// imitator's square, no unit. Under Grid chess Popeye draws a grid line at the left of a cell
/// as its first character (`|-P`, `| .`) and the horizontal lines as rows of their own, which
/// begin with no rank: neither is a unit.
fn read_board(rows: &[&str], imitators: bool) -> Vec<(Square, char)> {
    let mut units = Vec::new();
    for row in rows {
        let mut chars = row.chars();
        let Some(rank) = chars.next().and_then(|c| c.to_digit(10)) else {
            continue;
        };
        let cells: Vec<char> = row.chars().skip(1).collect();
        for file in 0..8u8 {
            let cell: String = cells
                .iter()
                .skip(file as usize * 4)
                .take(4)
                .collect::<String>();
            let cell = cell.trim();
            let cell = cell.strip_prefix('|').unwrap_or(cell).trim();
            if cell.is_empty() || cell == "." || imitators && cell == "I" {
                continue;
            }
            let colour = match cell.chars().next() {
                Some('-') => 'b',
                Some('=') => 'n',
                _ => 'w',
            };
            let sq: Square = format!("{}{}", (b'a' + file) as char, rank)
                .parse()
                .expect("a square");
            units.push((sq, colour));
        }
    }
    units.sort();
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Popeye marks an imitator's square `I` on the diagram, under a condition line naming
    /// Imitator: a square, not a unit; without such a line below the board (a title above it
    /// does not count) an `I` stays a unit.
    #[test]
    fn an_imitator_s_square_is_no_unit_of_the_diagram() {
        let board = [
            "+---a---b---c---d---e---f---g---h---+",
            "|                                   |",
            "8   .   .   .   .  -K   .   .   .   8",
            "4   .   .   .   .   .   I   .   .   4",
            "1   K   .   .   .   .   .   .   .   1",
            "+---a---b---c---d---e---f---g---h---+",
        ];
        let mut header = board.to_vec();
        header.push("  h~1                         1 + 1");
        let without = diagrams(&header);
        header.push("             Imitator f4");
        let with = diagrams(&header);
        let f4: Square = "f4".parse().unwrap();
        assert_eq!(with.len(), 2);
        assert!(!with.iter().any(|(sq, _)| *sq == f4));
        assert!(without.contains(&(f4, 'w')));
        // A title above the board names no condition.
        let mut titled = vec!["Imitator study"];
        titled.extend(board);
        assert!(diagrams(&titled).contains(&(f4, 'w')));
    }

    /// Popeye's diagram under Grid chess: the grid lines drawn at the left of cells and as rows
    /// of their own are no units; the units beside them are read with their colours.
    #[test]
    fn grid_lines_are_no_units_of_the_diagram() {
        let header = [
            "+---a---b---c---d---e---f---g---h---+",
            "|                                   |",
            "8   .   . | .   . | .   . | .   Q   8",
            "|  --- --- --- --- --- --- --- ---  |",
            "5   .   . |-P   . | .   . | .   .   5",
            "2   B   . |-P  -K | .   . | .   .   2",
            "+---a---b---c---d---e---f---g---h---+",
        ];
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut expected = vec![
            (sq("a2"), 'w'),
            (sq("c2"), 'b'),
            (sq("d2"), 'b'),
            (sq("c5"), 'b'),
            (sq("h8"), 'w'),
        ];
        expected.sort();
        assert_eq!(diagrams(&header), expected);
    }
}

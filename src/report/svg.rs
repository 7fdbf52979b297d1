//! A position as an SVG diagram drawn as problemists draw one: each unit is a figurine, the
//! orthodox figure of its walk (king, queen, rook, bishop, knight, pawn) turned as the walk
//! table's [`Symbol`] says, so that a grasshopper is an upside-down queen, a nightrider an
//! upside-down knight, a camel a knight on its side, and a compound (the amazon, the princess)
//! carries its second figure small in the square's lower right corner. White units are light
//! with a dark outline, black units dark with light inner details (readable on dark squares),
//! neutral units half light (left) and half dark (right).
//!
//! The attributes that change how a unit plays are marked so that they cannot be missed: a
//! small crown in the upper left corner on a royal unit that is not a king, a violet square
//! drawn inside a magic unit's square (Bédoni's magic pieces), an orange corner on a marked
//! (capture-mutable) unit; a reverse pawn is the pawn upside down, as the table draws it. A
//! walk whose symbol another walk of the table shares also carries its Popeye code in the upper
//! right corner. Squares to look at (a rebirth or a mutation square) are outlined in red.
//!
//! The figures are paths designed for this module, written inline in each unit's group: a
//! diagram declares no `id`, so that any number of them can share an HTML page (or a book
//! page) without a collision, and nothing refers to a font file or an image. The neutral
//! unit's halves are cut by nested `<svg>` viewports, which clip without an id either.

use feerie_oracle::walk::Symbol;
use feerie_oracle::{Colour, Piece, Setup, Square, Walk};

use super::figures::{CELL, DARK, LIGHT, symbol};

/// Room for the coordinates around the board.
const MARGIN: u32 = 18;

/// True when another walk of the table is drawn with the same symbol as `walk`: the figure
/// alone would not tell them apart, and the diagram adds the Popeye code.
fn shares_its_symbol(walk: Walk) -> bool {
    same_symbol(walk.def().symbol, Walk::ALL.iter().map(|w| w.def().symbol)) > 1
}

/// How many of `symbols` equal `symbol`.
fn same_symbol(symbol: Symbol, symbols: impl Iterator<Item = Symbol>) -> usize {
    symbols.filter(|&s| s == symbol).count()
}

/// The diagram of `setup`, White at the bottom, with `marked` squares outlined.
///
/// Each unit is one group of class `unit` (with `fairy`, `reverse-pawn`, `royal`, `magic`,
/// `marked`, `neutral` as they apply) whose `<title>` names it, so that a reader hovering a
/// figure, or a test, can tell what stands there.
///
/// ```
/// use feerie::oracle::{fen, Square};
/// let setup = fen::parse_setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let e4: Square = "e4".parse().unwrap();
/// let svg = feerie::report::svg::diagram(&setup, &[e4]);
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("class=\"unit").count(), 2);
/// assert_eq!(svg.matches("class=\"figure figure-k\"").count(), 2);
/// assert!(svg.contains("<title>black \"king\" on e8, royal</title>"));
/// assert!(svg.contains("class=\"marked-square\""));
/// // No id: any number of diagrams can share a page.
/// assert!(!svg.contains(" id="));
/// ```
///
/// A fairy walk is its orthodox figure turned: the grasshopper is a queen upside down.
///
/// ```
/// use feerie::oracle::fen;
/// let setup = fen::parse_setup("4k3/8/8/8/8/8/8/(wG)3K3 w - - 0 1").unwrap();
/// let svg = feerie::report::svg::diagram(&setup, &[]);
/// assert!(svg.contains("<title>white \"grasshopper\" on a1</title>"));
/// assert!(svg.contains("class=\"figure figure-q\" transform=\"translate(18 326) scale(0.44) rotate(180 50 50)\""));
/// ```
pub fn diagram(setup: &Setup, marked: &[Square]) -> String {
    let side = 8 * CELL + 2 * MARGIN;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"diagram\" viewBox=\"0 0 {side} {side}\" \
         width=\"{side}\" height=\"{side}\" role=\"img\">\n"
    );
    for square in Square::all() {
        let (x, y) = corner(square);
        let fill = if square.is_light() {
            "#f0d9b5"
        } else {
            "#b58863"
        };
        s += &format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>\n"
        );
    }
    // The coordinates carry their own font, so that a diagram outside the HTML report's style
    // (a book page, a file opened alone) reads the same.
    s += "<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#333333\">\n";
    for i in 0..8u32 {
        let file = (b'a' + i as u8) as char;
        let rank = (b'8' - i as u8) as char;
        let centre = MARGIN + i * CELL + CELL / 2;
        s += &format!(
            "<text x=\"{centre}\" y=\"{}\" class=\"coord\" text-anchor=\"middle\">{file}</text>\n",
            side - 4
        );
        s += &format!(
            "<text x=\"{}\" y=\"{}\" class=\"coord\" text-anchor=\"middle\">{rank}</text>\n",
            MARGIN / 2,
            centre + 4
        );
    }
    s += "</g>\n";
    for &square in marked {
        let (x, y) = corner(square);
        s += &format!(
            "<rect class=\"marked-square\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffeb3b\" \
             fill-opacity=\"0.45\" stroke=\"#d50000\" stroke-width=\"3\"><title>{square}</title></rect>\n",
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2
        );
    }
    for (square, piece) in setup.board.pieces() {
        s += &unit(square, piece);
    }
    // Imitator chess: an imitator is a letter I on its empty square, as Popeye draws it.
    for square in setup.imitators.squares() {
        let (x, y) = corner(square);
        s += &format!(
            "<g class=\"imitator\"><title>imitator on {square}</title><text x=\"{}\" y=\"{}\" \
             font-family=\"serif\" font-size=\"30\" font-weight=\"bold\" fill=\"#1565c0\" \
             text-anchor=\"middle\">I</text></g>\n",
            x + CELL / 2,
            y + CELL / 2 + 10
        );
    }
    s + "</svg>\n"
}

/// The legend of the marks [`diagram`] uses, as HTML: a royal unit that is not a king, a magic
/// unit, a neutral unit, a reverse pawn, a marked (capture-mutable) unit, a fairy walk drawn as
/// a turned figure, a compound, and a rebirth or mutation square.
///
/// ```
/// let legend = feerie::report::svg::legend();
/// assert!(legend.starts_with("<div class=\"legend\">"));
/// for class in ["unit royal", "unit magic", "unit neutral", "unit reverse-pawn", "unit marked"] {
///     assert!(legend.contains(&format!("class=\"{class}\"")), "{class}");
/// }
/// assert!(legend.contains("rotate(180 50 50)"), "the grasshopper, a queen upside down");
/// ```
pub fn legend() -> String {
    let sample = |walk: Walk, royal: bool, magic: bool, mutable: bool, neutral: bool| {
        let piece = Piece {
            colour: if neutral || walk == Walk::ReversePawn {
                Colour::White
            } else {
                Colour::Black
            },
            walk,
            royal,
            magic,
            mutable,
            neutral,
        };
        // The unit on a1, a dark square, framed by a view of that square alone.
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CELL}\" height=\"{CELL}\" \
             viewBox=\"{MARGIN} {y} {CELL} {CELL}\"><rect x=\"{MARGIN}\" y=\"{y}\" width=\"{CELL}\" \
             height=\"{CELL}\" fill=\"#f0d9b5\"/>{}</svg>",
            unit(Square::new(0).expect("a1"), piece),
            y = MARGIN + 7 * CELL,
        )
    };
    let grasshopper = Walk::from_popeye_code("G").expect("the grasshopper");
    let amazon = Walk::from_popeye_code("AM").expect("the amazon");
    let square = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CELL}\" height=\"{CELL}\"><rect x=\"1\" y=\"1\" \
         width=\"{}\" height=\"{}\" fill=\"#ffeb3b\" fill-opacity=\"0.45\" stroke=\"#d50000\" stroke-width=\"3\"/></svg>",
        CELL - 2,
        CELL - 2
    );
    format!(
        "<div class=\"legend\"><span>{} royal (not a king)</span><span>{} magic</span>\
         <span>{} neutral</span><span>{} reverse pawn</span>\
         <span>{} marked (capture-mutable)</span><span>{} fairy walk: a figure turned \
         (grasshopper)</span><span>{} compound (amazon)</span>\
         <span>{square} rebirth or mutation square</span></div>",
        sample(Walk::Queen, true, false, false, false),
        sample(Walk::Bishop, false, true, false, false),
        sample(Walk::Rook, false, false, false, true),
        sample(Walk::ReversePawn, false, false, false, false),
        sample(Walk::Rook, false, false, true, false),
        sample(grasshopper, false, false, false, false),
        sample(amazon, false, false, false, false),
    )
}

/// Top-left corner of `square`, White at the bottom.
fn corner(square: Square) -> (u32, u32) {
    let file = u32::from(square.file().index());
    let rank = u32::from(square.rank().index());
    (MARGIN + file * CELL, MARGIN + (7 - rank) * CELL)
}

/// One unit: its figurine in its side's colours (both halves when neutral) and its attributes'
/// marks, as one group titled with what it is.
fn unit(square: Square, piece: Piece) -> String {
    let (x, y) = corner(square);
    let mut classes = vec!["unit"];
    let mut title = format!(
        "{} {:?} on {square}",
        match piece.colour {
            _ if piece.neutral => "neutral",
            Colour::White => "white",
            Colour::Black => "black",
        },
        piece.walk.name()
    );
    let mut s = String::new();
    if piece.magic {
        // Under the figure: magic pieces are marked by a square drawn inside their square.
        s += &format!(
            "<rect class=\"magic-square\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
             stroke=\"#8e24aa\" stroke-width=\"2.5\"/>",
            x + 3,
            y + 3,
            CELL - 6,
            CELL - 6
        );
    }
    let drawn = piece.walk.def().symbol;
    if piece.neutral {
        // A neutral unit (RULES.md §6) is of neither side: light on the left, dark on the
        // right, the right half cut by a viewport of the same coordinates.
        s += &symbol(drawn, LIGHT, x, y);
        s += &format!(
            "<svg x=\"{cx}\" y=\"{y}\" width=\"{half}\" height=\"{CELL}\" viewBox=\"{cx} {y} {half} {CELL}\" \
             overflow=\"hidden\">{}</svg>",
            symbol(drawn, DARK, x, y),
            cx = x + CELL / 2,
            half = CELL / 2,
        );
    } else {
        let paint = match piece.colour {
            Colour::White => LIGHT,
            Colour::Black => DARK,
        };
        s += &symbol(drawn, paint, x, y);
    }
    if piece.walk == Walk::ReversePawn {
        classes.push("reverse-pawn");
        title += ", reverse pawn";
    } else if piece.walk.is_fairy() {
        classes.push("fairy");
    }
    if shares_its_symbol(piece.walk) {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" class=\"code\" font-family=\"sans-serif\" font-size=\"10\" \
             font-weight=\"bold\" text-anchor=\"end\" fill=\"#0d47a1\" stroke=\"#ffffff\" \
             stroke-width=\"2.5\" paint-order=\"stroke\">{}</text>",
            x + CELL - 2,
            y + 10,
            piece.walk.popeye_code()
        );
    }
    if piece.royal {
        classes.push("royal");
        title += ", royal";
        if piece.walk != Walk::King {
            // A small crown in the upper left corner.
            let (l, t) = (x + 2, y + 2);
            let points = [
                (l, t + 8),
                (l + 2, t + 2),
                (l + 4, t + 5),
                (l + 6, t),
                (l + 8, t + 5),
                (l + 10, t + 2),
                (l + 12, t + 8),
            ]
            .map(|(px, py)| format!("{px},{py}"))
            .join(" ");
            s += &format!(
                "<polygon class=\"crown\" points=\"{points}\" fill=\"#ffc107\" stroke=\"#7a5c00\" \
                 stroke-width=\"1\"/>"
            );
        }
    }
    if piece.magic {
        classes.push("magic");
        title += ", magic";
    }
    if piece.mutable {
        classes.push("marked");
        title += ", marked capture-mutable";
        s += &format!(
            "<polygon points=\"{},{} {},{} {},{}\" fill=\"#ef6c00\"/>",
            x + CELL - 1,
            y + CELL - 13,
            x + CELL - 1,
            y + CELL - 1,
            x + CELL - 13,
            y + CELL - 1
        );
    }
    if piece.neutral {
        classes.push("neutral");
    }
    format!(
        "<g class=\"{}\"><title>{title}</title>{s}</g>\n",
        classes.join(" ")
    )
}

/// The squares a move in Popeye notation puts something on besides its arrival: each rebirth
/// (`[+wSg1]`, `[+bRa8]`) and the square of a capture that mutates (`Be4*d5=P`).
///
/// ```
/// use feerie::report::svg::event_squares;
/// let squares: Vec<String> = event_squares("Ra8*a3[+wSg1] +").iter().map(|s| s.to_string()).collect();
/// assert_eq!(squares, ["g1"]);
/// let squares: Vec<String> = event_squares("Be4*d5=P").iter().map(|s| s.to_string()).collect();
/// assert_eq!(squares, ["d5"]);
/// assert!(event_squares("e2-e4").is_empty());
/// ```
pub fn event_squares(notation: &str) -> Vec<Square> {
    let mut out = Vec::new();
    let mut rest = notation;
    while let Some(open) = rest.find("[+") {
        let after = &rest[open + 2..];
        let Some(close) = after.find(']') else { break };
        let inside = &after[..close];
        if inside.len() >= 2
            && let Ok(square) = inside[inside.len() - 2..].parse::<Square>()
        {
            out.push(square);
        }
        rest = &after[close..];
    }
    let outside = notation.split('[').next().unwrap_or("");
    if let Some(star) = outside.find('*')
        && outside[star..].contains('=')
        && let Some(text) = outside.get(star + 1..star + 3)
        && let Ok(square) = text.parse::<Square>()
    {
        out.push(square);
    }
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::figures::SCALE;
    use feerie_oracle::fen;

    /// The diagram of `fen`.
    fn drawn(fen: &str) -> String {
        diagram(&fen::parse_setup(fen).expect("a FEN"), &[])
    }

    /// The group of the one unit on `square` in `svg`.
    fn unit_on<'a>(svg: &'a str, square: &str) -> &'a str {
        let at = svg
            .find(&format!(" on {square}"))
            .unwrap_or_else(|| panic!("a unit on {square}"));
        let start = svg[..at].rfind("<g class=\"unit").expect("its group");
        let end = at + svg[at..].find("</g>\n").expect("its end");
        &svg[start..end]
    }

    fn a_piece(walk: Walk, colour: Colour) -> Piece {
        Piece {
            colour,
            walk,
            royal: false,
            magic: false,
            mutable: false,
            neutral: false,
        }
    }

    #[test]
    fn every_walk_of_the_table_is_drawn_as_its_symbol() {
        let e4: Square = "e4".parse().unwrap();
        for walk in Walk::ALL {
            let symbol = walk.def().symbol;
            for (colour, neutral) in [
                (Colour::White, false),
                (Colour::Black, false),
                (Colour::White, true),
            ] {
                let piece = Piece {
                    neutral,
                    ..a_piece(walk, colour)
                };
                let s = unit(e4, piece);
                let what = format!("{} {colour:?} neutral={neutral}: {s}", walk.name());
                assert!(s.starts_with("<g class=\"unit"), "{what}");
                assert!(s.contains(&format!("{:?} on e4", walk.name())), "{what}");
                let main = format!(
                    "class=\"figure figure-{}\"",
                    symbol.figure.to_ascii_lowercase()
                );
                // A neutral unit draws its figure twice, one half each.
                let halves = if neutral { 2 } else { 1 };
                assert!(s.matches(&main).count() >= halves, "{what}");
                let figures = s.matches("class=\"figure ").count();
                let per_side = if symbol.with.is_some() { 2 } else { 1 };
                assert_eq!(figures, per_side * halves, "{what}");
                if let Some(with) = symbol.with {
                    let small = format!("figure-{}", with.to_ascii_lowercase());
                    assert!(s.contains(&small), "{what}");
                    assert!(s.contains(&format!("scale({})", SCALE / 2.0)), "{what}");
                }
                let turned = format!("rotate({} 50 50)", symbol.turn);
                assert_eq!(s.contains(&turned), symbol.turn != 0, "{what}");
                assert!(!s.contains("NaN") && !s.contains(" id="), "{what}");
            }
        }
    }

    #[test]
    fn white_is_light_and_black_is_dark_with_light_details() {
        let svg = drawn("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let white = unit_on(&svg, "e1");
        assert!(
            white.contains(&format!("fill=\"{}\"", LIGHT.fill)),
            "{white}"
        );
        assert!(!white.contains(DARK.fill), "{white}");
        let black = unit_on(&svg, "e8");
        assert!(
            black.contains(&format!("fill=\"{}\"", DARK.fill)),
            "{black}"
        );
        assert!(
            black.contains(&format!("stroke=\"{}\"", DARK.ink)),
            "{black}"
        );
    }

    #[test]
    fn a_neutral_unit_is_light_on_the_left_and_dark_on_the_right() {
        let svg = drawn("4k3/8/8/8/3(nmR)4/8/8/4K3 w - - 0 1");
        let rook = unit_on(&svg, "d4");
        assert!(
            rook.starts_with("<g class=\"unit magic neutral\">"),
            "{rook}"
        );
        assert!(rook.contains("<title>neutral \"rook\" on d4, magic</title>"));
        let (light, dark) = rook.split_once("<svg ").expect("the right half's viewport");
        assert!(
            light.contains(&format!("fill=\"{}\"", LIGHT.fill)),
            "{rook}"
        );
        assert!(!light.contains(DARK.fill), "{rook}");
        assert!(dark.contains(&format!("fill=\"{}\"", DARK.fill)), "{rook}");
        // d4's corner is (18 + 3 × 44, 18 + 4 × 44) = (150, 194): the viewport starts at the
        // square's middle.
        assert!(
            dark.starts_with(
                "x=\"172\" y=\"194\" width=\"22\" height=\"44\" viewBox=\"172 194 22 44\""
            ),
            "{dark}"
        );
    }

    #[test]
    fn a_magic_unit_has_a_square_drawn_inside_its_square() {
        let svg = drawn("4k3/8/2(bmB)5/8/8/8/8/4K3 w - - 0 1");
        let bishop = unit_on(&svg, "c6");
        assert!(bishop.starts_with("<g class=\"unit magic\">"), "{bishop}");
        // c6's corner is (18 + 2 × 44, 18 + 2 × 44) = (106, 106).
        assert!(
            bishop.contains(
                "<rect class=\"magic-square\" x=\"109\" y=\"109\" width=\"38\" height=\"38\""
            ),
            "{bishop}"
        );
        // Drawn under the figure.
        assert!(bishop.find("magic-square") < bishop.find("class=\"figure"));
        assert!(!unit_on(&svg, "e8").contains("magic-square"));
    }

    #[test]
    fn a_royal_unit_other_than_a_king_wears_a_small_crown() {
        let svg = drawn("4k3/8/8/8/8/8/8/(wrB)3K3 w - - 0 1");
        let bishop = unit_on(&svg, "a1");
        assert!(bishop.starts_with("<g class=\"unit royal\">"), "{bishop}");
        assert!(bishop.contains("class=\"crown\""), "{bishop}");
        let king = unit_on(&svg, "e1");
        assert!(king.starts_with("<g class=\"unit royal\">"), "{king}");
        assert!(
            !king.contains("class=\"crown\""),
            "the king is its own crown: {king}"
        );
    }

    #[test]
    fn an_imitator_is_drawn_on_its_square() {
        let svg = drawn("4k3/8/8/8/8/2(I)5/8/4K3 w - - 0 1");
        assert!(svg.contains("<title>imitator on c3</title>"), "{svg}");
        assert_eq!(svg.matches("class=\"imitator\"").count(), 1);
    }

    #[test]
    fn a_reverse_pawn_is_a_pawn_upside_down() {
        let svg = drawn("4k3/8/8/8/8/8/(wPP)7/4K3 w - - 0 1");
        let pawn = unit_on(&svg, "a2");
        assert!(
            pawn.starts_with("<g class=\"unit reverse-pawn\">"),
            "{pawn}"
        );
        assert!(pawn.contains("reverse pawn</title>"), "{pawn}");
        assert!(pawn.contains("class=\"figure figure-p\""), "{pawn}");
        assert!(pawn.contains("rotate(180 50 50)"), "{pawn}");
    }

    #[test]
    fn a_marked_unit_keeps_its_orange_corner() {
        let svg = drawn("4k3/8/8/8/8/8/8/4K2(wpR) w - - 0 1");
        let rook = unit_on(&svg, "h1");
        assert!(rook.starts_with("<g class=\"unit marked\">"), "{rook}");
        assert!(rook.contains("fill=\"#ef6c00\""), "{rook}");
        assert!(!unit_on(&svg, "e1").contains("#ef6c00"));
    }

    #[test]
    fn the_popeye_code_is_written_only_where_a_symbol_is_shared() {
        let queen = symbol_of('Q', 0);
        let symbols = [queen, symbol_of('Q', 180), queen];
        assert_eq!(same_symbol(queen, symbols.into_iter()), 2);
        assert_eq!(same_symbol(symbol_of('Q', 180), symbols.into_iter()), 1);
        let e4: Square = "e4".parse().unwrap();
        for walk in Walk::ALL {
            let s = unit(e4, a_piece(walk, Colour::White));
            assert_eq!(
                s.contains("class=\"code\""),
                shares_its_symbol(walk),
                "{}",
                walk.name()
            );
        }
    }

    fn symbol_of(figure: char, turn: u16) -> Symbol {
        Symbol {
            figure,
            turn,
            with: None,
        }
    }

    #[test]
    fn diagrams_declare_no_id_and_count_one_group_per_unit() {
        let start = drawn("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(start.matches("class=\"unit").count(), 32);
        assert_eq!(start.matches("<title>").count(), 32);
        assert!(!start.contains(" id="));
        for (figure, count) in [("k", 2), ("q", 2), ("r", 4), ("b", 4), ("n", 4), ("p", 16)] {
            assert_eq!(
                start
                    .matches(&format!("class=\"figure figure-{figure}\""))
                    .count(),
                count,
                "{figure}"
            );
        }
        assert!(!legend().contains(" id="));
    }
}

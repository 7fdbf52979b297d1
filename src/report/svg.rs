//! A position as an SVG diagram: the board, each unit drawn as a disc with its Popeye letter,
//! and the attributes that change how a unit plays drawn so that they cannot be missed: a crown
//! on a royal unit, a violet star on a magic one, a reverse pawn's letter upside down with a
//! downward arrow, a marked (capture-mutable) unit's orange corner, a neutral unit's grey disc.
//! Squares to look at (a rebirth or a mutation square) are outlined in red. Nothing refers to a font file or an image:
//! the letters use the reader's generic sans-serif family.

use feerie_oracle::{Colour, Piece, Setup, Square, Walk};

/// Side of one square, in SVG units.
const CELL: u32 = 44;
/// Room for the coordinates around the board.
const MARGIN: u32 = 18;

/// The diagram of `setup`, White at the bottom, with `marked` squares outlined.
///
/// ```
/// use feerie::oracle::{fen, Square};
/// let setup = fen::parse_setup("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// let e4: Square = "e4".parse().unwrap();
/// let svg = feerie::report::svg::diagram(&setup, &[e4]);
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("class=\"unit").count(), 2);
/// assert!(svg.contains("class=\"marked-square\""));
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
    s + "</svg>\n"
}

/// The legend of the marks [`diagram`] uses, as HTML.
pub fn legend() -> String {
    let sample = |walk: Walk, royal: bool, magic: bool, mutable: bool| {
        let piece = Piece {
            colour: Colour::White,
            walk,
            royal,
            magic,
            mutable,
            neutral: false,
        };
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CELL}\" height=\"{CELL}\" viewBox=\"{MARGIN} {} {CELL} {CELL}\">{}</svg>",
            MARGIN + 7 * CELL,
            unit(Square::new(0).expect("a1"), piece)
        )
    };
    let square = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CELL}\" height=\"{CELL}\"><rect x=\"1\" y=\"1\" \
         width=\"{}\" height=\"{}\" fill=\"#ffeb3b\" fill-opacity=\"0.45\" stroke=\"#d50000\" stroke-width=\"3\"/></svg>",
        CELL - 2,
        CELL - 2
    );
    format!(
        "<div class=\"legend\"><span>{} royal</span><span>{} magic</span><span>{} reverse pawn</span>\
         <span>{} marked (capture-mutable)</span><span>{square} rebirth or mutation square</span></div>",
        sample(Walk::Queen, true, false, false),
        sample(Walk::Bishop, false, true, false),
        sample(Walk::ReversePawn, false, false, false),
        sample(Walk::Rook, false, false, true),
    )
}

/// Top-left corner of `square`, White at the bottom.
fn corner(square: Square) -> (u32, u32) {
    let file = u32::from(square.file().index());
    let rank = u32::from(square.rank().index());
    (MARGIN + file * CELL, MARGIN + (7 - rank) * CELL)
}

/// One unit: a disc in its side's colour (grey when neutral) with its letter, and its attributes' marks.
fn unit(square: Square, piece: Piece) -> String {
    let (x, y) = corner(square);
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    // A neutral unit (RULES.md §6) is of neither side: a grey disc.
    let (fill, ink) = match piece.colour {
        _ if piece.neutral => ("#9e9e9e", "#111111"),
        Colour::White => ("#ffffff", "#111111"),
        Colour::Black => ("#222222", "#ffffff"),
    };
    // Each walk is drawn as the walk table says: an orthodox figure, turned (a grasshopper is
    // an upside-down queen), with a second small figure for a compound. Figures are written
    // as Popeye writes them (S the knight).
    let symbol = piece.walk.def().symbol;
    let figure = |c: char| if c == 'N' { 'S' } else { c };
    let letter = figure(symbol.figure);
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
    s += &format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"15\" fill=\"{fill}\" stroke=\"#111111\" stroke-width=\"1.5\"/>"
    );
    if piece.walk == Walk::ReversePawn {
        classes.push("reverse-pawn");
        title += ", reverse pawn";
        // The letter upside down, and an arrow toward its own first rank.
        s += &format!(
            "<text x=\"{cx}\" y=\"{}\" transform=\"rotate(180 {cx} {cy})\" class=\"letter\" \
             text-anchor=\"middle\" fill=\"{ink}\">{letter}</text>",
            cy + 6
        );
        let (tip, base) = match piece.colour {
            Colour::White => (y + CELL - 2, y + CELL - 9),
            Colour::Black => (y + 2, y + 9),
        };
        s += &format!(
            "<polygon points=\"{},{base} {},{base} {},{tip}\" fill=\"#1565c0\"/>",
            x + 3,
            x + 13,
            x + 8
        );
    } else {
        let turn = match symbol.turn {
            0 => String::new(),
            degrees => format!(" transform=\"rotate({degrees} {cx} {cy})\""),
        };
        s += &format!(
            "<text x=\"{cx}\" y=\"{}\"{turn} class=\"letter\" text-anchor=\"middle\" \
             fill=\"{ink}\">{letter}</text>",
            cy + 6
        );
        if let Some(with) = symbol.with {
            s += &format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" \
                 fill=\"{ink}\">{}</text>",
                cx + 9,
                cy + 12,
                figure(with)
            );
        }
        if piece.walk.is_fairy() {
            classes.push("fairy");
        }
    }
    if piece.royal {
        classes.push("royal");
        title += ", royal";
        // A five-pointed crown above the disc.
        let (l, t) = (cx - 9, y + 1);
        let points = [
            (l, t + 8),
            (l + 3, t + 2),
            (l + 6, t + 5),
            (l + 9, t),
            (l + 12, t + 5),
            (l + 15, t + 2),
            (l + 18, t + 8),
        ]
        .map(|(px, py)| format!("{px},{py}"))
        .join(" ");
        s += &format!(
            "<polygon points=\"{points}\" fill=\"#ffc107\" stroke=\"#7a5c00\" stroke-width=\"1\"/>"
        );
    }
    if piece.magic {
        classes.push("magic");
        title += ", magic";
        let (sx, sy) = (f64::from(x + CELL - 9), f64::from(y + 9));
        let points: Vec<String> = (0..10)
            .map(|i| {
                let r = if i % 2 == 0 { 8.0 } else { 3.5 };
                let a = std::f64::consts::PI * f64::from(i) / 5.0 - std::f64::consts::FRAC_PI_2;
                format!("{:.1},{:.1}", sx + r * a.cos(), sy + r * a.sin())
            })
            .collect();
        s += &format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"18\" fill=\"none\" stroke=\"#8e24aa\" stroke-width=\"2.5\" \
             stroke-dasharray=\"4 2\"/><polygon points=\"{}\" fill=\"#8e24aa\"/>",
            points.join(" ")
        );
    }
    if piece.mutable {
        classes.push("marked");
        title += ", marked capture-mutable";
        s += &format!(
            "<polygon points=\"{},{} {},{} {},{}\" fill=\"#ef6c00\"/>",
            x + CELL - 1,
            y + CELL - 15,
            x + CELL - 1,
            y + CELL - 1,
            x + CELL - 15,
            y + CELL - 1
        );
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

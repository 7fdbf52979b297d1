//! The figures of the SVG diagrams ([`super::svg`]): the six orthodox figures as paths in a
//! 100 × 100 design box, painted light or dark, and a walk's symbol (a figure turned, a
//! compound's second figure small) placed on a square.

use feerie_oracle::walk::Symbol;

/// Side of one square, in SVG units.
pub(super) const CELL: u32 = 44;
/// The figures are designed in a 100 × 100 box, scaled down to a square by this factor.
pub(super) const SCALE: f64 = CELL as f64 / 100.0;

/// The colours of the light figures: fill, outline, inner details.
pub(super) const LIGHT: Paint = Paint {
    fill: "#ffffff",
    outline: "#1a1a1a",
    ink: "#1a1a1a",
};
/// The colours of the dark figures: fill, outline, inner details (light, so that a black
/// figure on a dark square keeps its drawing).
pub(super) const DARK: Paint = Paint {
    fill: "#1f1f1f",
    outline: "#1a1a1a",
    ink: "#f2f2f2",
};

/// How a figure is painted.
#[derive(Clone, Copy)]
pub(super) struct Paint {
    /// The fill of its body.
    pub(super) fill: &'static str,
    /// The outline of its body.
    pub(super) outline: &'static str,
    /// Its inner details (the bishop's slit, the knight's eye and mane, the crowns' bands).
    pub(super) ink: &'static str,
}

/// A closed part of a figure's body, in the 100 × 100 design box.
#[derive(Clone, Copy)]
enum Shape {
    /// Path data.
    Path(&'static str),
    /// A ball: centre and radius.
    Ball(u8, u8, u8),
}

/// One orthodox figure in the 100 × 100 design box, base at the bottom: the closed shapes of
/// its body, filled and outlined in the order given (later over earlier), and its inner
/// details, stroked only.
struct Outline {
    /// The body's shapes, each filled with the figure's fill and outlined.
    body: &'static [Shape],
    /// Open path data drawn in the figure's ink over the body.
    details: &'static str,
}

/// The king: a crown of two lobes around a bulb, a cross on top.
const KING: Outline = Outline {
    body: &[
        Shape::Path("M46 5H54V12H61V19H54V27H46V19H39V12H46Z"),
        Shape::Path(
            "M25 78C9 62 15 38 34 41C42 42 47 49 50 55C53 49 58 42 66 41C85 38 91 62 75 78Z",
        ),
        Shape::Path("M50 55C43 46 43 35 50 27C57 35 57 46 50 55Z"),
        Shape::Path("M25 78H75L77 89H23Z"),
    ],
    details: "M29 70C42 64 58 64 71 70",
};

/// The queen: a crown of five points, each with a ball.
const QUEEN: Outline = Outline {
    body: &[
        Shape::Path("M29 76L15 36L32 57L33 25L44 54L50 20L56 54L67 25L68 57L85 36L71 76Z"),
        Shape::Ball(15, 35, 6),
        Shape::Ball(33, 24, 6),
        Shape::Ball(50, 18, 6),
        Shape::Ball(67, 24, 6),
        Shape::Ball(85, 35, 6),
        Shape::Path("M28 76H72L75 89H25Z"),
    ],
    details: "M31 68C44 63 56 63 69 68",
};

/// The rook: a crenellated tower on a base.
const ROOK: Outline = Outline {
    body: &[Shape::Path(
        "M23 89V80H30V74L34 70V42L27 35V16H38V25H45V16H55V25H62V16H73V35L66 42V70L70 74V80H77V89Z",
    )],
    details: "M34 42H66M34 70H66M30 80H70",
};

/// The bishop: a mitre with a slit and a ball, on a curved base.
const BISHOP: Outline = Outline {
    body: &[
        Shape::Path("M22 89C30 78 42 82 50 74C58 82 70 78 78 89Z"),
        Shape::Path("M38 63H62V74H38Z"),
        Shape::Path("M50 19C66 29 72 46 63 63H37C28 46 34 29 50 19Z"),
        Shape::Ball(50, 14, 6),
    ],
    details: "M57 33L46 48",
};

/// The knight: a horse's head looking left, its neck on a base.
const KNIGHT: Outline = Outline {
    body: &[Shape::Path(
        "M28 89H79C82 66 82 44 70 30C66 25 63 22 61 20L63 8L54 15L48 11L47 21C37 25 28 36 20 47\
         L16 57C16 64 23 66 29 61L36 56C41 56 46 54 51 49C48 63 31 70 28 89Z",
    )],
    details: "M65 26C75 38 77 58 75 82M40 33L44 31M21 55L25 53",
};

/// The pawn: a ball on a collar and a base.
const PAWN: Outline = Outline {
    body: &[
        Shape::Path("M25 89V84C25 72 36 64 44 60L46 44H54L56 60C64 64 75 72 75 84V89Z"),
        Shape::Path("M37 44H63V51H37Z"),
        Shape::Ball(50, 30, 14),
    ],
    details: "",
};

/// The outline of an orthodox figure named by its FEN letter (`K Q R B N P`, `S` for the
/// knight too); anything else is drawn as a pawn, the plainest figure.
fn outline(figure: char) -> &'static Outline {
    match figure {
        'K' => &KING,
        'Q' => &QUEEN,
        'R' => &ROOK,
        'B' => &BISHOP,
        'N' | 'S' => &KNIGHT,
        _ => &PAWN,
    }
}

/// One figure in `paint`, as a group placed by `transform` (which maps the design box onto
/// the board).
fn figure(figure: char, paint: Paint, transform: &str) -> String {
    let outline = outline(figure);
    let mut s = format!(
        "<g class=\"figure figure-{}\" transform=\"{transform}\" fill=\"{}\" stroke=\"{}\" \
         stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\">",
        figure.to_ascii_lowercase(),
        paint.fill,
        paint.outline
    );
    for shape in outline.body {
        match *shape {
            Shape::Path(d) => s += &format!("<path d=\"{d}\"/>"),
            Shape::Ball(cx, cy, r) => s += &format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"/>"),
        }
    }
    if !outline.details.is_empty() {
        s += &format!(
            "<path d=\"{}\" fill=\"none\" stroke=\"{}\"/>",
            outline.details, paint.ink
        );
    }
    s + "</g>"
}

/// The symbol of a walk drawn in `paint` on the square whose top-left corner is (`x`, `y`):
/// the figure turned around the square's centre, and a compound's second figure at half size
/// in the lower right corner, upright and outlined in the ink.
pub(super) fn symbol(symbol: Symbol, paint: Paint, x: u32, y: u32) -> String {
    let turn = match symbol.turn {
        0 => String::new(),
        degrees => format!(" rotate({degrees} 50 50)"),
    };
    let mut s = figure(
        symbol.figure,
        paint,
        &format!("translate({x} {y}) scale({SCALE}){turn}"),
    );
    if let Some(with) = symbol.with {
        // Outlined in the ink, so that a small dark figure stands out on a dark one.
        let framed = Paint {
            outline: paint.ink,
            ..paint
        };
        s += &figure(
            with,
            framed,
            &format!(
                "translate({} {}) scale({})",
                x + CELL / 2,
                y + CELL / 2,
                SCALE / 2.0
            ),
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_orthodox_figure_has_its_own_outline() {
        let figures = ['K', 'Q', 'R', 'B', 'N', 'P'];
        for (i, a) in figures.iter().enumerate() {
            for b in &figures[i + 1..] {
                assert!(
                    !std::ptr::eq(outline(*a), outline(*b)),
                    "{a} and {b} drawn alike"
                );
            }
        }
        assert!(std::ptr::eq(outline('S'), outline('N')), "Popeye's S");
    }
}

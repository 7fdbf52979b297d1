//! The catalogue of rule events: one row per event (its name, the columns it is counted under,
//! one line saying what it is). The rows are data: the classifier names the events it sees, the
//! tally counts them, the table printed by `--coverage` and the book's list are this catalogue.
//!
//! A column is a condition, or what the board holds that acts like one: magic pieces, units of
//! fairy walks, or nothing at all (orthodox chess).

use std::collections::HashMap;
use std::sync::OnceLock;

use feerie_oracle::rules::{
    CirceModel, ConditionKind, MarsMoves, RebirthAdapter, RebirthOccupied, RebirthPlace,
    RebirthSide, RebirthTime, RebornUnit, RelevantUnit,
};
use feerie_oracle::{Colour, Condition, Profile, Rules, Walk};

/// What an event is counted under: a condition in force, or what the board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Column {
    /// A condition of the rules.
    Condition(Condition),
    /// Magic pieces stand on the board (under any rules).
    Magic,
    /// Units of fairy walks stand on the board (under any rules).
    Fairy,
    /// No condition at all.
    Orthodox,
}

impl Column {
    /// Every column, in the table's order.
    pub fn all() -> Vec<Column> {
        let mut out: Vec<Column> = Condition::ALL.into_iter().map(Column::Condition).collect();
        out.extend([Column::Magic, Column::Fairy, Column::Orthodox]);
        out
    }

    /// The column's place in [`Column::all`].
    pub fn index(self) -> usize {
        match self {
            Column::Condition(c) => Condition::ALL
                .iter()
                .position(|x| *x == c)
                .expect("a listed condition"),
            Column::Magic => Condition::ALL.len(),
            Column::Fairy => Condition::ALL.len() + 1,
            Column::Orthodox => Condition::ALL.len() + 2,
        }
    }

    /// How the table and the JSON document name it: the condition's slug, `magic`, `fairy` or
    /// `orthodox`.
    pub fn label(self) -> &'static str {
        match self {
            Column::Condition(c) => c.slug(),
            Column::Magic => "magic",
            Column::Fairy => "fairy",
            Column::Orthodox => "orthodox",
        }
    }
}

/// One rule event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDef {
    /// Its name (`rebirth-white-rook`, `black-king-regains-castling`).
    pub name: String,
    /// The columns it belongs to: where it can happen and is counted.
    pub columns: Vec<Column>,
    /// What it is, in one line.
    pub description: String,
    /// What about its position feerie never writes as a Popeye input, when it does not: the
    /// Popeye campaigns do not count it as never reached.
    pub beyond_popeye_input: Option<&'static str>,
}

/// Where a tally comes from, which decides what "never reached" owes an explanation for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Positions feerie builds itself (`feerie check`): every event can be built.
    Feerie,
    /// Positions given to Popeye as input: the events of [`BEYOND_POPEYE_INPUT`] are never
    /// among them.
    PopeyeInput,
}

impl EventDef {
    /// Whether a tally of `scope` owes this event: a Popeye campaign does not owe an event whose
    /// position its input cannot state.
    pub fn owed_in(&self, scope: Scope) -> bool {
        scope == Scope::Feerie || self.beyond_popeye_input.is_none()
    }
}

/// The events whose position feerie never gives Popeye, with the reason (the Popeye input writer
/// refuses it; a test holds each to an example position the writer refuses).
pub const BEYOND_POPEYE_INPUT: [(&str, &str); 2] = [
    (
        "parrain-en-passant-onto-own-unit",
        "the en passant right onto a square a Parrain rebirth filled, which Popeye's `enpassant` option cannot state (it needs the passed square empty)",
    ),
    (
        "double-step-rebirth-on-passed-square",
        "a unit of the side not to move waiting in the Parrain reserve (its own capture on the move before, as in series play): Popeye's `LastCapture` takes the side not to move to be the capturer, and Popeye 4.104 takes en passant onto its own unit there without putting it back when it takes the move back",
    ),
];

/// The kinds of unit the rebirth events tell apart.
pub const KINDS: [&str; 7] = ["pawn", "knight", "bishop", "rook", "queen", "king", "fairy"];

/// The kind of a walk among [`KINDS`] (a reverse pawn is a pawn).
pub fn kind_of(walk: Walk) -> usize {
    match walk {
        w if w.is_pawn() => 0,
        Walk::Knight => 1,
        Walk::Bishop => 2,
        Walk::Rook => 3,
        Walk::Queen => 4,
        Walk::King => 5,
        _ => 6,
    }
}

/// The castling field of one side before a rook appears on one of its corners.
pub const FIELDS: [&str; 3] = ["none", "king-only", "partial"];

/// The catalogue, built once.
pub struct Catalogue {
    /// Every event, in the table's order.
    pub events: Vec<EventDef>,
    by_name: HashMap<String, usize>,
}

impl Catalogue {
    /// The event named `name`. Panics on a name the catalogue lacks: the classifier names only
    /// listed events, and a test walks every name it uses.
    pub fn id(&self, name: &str) -> usize {
        *self
            .by_name
            .get(name)
            .unwrap_or_else(|| panic!("no rule event named {name}"))
    }

    /// The event named `name`, if listed.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
}

/// The catalogue of events.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let events = rows();
        let by_name = (events.iter().enumerate())
            .map(|(i, e)| (e.name.clone(), i))
            .collect();
        Catalogue { events, by_name }
    })
}

/// The name of the rebirth event of a `colour` unit of kind `kind` (an index in [`KINDS`]).
pub fn rebirth_name(colour: Colour, kind: usize) -> String {
    format!("rebirth-{}-{}", colour_word(colour), KINDS[kind])
}

fn colour_word(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

/// A walk's name as an event word (`reverse-pawn`, `grasshopper`).
pub fn walk_word(walk: Walk) -> String {
    walk.name().replace(' ', "-")
}

/// The Circe-family conditions whose model `keep` accepts: which events a variant can show
/// follows from its answers, not from its name.
fn circe_where(keep: impl Fn(&CirceModel) -> bool) -> Vec<Column> {
    Condition::ALL
        .into_iter()
        .filter(|&c| {
            Rules::new([c], Profile::Documented)
                .ok()
                .and_then(|r| r.circe_model())
                .is_some_and(|m| keep(&m))
        })
        .map(Column::Condition)
        .collect()
}

/// The Mars-family conditions whose answers `keep` accepts (whose home squares, which moves
/// start from the rebirth square): as for [`circe_where`], from the answers, not the names.
fn mars_where(keep: impl Fn(RebirthSide, MarsMoves) -> bool) -> Vec<Column> {
    Condition::ALL
        .into_iter()
        .filter(|c| match c.entry().kind {
            ConditionKind::Mars { side, moves, .. } => keep(side, moves),
            _ => false,
        })
        .map(Column::Condition)
        .collect()
}

/// `columns` without those of `left_out`.
fn all_but(columns: &[Column], left_out: &[Column]) -> Vec<Column> {
    (columns.iter().copied())
        .filter(|c| !left_out.contains(c))
        .collect()
}

/// True when the square a unit is reborn on can be a home square of its own side: a rook on
/// its own corner, a pawn on its second rank. Mirror Circe reads the other side's squares, as
/// Couscous does (its capturer's), Mirror Couscous its own side's again; Diametral turns them to
/// the other side.
fn own_home(m: &CirceModel) -> bool {
    let home = matches!(m.place, RebirthPlace::CirceSquare | RebirthPlace::FileHome);
    let other_side = (m.side == RebirthSide::Mirror) != (m.relevant == RelevantUnit::Other);
    !(home && (other_side || m.adapter == RebirthAdapter::Diametral))
}

fn rows() -> Vec<EventDef> {
    use Condition::*;
    let circe = circe_where(|_| true);
    // Kings are reborn under rex inclusive only. Under Super Circe a king then comes back on a
    // square of the capturer's choice, which no legal play brings about: unless
    // `rebirth_occupied` is strict an attack on it is a check, and the fuzzed cases never set
    // both switches.
    // (Under Cage Circe kings are never reborn: the engines refuse rex inclusive.)
    let at_once = circe_where(|m| m.time == RebirthTime::Immediate && !m.rebirth_square_chosen());
    // A king comes back home when the square read is its own king's square. Where the
    // capturer's walk is read (Couscous) only a capturing king, or a fairy capturer on the
    // e-file (a fairy walk's square is on its promotion rank), would name it: the fuzzed
    // positions seldom hold either, so those columns do not owe the event. (Nor do they owe a
    // rook on its corner or a pawn promoted by a fairy capturer's square, for the same reason.)
    let at_once_home = circe_where(|m| {
        m.time == RebirthTime::Immediate
            && !m.rebirth_square_chosen()
            && own_home(m)
            && m.adapter == RebirthAdapter::None
            && m.relevant == RelevantUnit::Reborn
    });
    let mutating = [Frankfurt, Protean].map(Column::Condition);
    let parrain = [Column::Condition(CirceParrain)];
    let recolouring: Vec<Column> = (Condition::ALL.into_iter())
        .filter(|c| c.colour_change().is_some())
        .map(Column::Condition)
        .collect();
    // A rook appears on its own corner by a rebirth only where the square read is its own.
    let appearing_home: Vec<Column> = (circe_where(own_home).iter())
        .chain(&mutating)
        .chain(&recolouring)
        .copied()
        .chain([Column::Magic])
        .collect();
    let appearing: Vec<Column> = (circe.iter().chain(&mutating).chain(&recolouring).copied())
        .chain([Column::Magic])
        .collect();
    let mut every: Vec<Column> = Condition::ALL.into_iter().map(Column::Condition).collect();
    every.extend([Column::Magic, Column::Orthodox]);
    let mut out = Vec::new();
    let mut row = |name: String, columns: &[Column], description: String| {
        let beyond_popeye_input = (BEYOND_POPEYE_INPUT.iter())
            .find(|(n, _)| *n == name)
            .map(|(_, why)| *why);
        out.push(EventDef {
            name,
            columns: columns.to_vec(),
            description,
            beyond_popeye_input,
        })
    };
    for colour in Colour::ALL {
        for (kind, word) in KINDS.iter().enumerate() {
            // A king is reborn only under rex inclusive, which Parrain does not read.
            let columns: &[Column] = if *word == "king" { &at_once } else { &circe };
            row(
                rebirth_name(colour, kind),
                columns,
                format!("a {} {word} is reborn", colour_word(colour)),
            );
        }
    }
    let plain = |s: &str| s.to_string();
    // The square the capturer left is empty once it has left; under `strict` (Anticirce's
    // preset) a capture whose square is taken is not made.
    row(
        plain("rebirth-occupied"),
        // Super Circe and Cage Circe take an empty square only.
        &circe_where(|m| {
            !matches!(
                m.place,
                RebirthPlace::Departure | RebirthPlace::AnyEmpty | RebirthPlace::Cage
            ) && m.occupied == RebirthOccupied::Relaxed
        }),
        plain("a captured unit's rebirth square is occupied: it stays off the board"),
    );
    // Only a vector leads off the board; under `strict` (Anticirce's preset) such a capture
    // is not made.
    let by_vector = circe_where(|m| {
        matches!(
            m.place,
            RebirthPlace::CaptureVector | RebirthPlace::NextMoveVector
        ) && m.occupied == RebirthOccupied::Relaxed
    });
    row(
        plain("rebirth-off-board"),
        &by_vector,
        plain("a captured unit's rebirth square lies off the board: it stays off"),
    );
    // A home square is never a pawn's promotion rank; a vector, the antipodes and the
    // capturer's departure often are. (Symmetry reaches it only from a pawn on its own first
    // rank, which the fuzzed positions seldom hold.)
    let promoting = circe_where(|m| {
        matches!(
            m.place,
            RebirthPlace::CaptureVector
                | RebirthPlace::NextMoveVector
                | RebirthPlace::Antipodes
                | RebirthPlace::Departure
        ) || (m.relevant == RelevantUnit::Other && m.side == RebirthSide::Own)
    });
    row(
        plain("rebirth-promotes"),
        &promoting,
        plain(
            "a pawn reborn on its promotion rank promotes at once (a vector, the antipodes, the capturer's departure square or home square)",
        ),
    );
    // A capturing pawn sent on by its own capture's vector (Equipollents Anticirce) only ever
    // moves further from its double-step rank; one mirrored a-h (Vertical Symmetry
    // Anticirce) keeps the rank it took on, which is its double-step rank only for a pawn that
    // took from its own first rank (never under the `popeye` profile).
    row(
        plain("rebirth-pawn-second-rank"),
        &circe_where(|m| {
            own_home(m)
                && !(m.reborn == RebornUnit::Capturer
                    && matches!(
                        m.place,
                        RebirthPlace::CaptureVector | RebirthPlace::VerticalSymmetry
                    ))
        }),
        plain("a pawn is reborn on its double-step rank, free to step twice again"),
    );
    row(
        plain("en-passant-capture"),
        &[&circe[..], &mutating[..]].concat(),
        plain("an en passant capture (the taken pawn then reborn, or the taker mutated)"),
    );
    row(
        plain("king-reborn-home"),
        &at_once_home,
        plain("a king is reborn on its own home square (rex inclusive)"),
    );
    for colour in Colour::ALL {
        let word = colour_word(colour);
        row(
            format!("{word}-king-regains-castling"),
            &at_once_home,
            format!("a {word} king reborn on its home square regains its own castling right"),
        );
    }
    // A capturing rook comes back on its own corner under Antipodean and Equipollents
    // Anticirce only from the one square four files and ranks away, or one vector short: with
    // a partial castling field as well, the fuzzed positions seldom hold it, so those columns
    // do not owe that field.
    let corner_by_one_square = circe_where(|m| {
        m.reborn == RebornUnit::Capturer
            && matches!(
                m.place,
                RebirthPlace::Antipodes | RebirthPlace::CaptureVector
            )
    });
    for field in FIELDS {
        let columns: Vec<Column> = (appearing_home.iter().copied())
            .filter(|c| field != "partial" || !corner_by_one_square.contains(c))
            .collect();
        row(
            format!("rook-appears-home-{field}"),
            &columns,
            format!(
                "a rook appears on a corner of its own first rank (rebirth, capturer mutation, promotion, change of colour, contact), its side's castling field before being {}",
                field_words(field)
            ),
        );
    }
    row(
        plain("rook-appears-away-partial"),
        &appearing,
        plain(
            "a rook appears off its corners while its side keeps a partial castling field (no right may come or go)",
        ),
    );
    // Under Anti-Mars Circe a pawn steps from its own second rank (its rebirth square), so
    // never onto its promotion rank; under Mirror Anti-Mars Circe it steps from the other
    // side's, next to it.
    let anti_mars_own =
        mars_where(|side, moves| side == RebirthSide::Own && moves == MarsMoves::NonCaptures);
    // Under SAT the fuzzed positions start from the game's array, both kings boxed in, and a
    // playout that keeps them boxed seldom promotes, takes a rook on its corner or meets a unit
    // of a fairy walk (an edit that frees a king is no position of SAT): its column owes none
    // of these.
    let boxed_kings = [Column::Condition(Sat)];
    // Under NoCapture neither side captures: its column owes no event of a capture.
    let no_captures = [Column::Condition(NoCapture)];
    row(
        plain("promotion"),
        &all_but(&every, &[&anti_mars_own[..], &boxed_kings].concat()),
        plain("a pawn promotes by a step"),
    );
    // Under Frankfurt and Protean a capturing pawn takes the captured unit's walk instead (it
    // promotes by a capture only where it may not mutate: unmarked among mutable units, or
    // royal under `mutation_rex: exclusive`): left out there.
    // Under Equipollents Anticirce a pawn that takes on its promotion rank would be sent off
    // the board by its own vector: under `strict` that capture is not made.
    let sent_off = circe_where(|m| {
        m.reborn == RebornUnit::Capturer
            && m.place == RebirthPlace::CaptureVector
            && m.occupied == RebirthOccupied::Strict
    });
    // Under Mars Circe a pawn captures from its own second rank, so never onto its promotion
    // rank; under Mirror Mars Circe it captures from the other side's, next to it.
    let from_own_second_rank = mars_where(|side, _| side == RebirthSide::Own);
    let capture_promotes = all_but(
        &every,
        &[
            &mutating[..],
            &sent_off,
            &from_own_second_rank,
            &boxed_kings,
            &no_captures,
        ]
        .concat(),
    );
    row(
        plain("promotion-by-capture"),
        &capture_promotes,
        plain("a pawn promotes by a capture"),
    );
    // The Anti-Mars columns do not owe it: the Popeye campaigns ask Popeye 4.104 no Anti-Mars
    // position where a side has a king and a rook (it loses rooks there), so no right stands.
    let anti_mars = mars_where(|_, moves| moves == MarsMoves::NonCaptures);
    row(
        plain("rook-right-lost-by-capture"),
        &all_but(
            &every,
            &[&anti_mars[..], &boxed_kings, &no_captures].concat(),
        ),
        plain("a rook with its castling right is captured on its corner"),
    );
    // Under Mars and Anti-Mars Circe a royal unit moves from its rebirth square as the others
    // do (`rex: inclusive`, Popeye's reading when no word says otherwise); the fuzzed
    // positions seldom put a king near its home square with a move to make from there.
    row(
        plain("royal-moves-via-rebirth-square"),
        &mars_where(|_, moves| moves != MarsMoves::All),
        plain("a royal unit moves from its rebirth square (Mars and Anti-Mars Circe)"),
    );
    row(
        plain("rook-right-lost-by-change"),
        &[Column::Magic],
        plain(
            "a rook with its castling right changes walk on its corner by contact: the right goes",
        ),
    );
    row(
        plain("parrain-en-passant-onto-own-unit"),
        &parrain,
        plain(
            "a pawn takes en passant onto a unit of its side that the double step's rebirth put on the passed square, which vanishes (`parrain_en_passant: removes_own_unit`)",
        ),
    );
    row(
        plain("parrain-castling-rebirth"),
        &parrain,
        plain("a castling brings the Parrain rebirth (0-0's null vector, 0-0-0's one file)"),
    );
    row(
        plain("double-step-with-rebirth"),
        &parrain,
        plain("a pawn's double step brings the Parrain rebirth"),
    );
    row(
        plain("double-step-rebirth-on-passed-square"),
        &parrain,
        plain(
            "a pawn's double step brings the Parrain rebirth onto the square it passed, and an enemy pawn may still take there (`parrain_en_passant: removes_own_unit`)",
        ),
    );
    row(
        plain("check-by-rebirth"),
        &parrain,
        plain("the unit reborn by the move gives check"),
    );
    row(
        plain("mate-with-rebirth"),
        &circe,
        plain("a move with a rebirth mates"),
    );
    for walk in ["pawn", "knight", "bishop", "rook", "queen", "fairy"] {
        row(
            format!("clone-reborn-as-{walk}"),
            &[Column::Condition(CirceClone)],
            format!("a captured unit is reborn with its capturer's walk, a {walk} (not its own)"),
        );
    }
    for walk in [
        "pawn",
        "reverse-pawn",
        "knight",
        "bishop",
        "rook",
        "queen",
        "fairy",
    ] {
        row(
            format!("mutation-to-{walk}"),
            &mutating,
            format!("a capturer takes the captured unit's walk and becomes a {walk}"),
        );
    }
    // Under Protean a capturer of a pawn becomes a reverse pawn, which promotes on its own first
    // rank, where no enemy pawn stands: the book's list says why it is left out there.
    row(
        plain("castling-right-by-capture"),
        &mutating,
        plain(
            "a rook that keeps its walk by taking a rook on its own corner counts as a new unit and gains its castling right (`mutation_castling: every_capture`)",
        ),
    );
    row(
        plain("mutation-promotes"),
        &[Column::Condition(Frankfurt)],
        plain("a capturer becomes a pawn on its promotion rank and promotes"),
    );
    row(
        plain("check-by-mutation"),
        &mutating,
        plain("a capturer that changed walk gives check with its new walk"),
    );
    row(
        plain("mate-with-mutation"),
        &mutating,
        plain("a capture that changes the capturer's walk mates"),
    );
    row(
        plain("reverse-pawn-moves"),
        &mutating,
        plain("a reverse pawn moves"),
    );
    row(
        plain("reverse-pawn-double-step"),
        &mutating,
        plain("a reverse pawn steps twice from its double-step rank"),
    );
    row(
        plain("reverse-pawn-en-passant"),
        &mutating,
        plain("an en passant capture by or of a reverse pawn"),
    );
    row(
        plain("colour-change"),
        &recolouring,
        plain("a capturer changes colour (Andernach)"),
    );
    row(
        plain("colour-change-promotes"),
        &recolouring,
        plain("a pawn promotes by a capture and changes colour as the unit it became"),
    );
    row(
        plain("royal-capturer-keeps-colour"),
        &recolouring,
        plain("a king captures and keeps its colour"),
    );
    row(
        plain("magic-contact-up"),
        &[Column::Magic],
        plain("a unit goes one walk up by a new contact with magic pieces of its colour"),
    );
    row(
        plain("magic-contact-down"),
        &[Column::Magic],
        plain("a unit goes one walk down by a new contact with magic pieces of the other colour"),
    );
    row(
        plain("magic-chain"),
        &[Column::Magic],
        plain("one move mutates several units by contact"),
    );
    row(
        plain("magic-contact-reborn"),
        &[Column::Magic],
        plain("a reborn unit mutates by contact on its rebirth square"),
    );
    row(
        plain("castling-with-contact"),
        &[Column::Magic],
        plain(
            "a castling whose king or rook makes a new contact with magic pieces, or whose rook is magic",
        ),
    );
    row(
        plain("check-by-contact"),
        &[Column::Magic],
        plain("a unit that mutated by contact gives check"),
    );
    let with_fairy_units = all_but(&every, &boxed_kings);
    let capturing_fairy_units = all_but(&with_fairy_units, &no_captures);
    row(
        plain("fairy-captures"),
        &capturing_fairy_units,
        plain("a unit of a fairy walk captures"),
    );
    row(
        plain("fairy-captured"),
        &capturing_fairy_units,
        plain("a unit of a fairy walk is captured"),
    );
    for walk in Walk::ALL.into_iter().filter(|w| w.is_fairy()) {
        let word = walk_word(walk);
        row(
            format!("{word}-captures"),
            &[Column::Fairy],
            format!("a {} captures", walk.name()),
        );
        row(
            format!("{word}-captured"),
            &[Column::Fairy],
            format!("a {} is captured", walk.name()),
        );
    }
    out
}

fn field_words(field: &str) -> &'static str {
    match field {
        "none" => "empty (not even the king's own right)",
        "king-only" => "the king's own right alone",
        _ => "partial (the king's right and one rook's)",
    }
}

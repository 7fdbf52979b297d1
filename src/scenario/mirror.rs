//! Scenarios mirrored: the same case seen in a mirror, which must give the mirrored answer.
//!
//! - **Colour mirror** (always): the board turned top to bottom (rank r becomes rank 9 − r),
//!   every unit's colour swapped (a neutral unit stays neutral), the side to move swapped, the
//!   castling field, the en passant square and the Parrain reserve mapped, and every expected
//!   move and position mapped the same way (squares, and the colour letters of rebirths,
//!   contact mutations and changes of colour), and a condition of one side made the other
//!   side's (White Maximummer becomes Black Maximummer). Every other rule treats the two sides
//!   alike, so this holds everywhere.
//! - **File mirror** (a–h turned h–a, colours kept) only where the rules are symmetric: castling
//!   is not (the king stands on the e-file, 0-0 goes toward h), nor are the rebirth squares a
//!   Circe variant reads from home squares (the queen's d-file, the king's e-file: Plain Circe,
//!   Clone, Mirror, Diametral, Couscous, …; `CirceModel::file_symmetric` says which). So a
//!   scenario is file-mirrored only when no castling can ever happen (an empty castling field
//!   and no `rex: inclusive`, under which a reborn king regains a right) and no such variant is
//!   in force, in its base rules and in each interpretation.
//!
//! A mirrored scenario keeps its file and has its mirror in its name (`… [colour-mirrored]`),
//! so a failure names both. The stipulation and its expected solutions are not mirrored: the
//! layout of a solution depends on which side begins; the mirror checks everything else.

use feerie_oracle::{
    CastlingRights, Colour, EnPassant, Position, Reserve, Rules, Setup, Square, Validation, fen,
};

use super::{After, Expect, Interpretation, LoadError, PositionSpec, RulesSpec, Scenario};

/// A mirror of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// Top to bottom, colours swapped.
    Colours,
    /// a–h to h–a, colours kept.
    Files,
}

impl Mirror {
    /// Both mirrors.
    pub const ALL: [Mirror; 2] = [Mirror::Colours, Mirror::Files];

    /// How names say it: `colour-mirrored`, `file-mirrored`.
    pub fn label(self) -> &'static str {
        match self {
            Mirror::Colours => "colour-mirrored",
            Mirror::Files => "file-mirrored",
        }
    }

    /// Where a square goes.
    pub fn square(self, sq: Square) -> Square {
        let (file, rank) = (sq.file().index() as i8, sq.rank().index() as i8);
        let (file, rank) = match self {
            Mirror::Colours => (file, 7 - rank),
            Mirror::Files => (7 - file, rank),
        };
        Square::at(file, rank).expect("a mirrored square is on the board")
    }

    fn colour(self, colour: Colour) -> Colour {
        match self {
            Mirror::Colours => !colour,
            Mirror::Files => colour,
        }
    }

    /// The mirrored setup (clocks kept).
    pub fn setup(self, setup: &Setup) -> Setup {
        let mut out = setup.clone();
        out.board = feerie_oracle::Board::empty();
        for (sq, piece) in setup.board.pieces() {
            let mut piece = piece;
            if !piece.neutral {
                piece.colour = self.colour(piece.colour);
            }
            out.board.set(self.square(sq), Some(piece));
        }
        out.side_to_move = self.colour(setup.side_to_move);
        let mut rights = CastlingRights::none();
        for sq in setup.castling.squares() {
            rights.insert(self.square(sq));
        }
        for colour in Colour::ALL {
            if setup.castling.king_may_castle(colour) {
                rights.insert_king(self.colour(colour));
            }
        }
        out.castling = rights;
        out.en_passant =
            (setup.en_passant).and_then(|ep| EnPassant::from_target(self.square(ep.target)));
        out.imitators = setup
            .imitators
            .squares()
            .fold(feerie_oracle::Imitators::NONE, |set, sq| {
                set.with(self.square(sq))
            });
        out.reserve = setup.reserve.map(|r| {
            let mut piece = r.piece;
            if !piece.neutral {
                piece.colour = self.colour(piece.colour);
            }
            Reserve {
                piece,
                square: self.square(r.square),
                taken_by_side_to_move: r.taken_by_side_to_move,
            }
        });
        out
    }

    /// A FEN mirrored (its reserve field included).
    pub fn fen(self, text: &str) -> Result<String, String> {
        let setup = fen::parse_setup(text).map_err(|e| e.to_string())?;
        Ok(fen::write(&self.setup(&setup)))
    }

    /// A move in Popeye notation mirrored: each square mapped (the imitators' too); under the colour mirror, the
    /// colour letter of each rebirth (`[+bRa8]`, `[bRh3->a8]`), contact mutation (`[a6=wB]`) and
    /// change of colour (`Ra1*a8=b`) swapped; the
    /// contact mutations put back in square order (a1, b1, …, h8).
    ///
    /// ```
    /// use feerie::scenario::mirror::Mirror;
    /// assert_eq!(Mirror::Colours.move_text("b7*a8=Q=b +"), "b2*a1=Q=w +");
    /// assert_eq!(Mirror::Colours.move_text("Sf5*d4[+bBc8]"), "Sf4*d5[+wBc1]");
    /// assert_eq!(Mirror::Files.move_text("Ra1*a8=b"), "Rh1*h8=b");
    /// assert_eq!(Mirror::Colours.move_text("b7*c8[e2=b][c8=Q] +"), "b2*c1[e7=w][c1=Q] +");
    /// assert_eq!(Mirror::Colours.move_text("b3*c4[-wPe3]"), "b6*c5[-bPe6]");
    /// assert_eq!(Mirror::Files.move_text("Ke1-d1[Ig1,b3]"), "Kd1-e1[Ib1,g3]");
    /// assert_eq!(Mirror::Colours.move_text("Ke1-d1[Ig1,b3]"), "Ke8-d8[Ib6,g8]");
    /// ```
    pub fn move_text(self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if ('a'..='h').contains(&c) && next.is_some_and(|d| ('1'..='8').contains(&d)) {
                let sq: Square = format!("{c}{}", next.unwrap_or('1'))
                    .parse()
                    .expect("a square");
                out += &self.square(sq).to_string();
                i += 2;
                continue;
            }
            // `[+bRa8]`, `[bRh3->a8]` (a rebirth from the board), `[a6=wB]`, `[-wPe3]` (Breton
            // chess's unit removed).
            let after_mark = i > 0
                && (matches!(chars[i - 1], '+' | '=' | '-') && inside_brackets(&chars, i)
                    || chars[i - 1] == '[');
            let colour_letter =
                matches!(c, 'w' | 'b') && next.is_some_and(|d| d.is_ascii_alphabetic());
            // `[e3=b]`: the new colour of Breton Chromatic's unit.
            let recoloured = matches!(c, 'w' | 'b')
                && i > 0
                && chars[i - 1] == '='
                && inside_brackets(&chars, i)
                && next == Some(']');
            // `=b`, `=w` outside brackets: the mover's new colour (Andernach).
            let new_colour = matches!(c, 'w' | 'b')
                && i > 0
                && chars[i - 1] == '='
                && !inside_brackets(&chars, i)
                && !next.is_some_and(|d| d.is_ascii_alphanumeric());
            if self == Mirror::Colours && (after_mark && colour_letter || new_colour || recoloured)
            {
                out.push(if c == 'w' { 'b' } else { 'w' });
            } else {
                out.push(c);
            }
            i += 1;
        }
        // The imitators a1 first, as the engines write them.
        sort_contacts(&feerie_oracle::popeye_move::canonical_imitators(&out))
    }
}

/// Whether position `i` of `chars` is inside `[…]`.
fn inside_brackets(chars: &[char], i: usize) -> bool {
    let open = chars[..i].iter().rposition(|c| *c == '[');
    let close = chars[..i].iter().rposition(|c| *c == ']');
    match (open, close) {
        (Some(o), Some(c)) => o > c,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The contact mutations of a move text (`[a6=wB]`, after the rebirths) in square order.
fn sort_contacts(text: &str) -> String {
    let Some(start) = text.find('[') else {
        return text.to_string();
    };
    let (head, groups) = text.split_at(start);
    let mut parts: Vec<&str> = Vec::new();
    let mut rest = groups;
    while let Some(end) = rest.find(']') {
        if !rest.starts_with('[') {
            break;
        }
        parts.push(&rest[..=end]);
        rest = &rest[end + 1..];
    }
    let square_of = |g: &str| g.get(1..3).and_then(|s| s.parse::<Square>().ok());
    // `[a6=wB]`: a colour and a walk after `=` (not Breton chess's `[e3=b]` nor a promotion
    // written `[c8=Q]`).
    let contact = |g: &str| {
        let mut after = g.get(4..).unwrap_or("").chars();
        matches!(after.next(), Some('w' | 'b' | 'n'))
            && after.next().is_some_and(|c| c.is_ascii_alphabetic())
    };
    let first_contact = parts
        .iter()
        .position(|g| !g.starts_with("[+") && square_of(g).is_some() && contact(g));
    if let Some(k) = first_contact {
        parts[k..].sort_by_key(|g| square_of(g).map(Square::index));
    }
    format!("{head}{}{rest}", parts.concat())
}

/// Whether the file mirror keeps the rules' answers under `rules` from `start`.
fn files_symmetric(rules: &Rules, start: &Position) -> bool {
    let home_squares = rules
        .rebirth_square_model()
        .is_some_and(|m| !m.file_symmetric());
    let kings_reborn = rules.circe_model().is_some_and(|m| m.kings_come_back());
    // Under Danger Circe a unit moves to its rebirth square, the queen's d1, the king's e1.
    let home_moves = rules.danger_circe();
    !home_squares && !kings_reborn && !home_moves && start.castling().is_empty()
}

/// The scenario in the mirror, or `None` when the mirror does not apply (the file mirror under
/// rules it would break) or leaves nothing to check.
pub fn mirrored(s: &Scenario, mirror: Mirror) -> Result<Option<Scenario>, LoadError> {
    let start = s.position()?;
    if mirror == Mirror::Files {
        let base = s.base_rules()?;
        let mut all = vec![base.clone()];
        for i in &s.interpretations {
            all.push(s.interpretation_rules(&base, i.profile.as_deref(), &i.set)?);
        }
        if !all.iter().all(|r| files_symmetric(r, &start)) {
            return Ok(None);
        }
    }
    let map_expect = |e: &Expect| -> Result<Expect, LoadError> {
        let moves = |list: &[String]| list.iter().map(|m| mirror.move_text(m)).collect::<Vec<_>>();
        let mut after = Vec::new();
        for a in &e.after {
            after.push(After {
                mv: mirror.move_text(&a.mv),
                fen: mirror
                    .fen(&a.fen)
                    .map_err(|why| s.error(Some(&a.fen), format!("after: {why}")))?,
            });
        }
        Ok(Expect {
            moves: e.moves.as_ref().map(|m| moves(m)),
            include: moves(&e.include),
            exclude: moves(&e.exclude),
            perft: e.perft.clone(),
            after,
            status: e.status.clone(),
            solutions: None,
        })
    };
    let keep = |e: &Expect| {
        e.moves.is_some()
            || !e.include.is_empty()
            || !e.exclude.is_empty()
            || !e.perft.is_empty()
            || !e.after.is_empty()
            || e.status.is_some()
    };
    let expect = match &s.expect {
        Some(e) if keep(e) => Some(map_expect(e)?),
        _ => None,
    };
    let mut interpretations = Vec::new();
    for i in s.interpretations.iter().filter(|i| keep(&i.expect)) {
        interpretations.push(Interpretation {
            profile: i.profile.clone(),
            set: i.set.clone(),
            expect: map_expect(&i.expect)?,
        });
    }
    if expect.is_none() && interpretations.is_empty() {
        return Ok(None);
    }
    let setup = mirror.setup(start.setup());
    Position::new(setup.clone(), Validation::Lenient)
        .map_err(|e| s.error(Some("position"), format!("{}: {e}", mirror.label())))?;
    Ok(Some(Scenario {
        name: format!("{} [{}]", s.name, mirror.label()),
        source: s.source.clone(),
        note: s.note.clone(),
        rules: mirrored_rules(&s.rules, mirror),
        position: PositionSpec {
            fen: Some(fen::write(&setup)),
            lenient: s.position.lenient,
            ..PositionSpec::default()
        },
        play: s.play.iter().map(|m| mirror.move_text(m)).collect(),
        stipulation: None,
        expect,
        interpretations,
        file: s.file.clone(),
        text: s.text.clone(),
    }))
}

/// The rules in the mirror: under the colour mirror each condition of one side becomes the
/// other side's ([`feerie_oracle::Condition::colour_mirrored`]); a slug that names no
/// condition is kept, for the scenario's loading to report.
fn mirrored_rules(rules: &RulesSpec, mirror: Mirror) -> RulesSpec {
    let conditions = (rules.conditions.iter())
        .map(
            |slug| match (mirror, slug.parse::<feerie_oracle::Condition>()) {
                (Mirror::Colours, Ok(c)) => c.colour_mirrored().slug().to_string(),
                _ => slug.clone(),
            },
        )
        .collect();
    RulesSpec {
        conditions,
        ..rules.clone()
    }
}

/// Every mirror of every scenario that applies, each after its original's place in the list
/// (malformed entries are left as they are, unmirrored).
pub fn with_mirrors(
    loaded: Vec<Result<Scenario, LoadError>>,
) -> (Vec<Result<Scenario, LoadError>>, [usize; 2]) {
    let mut out = Vec::new();
    let mut counts = [0, 0];
    for item in loaded {
        let mirrors: Vec<Result<Scenario, LoadError>> = match &item {
            Ok(s) => (Mirror::ALL.iter().enumerate())
                .filter_map(|(k, m)| match mirrored(s, *m) {
                    Ok(Some(x)) => {
                        counts[k] += 1;
                        Some(Ok(x))
                    }
                    Ok(None) => None,
                    Err(e) => Some(Err(e)),
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        out.push(item);
        out.extend(mirrors);
    }
    (out, counts)
}

/// A position (with the rules it is played under) in the mirror: `None` when the file mirror
/// does not apply under those rules, or the mirrored setup is not a position.
pub fn mirror_position(mirror: Mirror, position: &Position, rules: &Rules) -> Option<Position> {
    if mirror == Mirror::Files && !files_symmetric(rules, position) {
        return None;
    }
    Position::new(mirror.setup(position.setup()), Validation::Lenient).ok()
}

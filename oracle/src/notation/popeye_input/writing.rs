//! Writing a position and its rules as a Popeye problem.

use super::*;

/// Writes a position and its rules as an English Popeye problem with the given stipulation
/// lines (e.g. `sstipulation white 1s[~]`).
///
/// ```
/// use feerie_oracle::{popeye_input, Position, Rules, Profile, Validation};
/// let text = popeye_input::write(&Position::start(), &Rules::orthodox(), "sstipulation white 1s[~]").unwrap();
/// let back = popeye_input::parse(&text).unwrap();
/// let (pos, _) = back.problems[0].to_position(Profile::Documented, Validation::Strict).unwrap();
/// assert_eq!(pos, Position::start());
/// ```
pub fn write(position: &Position, rules: &Rules, stipulation: &str) -> Result<String, Unsupported> {
    let mut reasons = Vec::new();
    let mut out = String::from("beginproblem\n");
    for colour in Colour::ALL {
        // Popeye reads attributes only right after the colour word, for the pieces after them
        // up to the next colour word: one group per set of attributes.
        let mut groups: Vec<((bool, bool), Vec<String>)> = Vec::new();
        for (sq, p) in position.board().pieces_of(colour) {
            if p.neutral {
                // Popeye's neutral units are not Bédoni's neutral magic pieces (RULES.md §6).
                reasons.push(format!(
                    "neutral unit on {sq}: Popeye has no neutral magic pieces"
                ));
            } else if p.magic {
                reasons.push(format!(
                    "magic piece on {sq}: Popeye has no Bédoni magic pieces"
                ));
            }
            let attributes = (p.royal && p.walk != Walk::King, p.mutable);
            let word = format!("{}{sq}", code_of(p.walk));
            match groups.iter_mut().find(|(a, _)| *a == attributes) {
                Some((_, words)) => words.push(word),
                None => groups.push((attributes, vec![word])),
            }
        }
        groups.sort_by_key(|(a, _)| *a);
        let line: Vec<String> = groups
            .iter()
            .map(|((royal, mutable), words)| {
                let mut group = colour.to_string();
                if *royal {
                    group.push_str(" royal");
                }
                if *mutable {
                    group.push_str(" protean");
                }
                format!("{group} {}", words.join(" "))
            })
            .collect();
        if !line.is_empty() {
            out.push_str(&format!("pieces {}\n", line.join(" ")));
        }
    }
    // Popeye ignores a problem with a royal piece other than a king under a Circe whose rebirth
    // depends on the capture (Clone, Equipollents, Parrain) with rex inclusive.
    let capture_dependent = rules.conditions().find(|c| c.rebirth_depends_on_capture());
    if let Some(c) = capture_dependent
        && rules.circe_rex() == crate::rules::Rex::Inclusive
    {
        for (sq, p) in position.board().pieces() {
            if p.royal && p.walk != Walk::King {
                reasons.push(format!(
                    "royal {p} on {sq} under {} with rex inclusive: Popeye takes no royal piece \
                     other than a king there",
                    c.entry().popeye.written
                ));
            }
        }
    }
    // `RexInclusive` is a Circe option: Popeye reads it only right after a Circe condition,
    // and after some spellings of it only (the registry's `written_before_rex_inclusive`), and
    // after Madrasi and Isardam.
    // `RexExclusive` stands alone and takes the kings out of Frankfurt's and Protean's mutation.
    let mut conds: Vec<String> = Vec::new();
    for c in rules.conditions() {
        let inclusive = c.is_circe() && rules.circe_rex() == crate::rules::Rex::Inclusive;
        // Popeye's Circe takes the captured unit to be lost on an occupied square (`Relaxed`),
        // its Anticirce the capture to be illegal (`Strict`): the other reading is written.
        let popeye_occupied = match c.reborn_unit() {
            Some(RebornUnit::Capturer) => RebirthOccupied::Strict,
            _ => RebirthOccupied::Relaxed,
        };
        let occupied = (c.is_circe() && rules.switch_matters(Switch::RebirthOccupied))
            .then(|| rules.rebirth_occupied())
            .filter(|&o| o != popeye_occupied);
        // Under Anti-Super Circe Popeye's `Relaxed` is ours: the capturer may also stay where it
        // landed, not reborn.
        if occupied == Some(RebirthOccupied::Relaxed) && !c.rebirth_square_chosen() {
            // Popeye's `AntiCirce Relaxed` takes the capturer off the board, where ours keeps it
            // where it landed: not the same rule.
            reasons.push(format!(
                "{} with rebirth_occupied=relaxed (Popeye's Relaxed removes the capturer; ours \
                 keeps it where it landed)",
                c.slug()
            ));
        }
        let names = c.entry().popeye;
        let written = match names.written_before_rex_inclusive {
            Some(spelling) if inclusive => spelling.to_string(),
            // Popeye reads `Strict` only after `Circe` and its variant words, not after the
            // traditional names (`MirrorCirce Strict` reads a condition StrictSAT).
            _ if occupied.is_some() => circe_with_variant_words(c),
            _ => names.written.to_string(),
        };
        conds.push(written);
        if c == Condition::Imitator {
            // Popeye reads the imitators' squares right after the name, in one word.
            let squares: String = position
                .imitators()
                .squares()
                .map(|s| s.to_string())
                .collect();
            match squares.is_empty() {
                // Popeye then writes `[I]` after every move, which feerie does not.
                true => reasons.push("Imitator chess without an imitator".into()),
                false => conds.push(squares),
            }
        }
        match occupied {
            Some(RebirthOccupied::Strict) => conds.push("Strict".into()),
            Some(RebirthOccupied::Relaxed) => conds.push("Relaxed".into()),
            None => {}
        }
        if inclusive {
            conds.push("RexInclusive".into());
        } else if c.reborn_unit() == Some(RebornUnit::Capturer) {
            // Popeye's Anticirce rebirths royal capturers unless told otherwise.
            conds.push("RexExclusive".into());
        } else if let Some(m) = rules.geneva_model().filter(|_| c.is_geneva()) {
            // Popeye's Geneva chess frees royal capturers unless told otherwise.
            if m.rebirth.rex == crate::rules::Rex::Inclusive {
                conds.push("RexInclusive".into());
            }
        } else if let Some(m) = rules.mars_model().filter(|_| c.is_mars()) {
            // Popeye's Mars and Anti-Mars Circe move royal units too unless told otherwise, its
            // Phantom chess does not unless told.
            let preset_inclusive = m.moves != crate::rules::MarsMoves::All;
            if m.royals_move() != preset_inclusive {
                conds.push(
                    if m.royals_move() {
                        "RexInclusive"
                    } else {
                        "RexExclusive"
                    }
                    .into(),
                );
            }
        }
        if c.observation_rule().is_some()
            && rules.observation_model().is_some_and(|m| m.royals_observed)
        {
            // Madrasi's and Isardam's `RexInclusive`: royal units are observed too.
            conds.push("RexInclusive".into());
        }
        if c.reborn_unit() == Some(RebornUnit::Capturer)
            && rules.anticirce_type() == AnticirceType::Cheylan
        {
            conds.push("Cheylan".into());
        }
    }
    if rules.captures_mutate() && rules.mutation_rex() == crate::rules::Rex::Exclusive {
        conds.push("RexExclusive".into());
    }
    // Popeye's pawns promote to the walks of its diagram: a fairy walk of ours with no unit on
    // the board (one taken since the diagram) cannot be named in its input.
    let on_board: crate::walk::WalkSet = position.board().pieces().map(|(_, p)| p.walk).collect();
    for walk in position.setup().fairy_walks.iter() {
        if !on_board.contains(walk) {
            reasons.push(format!(
                "the diagram's {} has no unit on the board (Popeye's pawns promote only to the \
                 walks of its diagram)",
                walk.name()
            ));
        }
    }
    if let Some(r) = position.reserve() {
        // Popeye 4.104 looks for checks only by the walks of the diagram besides the orthodox
        // ones: a reborn reverse pawn or fairy unit whose walk stands nowhere on the board
        // gives no check there, where RULES.md §0 says it does.
        let walk = r.piece.walk;
        let popeye_fairy = walk.is_fairy() || walk == Walk::ReversePawn;
        if popeye_fairy && !on_board.contains(walk) {
            reasons.push(format!(
                "a {} waiting in the Parrain reserve with none on the board (Popeye does not see \
                 the checks of a reborn unit whose walk is not in the diagram)",
                walk.name()
            ));
        }
        if r.taken_by_side_to_move {
            reasons.push(format!(
                "the {} {} waiting in the Parrain reserve was taken by the side to move \
                 (Popeye's LastCapture takes the side not to move to be the capturer)",
                r.piece.colour,
                r.piece.walk.name()
            ));
        }
        if let Some(sq) = rebirth_on_a_passed_square(position, &r) {
            reasons.push(format!(
                "a {} {} waiting in the Parrain reserve can come back on {sq}, the square a \
                 double step passes, beside a pawn of its side (Popeye 4.104 takes en passant \
                 onto its own unit there and does not put that unit back when it takes the \
                 move back, so that the rest of its search plays on a wrong board)",
                r.piece.colour,
                r.piece.walk.name()
            ));
        }
        conds.push(format!(
            "LastCapture {} {}{}",
            r.piece.colour,
            code_of(r.piece.walk),
            r.square
        ));
    }
    if !conds.is_empty() {
        out.push_str(&format!("condition {}\n", conds.join(" ")));
    }
    out.push_str(stipulation.trim());
    out.push('\n');
    let mut options = vec!["noboard".to_string()];
    // Popeye gives each unit on its game-array square its own flag: the king on e1/e8, each
    // rook on its corner whether or not its king is home. Every flag we do not have is named.
    let mut expected = popeye_castling(position.setup(), &[]);
    for sq in rook_corners(position.setup()) {
        expected.insert(sq);
    }
    let mut lost: Vec<String> = expected
        .squares()
        .filter(|s| !position.castling().contains(*s))
        .map(|s| s.to_string())
        .collect();
    for colour in Colour::ALL {
        if expected.king_may_castle(colour) && !position.castling().king_may_castle(colour) {
            let home = if colour == Colour::White { "e1" } else { "e8" };
            lost.push(home.to_string());
        }
    }
    if !lost.is_empty() {
        options.push(format!("nocastling {}", lost.concat()));
    }
    if let Some(ep) = position.en_passant() {
        // Popeye replays the double step of the `enpassant` option only in the direction of
        // the side not to move's ordinary pawns.
        if position
            .board()
            .get(ep.pawn)
            .is_some_and(|p| p.walk == Walk::ReversePawn)
        {
            reasons.push(
                "en passant after a reverse pawn's double step (Popeye's enpassant option cannot \
                 say it)"
                    .to_string(),
            );
        }
        if let Some(unit) = position.board().get(ep.target) {
            // A Parrain rebirth filled the passed square (`parrain_en_passant`).
            reasons.push(format!(
                "en passant onto {}, where a Parrain rebirth put a {} {} (Popeye's enpassant \
                 option needs the passed square empty: \"Inconsistent retro information\")",
                ep.target,
                unit.colour,
                unit.walk.name()
            ));
        }
        options.push(format!("enpassant {}{}{}", ep.origin(), ep.target, ep.pawn));
    }
    out.push_str(&format!("option {}\n", options.join(" ")));
    out.push_str("endproblem\n");
    if reasons.is_empty() {
        Ok(out)
    } else {
        Err(Unsupported { reasons })
    }
}

/// A Circe variant spelt as its family's base word (`Circe`, `AntiCirce`) and its variant
/// words, in Popeye's case (`Circe File Mirror`), the spelling after which Popeye reads more
/// variant words.
fn circe_with_variant_words(c: Condition) -> String {
    let words = c.entry().popeye.circe_variant.iter().map(|w| {
        CirceVariant::of(Language::English, w)
            .found()
            .map_or(*w, |v| v.word(Language::English))
    });
    let base = c
        .variant_base()
        .map_or("Circe", |b| b.entry().popeye.written);
    std::iter::once(base)
        .chain(words)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The square a double step of the side to move passes where the unit waiting in the Parrain
/// reserve `r`, of the other side, would come back by that step's vector while a pawn of its
/// own side attacks that square, if there is one. Only a reserve of the side not to move (series
/// play, or Popeye's `LastCapture` given so) brings a unit of the other side back with a move.
fn rebirth_on_a_passed_square(position: &Position, r: &crate::Reserve) -> Option<Square> {
    let mover = position.side_to_move();
    if r.piece.colour == mover {
        return None;
    }
    let board = position.board();
    board.pieces_of(mover).find_map(|(from, p)| {
        if !p.walk.is_pawn() || from.rank() != crate::geometry::double_step_rank(p.colour, p.walk) {
            return None;
        }
        let dir = crate::geometry::pawn_forward(p.colour, p.walk);
        let passed = from.offset(0, dir)?;
        let reborn = r.square.offset(0, 2 * dir)?;
        let taker_beside = [-1i8, 1].iter().any(|&df| {
            [-1i8, 1].iter().any(|&dr| {
                passed
                    .offset(df, dr)
                    .and_then(|sq| board.get(sq))
                    .is_some_and(|q| {
                        q.colour == r.piece.colour
                            && q.walk.is_pawn()
                            && !q.magic
                            && crate::geometry::pawn_forward(q.colour, q.walk) == -dr
                    })
            })
        });
        (reborn == passed && taker_beside).then_some(passed)
    })
}

//! Interpreting a problem: its units, conditions and options as a position and rules, or the
//! precise reasons why this project cannot use it.

use super::*;

impl PopeyeProblem {
    /// Who moves first: the colour of a structured stipulation, or Black in help play
    /// (`h#2`, `ser-h#3`, but not help-self `hs#` nor help-reflex `hr#`), otherwise White;
    /// `whitetoplay` and `halfduplex` adjust.
    pub fn side_to_move(&self) -> Colour {
        if let Some(s) = &self.structured_stipulation {
            let first = s
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if "black".starts_with(&first) && first.len() >= 2 || first.starts_with("schw") {
                return Colour::Black;
            }
            return Colour::White;
        }
        let stip = self
            .stipulation
            .as_deref()
            .unwrap_or("")
            .to_ascii_lowercase();
        let bare = stip
            .trim_start_matches("exact-")
            .trim_start_matches("ser-")
            .trim_start_matches("pser-");
        // Help play starts with Black, but help-self and help-reflex play with White.
        let help = bare.starts_with('h') && !bare.starts_with("hs") && !bare.starts_with("hr");
        let mut side = if help { Colour::Black } else { Colour::White };
        let has = |name: &str| {
            self.options
                .iter()
                .any(|o| name.starts_with(&o.to_ascii_lowercase()) && o.len() >= 4)
        };
        if side == Colour::Black && (has("whitetoplay") || has("weissbeginnt")) {
            side = Colour::White;
        }
        if has("halfduplex") {
            side = !side;
        }
        side
    }

    /// The position and rules of the problem (before any twin), or every reason it cannot be
    /// expressed in this project's terms. Castling rights are Popeye's: each king and rook on
    /// its original square, less those named by `option nocastling`; `option enpassant`
    /// gives the double step.
    pub fn to_position(
        &self,
        profile: Profile,
        validation: Validation,
    ) -> Result<(Position, Rules), Unsupported> {
        let mut reasons = Vec::new();
        let mut setup = Setup::empty();
        if let Some(total) = self.total.filter(|&n| n != self.units.len()) {
            reasons.push(format!(
                "total {total} units but {} given (invisible units)",
                self.units.len()
            ));
        }
        for u in &self.units {
            let UnitColour::Side(colour) = u.colour else {
                reasons.push(format!("neutral unit on {}", u.square));
                continue;
            };
            let Some(walk) = u.walk else {
                reasons.push(format!("fairy piece '{}' on {}", u.code, u.square));
                continue;
            };
            if setup.board.get(u.square).is_some() {
                reasons.push(format!(
                    "two units on {} (a second position, as in a=>b stipulations)",
                    u.square
                ));
            }
            let mut piece = Piece::new(colour, walk);
            for a in &u.attributes {
                match a.as_str() {
                    "royal" | "koeniglich" => piece.royal = true,
                    "protean" | "frankfurt" => piece.mutable = true,
                    "magic" | "magisch" => reasons.push(format!(
                        "Popeye's Magic attribute on {} (a colour-changing rule, not Bédoni's magic pieces)",
                        u.square
                    )),
                    other => reasons.push(format!("piece attribute '{other}' on {}", u.square)),
                }
            }
            setup.board.set(u.square, Some(piece));
        }
        setup.side_to_move = self.side_to_move();
        let mut conditions = Vec::new();
        let mut sets: Vec<(&str, &str)> = Vec::new();
        let mut words = self.conditions.iter().peekable();
        while let Some(word) = words.next() {
            let w = word.to_ascii_lowercase();
            if let Some(c) = condition_of(&w) {
                // `Circe Parrain`, `Circe Clone`, `Circe Equipollents`: Popeye's variant words
                // after Circe name the variant itself.
                let variant = words
                    .peek()
                    .and_then(|next| condition_of(next))
                    .filter(|v| c == Condition::Circe && v.is_circe() && *v != Condition::Circe);
                if variant.is_none() {
                    conditions.push(c);
                }
            } else if w.starts_with("rexexcl") || w.starts_with("rexexkl") {
                sets.push(("rex", "exclusive"));
            } else if w.starts_with("rexincl") || w.starts_with("rexinkl") {
                sets.push(("rex", "inclusive"));
            } else if "lastcapture".starts_with(&w) && w.len() >= 4 {
                let colour = words.next().and_then(|c| colour_of(c));
                let unit = words.next().and_then(|t| piece_token(t));
                match (colour, unit) {
                    (Some(UnitColour::Side(colour)), Some((code, sqs))) if sqs.len() == 1 => {
                        match walk_of(&code, Language::English) {
                            Some(walk) => {
                                setup.reserve = Some(Reserve {
                                    piece: Piece::new(colour, walk),
                                    square: sqs[0],
                                })
                            }
                            None => reasons.push(format!("LastCapture of fairy piece '{code}'")),
                        }
                    }
                    _ => reasons.push(
                        "LastCapture needs a colour and a piece with its square (white bg4)".into(),
                    ),
                }
            } else {
                reasons.push(format!("condition '{word}'"));
            }
        }
        let mut options = self.options.iter().peekable();
        let mut no_castling: Vec<Square> = Vec::new();
        while let Some(word) = options.next() {
            let w = word.to_ascii_lowercase();
            let known = NEUTRAL_OPTIONS
                .iter()
                .find(|o| o.starts_with(&w) && w.len() >= 3);
            match known {
                Some(&"nocastling") => {
                    if let Some(sqs) = options.peek().and_then(|t| squares_of(t)) {
                        no_castling.extend(sqs);
                        options.next();
                    }
                }
                Some(&"enpassant") => match options.peek().and_then(|t| squares_of(t)) {
                    Some(sqs) if sqs.len() == 2 || sqs.len() == 3 => {
                        options.next();
                        // Origin, passed square and arrival, or origin and arrival.
                        let passed = if sqs.len() == 3 {
                            Some(sqs[1])
                        } else {
                            let (a, b) = (sqs[0], sqs[1]);
                            let mid = (a.rank().index() + b.rank().index()) / 2;
                            a.offset(0, mid as i8 - a.rank().index() as i8)
                        };
                        setup.en_passant = passed.and_then(EnPassant::from_target);
                        if setup.en_passant.is_none() {
                            reasons.push("option enpassant: not a double step".into());
                        }
                    }
                    Some(sqs) if sqs.len() > 3 => {
                        options.next();
                        reasons.push(format!(
                            "option enpassant over {} squares (a step longer than a double step)",
                            sqs.len()
                        ));
                    }
                    _ => {
                        reasons.push("option enpassant needs the squares of the double step".into())
                    }
                },
                Some(&"maxsolutions")
                | Some(&"maxloesungen")
                | Some(&"maxtime")
                | Some(&"start")
                | Some(&"upto") => {
                    options.next();
                }
                Some(_) => {}
                None => reasons.push(format!("option '{word}'")),
            }
        }
        setup.castling = popeye_castling(&setup, &no_castling);
        let mut rules = match Rules::new(conditions, profile) {
            Ok(r) => r,
            Err(e) => {
                reasons.push(e.to_string());
                Rules::orthodox()
            }
        };
        for (k, v) in sets {
            if let Err(e) = rules.set(k, v) {
                reasons.push(e.to_string());
            }
        }
        if setup.reserve.is_some() && !rules.keeps_reserve() {
            let keeping: Vec<&str> = Condition::ALL
                .into_iter()
                .filter(|c| c.keeps_reserve())
                .map(|c| c.entry().popeye.written)
                .collect();
            reasons.push(format!("LastCapture without {}", keeping.join(" or ")));
        }
        if !reasons.is_empty() {
            return Err(Unsupported { reasons });
        }
        if rules.circe_model().is_some_and(|m| m.reborn_royals()) {
            // A rook on its corner has its own flag in Popeye, king home or not; under rex
            // inclusive it matters, since a king reborn on its square may castle with it.
            for sq in rook_corners(&setup) {
                if !no_castling.contains(&sq) {
                    setup.castling.insert(sq);
                }
            }
        }
        Position::new(setup, validation)
            .map(|p| (p, rules))
            .map_err(|e| Unsupported {
                reasons: vec![e.to_string()],
            })
    }
}

/// The corners on which a rook of the corner's side stands.
pub(super) fn rook_corners(setup: &Setup) -> Vec<Square> {
    setup
        .board
        .pieces()
        .filter(|(sq, piece)| {
            piece.walk == Walk::Rook
                && !piece.royal
                && crate::CastlingSide::of_rook_square(*sq)
                    .is_some_and(|side| side.squares(piece.colour)[2] == *sq)
        })
        .map(|(sq, _)| sq)
        .collect()
}

/// Popeye's castling rights for `setup`: each king on its home square (e1, e8) may castle, with
/// each rook of its colour on a corner of that rank; less the squares of `no_castling`.
pub(crate) fn popeye_castling(setup: &Setup, no_castling: &[Square]) -> CastlingRights {
    let mut rights = CastlingRights::none();
    for colour in Colour::ALL {
        let home = if colour == Colour::White { 0 } else { 56 };
        let sq = |f: u8| Square::new(home + f).expect("on board");
        let king_home = setup
            .board
            .get(sq(4))
            .is_some_and(|p| p.colour == colour && p.walk == Walk::King);
        if !king_home || no_castling.contains(&sq(4)) {
            continue;
        }
        rights.insert_king(colour);
        for rook_sq in [sq(0), sq(7)] {
            let rook = setup
                .board
                .get(rook_sq)
                .is_some_and(|p| p.colour == colour && p.walk == Walk::Rook && !p.royal);
            if rook && !no_castling.contains(&rook_sq) {
                rights.insert(rook_sq);
            }
        }
    }
    rights
}

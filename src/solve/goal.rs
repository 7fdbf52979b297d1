//! Goals: what the last move of a stipulation must achieve (`#`, `=`, `+`, `x`, `z<square>`, …),
//! read from Popeye's signs.

use feerie_oracle::{CheckMark, MoveRecord, Square};

/// What the last move must achieve against the side it leaves to move. Popeye's goals that
/// depend on the move alone (`+`, `x`, `~`, `z<square>`, `ep`, `00`, `%`) and on the position
/// after it (`#`, `=`, `#=`, `==`, `!=`).
///
/// Left out: the goals that need the play's history (circuit `ct`, exchange `<>` and their
/// `r` forms, `c81`, kiss `K`), proof games (`dia`, `a=>b`), and those whose mover ends in
/// check (double mate `##`, counter-mate `##!`, auto-mate `!#`), which the rules of feerie's
/// families never allow after a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Checkmate (`#`): in check without a legal move.
    Mate,
    /// Stalemate (`=`): not in check, without a legal move.
    Stalemate,
    /// Check (`+`): the move gives check (a mate too).
    Check,
    /// Capture (`x`): the move takes a unit (en passant too; under Circe whatever the
    /// rebirth).
    Capture,
    /// Any move (`~`): every move reaches it, which lists the moves (Popeye's `~1`).
    Any,
    /// A target square (`z<square>`, `ze4`): the moving unit arrives there (the king, when
    /// castling).
    Target(Square),
    /// An en passant capture (`ep`).
    EnPassant,
    /// Castling (`00`).
    Castling,
    /// Material gain (`%`, Popeye's Steingewinn): a capture whose unit taken no rebirth brings
    /// back.
    MaterialGain,
    /// Mate or stalemate (`#=`).
    MateOrStalemate,
    /// Double stalemate (`==`): the side to move stalemated, and the side that moved without a
    /// legal move were it to move again.
    DoubleStalemate,
    /// Auto-stalemate (`!=`): the side to move not in check, the side that moved without a
    /// legal move were it to move again.
    AutoStalemate,
}

impl Goal {
    /// Popeye's sign in a stipulation: `#`, `=`, `+`, `x`, `~`, `z` with its square (`ze4`) or
    /// `ep`.
    pub fn sign(self) -> String {
        match self {
            Goal::Mate => "#".into(),
            Goal::Stalemate => "=".into(),
            Goal::Check => "+".into(),
            Goal::Capture => "x".into(),
            Goal::Any => "~".into(),
            Goal::Target(square) => format!("z{square}"),
            Goal::EnPassant => "ep".into(),
            Goal::Castling => "00".into(),
            Goal::MaterialGain => "%".into(),
            Goal::MateOrStalemate => "#=".into(),
            Goal::DoubleStalemate => "==".into(),
            Goal::AutoStalemate => "!=".into(),
        }
    }

    /// What Popeye prints after a move that reaches the goal (its goal marker): `#`, `=`, `+`,
    /// `x`, `z`, `%`, `#=`, `==`, `!=`, or nothing for `~`, `ep` and `00` (the move shows
    /// `ep.` or castling already).
    pub fn marker(self) -> &'static str {
        match self {
            Goal::Any | Goal::EnPassant | Goal::Castling => "",
            Goal::MaterialGain => "%",
            Goal::MateOrStalemate => "#=",
            Goal::DoubleStalemate => "==",
            Goal::AutoStalemate => "!=",
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::Target(_) => "z",
        }
    }

    /// Whether the move recorded as `mv` reaches the goal, for the goals its record decides
    /// (`None` when the position after it must tell: the stalemates, and `#=` after a move
    /// that does not check).
    pub fn reached_by(self, mv: &MoveRecord) -> Option<bool> {
        Some(match self {
            Goal::Mate => mv.check == CheckMark::Mate,
            Goal::MateOrStalemate if mv.check != CheckMark::None => mv.check == CheckMark::Mate,
            Goal::Stalemate
            | Goal::MateOrStalemate
            | Goal::DoubleStalemate
            | Goal::AutoStalemate => return None,
            Goal::Castling => mv.castling.is_some(),
            // The unit taken stays off the board: no rebirth brings it back (Anticirce's
            // rebirth is the capturer's, from the board).
            Goal::MaterialGain => {
                mv.capture.is_some()
                    && mv.rebirth.is_none_or(|r| r.from.is_some())
                    && mv.delayed_rebirth.is_none()
            }
            Goal::Check => mv.check != CheckMark::None,
            Goal::Capture => mv.capture.is_some(),
            Goal::Any => true,
            // The mover ends there: under Anticirce, where it is reborn.
            Goal::Target(square) => {
                let reborn = mv.rebirth.filter(|r| r.from == Some(mv.to));
                reborn.map_or(mv.to, |r| r.square) == square
            }
            Goal::EnPassant => mv.en_passant,
        })
    }

    /// Whether telling that a move reaches the goal needs its record (its arrival square, or
    /// whether it took en passant), which not every search space keeps.
    pub fn needs_record(self) -> bool {
        matches!(
            self,
            Goal::Target(_) | Goal::EnPassant | Goal::Castling | Goal::MaterialGain
        )
    }

    /// Whether reaching the goal leaves the side that moved, or the side to move, without a
    /// legal move, so that the position after the goal move is tested for moves.
    pub fn tests_stalemate(self) -> bool {
        matches!(
            self,
            Goal::Stalemate | Goal::MateOrStalemate | Goal::DoubleStalemate | Goal::AutoStalemate
        )
    }

    /// The goal that `text` begins with, and the text after it.
    pub(super) fn read(text: &str) -> Option<(Goal, &str)> {
        // The goals of a fixed sign, the two-sign ones before the goal of their first sign.
        let fixed = [
            Goal::MateOrStalemate,
            Goal::DoubleStalemate,
            Goal::AutoStalemate,
            Goal::Castling,
            Goal::EnPassant,
            Goal::Mate,
            Goal::Stalemate,
            Goal::Check,
            Goal::Capture,
            Goal::Any,
            Goal::MaterialGain,
        ];
        if let Some((goal, rest)) = fixed
            .into_iter()
            .find_map(|g| text.strip_prefix(g.sign().as_str()).map(|rest| (g, rest)))
        {
            return Some((goal, rest));
        }
        let rest = text.strip_prefix('z')?;
        let square = rest.get(..2)?.parse().ok()?;
        Some((Goal::Target(square), &rest[2..]))
    }
}

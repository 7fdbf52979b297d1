//! Koeko, AntiKoeko and NewKoeko: where a unit may end its move, judged by its neighbours (as
//! Popeye 4.104 defines them in `conditions/koeko/`).
//!
//! A unit has *contact* on a square when some square a king's step away holds a unit, of either
//! side. After a move (its captures, promotions and castling partner included) the conditions ask:
//!
//! - **Koeko**: every unit that moved has contact where it stands (a castling rook too);
//! - **AntiKoeko**: the unit that moved has no contact where it stands;
//! - **NewKoeko**: the unit that moved has contact where it stands exactly when it had contact
//!   on the square it left, before the move.
//!
//! A check is a capture of a royal unit that would be legal so: the capturer, standing on the
//! royal unit's square with its own square left, is judged as above (Popeye validates an
//! observation by playing it).

/// What a Koeko condition asks of a unit's neighbours once it has moved.
///
/// ```
/// use feerie_oracle::rules::KoekoRule;
/// assert!(KoekoRule::Contact.allows(false, true));
/// assert!(!KoekoRule::NoContact.allows(false, true));
/// assert!(KoekoRule::SameContact.allows(false, false));
/// assert!(!KoekoRule::SameContact.allows(true, false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoekoRule {
    /// Koeko: every unit that moved ends next to a unit.
    Contact,
    /// AntiKoeko: the unit that moved ends next to no unit.
    NoContact,
    /// NewKoeko: the unit that moved ends next to a unit exactly when it started next to one.
    SameContact,
}

impl KoekoRule {
    /// Whether a unit that had contact on its departure square (`before`) and has it where it
    /// ends (`after`) may so end.
    #[inline]
    pub fn allows(self, before: bool, after: bool) -> bool {
        match self {
            KoekoRule::Contact => after,
            KoekoRule::NoContact => !after,
            KoekoRule::SameContact => before == after,
        }
    }

    /// Whether a castling rook is judged as well as the king (Koeko judges every unit that
    /// moved, the other two the unit that made the move).
    #[inline]
    pub fn judges_castling_rook(self) -> bool {
        self == KoekoRule::Contact
    }

    /// Whether the rule reads the departure square's neighbours (NewKoeko).
    #[inline]
    pub fn reads_departure(self) -> bool {
        self == KoekoRule::SameContact
    }
}

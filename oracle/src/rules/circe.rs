//! The Circe family as independent choices (RULES.md §1–4).
//!
//! Every Circe variant answers the same questions: which unit of the capture is reborn (the
//! one taken, or the capturer as in Anticirce), with which walk, where, when, and what an
//! occupied square does. A variant is a value of
//! [`CirceModel`]; engines implement each answer once, so the variants share every piece of
//! code they have in common.

use super::{AnticirceType, Condition, ConditionKind, RebirthOccupied, Rex, Rules};

/// Which unit of a capture is reborn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebornUnit {
    /// The unit taken (Circe and its variants).
    Captured,
    /// The capturer, taken off its arrival square as it stands after the move; the unit taken
    /// is lost (Anticirce).
    Capturer,
}

/// The walk the reborn unit comes back with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthWalk {
    /// Its own walk (Plain Circe, Equipollents, Parrain, Anticirce).
    Own,
    /// The other unit's walk: the capturer's, unless the capturer is royal (Circe Clone).
    Cloned,
    /// Its own walk, changed along Popeye's chameleon sequence: a knight comes back as a
    /// bishop, a bishop as a rook, a rook as a queen, a queen as a knight; every other walk
    /// is kept (Chameleon Circe). The place then reads the walk it comes back with.
    Chameleon,
}

/// How the rebirth square is found, before [`RebirthSide`] and [`RebirthAdapter`] change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthPlace {
    /// The Plain Circe square of the reborn walk, by the colour of the capture square.
    CirceSquare,
    /// The capture file's square of the reborn walk's home rank: the second rank for pawns,
    /// the first for the orthodox pieces, the promotion rank for fairy walks (File Circe).
    FileHome,
    /// The capture square moved by the capturing move's vector (Equipollents).
    CaptureVector,
    /// The capture square moved by the next move's vector (Parrain).
    NextMoveVector,
    /// The capture square turned half a turn about the board's centre (Symmetry Circe: c2
    /// gives f7).
    Symmetry,
    /// The capture square mirrored between the a- and h-files (Vertical Symmetry Circe: c2
    /// gives f2).
    VerticalSymmetry,
    /// The square four files and four ranks away from the capture square, into the board's
    /// other half on each axis (Antipodean Circe: c2 gives g6, f7 gives b3).
    Antipodes,
    /// The square the capturer left (PWC, "Platzwechsel": the two units change places).
    Departure,
    /// Any square empty once the capture is made, the capturer choosing; unless
    /// `rebirth_occupied` is `strict`, also none (Super Circe).
    AnyEmpty,
    /// Any square the reborn unit could reach by a move taking nothing, standing on the
    /// capture square in the capturer's stead, the capturer choosing; a capture with no such
    /// square is illegal (Circe Take&Make).
    Makes,
    /// Any square empty once the capture is made where the reborn unit, standing there, has
    /// no legal move taking nothing (a cage), the capturer choosing; with no cage, none (the
    /// unit is lost), unless `rebirth_occupied` is `strict`: then the capture is illegal (Cage
    /// Circe).
    Cage,
}

impl RebirthPlace {
    /// True when the square is a home square on a fixed file (the king's e-file, the queen's
    /// d-file, the corners by square colour), so that a position mirrored between the a- and
    /// h-files does not play alike. File Circe's home rank keeps the capture file: not it.
    pub fn names_files(self) -> bool {
        matches!(self, RebirthPlace::CirceSquare)
    }
}

/// Which unit's walk and colour name the home square [`RebirthPlace::CirceSquare`] and
/// [`RebirthPlace::FileHome`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelevantUnit {
    /// The unit reborn, with the walk it is reborn with.
    Reborn,
    /// The other unit of the capture: when the unit taken is reborn, the capturer with its
    /// walk once the move is made (Couscous Circe: the unit taken comes back where its
    /// capturer would).
    Other,
}

/// Whose home squares [`RebirthPlace::CirceSquare`] and [`RebirthPlace::FileHome`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthSide {
    /// The reborn unit's own side.
    Own,
    /// The other side's, as if the unit read were of the other colour (Mirror Circe: a white
    /// rook taken on a dark square comes back on h8).
    Mirror,
}

/// A last change of the square found, made whatever found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthAdapter {
    /// None.
    None,
    /// The square turned half a turn about the board's centre (Diametral Circe: a white king
    /// comes back on d8).
    Diametral,
    /// The square mirrored between the a- and h-files (Vertical Mirror Circe: a white queen
    /// comes back on e1).
    VerticalMirror,
}

/// When the captured unit is reborn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RebirthTime {
    /// As part of the capture.
    Immediate,
    /// As part of the next half-move; the unit waits in a reserve meanwhile (Parrain).
    NextMove,
}

/// Which side chooses the walk of a pawn reborn on its promotion rank. Each choice is a
/// separate move record whoever chooses; the side matters to a solver, not to a move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromotionChooser {
    /// The side that made the capture (Equipollents).
    Capturer,
    /// The pawn's own side (Parrain).
    Owner,
}

/// One Circe variant as a combination of choices.
///
/// ```
/// use feerie_oracle::{Condition, Profile, Rules};
/// use feerie_oracle::rules::{RebirthPlace, RebirthTime, RebirthWalk};
/// let clone = Rules::new([Condition::CirceClone], Profile::Documented).unwrap().circe_model().unwrap();
/// assert_eq!(clone.walk, RebirthWalk::Cloned);
/// assert_eq!(clone.place, RebirthPlace::CirceSquare);
/// let parrain = Rules::new([Condition::CirceParrain], Profile::Documented).unwrap().circe_model().unwrap();
/// assert_eq!(parrain.time, RebirthTime::NextMove);
/// assert!(Rules::orthodox().circe_model().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CirceModel {
    /// Which unit.
    pub reborn: RebornUnit,
    /// Which walk.
    pub walk: RebirthWalk,
    /// Which square.
    pub place: RebirthPlace,
    /// Which unit's walk and colour the place reads.
    pub relevant: RelevantUnit,
    /// Whose home squares the place reads.
    pub side: RebirthSide,
    /// The last change of the square found.
    pub adapter: RebirthAdapter,
    /// When.
    pub time: RebirthTime,
    /// An occupied square, for immediate rebirths. A Parrain rebirth on an occupied square is
    /// simply lost, as the source page defines it.
    pub occupied: RebirthOccupied,
    /// Whether royal pieces are reborn (immediate rebirths only).
    pub rex: Rex,
    /// When the capturer is reborn, whether a capture on its own rebirth square stands.
    pub anticirce_type: AnticirceType,
    /// Who chooses the promotion of a pawn reborn on its promotion rank.
    pub chooser: PromotionChooser,
}

impl CirceModel {
    /// The model of a Circe-family condition (its rebirth answers as the registry declares
    /// them) with the switches of `rules`; `None` for the conditions outside the family.
    pub fn of(condition: Condition, rules: &Rules) -> Option<CirceModel> {
        CirceModel::with(
            condition,
            rules.rebirth_occupied(),
            rules.circe_rex(),
            rules.anticirce_type(),
        )
    }

    /// The model of a Circe-family condition with these values of `rebirth_occupied`, of `rex`
    /// as the Circe family reads it and of `anticirce_type`; `None` outside the family.
    pub(super) fn with(
        condition: Condition,
        occupied: RebirthOccupied,
        rex: Rex,
        anticirce_type: AnticirceType,
    ) -> Option<CirceModel> {
        let ConditionKind::Circe {
            reborn,
            walk,
            place,
            relevant,
            side,
            adapter,
            time,
            chooser,
        } = condition.entry().kind
        else {
            return None;
        };
        Some(CirceModel {
            reborn,
            walk,
            place,
            relevant,
            side,
            adapter,
            time,
            occupied,
            rex,
            anticirce_type,
            chooser,
        })
    }

    /// The model of where a unit standing on a square would be reborn if it were taken there,
    /// with its own walk, at once, an occupied square forbidding: the square Mars Circe's
    /// units move from and Geneva chess's capturers need free, read by `place` for `side`'s
    /// home squares; `rex` says whether royal units are read.
    pub(super) fn home_square_reader(place: RebirthPlace, side: RebirthSide, rex: Rex) -> Self {
        CirceModel {
            reborn: RebornUnit::Captured,
            walk: RebirthWalk::Own,
            place,
            relevant: RelevantUnit::Reborn,
            side,
            adapter: RebirthAdapter::None,
            time: RebirthTime::Immediate,
            occupied: RebirthOccupied::Strict,
            rex,
            anticirce_type: AnticirceType::Calvet,
            chooser: PromotionChooser::Capturer,
        }
    }

    /// True when a position and its mirror between the a- and h-files are reborn alike: the
    /// place names no file (a home square names the king's and the queen's; the adapters, a
    /// half turn and a file mirror, both commute with the file mirror).
    ///
    /// ```
    /// use feerie_oracle::{Condition, Profile, Rules};
    /// let model = |c| Rules::new([c], Profile::Documented).unwrap().circe_model().unwrap();
    /// assert!(!model(Condition::Circe).file_symmetric());
    /// assert!(model(Condition::CirceSymmetry).file_symmetric());
    /// assert!(!model(Condition::CirceVerticalMirror).file_symmetric());
    /// ```
    pub fn file_symmetric(&self) -> bool {
        !self.place.names_files()
    }

    /// True when a royal piece can be captured and reborn (the unit taken reborn at once,
    /// `rex: inclusive`).
    pub fn reborn_royals(&self) -> bool {
        self.time == RebirthTime::Immediate
            && self.rex == Rex::Inclusive
            && self.reborn == RebornUnit::Captured
    }

    /// True when a capture on the capturer's own rebirth square is illegal (Anticirce of
    /// Cheylan's type).
    pub fn forbids_capture_on_rebirth_square(&self) -> bool {
        self.reborn == RebornUnit::Capturer && self.anticirce_type == AnticirceType::Cheylan
    }

    /// True when a royal capturer is reborn (Anticirce with `rex: inclusive`, as Popeye reads
    /// Anticirce unless told `RexExclusive`).
    pub fn reborn_royal_capturers(&self) -> bool {
        self.rex == Rex::Inclusive && self.reborn == RebornUnit::Capturer
    }

    /// True when a king may come back to its home square by a rebirth, so that the rooks'
    /// castling rights outlive the king's own (a king reborn on its square regains its right).
    pub fn kings_come_back(&self) -> bool {
        self.reborn_royals() || self.reborn_royal_capturers()
    }

    /// True when the capturer chooses the rebirth square among the empty ones (Super Circe,
    /// Anti-Super Circe, Cage Circe): a capture is one move per square, so that move trees
    /// grow many times faster than under the other variants, and a capture without a rebirth
    /// is no square's fault.
    pub fn rebirth_square_chosen(&self) -> bool {
        matches!(self.place, RebirthPlace::AnyEmpty | RebirthPlace::Cage)
    }

    /// True when whether an attack on a royal unit is a check depends on the rebirth the
    /// capture would bring: the royal unit's own (rex inclusive), or the capturer's, whose
    /// capture may be illegal (Anticirce, under `rebirth_occupied: strict` or of Cheylan's type;
    /// never under Anti-Super Circe, where the square the capturer left is always free).
    pub fn check_reads_rebirth(&self) -> bool {
        self.reborn_royals()
            || (self.reborn == RebornUnit::Capturer
                && self.place != RebirthPlace::AnyEmpty
                && (self.occupied == RebirthOccupied::Strict
                    || self.anticirce_type == AnticirceType::Cheylan))
    }
}

impl Rules {
    /// The Circe variant in force, as a combination of choices.
    pub fn circe_model(&self) -> Option<CirceModel> {
        self.resolve().circe
    }
}

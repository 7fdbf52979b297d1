//! One of Popeye's printed lines in help or series play read back: its moves found among our
//! engine's legal moves along the line, in the part (of a duplex problem) where it replays.

use crate::engines::SearchEngine;
use feerie_oracle::Rules;
use feerie_oracle::notation::popeye_input::Language;
use feerie_oracle::{Engine, MoveRecord, Position, popeye_move};

use crate::external::popeye_output::SolutionMove;
use crate::external::popeye_replay::english_move;
use crate::solve::stipulation::{Play, Stipulation};
use crate::verify::error::VerifyError;
use crate::verify::part::Part;

/// The first of `parts` where one printed line replays: a line's first move is of the side
/// that begins, so at most one of a duplex problem's parts does. A help problem's set play is
/// told from its play by the half-move its lines begin at (`1...` in `h#2`, `1.` in its play),
/// as a neutral unit's move might replay in both.
pub(super) fn replaying_part(
    printed: &[&SolutionMove],
    parts: &[Part],
    rules: &Rules,
    language: Language,
    engine: &dyn SearchEngine,
) -> Result<usize, VerifyError> {
    let first_ply = printed.first().map(|m| m.ply);
    let numbered =
        |part: &Part| !parts.iter().any(|p| p.set_play) || Some(part.first_ply()) == first_ply;
    let mut first_error = None;
    for (i, part) in parts.iter().enumerate().filter(|(_, p)| numbered(p)) {
        match resolve_line(
            printed,
            part.position,
            rules,
            part.stipulation,
            language,
            engine,
        ) {
            Ok(_) => return Ok(i),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| VerifyError::OutputMove {
        text: printed.first().map(|m| m.text.clone()).unwrap_or_default(),
        line: printed.first().map_or(0, |m| m.line),
        why: "the line begins at a half-move where neither the play nor its set play begins".into(),
    }))
}

/// The moves of one printed line, found among our engine's legal moves along the line (the
/// other side passing between series moves).
pub(super) fn resolve_line(
    printed: &[&SolutionMove],
    position: &Position,
    rules: &Rules,
    stipulation: Stipulation,
    language: Language,
    engine: &dyn SearchEngine,
) -> Result<Vec<MoveRecord>, VerifyError> {
    let mut current = position.clone();
    let mut out = Vec::new();
    let series = matches!(
        stipulation.play,
        Play::SeriesHelp | Play::SeriesSelf | Play::SeriesDirect
    );
    for (i, mv) in printed.iter().enumerate() {
        let (record, after) = replay_move(mv, &current, rules, language, engine)?;
        let passes = match printed.get(i + 1) {
            Some(next) if stipulation.intro > 0 || stipulation.parry => {
                intro_side_moves_again(next, &after, rules, language, engine)?
            }
            // In series play the series side's moves are numbered (`2.h4-h3`), the other
            // side's closing move is not: the other side passes before each numbered move but
            // the first.
            next => series && next.is_some_and(|next| next.ply % 2 == 0),
        };
        current = if passes { after.turn_skipped() } else { after };
        out.push(record);
    }
    Ok(out)
}

/// In a line led by an intro series or with parries, whether the printed move `next` after the
/// move that led to `after` is the same side's again (the other side passing), told by which
/// side it replays for: the numbering, which starts again after the intro or not and leaves
/// the parries out, does not tell it alone. A move that replays for both sides (castling,
/// printed without its colour) falls back on the numbering: a numbered move that does not
/// start the count again follows a pass.
fn intro_side_moves_again(
    next: &SolutionMove,
    after: &Position,
    rules: &Rules,
    language: Language,
    engine: &dyn SearchEngine,
) -> Result<bool, VerifyError> {
    let skipped = after.turn_skipped();
    let own = replay_move(next, after, rules, language, engine);
    let again = replay_move(next, &skipped, rules, language, engine);
    match (own, again) {
        (Ok(_), Err(_)) => Ok(false),
        (Err(_), Ok(_)) => Ok(true),
        (Ok(_), Ok(_)) => Ok(next.ply.is_multiple_of(2) && next.ply > 0),
        (Err(e), Err(_)) => Err(e),
    }
}

/// One printed move of Popeye's (in `language`) found among our engine's legal moves from
/// `before`, with the position it leads to; a move we do not find is an error naming it.
pub(super) fn replay_move(
    mv: &SolutionMove,
    before: &Position,
    rules: &Rules,
    language: Language,
    engine: &dyn Engine,
) -> Result<(MoveRecord, Position), VerifyError> {
    let text = match language {
        Language::English => mv.text.clone(),
        Language::German => english_move(&mv.text),
    };
    let legal = engine.legal_moves(before, rules)?;
    let record = popeye_move::resolve(&text, &legal).map_err(|e| VerifyError::OutputMove {
        text: mv.text.clone(),
        line: mv.line,
        why: e.message,
    })?;
    let after = engine.play(before, rules, &record)?;
    Ok((record, after))
}

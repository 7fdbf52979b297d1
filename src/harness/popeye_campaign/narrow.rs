//! A difference with Popeye: found at a position (the moves with their check marks, then the
//! count of sequences), followed down to the first node whose move lists differ, and shrunk
//! there while Popeye still answers otherwise.

use std::collections::BTreeSet;

use feerie_oracle::{Engine, MoveRecord, Position, Validation};

use super::cases::not_for_popeye;
use super::{PopeyeDifference, SHRINK_BUDGET};
use crate::external::popeye::our_listed_moves;
use crate::external::popeye_batch::{ListedMove, PopeyeRunner, Question, Reply};
use crate::harness::error::CampaignError;

/// Where `engine` answers `question` otherwise than Popeye did, at the root.
pub(super) fn differ(
    engine: &dyn Engine,
    question: &Question,
    popeye: &[ListedMove],
    lines: Option<&crate::external::popeye_batch::LineCount>,
) -> Result<Option<PopeyeDifference>, CampaignError> {
    let ours = our_listed_moves(engine, &question.position, &question.rules)?;
    let theirs: BTreeSet<&ListedMove> = popeye.iter().collect();
    let mine: BTreeSet<&ListedMove> = ours.iter().collect();
    let only_popeye: Vec<String> = theirs.difference(&mine).map(|m| m.to_string()).collect();
    let only_ours: Vec<String> = mine.difference(&theirs).map(|m| m.to_string()).collect();
    let mut counts = None;
    if only_popeye.is_empty() && only_ours.is_empty() {
        let Some(lines) = lines else {
            return Ok(None);
        };
        let n = engine.perft(&question.position, &question.rules, lines.depth)?;
        if n == lines.total {
            return Ok(None);
        }
        counts = Some((lines.total, n));
    }
    Ok(Some(PopeyeDifference {
        bucket: String::new(),
        case: 0,
        engine: String::new(),
        rules: question.rules.clone(),
        root: question.position.clone(),
        path: Vec::new(),
        node: question.position.clone(),
        depth: if counts.is_some() { question.depth } else { 1 },
        only_popeye,
        only_ours,
        counts,
        popeye_moves: popeye.to_vec(),
    }))
}

/// Follows a count difference down to a node whose move lists differ (Popeye's count under each
/// first move against the engine's), then shrinks that node while Popeye still answers
/// otherwise.
pub(super) fn follow_and_shrink(
    runner: &PopeyeRunner,
    engine: &dyn Engine,
    mut d: PopeyeDifference,
) -> Result<PopeyeDifference, CampaignError> {
    let rules = d.rules.clone();
    while d.counts.is_some() && d.depth > 1 {
        let question = Question {
            position: d.node.clone(),
            rules: rules.clone(),
            depth: d.depth,
        };
        let Some(Reply::Answered {
            lines: Some(lines), ..
        }) = runner.ask(std::slice::from_ref(&question))?.pop()
        else {
            break;
        };
        let legal = engine.legal_moves(&d.node, &rules)?;
        let mut next: Option<(MoveRecord, Position)> = None;
        for record in &legal {
            let child = engine.play(&d.node, &rules, record)?;
            let ours = engine.perft(&child, &rules, d.depth - 1)?;
            let text = record.notation_without_check();
            let theirs = lines.by_first_move.get(&text).copied().unwrap_or(0);
            if ours != theirs {
                next = Some((record.clone(), child));
                break;
            }
        }
        let Some((record, child)) = next else {
            break;
        };
        if not_for_popeye(&child, &rules).is_some() {
            break;
        }
        let child_question = Question {
            position: child.clone(),
            rules: rules.clone(),
            depth: d.depth - 1,
        };
        let Some(Reply::Answered { moves, lines }) =
            runner.ask(std::slice::from_ref(&child_question))?.pop()
        else {
            break;
        };
        let Some(found) = differ(engine, &child_question, &moves, lines.as_ref())? else {
            break;
        };
        d.path.push(record.notation_without_check());
        d = d.moved_to(found);
    }
    shrink_node(runner, engine, d)
}

/// Takes units, rights, the en passant square and the reserve away from the node while Popeye
/// and the engine still differ there.
fn shrink_node(
    runner: &PopeyeRunner,
    engine: &dyn Engine,
    mut d: PopeyeDifference,
) -> Result<PopeyeDifference, CampaignError> {
    let mut asked = 0;
    'outer: while asked < SHRINK_BUDGET {
        let candidates: Vec<Position> = crate::harness::shrink::smaller(d.node.setup())
            .into_iter()
            .filter_map(|s| Position::new(s, Validation::Strict).ok())
            .filter(|p| not_for_popeye(p, &d.rules).is_none())
            .collect();
        if candidates.is_empty() {
            break;
        }
        asked += candidates.len();
        let questions: Vec<Question> = candidates
            .iter()
            .map(|p| Question {
                position: p.clone(),
                rules: d.rules.clone(),
                depth: d.depth,
            })
            .collect();
        let replies = runner.ask(&questions)?;
        for (question, reply) in questions.iter().zip(&replies) {
            if let Reply::Answered { moves, lines } = reply
                && let Some(found) = differ(engine, question, moves, lines.as_ref())?
            {
                d = d.moved_to(found);
                continue 'outer;
            }
        }
        break;
    }
    Ok(d)
}

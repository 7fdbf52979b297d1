//! Popeye's tree of a direct or self play twin read back as [`TreeLine`]s in our notation, so
//! that it compares line by line (each line with its path) with the tree we build: keys,
//! tries and their refutations, threats, zugzwang, variations and set play.

use feerie_oracle::notation::popeye_input::Language;
use feerie_oracle::{Engine, Position, Rules};

use crate::external::popeye_output::{Chunk, OutputTwin, SolutionMove, refutes_line};
use crate::external::popeye_replay::english_line;
use crate::solve::layout::move_text;
use crate::solve::stipulation::Goal;
use crate::solve::tree_layout::{POST_KEY_PATH, REFUTES, TreeLine, attack_indent, defence_indent};
use crate::verify::error::VerifyError;

/// One move of Popeye's tree on the way down: its half-move, the position after it, its text
/// in our notation, and whether a threat follows it.
struct Open {
    ply: usize,
    after: Position,
    text: String,
    threat: bool,
}

/// Whether the printed line ends with one of `words` (English or German).
fn ends_with_any(raw: &str, words: &[&str]) -> bool {
    let raw = raw.trim_end();
    words.iter().any(|w| raw.ends_with(w))
}

/// The head of the play after the key, as we write it, if `raw` (a line of Popeye's, trimmed)
/// is one: the key's check, threat or zugzwang.
pub(super) fn post_key_head(raw: &str) -> Option<&'static str> {
    match raw {
        "+" => Some("+"),
        "threat:" | "Drohung:" => Some("threat:"),
        "zugzwang." | "Zugzwang." => Some("zugzwang."),
        _ => None,
    }
}

/// Popeye's tree of one twin as our lines, or why a line does not replay (a move our engine
/// does not allow, or a line with nothing above it). With `post_key` (Popeye's option
/// PostKeyPlay) the tree is the play after the key: its head, and the defences that refute
/// (`refutes.` under them).
#[allow(clippy::too_many_arguments)]
pub fn popeye_tree(
    twin: &OutputTwin,
    position: &Position,
    rules: &Rules,
    goal: Goal,
    language: Language,
    chunk: &Chunk,
    engine: &dyn Engine,
    post_key: bool,
) -> Result<Vec<TreeLine>, VerifyError> {
    let mut out: Vec<TreeLine> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut set_play = false;
    let mut but_written = false;
    let label = if post_key { POST_KEY_PATH } else { "set play" };
    let moves: Vec<&SolutionMove> = twin.segments.iter().flatten().collect();
    // The play after the key is headed by a line of its own, above its first move.
    let mut threat_above = false;
    if post_key {
        let head = match moves.first() {
            Some(first) => (1..first.line)
                .rev()
                .map(|n| chunk.raw(n).unwrap_or("").trim())
                .find(|l| !l.is_empty())
                .and_then(post_key_head),
            // No move shown: the head is the twin's only line (a defender with no move), which
            // Popeye may print just under the stipulation (the key's check, `+`).
            None if chunk.twins.len() == 1 => {
                let heads: Vec<_> = (chunk.text.iter())
                    .filter_map(|l| post_key_head(l.trim()))
                    .collect();
                heads.first().copied().filter(|_| heads.len() == 1)
            }
            None => None,
        };
        if let Some(head) = head {
            threat_above = head == "threat:";
            out.push(TreeLine {
                indent: 1,
                text: head.into(),
                path: vec![label.into()],
            });
        }
    }
    for mv in moves {
        let raw = chunk.raw(mv.line).unwrap_or("");
        let p = mv.ply;
        let threat = ends_with_any(raw, &["threat:", "Drohung:"]);
        let zugzwang = ends_with_any(raw, &["zugzwang.", "Zugzwang."]);
        // Whether Popeye marks the move as reaching the goal: the marks that tell are those
        // of the goals but `+` (a check is marked `+` whether or not it is the goal `+`; `~`,
        // `ep` and `00` have none); `#` is written for a mate that reaches the goal only,
        // another mate (a defence that mates the attacker) being marked `+`.
        let reached = goal != Goal::Check
            && !goal.marker().is_empty()
            && raw.split_whitespace().any(|w| w == goal.marker());
        let refutation = p == 1 && ends_with_any(raw, &["!"]);
        if p == 0 {
            open.clear();
            set_play = false;
            but_written = false;
        } else if refutation {
            open.truncate(1);
        } else {
            while open.last().is_some_and(|o| o.ply >= p) {
                open.pop();
            }
        }
        let before = match open.last() {
            None if p == 0 => position.clone(),
            // The play after the key: the defender is to move in the case's position.
            None if p == 1 && post_key => {
                set_play = true;
                position.clone()
            }
            // Set play: the defender begins in the diagram (a Parrain rebirth still waits).
            None if p == 1 => {
                set_play = true;
                position.other_side_begins()
            }
            Some(o) if o.ply + 1 == p => o.after.clone(),
            Some(o) if o.ply + 2 == p && o.threat => o.after.passed(),
            // The threat of the play after the key: the attacker to move in the diagram.
            None if p == 2 && threat_above => {
                set_play = true;
                position.passed()
            }
            _ => {
                return Err(VerifyError::NothingAbove {
                    text: mv.text.clone(),
                    line: mv.line,
                });
            }
        };
        let (record, after) = super::replay::replay_move(mv, &before, rules, language, engine)?;
        let shown = move_text(&record, goal, reached);
        let mut path: Vec<String> = Vec::new();
        if set_play {
            path.push(label.into());
        }
        path.extend(open.iter().map(|o| o.text.clone()));
        let (indent, line_text) = if p % 2 == 0 {
            let n = p / 2 + 1;
            let mark = if p != 0 {
                ""
            } else if raw.split_whitespace().any(|w| w == "?!?") {
                " ?!?"
            } else if raw.split_whitespace().any(|w| w == "?") {
                " ?"
            } else {
                " !"
            };
            let suffix = if threat {
                " threat:"
            } else if zugzwang {
                " zugzwang."
            } else {
                ""
            };
            (attack_indent(n), format!("{n}.{shown}{mark}{suffix}"))
        } else if refutation {
            if !but_written {
                out.push(TreeLine {
                    indent: 4,
                    text: "but".into(),
                    path: path.clone(),
                });
                but_written = true;
            }
            (defence_indent(1), format!("1...{shown} !"))
        } else {
            let n = p.div_ceil(2);
            (defence_indent(n), format!("{n}...{shown}"))
        };
        // The line is compared as Popeye printed it, every token of it: where its marks or
        // words are not those of the move it replays as, it is a line we do not print.
        let as_printed = english_line(raw, language);
        let refutes_below = post_key
            && p == 1
            && chunk
                .raw(mv.line + 1)
                .is_some_and(|l| refutes_line(l.trim()));
        let below = refutes_below.then(|| {
            let mut below = path.clone();
            below.push(line_text.clone());
            below
        });
        out.push(TreeLine {
            indent,
            text: if as_printed == line_text {
                line_text.clone()
            } else {
                as_printed
            },
            path,
        });
        // A defence that refutes has no answer below it to open.
        if let Some(below) = below {
            out.push(TreeLine {
                indent: indent + 2,
                text: REFUTES.into(),
                path: below,
            });
            continue;
        }
        if !refutation {
            open.push(Open {
                ply: p,
                after,
                text: line_text,
                threat,
            });
        }
    }
    Ok(out)
}

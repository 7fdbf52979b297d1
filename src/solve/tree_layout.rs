//! Trees of direct and self play written as Popeye writes them:
//!
//! ```text
//!    1.Qd1-f3 ! threat:
//!           2.Qf3-f8 #
//!       1...a7-a5
//!           2.Rh1-h7 threat:
//!                   3.Qf3*b7 #
//!    1.Rb1-b8 + ?
//!     but
//!       1...Ka8*b8 !
//! ```
//!
//! The attacker's n-th move is indented by 8n-6 spaces (the key by 3), the defender's by 8n-2,
//! `but` by 4. Each line also carries its path (the lines above it in the tree), so that two
//! trees can be compared line by line whatever the order of the moves.

use super::layout::move_text;
use super::stipulation::Goal;

use super::tree::{Attack, DefenceNode, KeyTree, Threat, Tree};

/// One printed line of a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeLine {
    /// Spaces before the text.
    pub indent: usize,
    /// The text: `2.Rh1-h7 threat:`, `1...a7-a5`, `but`, `1...Ka8*b8 !`.
    pub text: String,
    /// The texts of the lines above it in the tree, the first move first.
    pub path: Vec<String>,
}

impl TreeLine {
    /// The line as printed.
    pub fn printed(&self) -> String {
        format!("{:width$}{}", "", self.text, width = self.indent)
    }

    /// The line with its path, for comparisons: `1.Qd1-f3 ! / 1...a7-a5 / 2.Rh1-h7 threat:`.
    pub fn with_path(&self) -> String {
        let mut parts: Vec<&str> = self.path.iter().map(String::as_str).collect();
        parts.push(&self.text);
        parts.join(" / ")
    }
}

/// The indentation of the attacker's `n`-th move.
pub fn attack_indent(n: usize) -> usize {
    if n == 1 { 3 } else { 8 * n - 6 }
}

/// The indentation of the defender's `n`-th move.
pub fn defence_indent(n: usize) -> usize {
    8 * n - 2
}

/// What a threat adds to the line of the move before it.
fn threat_suffix(node: &Option<DefenceNode>) -> &'static str {
    match node.as_ref().map(|n| &n.threat) {
        Some(Threat::Moves { .. }) => " threat:",
        Some(Threat::Zugzwang) => " zugzwang.",
        _ => "",
    }
}

struct Writer {
    goal: Goal,
    lines: Vec<TreeLine>,
    path: Vec<String>,
}

impl Writer {
    fn push(&mut self, indent: usize, text: String) {
        self.lines.push(TreeLine {
            indent,
            text,
            path: self.path.clone(),
        });
    }

    /// An attacking move numbered `n`, `mark` after it at the root (` !`, ` ?`), then what
    /// follows it.
    fn attack(&mut self, attack: &Attack, n: usize, mark: &str) {
        let text = format!(
            "{n}.{}{mark}{}",
            move_text(&attack.mv, self.goal, attack.goal),
            threat_suffix(&attack.node)
        );
        self.push(attack_indent(n), text.clone());
        if let Some(node) = &attack.node {
            self.path.push(text);
            self.node(node, n);
            self.path.pop();
        }
    }

    /// A defender's turn after the attacker's `n`-th move (or, in set play, `n` = 1 before
    /// any): the threat, then each variation.
    fn node(&mut self, node: &DefenceNode, n: usize) {
        if let Threat::Moves { moves, .. } = &node.threat {
            for threat in moves {
                self.attack(threat, n + 1, "");
            }
        }
        for v in &node.variations {
            let text = format!("{n}...{}", move_text(&v.defence, self.goal, v.goal));
            self.push(defence_indent(n), text.clone());
            self.path.push(text);
            // A defence with no answer that is not the goal refutes (the play after the key).
            if v.answers.is_empty() && !v.goal {
                self.push(defence_indent(n) + 2, REFUTES.into());
            }
            for answer in &v.answers {
                self.attack(answer, n + 1, "");
            }
            self.path.pop();
        }
    }

    fn key(&mut self, key: &KeyTree) {
        let mark = if key.refutations.is_empty() {
            " !"
        } else {
            " ?"
        };
        self.attack(&key.attack, 1, mark);
        if !key.refutations.is_empty() {
            // The key's line is the first of its block.
            let key_text = self.lines[0].text.clone();
            self.path.push(key_text);
            self.push(4, "but".into());
            for r in &key.refutations {
                self.push(
                    defence_indent(1),
                    format!("1...{} !", move_text(&r.defence, self.goal, r.goal)),
                );
            }
            self.path.pop();
        }
    }
}

/// What Popeye writes under a defence of the play after the key that refutes it.
pub const REFUTES: &str = "refutes.";

/// The path of the lines of the play after the key, as of the set play.
pub const POST_KEY_PATH: &str = "post-key play";

/// The lines of a tree in blocks, as Popeye separates them by blank lines: the set play
/// first (when asked), then one block per key or try, the moves that reach `goal` marked as
/// Popeye marks them ([`move_text`]).
pub fn tree_blocks(tree: &Tree, goal: Goal) -> Vec<Vec<TreeLine>> {
    let mut blocks = Vec::new();
    if let Some(set) = &tree.set_play {
        let mut w = Writer {
            goal,
            lines: Vec::new(),
            path: vec!["set play".into()],
        };
        w.node(set, 1);
        blocks.push(w.lines);
    }
    if let Some(post_key) = &tree.post_key {
        let mut w = Writer {
            goal,
            lines: Vec::new(),
            path: vec![POST_KEY_PATH.into()],
        };
        // Popeye heads the play with what it would write after the key: its check, or the
        // threat or zugzwang.
        let head = match &post_key.node.threat {
            _ if post_key.in_check => Some("+"),
            Threat::Moves { .. } => Some("threat:"),
            Threat::Zugzwang => Some("zugzwang."),
            Threat::NotSought => None,
        };
        if let Some(head) = head {
            w.push(1, head.into());
        }
        w.node(&post_key.node, 1);
        if !w.lines.is_empty() {
            blocks.push(w.lines);
        }
    }
    for key in &tree.keys {
        let mut w = Writer {
            goal,
            lines: Vec::new(),
            path: Vec::new(),
        };
        w.key(key);
        blocks.push(w.lines);
    }
    // Reflex play: the moves that bind the attacker in the diagram, marked `?!?`.
    for mv in &tree.bound {
        blocks.push(vec![TreeLine {
            indent: attack_indent(1),
            text: format!("1.{} ?!?", move_text(mv, goal, true)),
            path: Vec::new(),
        }]);
    }
    blocks
}

/// The whole tree as printed: each block after a blank line, and a blank line at the end.
pub fn tree_text(tree: &Tree, goal: Goal) -> Vec<String> {
    let mut out = Vec::new();
    for block in tree_blocks(tree, goal) {
        out.push(String::new());
        out.extend(block.iter().map(TreeLine::printed));
    }
    out.push(String::new());
    out
}

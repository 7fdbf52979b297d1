//! A twin's solutions as Popeye prints them, read word by word: each move with the half-move it
//! is played at (from its number, or following the move before it), its check or mate mark, and
//! the segments that Popeye's measurement lines separate.

use super::popeye_output_words::{is_move, split_number};

/// The solutions of one twin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputTwin {
    /// `a`, `b`, … or empty.
    pub label: String,
    /// The solutions, in segments separated by Popeye's measurement lines (a duplex problem's
    /// second segment is played with the other side starting).
    pub segments: Vec<Vec<SolutionMove>>,
    /// Popeye's refusal of this twin (`problem ignored`, with the complaint printed before it).
    pub refused: Option<String>,
    /// The lines `but` (`Aber`) before a try's refutations (1-based).
    pub buts: Vec<usize>,
    /// Moves printed but not kept in `segments`: handed on as the chunk was read.
    pub digested: usize,
    /// Lines of text between the previous twin's solutions and this twin's label (1-based
    /// line, text): Popeye prints a remark given after a `twin` command there, so each must be
    /// one of the input's texts.
    pub remarks: Vec<(usize, String)>,
}

impl OutputTwin {
    /// How many moves its solutions print.
    pub fn move_count(&self) -> usize {
        self.segments.iter().map(Vec::len).sum::<usize>() + self.digested
    }

    /// The last `n` moves read, taken out (in their order) and counted as handed on; the
    /// segments stay, emptied.
    pub(super) fn take_last(&mut self, n: usize) -> Vec<SolutionMove> {
        let mut out = Vec::with_capacity(n);
        for segment in self.segments.iter_mut().rev() {
            while out.len() < n {
                match segment.pop() {
                    Some(m) => out.push(m),
                    None => break,
                }
            }
            if out.len() == n {
                break;
            }
        }
        out.reverse();
        self.digested += out.len();
        out
    }
}

/// One move of a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionMove {
    /// Half-move from the diagram, 0 for the starting side's first move.
    pub ply: usize,
    /// The move as printed (`Sd4*b3`, `e5*d6 ep.`, `b7-b8=D[+wBe8=D]`), without mark.
    pub text: String,
    /// `+` or `#` when printed after the move.
    pub mark: Option<char>,
    /// 1-based line in the output.
    pub line: usize,
}

/// The reading state inside one segment: the half-move of the last move.
#[derive(Default)]
pub(super) struct Tokens {
    last_ply: Option<usize>,
}

impl Tokens {
    pub(super) fn read(&mut self, word: &str, line: usize, twin: &mut OutputTwin) {
        let numbered = split_number(word);
        let (ply, text) = match numbered {
            Some((ply, rest)) => (Some(ply), rest),
            None => (None, word),
        };
        if let Some(ply) = ply {
            if twin.segments.is_empty() || self.last_ply.is_none() {
                twin.segments.push(Vec::new());
            }
            self.last_ply = Some(ply);
            if text.is_empty() {
                // `1...` alone: the move is the next word; remember its half-move.
                self.last_ply = Some(ply.wrapping_sub(1));
                return;
            }
            push(twin, ply, text, line);
            return;
        }
        let Some(last) = self.last_ply else {
            return; // text before the first move: titles, remarks
        };
        match text {
            "+" | "#" => {
                if let Some(m) = twin.segments.last_mut().and_then(|s| s.last_mut())
                    && m.mark.is_none()
                {
                    m.mark = text.chars().next();
                }
            }
            // `ep.` and what follows it without a space (`ep.[+bPd7]`, `ep.=PP`) belong to
            // the capture before it.
            _ if text.starts_with("ep.") => {
                if let Some(m) = twin.segments.last_mut().and_then(|s| s.last_mut()) {
                    m.text.push(' ');
                    m.text.push_str(text);
                }
            }
            _ if is_move(text) => {
                let ply = last.wrapping_add(1);
                self.last_ply = Some(ply);
                push(twin, ply, text, line);
            }
            _ => {}
        }
    }
}

fn push(twin: &mut OutputTwin, ply: usize, text: &str, line: usize) {
    if twin.segments.is_empty() {
        twin.segments.push(Vec::new());
    }
    twin.segments
        .last_mut()
        .expect("a segment")
        .push(SolutionMove {
            ply,
            // Popeye writes the imitators in its own order; feerie a1 first.
            text: feerie_oracle::popeye_move::canonical_imitators(text).into_owned(),
            mark: None,
            line,
        });
}

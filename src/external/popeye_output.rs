//! Reading Popeye's output: the problems' chunks (each ends with `solution finished.`, followed
//! by the time in a stock run, `Loesung beendet.` in German, or `Partial solution`), the
//! diagram of each, its twins' labels, and the solution moves with the half-move each is
//! played at.
//!
//! Move numbers give the half-move: `3.` is the starting side's third move (half-move 4, counting
//! from 0), `3...` the other side's; a move without number follows the previous one. A gap (a
//! threat line, set play, series play) is a side passing. Words that are not moves (`!`, `?`,
//! `threat:`, `zugzwang.`, `but`, marks other than `+` and `#`) are skipped; `+` and `#` belong to
//! the move before them.

use std::ops::ControlFlow;

use feerie_oracle::Square;

use super::popeye_output_diagram::{BORDER, diagrams};
use super::popeye_output_source::OutputSource;
use super::popeye_output_twin::Tokens;
pub use super::popeye_output_twin::{OutputTwin, SolutionMove};
use super::popeye_output_words::{
    FINISHED, IGNORED, INTERRUPTED, KING_CAPTURABLE, PARTIAL, SOLUTION_WORDS, UNDECIDABLE,
    known_among_solutions, measurement, number_without_move, progress, solution_like, twin_label,
};
pub use super::popeye_output_words::{NOT_APPLICABLE, is_move, refutes_line};
use crate::limits::LimitError;

/// The output of one problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunk {
    /// 1-based line of the chunk's first line.
    pub line: usize,
    /// The diagram as printed: each occupied square with `w`, `b` or `n` (neutral), in square
    /// order; the units of both diagrams of an `a=>b` problem together; `None` when the
    /// problem was printed without board.
    pub board: Option<Vec<(Square, char)>>,
    /// The twins in order; one unlabelled twin when the problem has none.
    pub twins: Vec<OutputTwin>,
    /// Whether a solution limit cut the solving short (`Partial solution`).
    pub partial: bool,
    /// Whether Popeye stopped before the end (`solving interrupted.`: its `maxtime` ran out, or
    /// a signal): the solutions printed are only some of them.
    pub interrupted: bool,
    /// Lines Popeye does not print where they stand (1-based line, text): a move with its
    /// number above the solutions (in the title or the header), a line of solution words
    /// without a move (`zugzwang.`, `!`, `#` alone), a move number with no move (`  1.`), a
    /// measurement line with more on it, and any line of text among a twin's solutions that
    /// is neither a solution line nor one Popeye prints there (a progress or measurement line,
    /// `refutes.`, a null move, the next twin's remark before its label).
    pub stray: Vec<(usize, String)>,
    /// How many times Popeye said that the side to play can capture the king: once per twin
    /// it refused so. Its standard error carries it, merged into the output by the caller, so
    /// where it lands among the twins is not known (an unbuffered stream may print it first).
    pub king_capturable: usize,
    /// How many of its lines end with Popeye's remark that it cannot decide whether the move is
    /// legal (Ohneschach, where its recursion stopped): such a line is no verdict on the move.
    pub undecidable: usize,
    /// 1-based line of the line that ends it (`solution finished.`, …).
    pub end: usize,
    /// Its lines (from [`Chunk::line`], up to the one before its end) when it is held whole;
    /// empty when it is [`Chunk::streamed`].
    pub text: Vec<String>,
    /// Whether its solution moves were handed on, line by line, instead of kept ([`read`]):
    /// its twins keep no moves, only how many they printed.
    pub streamed: bool,
}

impl Chunk {
    /// The output's line `number` (1-based), when the chunk holds it.
    pub fn raw(&self, number: usize) -> Option<&str> {
        number
            .checked_sub(self.line)
            .and_then(|i| self.text.get(i))
            .map(String::as_str)
    }
}

/// How a problem's output ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    Finished,
    Partial,
    Interrupted,
}

/// Whether `line` ends a problem's output, and how.
fn end_of_problem(line: &str) -> Option<End> {
    let line = line.trim().to_ascii_lowercase();
    let starts = |words: &[&str]| words.iter().any(|f| line.starts_with(f));
    if starts(&FINISHED) {
        Some(End::Finished)
    } else if starts(&PARTIAL) {
        Some(End::Partial)
    } else if starts(&INTERRUPTED) {
        Some(End::Interrupted)
    } else {
        None
    }
}

/// Splits an output into chunks and reads each.
///
/// ```
/// let out = "\n  #1   2 + 1\n\n   1.Qf2-e2[+wBf4] # !\n\n  add_to_move_generation_stack: 83\n\nsolution finished.\n";
/// let chunks = feerie::external::popeye_output::parse(out);
/// assert_eq!(chunks.len(), 1);
/// let m = &chunks[0].twins[0].segments[0][0];
/// assert_eq!((m.ply, m.text.as_str(), m.mark), (0, "Qf2-e2[+wBf4]", Some('#')));
/// ```
pub fn parse(text: &str) -> Vec<Chunk> {
    // A text in memory always reads.
    read(&OutputSource::Text(text), usize::MAX, &mut |_| {})
        .map(|parsed| parsed.chunks)
        .unwrap_or_default()
}

/// What [`read`] found in an output.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The problems' chunks, in order.
    pub chunks: Vec<Chunk>,
    /// The first line after the last problem's end that is not blank (1-based line, text):
    /// Popeye prints nothing there.
    pub trailing: Option<Line>,
}

/// A line of the output: its 1-based number and its text.
pub type Line = (usize, String);

/// One line of solution moves of a streamed chunk, handed to [`read`]'s sink instead of kept.
pub struct StreamedLine<'a> {
    /// The chunk's index (from 0).
    pub chunk: usize,
    /// The twin's index in the chunk (from 0).
    pub twin: usize,
    /// 1-based line in the output.
    pub line: usize,
    /// The line as printed.
    pub raw: &'a str,
    /// Its moves, as [`parse`] would have kept them.
    pub moves: Vec<SolutionMove>,
}

/// Where one chunk stands in the output, from a first reading: its lines, how it ends, and
/// where its diagram and solutions begin.
#[derive(Clone, Copy, Debug)]
struct Span {
    /// 1-based first line.
    start: usize,
    /// 1-based line of its end (`solution finished.`, …).
    end: usize,
    /// How it ends.
    kind: End,
    /// The last two diagram borders (0-based in the chunk).
    borders: Option<(usize, usize)>,
    /// Where the solutions begin (0-based in the chunk).
    body: usize,
}

/// Reads an output from `source` in two passes and with memory bounded by `hold`: a chunk of
/// at most `hold` lines is kept whole, as [`parse`] keeps it (its lines in [`Chunk::text`]);
/// a longer one keeps everything but its solution moves, which go to `sink` one printed line
/// at a time ([`Chunk::streamed`], its twins counting them in [`OutputTwin::digested`]).
pub fn read(
    source: &OutputSource,
    hold: usize,
    sink: &mut dyn FnMut(StreamedLine),
) -> Result<Parsed, LimitError> {
    let (spans, trailing) = spans(source)?;
    let mut chunks = Vec::with_capacity(spans.len());
    let mut spans_left = spans.iter();
    let mut current = spans_left.next();
    let mut held: Vec<String> = Vec::new();
    let mut reader: Option<ChunkReader> = None;
    source.each_line(1, &mut |number, line| {
        let Some(span) = current else {
            return ControlFlow::Break(());
        };
        if number == span.end {
            let mut chunk = match reader.take() {
                Some(r) => r.finish(),
                None => {
                    let lines: Vec<&str> = held.iter().map(String::as_str).collect();
                    let mut chunk = parse_chunk(&lines, span.start);
                    chunk.text = std::mem::take(&mut held);
                    chunk
                }
            };
            chunk.end = span.end;
            chunk.partial = span.kind == End::Partial;
            chunk.interrupted = span.kind == End::Interrupted;
            chunks.push(chunk);
            held.clear();
            current = spans_left.next();
            return ControlFlow::Continue(());
        }
        let index = number - span.start;
        if span.end - span.start <= hold || index < span.body {
            held.push(line.to_string());
            return ControlFlow::Continue(());
        }
        let r = reader.get_or_insert_with(|| {
            let header: Vec<&str> = held.iter().map(String::as_str).collect();
            let mut r = ChunkReader::new(&header, span.start, span.borders);
            r.chunk.streamed = true;
            held.clear();
            r
        });
        r.body_line(
            number,
            line,
            Some(&mut |twin, raw, moves| {
                sink(StreamedLine {
                    chunk: chunks.len(),
                    twin,
                    line: number,
                    raw,
                    moves,
                })
            }),
        );
        ControlFlow::Continue(())
    })?;
    Ok(Parsed { chunks, trailing })
}

/// The chunk that `chunk` (read by [`read`], streamed) is, read again whole from `source`:
/// its moves and lines kept, as [`parse`] keeps them.
pub fn reread_whole(source: &OutputSource, chunk: &Chunk) -> Result<Chunk, LimitError> {
    let mut lines = Vec::new();
    source.each_line(chunk.line, &mut |number, line| {
        if number >= chunk.end {
            return ControlFlow::Break(());
        }
        lines.push(line.to_string());
        ControlFlow::Continue(())
    })?;
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let mut whole = parse_chunk(&refs, chunk.line);
    whole.text = lines;
    whole.end = chunk.end;
    whole.partial = chunk.partial;
    whole.interrupted = chunk.interrupted;
    Ok(whole)
}

/// The solution lines of `chunk` (read by [`read`], streamed) read again from `source`, each
/// handed to `sink` as [`read`] handed it.
pub fn reread_streamed(
    source: &OutputSource,
    index: usize,
    chunk: &Chunk,
    sink: &mut dyn FnMut(StreamedLine),
) -> Result<(), LimitError> {
    let mut span = None;
    let (spans, _) = spans(source)?;
    if let Some(s) = spans.iter().find(|s| s.start == chunk.line) {
        span = Some(*s);
    }
    let Some(span) = span else {
        return Err(LimitError::Unread(format!(
            "Popeye's output changed while it was read (no section from line {} now)",
            chunk.line
        )));
    };
    let mut held: Vec<String> = Vec::new();
    let mut reader: Option<ChunkReader> = None;
    source.each_line(span.start, &mut |number, line| {
        if number >= span.end {
            return ControlFlow::Break(());
        }
        if number - span.start < span.body {
            held.push(line.to_string());
            return ControlFlow::Continue(());
        }
        let r = reader.get_or_insert_with(|| {
            let header: Vec<&str> = held.iter().map(String::as_str).collect();
            ChunkReader::new(&header, span.start, span.borders)
        });
        r.body_line(
            number,
            line,
            Some(&mut |twin, raw, moves| {
                sink(StreamedLine {
                    chunk: index,
                    twin,
                    line: number,
                    raw,
                    moves,
                })
            }),
        );
        ControlFlow::Continue(())
    })
}

/// The first reading: where each chunk stands, and the first line after the last one's end
/// that is not blank.
fn spans(source: &OutputSource) -> Result<(Vec<Span>, Option<Line>), LimitError> {
    let mut spans = Vec::new();
    let mut trailing = None;
    let mut start = 1;
    let (mut top, mut bottom, mut body) = (None::<usize>, None::<usize>, None::<usize>);
    source.each_line(1, &mut |number, line| {
        if let Some(kind) = end_of_problem(line) {
            let borders = top.zip(bottom);
            let len = number - start;
            spans.push(Span {
                start,
                end: number,
                kind,
                borders,
                body: if borders.is_some() {
                    body.unwrap_or(len)
                } else {
                    0
                },
            });
            start = number + 1;
            (top, bottom, body) = (None, None, None);
            trailing = None;
            return ControlFlow::Continue(());
        }
        let index = number - start;
        if line.starts_with(BORDER) {
            (top, bottom, body) = (bottom, Some(index), None);
        } else if let Some(b) = bottom
            && body.is_none()
            && index >= b + 2
            && line.trim().is_empty()
        {
            body = Some(index);
        }
        if trailing.is_none() && !line.trim().is_empty() {
            trailing = Some((number, line.trim().to_string()));
        }
        ControlFlow::Continue(())
    })?;
    Ok((spans, trailing))
}

fn parse_chunk(lines: &[&str], first_line: usize) -> Chunk {
    let borders: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with(BORDER))
        .collect();
    let (border_pair, body_start) = match borders.as_slice() {
        [.., top, bottom] => (
            Some((*top, *bottom)),
            // The stipulation line and the conditions follow the board, up to a blank line.
            skip_header(lines, bottom + 1),
        ),
        _ => (None, 0),
    };
    let body_start = body_start.min(lines.len());
    let mut reader = ChunkReader::new(&lines[..body_start], first_line, border_pair);
    for (i, line) in lines.iter().enumerate().skip(body_start) {
        reader.body_line(first_line + i, line, None);
    }
    reader.finish()
}

/// Where a solution line's moves go when they are not kept: the twin's index, the line as
/// printed, its moves.
type LineSink<'a> = &'a mut dyn FnMut(usize, &str, Vec<SolutionMove>);

/// The reading of one chunk's solutions, a line at a time.
struct ChunkReader {
    chunk: Chunk,
    state: Tokens,
    /// The lines of words since the last twin label or move: Popeye's complaint when `problem
    /// ignored` follows. Other lines of words (a remark, the twin's conditions, progress
    /// lines) say nothing about the solutions, which are compared as printed.
    complaint: Vec<String>,
    /// Lines of text after a twin's solutions have begun (1-based line, text): a remark of
    /// the next twin when its label follows (Popeye prints a twin's remark before its label),
    /// else stray text among the solutions.
    pending: Vec<(usize, String)>,
}

impl ChunkReader {
    /// The chunk as its lines above the solutions (`header`) show it: its diagram (there when
    /// `borders` are) and the lines there that read as solution text.
    fn new(header: &[&str], first_line: usize, borders: Option<(usize, usize)>) -> ChunkReader {
        let board = borders.map(|_| diagrams(header));
        let mut chunk = Chunk {
            line: first_line,
            board,
            twins: vec![OutputTwin::default()],
            ..Chunk::default()
        };
        // Above the solutions (the title, the diagram, the stipulation and conditions) no line
        // is a solution line (a remark may name a move among its words).
        for (i, line) in header.iter().enumerate() {
            if solution_like(line) {
                chunk.stray.push((first_line + i, line.trim().to_string()));
            }
        }
        ChunkReader {
            chunk,
            state: Tokens::default(),
            complaint: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// The chunk read: text left after the last twin's solutions, with no twin label after
    /// it, is stray.
    fn finish(mut self) -> Chunk {
        self.chunk.stray.append(&mut self.pending);
        self.chunk
    }

    /// One line below the header; with `sink`, the moves it prints are handed there and not
    /// kept.
    fn body_line(&mut self, number: usize, line: &str, sink: Option<LineSink>) {
        let chunk = &mut self.chunk;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return;
        }
        if KING_CAPTURABLE
            .iter()
            .any(|words| trimmed.starts_with(words))
        {
            chunk.king_capturable += 1;
            return;
        }
        if UNDECIDABLE.iter().any(|words| trimmed.ends_with(words)) {
            chunk.undecidable += 1;
        }
        if let Some(label) = twin_label(line) {
            let twins = &mut chunk.twins;
            self.complaint.clear();
            self.complaint
                .extend(self.pending.iter().map(|(_, text)| text.clone()));
            let remarks = std::mem::take(&mut self.pending);
            if twins.len() == 1
                && twins[0].segments.is_empty()
                && twins[0].digested == 0
                && twins[0].label.is_empty()
            {
                twins[0].label = label;
            } else {
                twins.push(OutputTwin {
                    label,
                    remarks,
                    ..OutputTwin::default()
                });
            }
            self.state = Tokens::default();
            return;
        }
        if let Some(name) = measurement(trimmed) {
            if name == "add_to_move_generation_stack" {
                self.state = Tokens::default();
            }
            return;
        }
        let index = chunk.twins.len() - 1;
        let twin = chunk.twins.last_mut().expect("one twin at least");
        if IGNORED.contains(&trimmed.to_ascii_lowercase().as_str()) {
            twin.refused = Some(if self.complaint.is_empty() {
                trimmed.to_string()
            } else {
                self.complaint.join("; ")
            });
            self.complaint.clear();
            return;
        }
        // A move-number line (`option movenumbers`: `14  (Td2-d8 +    Time = 0.017 s)`) names
        // a move tried, not one played: its words are not read as moves, nor its `+` as the
        // check mark of the last move printed.
        if progress(trimmed) {
            return;
        }
        let before = twin.move_count();
        for word in line.split_whitespace() {
            self.state.read(word, number, twin);
        }
        let added = twin.move_count() - before;
        if added > 0 {
            self.complaint.clear();
            chunk.stray.append(&mut self.pending);
            if let Some(sink) = sink {
                let moves = twin.take_last(added);
                sink(index, line, moves);
            }
        } else if matches!(trimmed, "but" | "Aber") {
            twin.buts.push(number);
        } else if number_without_move(trimmed)
            || !progress(trimmed)
                && !known_among_solutions(trimmed)
                && trimmed
                    .split_whitespace()
                    .any(|w| SOLUTION_WORDS.contains(&w))
        {
            chunk.stray.push((number, trimmed.to_string()));
        } else if twin.move_count() > 0 && !known_among_solutions(trimmed) {
            // Once a twin's solutions have begun, every line is a solution line or one of the
            // few others Popeye prints there, until the next twin's label and its remark.
            self.pending.push((number, trimmed.to_string()));
        } else {
            self.complaint.push(trimmed.to_string());
        }
    }
}

fn skip_header(lines: &[&str], from: usize) -> usize {
    let mut i = from + 1;
    while i < lines.len() && !lines[i].trim().is_empty() {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANY: &str = include_str!("../../tests/data/verify/many_h2.out");

    /// The moves a chunk keeps, over its twins (not those it handed on).
    fn kept(chunk: &Chunk) -> usize {
        chunk
            .twins
            .iter()
            .flat_map(|t| &t.segments)
            .map(Vec::len)
            .sum()
    }

    /// Under the bound a section is held whole and nothing is streamed; over it, the same
    /// section keeps no move and hands each of its solution lines, with their moves, to the
    /// sink: what the digests of `popeye verify` are made of.
    #[test]
    fn a_section_over_the_bound_is_streamed_line_by_line() {
        let source = OutputSource::Text(MANY);
        let mut handed = 0;
        let held = read(&source, usize::MAX, &mut |_| handed += 1).unwrap();
        assert_eq!(handed, 0);
        assert!(!held.chunks[0].streamed);
        let moves = kept(&held.chunks[0]);
        assert!(moves > 0);

        let (mut lines, mut streamed_moves) = (Vec::new(), 0);
        let streamed = read(&source, 0, &mut |l| {
            streamed_moves += l.moves.len();
            lines.push(l.raw.to_string());
        })
        .unwrap();
        let chunk = &streamed.chunks[0];
        assert!(chunk.streamed);
        assert_eq!(kept(chunk), 0);
        assert_eq!(streamed_moves, moves);
        let digested: usize = chunk.twins.iter().map(|t| t.digested).sum();
        assert_eq!(digested, moves);
        let solution_lines = MANY.lines().filter(|l| l.starts_with("  1.")).count();
        assert_eq!(lines.len(), solution_lines);
        assert!(lines.iter().all(|l| l.starts_with("  1.")));
    }

    /// A move-number line's check mark is not given to the move printed before it: the try's
    /// refutation `1...b4-b3 !` stays without a mark although `14  (Td2-d8 +  …)` follows.
    #[test]
    fn a_move_number_line_marks_no_move() {
        let text = [
            "",
            "  #2                         6 + 11",
            "",
            "  3  (Ra1*d1    Time = 0.008 s)",
            "   1.Ra1*d1 ? threat:",
            "          2.Rd2-d8 #",
            "    but",
            "      1...b4-b3 !",
            "",
            " 14  (Rd2-d8 +    Time = 0.017 s)",
            " 15  (Rd2-d7    Time = 0.019 s)",
            "",
            "solution finished.",
        ]
        .join("\n");
        let chunk = parse(&text).remove(0);
        let moves: Vec<(usize, &str, Option<char>)> = chunk.twins[0]
            .segments
            .iter()
            .flatten()
            .map(|m| (m.ply, m.text.as_str(), m.mark))
            .collect();
        assert_eq!(
            moves,
            [
                (0, "Ra1*d1", None),
                (2, "Rd2-d8", Some('#')),
                (1, "b4-b3", None)
            ]
        );
    }

    /// Text between a twin's solutions and the next twin's label is kept as that twin's
    /// remark; text among the solutions, or after the last twin's, is stray.
    #[test]
    fn text_among_solutions_is_stray_and_before_a_label_a_remark() {
        let section = |extra_at: usize, extra: &str| {
            let mut lines = vec![
                "a) ",
                "",
                "  1.Rd4*d5=P Be6*f7=P   2.d5-d4 f7*g8=B #",
                "  1.Rd4*d5=P Be6*f7=P   2.d5-d4 f7*g8=Q #",
                "",
                "b) ProteanChess  ",
                "",
                "  1.Rd3*d2=PP Rb5*b3=PP   2.PPd2-d3 PPb3*c2=R #",
                "",
            ];
            lines.insert(extra_at, extra);
            let text = lines.join("\n") + "\nsolution finished.\n";
            parse(&text).remove(0)
        };
        let remark = section(5, "Dit is een grote test");
        assert!(remark.stray.is_empty(), "{:?}", remark.stray);
        assert_eq!(
            remark.twins[1].remarks,
            vec![(6, "Dit is een grote test".to_string())]
        );
        for at in [3, 8, 9] {
            let stray = section(at, "Popeye was here");
            assert_eq!(
                stray.stray,
                vec![(at + 1, "Popeye was here".to_string())],
                "at {at}"
            );
        }
        let progress = section(3, "33  (Kh4-g5 + )");
        assert!(progress.stray.is_empty(), "{:?}", progress.stray);
        // Intelligent mode's count, timed when Popeye runs without -regression: its `=` is
        // no stalemate mark.
        for count in [
            "657 moegliche Stellungen in 2+2",
            "0 potential positions in 1+1  (Time = 0.023 s)",
        ] {
            let counted = section(3, count);
            assert!(counted.stray.is_empty(), "{:?}", counted.stray);
        }
        let stalemate = section(3, "0 potential positions = 1+1");
        assert_eq!(stalemate.stray.len(), 1, "{:?}", stalemate.stray);
    }
}

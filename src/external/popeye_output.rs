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

use super::popeye_output_source::OutputSource;
use crate::limits::LimitError;

/// The output of one problem.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chunk {
    /// 1-based line of the chunk's first line.
    pub line: usize,
    /// The diagram as printed: each occupied square with `w`, `b` or `n` (neutral); `None`
    /// when the problem was printed without board.
    pub board: Option<Vec<(Square, char)>>,
    /// The twins in order; one unlabelled twin when the problem has none.
    pub twins: Vec<OutputTwin>,
    /// Whether a solution limit cut the solving short (`Partial solution`).
    pub partial: bool,
    /// Whether Popeye stopped before the end (`solving interrupted.`: its `maxtime` ran out, or
    /// a signal): the solutions printed are only some of them.
    pub interrupted: bool,
    /// Lines that read as solution text where Popeye prints none (1-based line, text): a move
    /// with its number above the solutions (in the title or the header), a line of solution
    /// words without a move (`zugzwang.`, `!`, `#` alone), a measurement line with more on it.
    pub stray: Vec<(usize, String)>,
    /// How many times Popeye said that the side to play can capture the king: once per twin
    /// it refused so. Its standard error carries it, merged into the output by the caller, so
    /// where it lands among the twins is not known (an unbuffered stream may print it first).
    pub king_capturable: usize,
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
}

impl OutputTwin {
    /// How many moves its solutions print.
    pub fn move_count(&self) -> usize {
        self.segments.iter().map(Vec::len).sum::<usize>() + self.digested
    }

    /// The last `n` moves read, taken out (in their order) and counted as handed on; the
    /// segments stay, emptied.
    fn take_last(&mut self, n: usize) -> Vec<SolutionMove> {
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

/// How a problem's output ends (lower case, the start of the line): a stock run adds the time
/// (`solution finished. Time = 0.009 s`), `-regression` prints the bare words; a solution limit
/// (`option maxsolutions`) ends it as partial.
const FINISHED: [&str; 2] = ["solution finished.", "loesung beendet."];
const PARTIAL: [&str; 2] = ["partial solution", "partielle loesung"];
const INTERRUPTED: [&str; 2] = ["solving interrupted.", "bearbeitung abgebrochen."];
/// The line after Popeye's complaint about a problem or twin it does not solve.
const IGNORED: [&str; 2] = ["problem ignored", "problem uebersprungen"];

/// Popeye's complaint that the side to play can capture the king, in its three languages
/// (`output/message.c`); its measurement lines may follow on the same line.
const KING_CAPTURABLE: [&str; 3] = [
    "the side to play can capture the king",
    "Die am Zug befindliche Partei kann den Koenig schlagen",
    "le camp au trait peut prendre le roi",
];

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
                Some(r) => r.chunk,
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

/// The first line of a diagram's border.
const BORDER: &str = "+---a---b";

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
    reader.chunk
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
}

impl ChunkReader {
    /// The chunk as its lines above the solutions (`header`) show it: its diagram (between
    /// `borders`) and the lines there that read as solution text.
    fn new(header: &[&str], first_line: usize, borders: Option<(usize, usize)>) -> ChunkReader {
        let board = borders
            .and_then(|(top, bottom)| header.get(top + 1..bottom))
            .map(read_board);
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
        }
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
        if let Some(label) = twin_label(line) {
            let twins = &mut chunk.twins;
            self.complaint.clear();
            if twins.len() == 1
                && twins[0].segments.is_empty()
                && twins[0].digested == 0
                && twins[0].label.is_empty()
            {
                twins[0].label = label;
            } else {
                twins.push(OutputTwin {
                    label,
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
        let before = twin.move_count();
        for word in line.split_whitespace() {
            self.state.read(word, number, twin);
        }
        let added = twin.move_count() - before;
        if added > 0 {
            self.complaint.clear();
            if let Some(sink) = sink {
                let moves = twin.take_last(added);
                sink(index, line, moves);
            }
        } else if matches!(trimmed, "but" | "Aber") {
            twin.buts.push(number);
        } else if !progress(trimmed)
            && trimmed
                .split_whitespace()
                .any(|w| SOLUTION_WORDS.contains(&w))
        {
            chunk.stray.push((number, trimmed.to_string()));
        } else {
            self.complaint.push(trimmed.to_string());
        }
    }
}

/// Words that stand only in solution lines, after a move (`x`, `z`, `%`, `#=`, `==` and `!=`
/// are goal markers: capture, target square, material gain, mate or stalemate, double and
/// auto-stalemate).
const SOLUTION_WORDS: [&str; 16] = [
    "threat:",
    "zugzwang.",
    "Drohung:",
    "Zugzwang.",
    "!",
    "?",
    "#",
    "+",
    "=",
    "ep.",
    "x",
    "z",
    "%",
    "#=",
    "==",
    "!=",
];

/// A measurement line's name (`add_to_move_generation_stack:      120043`): a name of letters
/// and underscores, a colon, a number, nothing else.
fn measurement(trimmed: &str) -> Option<&str> {
    let (name, count) = trimmed.split_once(':')?;
    (!name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
        && !count.trim().is_empty()
        && count.trim().chars().all(|c| c.is_ascii_digit()))
    .then_some(name)
}

/// Whether a word is a move with its number (`1.Qd1-d8`, `2...Ka8-b7`).
fn numbered_move(word: &str) -> bool {
    split_number(word).is_some_and(|(_, rest)| is_move(rest))
}

/// Whether a line is made of solution text only (moves, move numbers, marks and Popeye's
/// words around them) with a numbered move among it.
fn solution_like(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().any(|w| numbered_move(w))
        && words.iter().all(|w| {
            numbered_move(w)
                || is_move(w)
                || SOLUTION_WORDS.contains(w)
                || w.starts_with("ep.")
                || split_number(w).is_some_and(|(_, rest)| rest.is_empty())
        })
}

/// Popeye's progress line under `option movenumbers` (`33  (Kh4-g5 + )`): a number, then a
/// move in brackets.
fn progress(trimmed: &str) -> bool {
    let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && trimmed[digits..].trim_start().starts_with('(') && trimmed.ends_with(')')
}

fn skip_header(lines: &[&str], from: usize) -> usize {
    let mut i = from + 1;
    while i < lines.len() && !lines[i].trim().is_empty() {
        i += 1;
    }
    i
}

/// `a) …`, `+c) …` for a twin continued from the previous one, and `z1) …`, `z2) …` after `z)`.
fn twin_label(line: &str) -> Option<String> {
    let line = line.strip_prefix('+').unwrap_or(line);
    let (label, _) = line.split_once(')')?;
    let mut chars = label.chars();
    let letter = chars.next()?;
    (letter.is_ascii_lowercase() && chars.all(|c| c.is_ascii_digit())).then(|| label.to_string())
}

fn read_board(rows: &[&str]) -> Vec<(Square, char)> {
    let mut units = Vec::new();
    for row in rows {
        let mut chars = row.chars();
        let Some(rank) = chars.next().and_then(|c| c.to_digit(10)) else {
            continue;
        };
        let cells: Vec<char> = row.chars().skip(1).collect();
        for file in 0..8u8 {
            let cell: String = cells
                .iter()
                .skip(file as usize * 4)
                .take(4)
                .collect::<String>()
                .trim()
                .to_string();
            if cell.is_empty() || cell == "." {
                continue;
            }
            let colour = match cell.chars().next() {
                Some('-') => 'b',
                Some('=') => 'n',
                _ => 'w',
            };
            let sq: Square = format!("{}{}", (b'a' + file) as char, rank)
                .parse()
                .expect("a square");
            units.push((sq, colour));
        }
    }
    units.sort();
    units
}

/// The reading state inside one segment: the half-move of the last move.
#[derive(Default)]
struct Tokens {
    last_ply: Option<usize>,
}

impl Tokens {
    fn read(&mut self, word: &str, line: usize, twin: &mut OutputTwin) {
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
            text: text.to_string(),
            mark: None,
            line,
        });
}

/// `12.Kc5-c6` → (22, "Kc5-c6"); `3...` → (5, "").
fn split_number(word: &str) -> Option<(usize, &str)> {
    let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let n: usize = word[..digits].parse().ok()?;
    let rest = &word[digits..];
    if n == 0 {
        return None;
    }
    if let Some(after) = rest.strip_prefix("...") {
        Some((2 * (n - 1) + 1, after))
    } else if let Some(after) = rest.strip_prefix('.') {
        // `1.-` in a title is not a move number: a move starts with a letter or 0-0.
        (after.is_empty() || is_move(after)).then_some((2 * (n - 1), after))
    } else {
        None
    }
}

/// A move starts with a letter (or `[` for Popeye's prefixed effects) and names a square, or is
/// a castling; progress lines such as `(Kg3-g4 )` are not moves.
pub fn is_move(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with("0-0")
        || b.first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'[')
            && b.windows(2)
                .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
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
}

//! A difference between the engines' solutions made small and written down: things taken
//! away from the position while the engines still differ, then a scenario that fails until they
//! agree.

use crate::engines::SearchEngine;
use feerie_oracle::{Position, Rules, Setup, Square, Status, Validation, fen};

use super::super::report::{quote, rules_yaml};
use super::{Answers, SolvingFound, answer};
use crate::solve::stipulation::Stipulation;

/// The position with one thing less (a non-royal unit, the reserve, a castling right or the en
/// passant right) for each thing it has, among those the constructor accepts.
fn smaller(position: &Position) -> Vec<Position> {
    let setup = position.setup();
    let mut out = Vec::new();
    let mut try_setup = |s: Setup| {
        if let Ok(p) = Position::new(s, Validation::Strict) {
            out.push(p);
        }
    };
    for (square, piece) in setup.board.pieces() {
        if !piece.royal {
            let mut s = setup.clone();
            s.board.set(square, None);
            s.en_passant = None;
            try_setup(s);
        }
    }
    if setup.reserve.is_some() {
        let mut s = setup.clone();
        s.reserve = None;
        try_setup(s);
    }
    if setup.en_passant.is_some() {
        let mut s = setup.clone();
        s.en_passant = None;
        try_setup(s);
    }
    for rook in [Square::A1, Square::H1, Square::A8, Square::H8] {
        if setup.castling.contains(rook) {
            let mut s = setup.clone();
            s.castling.remove(rook);
            try_setup(s);
        }
    }
    out
}

/// Takes things away from `position` while the engines still answer `stipulation` differently,
/// and returns the smallest position reached with both answers there.
pub(super) fn shrink_solving(
    a: &dyn SearchEngine,
    b: &dyn SearchEngine,
    rules: &Rules,
    stipulation: Stipulation,
    position: Position,
    answers: Answers,
) -> (Position, Answers) {
    let (mut position, mut answers) = (position, answers);
    'smaller: loop {
        for candidate in smaller(&position) {
            let here = (
                answer(a, &candidate, rules, stipulation),
                answer(b, &candidate, rules, stipulation),
            );
            if here.0 != here.1 {
                position = candidate;
                answers = here;
                continue 'smaller;
            }
        }
        return (position, answers);
    }
}

/// The reproducer of a difference: a scenario with the stipulation, whose expected solutions
/// are the first engine's (the specification, when it is the reference engine).
pub(super) fn reproducer(a: &dyn SearchEngine, found: &SolvingFound, origin: &str) -> String {
    let [(first, first_answer), (second, _)] = &found.answers;
    let mut y = format!(
        "name: {}\n",
        quote(&format!(
            "Divergence (solutions): {first} and {second} solve {} differently under {}",
            found.stipulation, found.rules
        ))
    );
    y += &format!("source: {}\n", quote(origin));
    y += &format!(
        "note: {}\n",
        quote(&format!(
            "Written by the solving campaign. The expected solutions are the {first} engine's; the {second} engine answered otherwise."
        ))
    );
    y += &rules_yaml(&found.rules);
    y += &format!(
        "position: {{ fen: {} }}\n",
        quote(&fen::write(found.position.setup()))
    );
    y += &format!("stipulation: {}\n", quote(&found.stipulation));
    match first_answer {
        Ok(lines) => {
            y += "expect:\n  solutions:";
            if lines.is_empty() {
                y += " []\n";
            } else {
                y += "\n";
                for line in lines {
                    y += &format!("    - {}\n", quote(line));
                }
            }
        }
        // No solution list to expect: the scenario still compares the engines' solutions,
        // and expects the position's status.
        Err(_) => {
            let status = match a.status(&found.position, &found.rules) {
                Ok(Status::Normal) => "normal",
                Ok(Status::Check) => "check",
                Ok(Status::Checkmate) => "checkmate",
                Ok(Status::Stalemate) => "stalemate",
                Err(_) => "normal",
            };
            y += &format!("expect: {{ status: {status} }}\n");
        }
    }
    y
}

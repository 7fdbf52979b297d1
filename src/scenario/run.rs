//! Checking a scenario with an engine.

use feerie_oracle::popeye_move::{self, MoveText};
use feerie_oracle::{Engine, EngineError, MoveRecord, Position, Rules, fen};

use super::{Expect, LoadError, Scenario};

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The scenario's file.
    pub file: String,
    /// The scenario's name.
    pub scenario: String,
    /// The rules of the failing case (the base rules or an interpretation).
    pub rules: String,
    /// Which expectation: `moves`, `include`, `perft 3`, `after Sf5*d4`…
    pub expectation: String,
    /// What the scenario expects, one item per line.
    pub expected: Vec<String>,
    /// What the engine answered, one item per line.
    pub actual: Vec<String>,
}

/// The result of one scenario: how many expectations were checked, and those that failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Expectations checked.
    pub checked: usize,
    /// Expectations that failed.
    pub failures: Vec<Failure>,
}

/// Checks every case of a scenario (its `expect:` and each interpretation) with `engine`.
pub fn run(scenario: &Scenario, engine: &dyn Engine) -> Result<Outcome, LoadError> {
    let base = scenario.base_rules()?;
    let mut cases: Vec<(Rules, &Expect)> = Vec::new();
    if let Some(e) = &scenario.expect {
        cases.push((base.clone(), e));
    }
    for i in &scenario.interpretations {
        cases.push((
            scenario.interpretation_rules(&base, i.profile.as_deref(), &i.set)?,
            &i.expect,
        ));
    }
    let mut outcome = Outcome::default();
    for (rules, expect) in cases {
        let mut case = Case {
            scenario,
            engine,
            rules: &rules,
            outcome: &mut outcome,
        };
        case.run(expect)?;
    }
    Ok(outcome)
}

/// The rules of each case of a scenario (its own, then each interpretation's), with the
/// position reached after its `play` moves under those rules; `None` when a move cannot be
/// played (the expectations report why).
pub fn case_positions(
    scenario: &Scenario,
    engine: &dyn Engine,
) -> Result<Vec<(Rules, Option<Position>)>, LoadError> {
    let base = scenario.base_rules()?;
    let mut all = vec![base.clone()];
    for i in &scenario.interpretations {
        all.push(scenario.interpretation_rules(&base, i.profile.as_deref(), &i.set)?);
    }
    let start = scenario.position()?;
    let mut out = Vec::new();
    for rules in all {
        let mut position = Some(start.clone());
        for text in &scenario.play {
            position = position.and_then(|p| {
                let legal = engine.legal_moves(&p, &rules).ok()?;
                let mv = popeye_move::resolve(text, &legal).ok()?;
                engine.play(&p, &rules, &mv).ok()
            });
        }
        out.push((rules, position));
    }
    Ok(out)
}

struct Case<'a> {
    scenario: &'a Scenario,
    engine: &'a dyn Engine,
    rules: &'a Rules,
    outcome: &'a mut Outcome,
}

impl Case<'_> {
    fn fail(&mut self, expectation: String, expected: Vec<String>, actual: Vec<String>) {
        self.outcome.failures.push(Failure {
            file: self.scenario.file.clone(),
            scenario: self.scenario.name.clone(),
            rules: self.rules.to_string(),
            expectation,
            expected,
            actual,
        });
    }

    fn engine_failed(&mut self, expectation: String, e: EngineError) {
        self.fail(
            expectation,
            vec!["an answer".into()],
            vec![format!("engine error: {e}")],
        );
    }

    fn run(&mut self, expect: &Expect) -> Result<(), LoadError> {
        let mut position = self.scenario.position()?;
        for text in &self.scenario.play {
            self.outcome.checked += 1;
            match self.play(&position, text) {
                Ok(next) => position = next,
                Err(actual) => {
                    self.fail(format!("play {text}"), vec![text.clone()], actual);
                    return Ok(());
                }
            }
        }
        let legal = match self.engine.legal_moves(&position, self.rules) {
            Ok(moves) => moves,
            Err(e) => {
                self.outcome.checked += 1;
                self.engine_failed("legal moves".into(), e);
                return Ok(());
            }
        };
        self.check_moves(expect, &legal)?;
        self.check_perft(expect, &position);
        self.check_after(expect, &position, &legal)?;
        self.check_status(expect, &position);
        Ok(())
    }

    /// Plays a move given as text; the error lists the legal moves.
    fn play(&self, position: &Position, text: &str) -> Result<Position, Vec<String>> {
        let legal = self
            .engine
            .legal_moves(position, self.rules)
            .map_err(|e| vec![format!("engine error: {e}")])?;
        let mv = popeye_move::resolve(text, &legal).map_err(|e| {
            let mut lines = vec![format!("{e}; the legal moves are:")];
            lines.extend(legal.iter().map(|m| m.to_string()));
            lines
        })?;
        self.engine
            .play(position, self.rules, &mv)
            .map_err(|e| vec![format!("engine error: {e}")])
    }

    fn check_moves(&mut self, expect: &Expect, legal: &[MoveRecord]) -> Result<(), LoadError> {
        if let Some(list) = &expect.moves {
            self.outcome.checked += 1;
            let mut expected = Vec::new();
            for text in list {
                expected.push(self.scenario.move_text(text)?.to_string());
            }
            expected.sort();
            let mut actual: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            actual.sort();
            if expected != actual {
                self.fail("moves (the exact list)".into(), expected, actual);
            }
        }
        if !expect.include.is_empty() {
            self.outcome.checked += 1;
            let mut missing = Vec::new();
            for text in &expect.include {
                let parsed = self.scenario.move_text(text)?;
                if !legal.iter().any(|m| parsed.matches(m)) {
                    missing.push(text.clone());
                }
            }
            if !missing.is_empty() {
                let mut actual: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
                actual.sort();
                self.fail(
                    format!("include (not legal: {})", missing.join(", ")),
                    expect.include.clone(),
                    actual,
                );
            }
        }
        if !expect.exclude.is_empty() {
            self.outcome.checked += 1;
            let mut present = Vec::new();
            for text in &expect.exclude {
                let parsed = self.scenario.move_text(text)?;
                present.extend(
                    legal
                        .iter()
                        .filter(|m| parsed.matches(m))
                        .map(|m| m.to_string()),
                );
            }
            if !present.is_empty() {
                self.fail(
                    format!("exclude (legal: {})", present.join(", ")),
                    Vec::new(),
                    present,
                );
            }
        }
        Ok(())
    }

    fn check_perft(&mut self, expect: &Expect, position: &Position) {
        for (&depth, &count) in &expect.perft {
            self.outcome.checked += 1;
            match self.engine.perft(position, self.rules, depth) {
                Ok(n) if n == count => {}
                Ok(n) => self.fail(
                    format!("perft {depth}"),
                    vec![count.to_string()],
                    vec![n.to_string()],
                ),
                Err(e) => self.engine_failed(format!("perft {depth}"), e),
            }
        }
    }

    fn check_after(
        &mut self,
        expect: &Expect,
        position: &Position,
        legal: &[MoveRecord],
    ) -> Result<(), LoadError> {
        for after in &expect.after {
            self.outcome.checked += 1;
            let label = format!("after {}", after.mv);
            let parsed: MoveText = self.scenario.move_text(&after.mv)?;
            let found: Vec<&MoveRecord> = legal.iter().filter(|m| parsed.matches(m)).collect();
            let [mv] = found.as_slice() else {
                let why = if found.is_empty() {
                    "not a legal move"
                } else {
                    "names several legal moves"
                };
                self.fail(label, vec![after.mv.clone()], vec![why.into()]);
                continue;
            };
            let expected = fen::parse_setup(&after.fen)
                .map_err(|e| self.scenario.error(Some(&after.fen), e.to_string()))?;
            match self.engine.play(position, self.rules, mv) {
                Ok(next) => {
                    let (want, got) = (without_clocks(&expected), without_clocks(next.setup()));
                    if want != got {
                        self.fail(label, vec![want], vec![got]);
                    }
                }
                Err(e) => self.engine_failed(label, e),
            }
        }
        Ok(())
    }

    fn check_status(&mut self, expect: &Expect, position: &Position) {
        if let Some(status) = &expect.status {
            self.outcome.checked += 1;
            match self.engine.status(position, self.rules) {
                Ok(s) if s.to_string() == *status => {}
                Ok(s) => self.fail("status".into(), vec![status.clone()], vec![s.to_string()]),
                Err(e) => self.engine_failed("status".into(), e),
            }
        }
    }
}

/// A FEN without its move clocks, which scenarios do not track.
fn without_clocks(setup: &feerie_oracle::Setup) -> String {
    let text = fen::write(setup);
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut kept: Vec<&str> = fields.iter().take(4).copied().collect();
    kept.extend(fields.iter().skip(6));
    kept.join(" ")
}

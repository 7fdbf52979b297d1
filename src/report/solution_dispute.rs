//! The HTML report of a solution dispute (`feerie dispute --stipulation … --report FILE.html`,
//! or `--solve` with `--popeye`): a section per case where the readings' solutions differ or
//! a reading could not solve, with the position drawn and the solutions only under each side.

use super::html::{board, list, page, section, squares_of};
use super::json::SolutionDisputeDocument;
use super::markup::escape;

/// The report of a solution dispute.
pub fn solution_dispute_report(doc: &SolutionDisputeDocument) -> String {
    let mut summary = vec![
        ("source".to_string(), doc.source.clone()),
        ("engine".to_string(), doc.engine.clone()),
        ("readings".to_string(), doc.readings.join(", ")),
    ];
    for case in &doc.cases {
        let counts: Vec<String> = case
            .readings
            .iter()
            .map(|r| match &r.solutions {
                Some(s) => format!("{}: {} solution(s)", r.reading, s.len()),
                None => format!("{}: not solved", r.reading),
            })
            .collect();
        summary.push((case.name.clone(), counts.join(", ")));
    }
    let sections: Vec<String> = doc
        .cases
        .iter()
        .filter(|case| case.differs || case.readings.iter().any(|r| r.error.is_some()))
        .map(|case| {
            let first = case.readings.first().map_or("", |r| r.reading.as_str());
            let mut facts = vec![(
                "stipulation".to_string(),
                format!(
                    "<code>{}</code>",
                    escape(case.stipulation.as_deref().unwrap_or("—"))
                ),
            )];
            let mut differing = Vec::new();
            for r in &case.readings {
                if let Some(error) = &r.error {
                    facts.push((format!("not solved under {}", r.reading), escape(error)));
                } else if r.reading != first
                    && (!r.only_first.is_empty() || !r.only_this.is_empty())
                {
                    facts.push((
                        format!("only under {first} (not {})", r.reading),
                        format!("<span class=\"only\">{}</span>", list(&r.only_first)),
                    ));
                    facts.push((
                        format!("only under {}", r.reading),
                        format!("<span class=\"only\">{}</span>", list(&r.only_this)),
                    ));
                    differing.extend(r.only_first.iter().chain(&r.only_this).cloned());
                }
            }
            let diagrams = match &case.fen {
                Some(fen) => vec![(
                    format!("the position ({fen})"),
                    board(fen, &squares_of(&differing)),
                )],
                None => Vec::new(),
            };
            section(&case.name, &diagrams, &facts, None)
        })
        .collect();
    let verdict = match doc.exit_code {
        0 => (true, "the readings agree"),
        1 => (false, "the readings differ"),
        _ => (false, "a case was not solved"),
    };
    page("feerie dispute (solutions)", verdict, &summary, &sections)
}

//! Reports for people and programs: the JSON documents of `--format json` ([`json`]), the
//! position diagrams ([`svg`]), the self-contained HTML report of `--report` ([`html`]), and
//! the safe writing of a report's file ([`target`]), JUnit files ([`junit`]) and the escaping
//! of text in all three markups ([`markup`]).

pub mod campaign;
pub mod compare;
pub mod coverage;
pub mod error;
mod figures;
pub mod html;
pub mod json;
pub mod junit;
pub mod markup;
pub mod solution_dispute;
pub mod svg;
pub mod target;
pub mod verify;

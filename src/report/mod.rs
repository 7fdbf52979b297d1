//! Reports for people and programs: the JSON documents of `--format json` ([`json`]), the
//! position diagrams ([`svg`]) and the self-contained HTML report of `--report` ([`html`]).

pub mod compare;
pub mod error;
pub mod html;
pub mod json;
pub mod svg;
pub mod verify;

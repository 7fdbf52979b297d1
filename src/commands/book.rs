//! `feerie book`: the rules book's generated parts (the disputes chapter, the examples of the
//! rule chapters) made again from the switch registry and the scenarios, and written where they
//! changed; with `--check`, nothing is written and a stale page fails the run.

use std::path::PathBuf;

use clap::Args;

use crate::book;
use crate::error::Error;
use crate::outln;

/// The flags of `feerie book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The repository's root, which holds docs/book and scenarios.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// Write nothing: name each page that is out of date and exit 1 if there is one.
    #[arg(long)]
    check: bool,
}

/// `feerie book`: exit 0 when the book is (or now is) up to date, 1 with `--check` when a page
/// is stale, 2 when it cannot be made.
pub fn run(args: BookArgs) -> Result<i32, Error> {
    let fail = |e: book::BookError| Error::Usage(e.to_string());
    if !args.root.join(book::SOURCE).is_dir() {
        return Err(Error::Usage(format!(
            "{}: no {} here (give --root, the repository's root)",
            args.root.display(),
            book::SOURCE
        )));
    }
    if args.check {
        let stale = book::stale(&args.root).map_err(fail)?;
        for path in &stale {
            outln!(
                "stale: {} (run `feerie book` to make it again)",
                path.display()
            );
        }
        if stale.is_empty() {
            outln!("the book's generated parts are up to date");
            return Ok(0);
        }
        return Ok(1);
    }
    let written = book::write(&args.root).map_err(fail)?;
    for path in &written {
        outln!("wrote {}", path.display());
    }
    outln!("{} page(s) written, the others up to date", written.len());
    Ok(0)
}

//! The `feerie` command line.

use std::sync::atomic::{AtomicU8, Ordering};

/// What standard output was when the process started (see
/// [`feerie::output::stdout_unwritable`]): 0 writable, 1 closed, 2 open for reading only.
static STDOUT_AT_START: AtomicU8 = AtomicU8::new(0);

/// Looks at standard output before the Rust runtime replaces a closed one with `/dev/null`:
/// run by the C library's start-up, as every `.init_array` entry is, before `main`.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    let state = match feerie::output::stdout_unwritable() {
        None => 0,
        Some(feerie::output::STDOUT_CLOSED) => 1,
        Some(_) => 2,
    };
    STDOUT_AT_START.store(state, Ordering::Relaxed);
}

fn main() {
    let unwritable = match STDOUT_AT_START.load(Ordering::Relaxed) {
        0 => feerie::output::stdout_unwritable(),
        1 => Some(feerie::output::STDOUT_CLOSED),
        _ => Some(feerie::output::STDOUT_READ_ONLY),
    };
    if let Some(why) = unwritable {
        eprintln!("error: cannot write to standard output: {why}");
        std::process::exit(2);
    }
    // The commands write through `feerie::output`; this net catches a `println!` that a write
    // error would make panic anywhere else (a library's, a worker thread's), so that a closed
    // pipe or a full disk never ends in a panic message.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(reason) = message.strip_prefix("failed printing to stdout: ") {
            if reason.contains("Broken pipe") {
                std::process::exit(0);
            }
            eprintln!("error: cannot write to standard output: {reason}");
            std::process::exit(2);
        }
        if message.starts_with("failed printing to stderr") {
            // Nowhere to say anything: end as bad environment, without a panic.
            std::process::exit(2);
        }
        default_hook(info);
    }));
    let code = feerie::cli::run(std::env::args_os());
    feerie::output::flush();
    std::process::exit(code);
}

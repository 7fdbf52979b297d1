//! The `feerie` command line.

fn main() {
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

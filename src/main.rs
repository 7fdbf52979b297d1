//! The `feerie` command line.

fn main() {
    std::process::exit(feerie::cli::run(std::env::args_os()));
}

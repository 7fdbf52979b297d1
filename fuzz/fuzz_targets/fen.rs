//! Fuzz target `fen`: a thin wrapper over `feerie::harness::targets::fen_target`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    feerie::harness::targets::fen_target(data);
});

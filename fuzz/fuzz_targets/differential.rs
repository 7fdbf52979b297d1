//! Fuzz target `differential`: a thin wrapper over `feerie::harness::targets::differential_target`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    feerie::harness::targets::differential_target(data);
});

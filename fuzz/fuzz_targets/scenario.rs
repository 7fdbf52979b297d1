//! Fuzz target `scenario`: a thin wrapper over `feerie::harness::targets::scenario_target`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    feerie::harness::targets::scenario_target(data);
});

//! Fuzz target `popeye_input`: a thin wrapper over `feerie::harness::targets::popeye_input_target`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    feerie::harness::targets::popeye_input_target(data);
});

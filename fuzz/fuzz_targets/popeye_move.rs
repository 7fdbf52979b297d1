//! Fuzz target `popeye_move`: a thin wrapper over `feerie::harness::targets::popeye_move_target`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    feerie::harness::targets::popeye_move_target(data);
});

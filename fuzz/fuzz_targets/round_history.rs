//! Fuzz target `round_history`: see `harness::round_history`. Must never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::round_history(data));

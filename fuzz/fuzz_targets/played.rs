//! Fuzz target `played`: see `harness::played`. Must never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::played(data));

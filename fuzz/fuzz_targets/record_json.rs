//! Fuzz target `record_json`: see `harness::record_json`. Must never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::record_json(data));

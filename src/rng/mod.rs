//! Random number generators, each file an exact port of what the operator runs.
//!
//! - `hmac_stream`: SPEC §1's HMAC draw stream (`word`, `int(n)`, `shuffle`).
//! - `numpy_seed_sequence`, `numpy_pcg64`: NumPy's `default_rng(seed).permutation(n)`.
//! - `go_math_rand`: Go's math/rand `NewSource(x)` + `Intn`.
//! - `go_first_intn`: the first `Intn(25)` of a fresh source, without seeding all of it.
//! - `go_big_float`: Go's big.Float quotient rounding used by the crash formula.

pub mod go_big_float;
pub mod go_first_intn;
pub mod go_math_rand;
mod go_rng_cooked;
pub mod hmac_stream;
pub mod numpy_pcg64;
pub mod numpy_seed_sequence;

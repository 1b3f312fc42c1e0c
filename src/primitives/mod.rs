//! Hash primitives: SHA-256 and HMAC-SHA256 over text as typed (SPEC: a string is
//! hashed as its UTF-8 bytes), the chain kernel (`link`, a leaf), the one walk over
//! it (`hash_chain`), remembered chain positions (`chain_memory`), and the poker
//! Merkle tree; and the exact comparison of a decimal text with a float64.

pub mod chain_memory;
pub mod decimal;
pub mod hash_chain;
pub mod link;
pub mod merkle;
pub mod sha256;

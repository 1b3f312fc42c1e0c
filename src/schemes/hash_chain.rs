//! SPEC §6 `hash_chain`: only the chain check (the terminal is required).

use super::chain::{round_hash, ChainCheck};
use crate::error::Result;
use crate::record::Fields;
use crate::report::Report;

pub fn run(f: Fields, r: &mut Report) -> Result<()> {
    let hash = round_hash(f)?;
    if let Some(c) = ChainCheck::parse(f, true)? {
        c.run(&hash, r);
    }
    r.set("hash", hash);
    Ok(())
}

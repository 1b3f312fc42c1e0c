//! The poker_hmac_v1 deck commitment (SPEC §3): a 64-leaf SHA-256 Merkle tree whose
//! nodes hash hex *text* with domain-separating prefixes.

use super::sha256::sha256_hex;

pub const LEAVES: usize = 64;
pub const DEPTH: usize = 6;

/// `sha256("pk1:leaf:i:{card}:{salt}")`, the salt used as given.
pub fn leaf(position: usize, card: u32, salt: &str) -> String {
    sha256_hex(format!("pk1:leaf:{position}:{card}:{salt}").as_bytes())
}

/// Leaves 52–63 fill the tree to a power of two.
pub fn pad_leaf() -> String {
    sha256_hex(b"pk1:pad")
}

/// `sha256("pk1:node:" + left + right)` over the hex strings as given.
pub fn node(left: &str, right: &str) -> String {
    let mut msg = String::with_capacity(9 + left.len() + right.len());
    msg.push_str("pk1:node:");
    msg.push_str(left);
    msg.push_str(right);
    sha256_hex(msg.as_bytes())
}

/// Every level of the tree, leaves first; the last level holds only the root.
pub fn levels(leaves: Vec<String>) -> Vec<Vec<String>> {
    let mut out = vec![leaves];
    while let Some(last) = out.last() {
        if last.len() <= 1 {
            break;
        }
        let next = last
            .chunks(2)
            .map(|p| node(&p[0], &p[p.len() - 1]))
            .collect();
        out.push(next);
    }
    out
}

/// The sibling hashes of `position`, bottom-up (what a player is handed on leaving).
pub fn proof(levels: &[Vec<String>], mut position: usize) -> Vec<String> {
    let mut path = Vec::new();
    for level in &levels[..levels.len().saturating_sub(1)] {
        path.push(level[position ^ 1].clone());
        position /= 2;
    }
    path
}

/// The running hash at each level while climbing from `leaf_hash`: entry 0 is the leaf,
/// the last entry is the root it reaches. At each level the running hash is the left
/// child when the current index is even.
pub fn climb(leaf_hash: String, mut position: usize, path: &[String]) -> Vec<String> {
    let mut out = vec![leaf_hash];
    for sib in path {
        let cur = &out[out.len() - 1];
        let up = if position.is_multiple_of(2) {
            node(cur, sib)
        } else {
            node(sib, cur)
        };
        out.push(up);
        position /= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_proof_climbs_to_the_root_and_tampering_breaks_it() {
        let leaves: Vec<String> = (0..LEAVES).map(|i| leaf(i, (i % 52) as u32, "s")).collect();
        let lv = levels(leaves.clone());
        assert_eq!(lv.len(), DEPTH + 1);
        let root = lv[DEPTH][0].clone();
        for (i, l) in leaves.iter().enumerate() {
            let path = proof(&lv, i);
            assert_eq!(path.len(), DEPTH);
            assert_eq!(climb(l.clone(), i, &path).last(), Some(&root));
            // Wrong position: the left/right order flips somewhere, so the root changes.
            assert_ne!(climb(l.clone(), i ^ 1, &path).last(), Some(&root));
        }
    }
}

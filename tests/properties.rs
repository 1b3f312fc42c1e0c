//! Property tests: shuffles are permutations, `int(n) < n`, Merkle proofs verify and
//! break on any changed byte, chain rounds count down by one per link, and `played`
//! equal to the recomputation passes while any single change fails at its path.

mod common;

use fairverify::testing::{
    find_round, merkle, sha256, step_generic, HmacStream, Pcg64, WordSource,
};
use proptest::prelude::*;
use serde_json::Value;

fn is_permutation(v: &[u32], n: usize) -> bool {
    let mut seen = vec![false; n];
    v.len() == n
        && v.iter()
            .all(|&x| (x as usize) < n && !std::mem::replace(&mut seen[x as usize], true))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn hmac_shuffle_is_a_permutation(key in ".{0,40}", prefix in ".{0,40}", n in 0usize..120) {
        let mut s = HmacStream::new(key.as_bytes(), prefix);
        let mut a: Vec<u32> = (0..n as u32).collect();
        s.shuffle(&mut a);
        prop_assert!(is_permutation(&a, n));
    }

    #[test]
    fn numpy_permutation_is_a_permutation(seed in any::<u64>(), n in 0usize..200) {
        let p = Pcg64::default_rng(seed as u128).permutation(n);
        prop_assert!(is_permutation(&p, n));
    }

    #[test]
    fn int_is_below_n(key in ".{0,20}", n in 1u64..=(1u64 << 52), draws in 1usize..20) {
        let mut s = HmacStream::new(key.as_bytes(), "p:");
        for _ in 0..draws {
            prop_assert!(s.int(n) < n);
        }
    }

    #[test]
    fn merkle_proofs_verify_and_break_on_any_change(
        cards in proptest::collection::vec(0u32..52, 52),
        salt_seed in any::<u64>(),
        pos in 0usize..52,
        which in 0usize..3,
        flip in any::<usize>(),
    ) {
        let salts: Vec<String> = (0..52).map(|i| format!("{:064x}", (salt_seed as u128) * 1_000_003 + i)).collect();
        let mut leaves: Vec<String> = (0..52).map(|i| merkle::leaf(i, cards[i], &salts[i])).collect();
        leaves.resize(merkle::LEAVES, merkle::pad_leaf());
        let levels = merkle::levels(leaves);
        let root = levels[merkle::DEPTH][0].clone();
        let path = merkle::proof(&levels, pos);
        let climb = |card: u32, salt: &str, path: &[String]| {
            merkle::climb(merkle::leaf(pos, card, salt), pos, path).last().cloned()
        };
        prop_assert_eq!(climb(cards[pos], &salts[pos], &path), Some(root.clone()));
        // Change one byte of the card, the salt or one path hash: the root no longer matches.
        let tweak = |s: &str| {
            let mut b = s.as_bytes().to_vec();
            let i = flip % b.len();
            b[i] = if b[i] == b'0' { b'1' } else { b'0' };
            String::from_utf8(b).unwrap()
        };
        let changed = match which {
            0 => climb((cards[pos] + 1 + (flip as u32 % 51)) % 52, &salts[pos], &path),
            1 => climb(cards[pos], &tweak(&salts[pos]), &path),
            _ => {
                let mut p = path.clone();
                let lvl = flip % p.len();
                p[lvl] = tweak(&p[lvl]);
                climb(cards[pos], &salts[pos], &p)
            }
        };
        prop_assert_ne!(changed, Some(root));
    }

    #[test]
    fn chain_round_is_one_more_than_the_successors(seed in any::<u64>(), len in 2u64..60, at in 0u64..58) {
        let at = at % (len - 1);
        let mut h = [0u8; 64];
        h.copy_from_slice(format!("{seed:064x}").as_bytes());
        let mut links = vec![h];
        for _ in 0..len {
            let n = step_generic(&links[links.len() - 1]);
            links.push(n);
        }
        let terminal = sha256(&links[len as usize]);
        let r = find_round(&links[at as usize], &terminal, 1000).unwrap();
        let r_next = find_round(&links[at as usize + 1], &terminal, 1000).unwrap();
        prop_assert_eq!(r, r_next + 1);
        prop_assert_eq!(r, len + 1 - at);
    }
}

/// Every non-check key of a report that a `played` object may carry.
fn recomputed(report: &Value) -> serde_json::Map<String, Value> {
    let skip = [
        "scheme",
        "verdict",
        "checks",
        "maxSteps",
        "leafClimbs",
        "differences",
        "differenceCount",
        "hints",
        "missing",
        // Where a difference comes from (SPEC), not a recomputation.
        "diagnosis",
        "diagnosisWhere",
        // The record's own published commitment, not a recomputation.
        "fingerprint",
        // What the chain walk found out (SPEC §6), not something a player was shown.
        "terminalPublished",
        "walked",
        "foundIn",
        "foundInGame",
        // What the report says of itself and the inputs it echoes (issue 35).
        "exit",
        "proof",
        "commitmentHeld",
        "unproven",
        "played",
        "playedRead",
        "chances",
        "clientSeeds",
    ];
    report
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| !k.ends_with("Ok") && !skip.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Every leaf path of a JSON value with the value there.
fn leaves(prefix: &str, v: &Value, out: &mut Vec<(String, Value)>) {
    match v {
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| leaves(&format!("{prefix}[{i}]"), x, out)),
        Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| leaves(&format!("{prefix}.{k}"), x, out)),
        _ => out.push((prefix.to_string(), v.clone())),
    }
}

fn set_path(v: &mut Value, path: &str, new: Value) {
    // Paths look like key[1][2].sub[0]
    let mut cur = v;
    let mut rest = path;
    let key_end = rest.find(['[', '.']).unwrap_or(rest.len());
    cur = cur.get_mut(&rest[..key_end]).unwrap();
    rest = &rest[key_end..];
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').unwrap();
            cur = cur.get_mut(r[..end].parse::<usize>().unwrap()).unwrap();
            rest = &r[end + 1..];
        } else {
            let r = &rest[1..];
            let end = r.find(['[', '.']).unwrap_or(r.len());
            cur = cur.get_mut(&r[..end]).unwrap();
            rest = &r[end..];
        }
    }
    *cur = new;
}

#[test]
fn played_equal_passes_and_any_single_change_fails_at_its_path() {
    let cases = common::load_cases(&common::vectors_dir());
    let mut changed_total = 0;
    let mut rng = 0x1234_5678_9abc_def0u64;
    for c in cases.iter().filter(|c| c.expect.get("error").is_none()) {
        // The recomputation alone: a vector may carry a `played` of its own.
        let mut bare = c.record.clone();
        if let Some(m) = bare.as_object_mut() {
            m.remove("played");
        }
        let Ok(report) = fairverify::verify(&bare) else {
            continue;
        };
        let played = Value::Object(recomputed(&report));
        let mut rec = c.record.clone();
        rec["played"] = played.clone();
        let with = fairverify::verify(&rec).unwrap();
        assert_eq!(
            with["differenceCount"], 0,
            "{}: played equal to itself differs",
            c.name
        );
        assert_eq!(with["verdict"], report["verdict"], "{}", c.name);

        let mut all = Vec::new();
        leaves("", &played, &mut all);
        if all.is_empty() {
            continue;
        }
        // Pick a few leaves at random and change each one alone.
        for _ in 0..3 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let (path, old) = &all[(rng % all.len() as u64) as usize];
            let path = path.trim_start_matches('.').to_string();
            // A value that means something else (SPEC "compared by meaning": "13.68x"
            // is 13.68 as shown, so a digit is put in front).
            let new = match old {
                Value::Number(n) => match n.as_i64() {
                    Some(i) => Value::from(i + 1),
                    None => Value::from(n.as_f64().unwrap() + 1.0),
                },
                Value::String(s) => Value::from(format!("1{s}")),
                Value::Bool(b) => Value::Bool(!b),
                Value::Null => Value::from(0),
                _ => unreachable!(),
            };
            let mut p = played.clone();
            set_path(&mut p, &path, new.clone());
            let mut rec = c.record.clone();
            rec["played"] = p;
            // The list holding the value, for a value of a set (a hand, the mines).
            let parent = path
                .rfind('[')
                .filter(|_| path.ends_with(']'))
                .map_or(path.clone(), |i| path[..i].to_string());
            match fairverify::verify(&rec) {
                // A value the game cannot show (a 7th face, cell 26, a card twice in
                // a hand): `bad_played` at that value or its list, never a verdict.
                Err(e) => {
                    assert_eq!(
                        e.code,
                        fairverify::ErrorCode::BadPlayed,
                        "{}: {path}",
                        c.name
                    );
                    assert!(
                        e.field.starts_with(&format!("played.{parent}")),
                        "{}: {path}: {}",
                        c.name,
                        e.field
                    );
                }
                Ok(r) => {
                    assert_eq!(
                        r["verdict"], "fail",
                        "{}: changing {path} still passes",
                        c.name
                    );
                    assert_eq!(r["differenceCount"], 1, "{}: {path}", c.name);
                    let at = r["differences"][0]["path"].as_str().unwrap();
                    assert!(at == path || at == parent, "{}: {path} at {at}", c.name);
                }
            }
            changed_total += 1;
        }
    }
    assert!(changed_total > 300, "only {changed_total} changes tried");
}

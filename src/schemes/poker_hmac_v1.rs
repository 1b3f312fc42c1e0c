//! SPEC §3: poker_hmac_v1, seed sessions with a Merkle-committed deck. The full
//! reveal recomputes the hand value, the deck and the root; the partial reveal a
//! player gets on leaving climbs each of their leaves to the committed root.

use serde_json::Value;

use super::descriptor::Descriptor;
use super::descriptor::Step::At;
use super::descriptor::{
    pattern, result, FieldDesc, GameDesc, Kind, Need, Order, ResultDesc, Role,
};
use super::Scheme;
use super::{commitment_check, Commitment, Options};
use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::primitives::merkle;
use crate::primitives::sha256::hmac_hex;
use crate::record::{as_hex64, Fields, MAX_SAFE_INTEGER};
use crate::report::{Check, Report};
use crate::rng::hmac_stream::{HmacStream, WordSource};

/// Seated players: hole cards for m players plus a 5-card board must fit 52 cards.
pub const MAX_SEATS: usize = 23;

const FIELDS: [FieldDesc; 9] = [
    FieldDesc::new("table", Kind::Text, Role::Id),
    FieldDesc::new("session", Kind::Text, Role::Id),
    FieldDesc::new("hand", Kind::Int, Role::Id).range(0, MAX_SAFE_INTEGER),
    FieldDesc::new("clientSeeds", Kind::Seats, Role::Client),
    FieldDesc::new("handCommitment", Kind::Hash, Role::Commitment).primary(),
    FieldDesc::new("deckRoot", Kind::Hash, Role::Commitment),
    // The full reveal, or your own cards' `leaves` (the partial reveal).
    FieldDesc::new("serverSeed", Kind::Text, Role::Secret).need(Need::Unless("leaves")),
    FieldDesc::new("commitment", Kind::Hash, Role::Commitment).optional(),
    FieldDesc::new("leaves", Kind::Json, Role::Secret)
        .need(Need::Unless("serverSeed"))
        .items(0, 52),
];

const RESULTS: [ResultDesc; 3] = [
    result("deck", "card", &[pattern(&[At("position")])]),
    result(
        "holeCards",
        "card",
        &[pattern(&[At("player"), At("card")]).compared(Order::Set)],
    ),
    result(
        "board",
        "card",
        &[pattern(&[At("card")]).compared(Order::Flop)],
    ),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new(
        "poker_hmac_v1",
        &[GameDesc::single("poker").in_family("poker")],
        &FIELDS,
        &RESULTS,
    )
    .with_cards("rank_major"),
    run,
};

pub fn run(f: Fields, r: &mut Report, _: &Options) -> Result<()> {
    let table = f.id_text("table")?;
    let session = f.id_text("session")?;
    let hand = f.int("hand", 0, MAX_SAFE_INTEGER)?;
    let seats = client_seeds(f)?;
    let hand_commitment = f.hex64("handCommitment")?;
    let deck_root = f.hex64("deckRoot")?;
    let server_seed = f.opt_str("serverSeed")?;
    let commitment = f.opt_hex64("commitment")?;
    let leaves = match f.get("leaves") {
        None => None,
        Some(_) => Some(parse_leaves(f)?),
    };
    if server_seed.is_none() && leaves.is_none() {
        return Err(VerifyError::new(
            ErrorCode::MissingField,
            "serverSeed",
            msg!(
                "a poker_hmac_v1 record needs the revealed `serverSeed` (full reveal) or \
             your `leaves` with their Merkle paths (partial reveal)"
            ),
        )
        .with("or", "leaves"));
    }
    if server_seed.is_none() && leaves.as_ref().is_some_and(Vec::is_empty) {
        // No seed and no leaf: nothing published before the deal can be checked.
        r.missing("serverSeed");
        r.missing("leaves");
    }
    // A session commitment beside a partial reveal cannot be checked (the seed is
    // still secret); it is validated above and otherwise left for the full reveal.

    if let Some(seed) = server_seed {
        full_reveal(
            r,
            &Hand {
                table: &table,
                session: &session,
                hand,
            },
            &seats,
            seed,
            commitment.as_ref(),
            &hand_commitment,
            &deck_root,
        );
    }
    // The seated players in the order the display rule numbers them (ascending
    // seat), for the full reveal and the partial one alike.
    r.set(
        "seatOrder",
        json!(seats.iter().map(|(s, _)| s).collect::<Vec<_>>()),
    );
    if let Some(leaves) = leaves {
        // A leaf's salt and its path go into the leaf's and the nodes' messages as
        // given (SPEC §3), and the operator's are lowercase hex (HMAC and SHA-256
        // write them so): capitals are a retyped or reformatted leaf, never what was
        // hashed, so the root differs. SPEC `lookalike_char`, kind `case`, as for a
        // chess commitment (issue 43): the first such field of the reveal, tied to
        // its leaf's check (`check`), which it explains, so the page leads with it.
        #[cfg(not(feature = "widget"))]
        if let Some((i, Value::Object(mut h))) = leaves.iter().enumerate().find_map(|(i, l)| {
            std::iter::once((format!("leaves[{i}].salt"), &l.salt))
                .chain(
                    l.path
                        .iter()
                        .enumerate()
                        .map(move |(j, p)| (format!("leaves[{i}].path[{j}]"), p)),
                )
                .find_map(|(field, text)| crate::chars::capitals_hint(&field, text))
                .map(|h| (i, h))
        }) {
            h.insert("check".into(), Value::from(format!("leaves[{i}]")));
            r.hint(Value::Object(h));
        }
        partial_reveal(r, &leaves, &seats, &deck_root);
    }
    Ok(())
}

/// The hand a record names: `pk1:…:T:S:n` in every message.
struct Hand<'a> {
    table: &'a str,
    session: &'a str,
    hand: i64,
}

/// The full reveal: the session commitment (when given), the hand value and its
/// commitment, the deck from the HMAC stream, its Merkle root, and the display.
fn full_reveal(
    r: &mut Report,
    h: &Hand,
    seats: &[(u64, String)],
    seed: &str,
    commitment: Option<&crate::record::Hex64>,
    hand_commitment: &crate::record::Hex64,
    deck_root: &crate::record::Hex64,
) {
    let Hand {
        table,
        session,
        hand,
    } = h;
    if let Some(c) = commitment {
        commitment_check(
            r,
            Commitment {
                key: "commitmentOk",
                published_field: "commitment",
                published: c,
                secret_field: Some("serverSeed"),
                hashed: seed,
            },
        );
    }
    let hand_value = hmac_hex(
        seed.as_bytes(),
        format!("pk1:hand:{table}:{session}:{hand}").as_bytes(),
    );
    r.set("handValue", hand_value.clone());
    commitment_check(
        r,
        Commitment {
            key: "handCommitmentOk",
            published_field: "handCommitment",
            published: hand_commitment,
            secret_field: Some("serverSeed"),
            hashed: &hand_value,
        },
    );
    let seeds_text: Vec<String> = seats.iter().map(|(s, v)| format!("{s}={v}")).collect();
    let prefix = format!("pk1:{table}:{session}:{hand}:{}:", seeds_text.join(","));
    let mut stream = HmacStream::new(hand_value.as_bytes(), prefix);
    let mut deck: Vec<u32> = (0..52).collect();
    stream.shuffle(&mut deck);

    let mut leaves_h: Vec<String> = deck
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let salt = hmac_hex(hand_value.as_bytes(), format!("pk1:salt:{i}").as_bytes());
            merkle::leaf(i, c, &salt)
        })
        .collect();
    leaves_h.resize(merkle::LEAVES, merkle::pad_leaf());
    let levels = merkle::levels(leaves_h);
    let root = levels[merkle::DEPTH][0].clone();
    r.set("root", root.clone());
    r.check(
        Check::new("rootOk", root == deck_root.as_str())
            .published("deckRoot")
            .values(Value::from(deck_root.as_str()), Value::from(root)),
    );
    let m = seats.len();
    let hole: Vec<[u32; 2]> = (0..m).map(|j| [deck[2 * j], deck[2 * j + 1]]).collect();
    r.set("deck", json!(deck));
    r.set("holeCards", json!(hole));
    r.set("board", json!(deck[2 * m..2 * m + 5]));
}

/// The partial reveal: each leaf climbed to the committed root, and where it lands.
fn partial_reveal(
    r: &mut Report,
    leaves: &[Leaf],
    seats: &[(u64, String)],
    deck_root: &crate::record::Hex64,
) {
    let mut oks = Vec::with_capacity(leaves.len());
    let mut climbs = Vec::with_capacity(leaves.len());
    // Each proven leaf is one (position, card) of the committed deck. Two proven at
    // different positions with the same card prove the committed "deck" is no
    // shuffle of [0…51] (SPEC §3: `deck = shuffle([0…51])`): the second one's check
    // fails, naming the first position (turn-8 attack: five proven aces of spades
    // passed). `leavesOk` stays the climb alone, as SPEC §3 defines it.
    let mut proven: Vec<(u32, usize)> = Vec::new();
    for (i, l) in leaves.iter().enumerate() {
        let leaf_hash = merkle::leaf(l.position, l.card, &l.salt);
        let climb = merkle::climb(leaf_hash, l.position, &l.path);
        let top = climb[climb.len() - 1].clone();
        let ok = top == deck_root.as_str();
        let twice = proven
            .iter()
            .find(|&&(card, at)| ok && card == l.card && at != l.position)
            .map(|&(_, at)| at);
        if ok && twice.is_none() {
            proven.push((l.card, l.position));
        }
        let mut check = Check::new("leafOk", ok && twice.is_none())
            .named(format!("leaves[{i}]"))
            .published("deckRoot")
            .param("position", l.position)
            .param("card", l.card);
        if let Some(at) = twice {
            check = check.param("twiceAt", at);
        }
        r.check_only(check.values(Value::from(deck_root.as_str()), Value::from(top)));
        oks.push(ok);
        climbs.push(
            json!({"position": l.position, "card": l.card, "hashes": climb,
                           "rootOk": ok, "place": place(l.position, seats)}),
        );
    }
    r.note("leavesOk", json!(oks));
    r.set("leafClimbs", Value::Array(climbs));
}

/// Where deck position `position` lands by SPEC §3's display rule **(choice)**: with
/// m seated players in ascending seat order, player j holds positions 2j and 2j+1,
/// the board is 2m … 2m+4, and the rest is never dealt.
fn place(position: usize, seats: &[(u64, String)]) -> Value {
    let m = seats.len();
    if position < 2 * m {
        let j = position / 2;
        json!({"kind": "hole", "player": j, "seat": seats[j].0, "card": position % 2})
    } else if position < 2 * m + 5 {
        json!({"kind": "board", "card": position - 2 * m})
    } else {
        json!({"kind": "deck"})
    }
}

/// `clientSeeds`: seat number (plain decimal text) → seed, sorted by seat number.
fn client_seeds(f: Fields) -> Result<Vec<(u64, String)>> {
    let obj = f.object("clientSeeds")?;
    let mut out = Vec::with_capacity(obj.len());
    for (k, v) in obj {
        let field = format!("clientSeeds.{k}");
        let canonical = !k.is_empty()
            && k.len() <= 15
            && k.bytes().all(|b| b.is_ascii_digit())
            && (k == "0" || !k.starts_with('0'));
        if !canonical {
            return Err(VerifyError::new(
                ErrorCode::BadDecimal,
                field,
                msg!(
                    "seat numbers in `clientSeeds` must be plain decimal (like 2 or 10); `{}` is not",
                    k.chars().take(32).collect::<String>()
                ),
            )
            .with("value", k.chars().take(32).collect::<String>()));
        }
        let seat: u64 = k
            .parse()
            .map_err(|_| VerifyError::out_of_range(&field, 0, MAX_SAFE_INTEGER))?;
        let seed = match v {
            Value::String(s) => s.clone(),
            other => return Err(VerifyError::wrong_type(&field, Want::Text, other)),
        };
        out.push((seat, seed));
    }
    if out.is_empty() || out.len() > MAX_SEATS {
        return Err(VerifyError::new(
            ErrorCode::BadSeatCount,
            "clientSeeds",
            msg!(
                "`clientSeeds` must have one entry per seated player, 1 to {MAX_SEATS}; it has {}",
                out.len()
            ),
        )
        .with("min", 1)
        .with("max", MAX_SEATS)
        .with("count", out.len()));
    }
    // By seat number (distinct: canonical decimals of distinct keys). An insertion
    // sort, on at most MAX_SEATS entries: the library sort is 3 KB of the badge's wasm.
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && out[j - 1].0 > out[j].0 {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    Ok(out)
}

struct Leaf {
    position: usize,
    card: u32,
    salt: String,
    path: Vec<String>,
}

fn parse_leaves(f: Fields) -> Result<Vec<Leaf>> {
    let arr = f.array("leaves")?;
    if arr.len() > 52 {
        return Err(VerifyError::too_many("leaves", 52));
    }
    arr.iter()
        .enumerate()
        .map(|(i, v)| {
            let name = format!("leaves[{i}]");
            let obj = match v {
                Value::Object(o) => o,
                other => return Err(VerifyError::wrong_type(&name, Want::Object, other)),
            };
            let lf = Fields::new(obj, &name);
            let position = lf.int("position", 0, 51)? as usize;
            let card = lf.int("card", 0, 51)? as u32;
            let salt = lf.str("salt")?.to_string();
            let path_v = lf.array("path")?;
            if path_v.len() != merkle::DEPTH {
                return Err(VerifyError::new(
                    ErrorCode::OutOfRange,
                    lf.name("path"),
                    msg!(
                        "`{}` must hold exactly {} sibling hashes (bottom-up), not {}",
                        lf.name("path"),
                        merkle::DEPTH,
                        path_v.len()
                    ),
                )
                .with("exactly", merkle::DEPTH)
                .with("count", path_v.len()));
            }
            // Path hashes go into node messages, so they are used as given (SPEC).
            let path = path_v
                .iter()
                .enumerate()
                .map(|(j, h)| {
                    as_hex64(h, &format!("{name}.path[{j}]"))?;
                    Ok(h.as_str().unwrap_or_default().to_string())
                })
                .collect::<Result<Vec<String>>>()?;
            Ok(Leaf {
                position,
                card,
                salt,
                path,
            })
        })
        .collect()
}

//! SPEC §4: chess_colour_v1. Both sides' committed seeds draw one word each per
//! counter value and the words are XORed (a bot adds none); `int(2)` over that
//! stream picks the colours: 0 means A (the owner of the seek) plays White.

use serde_json::Value;

use super::descriptor::Descriptor;
use super::descriptor::{result, Empty, FieldDesc, GameDesc, Kind, Need, ResultDesc, Role, SCALAR};
use super::Scheme;
use super::{commitment_check, Commitment, Options};
use crate::error::{ErrorCode, Result, VerifyError};
use crate::record::Fields;
use crate::report::Report;
use crate::rng::hmac_stream::{HmacStream, WordSource, XorStream};

const FIELDS: [FieldDesc; 6] = [
    FieldDesc::new("seedA", Kind::Text, Role::Secret),
    FieldDesc::new("commitA", Kind::Hash, Role::Commitment).primary(),
    FieldDesc::new("clientA", Kind::Text, Role::Client).empty(Empty::Keep),
    FieldDesc::new("seedB", Kind::Text, Role::Secret)
        .empty(Empty::Null)
        .need(Need::With("commitB")),
    FieldDesc::new("commitB", Kind::Hash, Role::Commitment)
        .empty(Empty::Null)
        .need(Need::With("seedB")),
    FieldDesc::new("clientB", Kind::Text, Role::Client).empty(Empty::Keep),
];

const RESULTS: [ResultDesc; 1] = [result("aPlaysWhite", "white", SCALAR)];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new(
        "chess_colour_v1",
        &[GameDesc {
            id: "chess",
            players: 2,
            seats: "chess",
            family: "chess",
            sorted_hands: false,
        }],
        &FIELDS,
        &RESULTS,
    ),
    run,
};

pub fn run(f: Fields, r: &mut Report, _: &Options) -> Result<()> {
    let seed_a = f.str("seedA")?;
    let commit_a = f.hex64("commitA")?;
    // commitA also goes into the message, exactly as given (SPEC conventions).
    let commit_a_text = f.str("commitA")?;
    let client_a = f.str("clientA")?;
    let seed_b = f.opt_str("seedB")?;
    let commit_b = f.opt_hex64("commitB")?;
    let commit_b_text = f.opt_str("commitB")?;
    let client_b = f.str("clientB")?;
    if seed_b.is_some() != commit_b.is_some() {
        let missing = if seed_b.is_some() { "commitB" } else { "seedB" };
        return Err(VerifyError::new(
            ErrorCode::MissingField,
            missing,
            msg!(
                "`seedB` and `commitB` go together: both strings for a human opponent, \
             both null for a bot"
            ),
        )
        .with("with", if seed_b.is_some() { "seedB" } else { "commitB" }));
    }
    // SPEC §4: a bot's `clientB` is "": a value nobody committed to would choose
    // the colour.
    if seed_b.is_none() && !client_b.is_empty() {
        return Err(VerifyError::game_rule(
            "clientB",
            "bot_client",
            msg!("a game against a bot (no `seedB`) has `clientB` \"\"; any other value would choose the colour"),
        ));
    }

    commitment_check(
        r,
        Commitment {
            key: "commitAOk",
            published_field: "commitA",
            published: &commit_a,
            secret_field: Some("seedA"),
            hashed: seed_a,
        },
    );
    if let (Some(seed), Some(commit)) = (seed_b, &commit_b) {
        commitment_check(
            r,
            Commitment {
                key: "commitBOk",
                published_field: "commitB",
                published: commit,
                secret_field: Some("seedB"),
                hashed: seed,
            },
        );
    }

    let prefix = format!(
        "cc1:{commit_a_text}:{}:0={client_a},1={client_b}:",
        commit_b_text.unwrap_or("-")
    );
    let mut streams = vec![HmacStream::new(seed_a.as_bytes(), prefix.clone())];
    if let Some(seed) = seed_b {
        streams.push(HmacStream::new(seed.as_bytes(), prefix));
    }
    let mut x = XorStream { streams };
    let a_white = x.int(2) == 0;
    r.set("aPlaysWhite", Value::Bool(a_white));
    r.set("bot", Value::Bool(seed_b.is_none()));
    // Two equal seeds (or B's commitment a copy of A's, which then binds B to A's
    // seed) XOR to nothing: A plays White whatever was chosen, and B, who only had to
    // copy A's published commitment, fixed the colour (turn-8 attack A7). A fact
    // about the draw, said beside the verdict (SPEC hint `seeds_equal`; hints never
    // change a verdict). The badge renders no hints and leaves it out of its budget.
    #[cfg(not(feature = "widget"))]
    if let (Some(seed), Some(commit)) = (seed_b, &commit_b) {
        let same = if seed == seed_a {
            Some(("seedB", "seedA"))
        } else {
            (commit.as_str() == commit_a.as_str()).then_some(("commitB", "commitA"))
        };
        // B's seed a copy of A's while B's published hash is B's own (it does not
        // hash that seed): the player pasted A's seed twice, a copying slip tied to
        // B's failed check (turn-9 reading, ro-it 1), never "the colour was not drawn".
        let copied = seed == seed_a
            && crate::primitives::sha256::sha256_hex(seed.as_bytes()) != commit.as_str();
        if copied {
            r.hint(
                json!({"code": "seeds_equal", "kind": "copied", "field": "seedB", "with": "seedA",
                          "commitment": "commitB", "check": "commitBOk"}),
            );
        } else if let Some((field, with)) = same {
            r.hint(json!({"code": "seeds_equal", "field": field, "with": with}));
        }
    }
    #[cfg(not(feature = "widget"))]
    for (field, text) in [("commitA", Some(commit_a_text)), ("commitB", commit_b_text)] {
        if let Some(h) = text.and_then(|t| crate::chars::capitals_hint(field, t)) {
            r.hint(h);
        }
    }
    Ok(())
}

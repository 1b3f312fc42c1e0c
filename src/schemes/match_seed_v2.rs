//! SPEC §2: match_seed_v2, the board and card games (backgammon, dame, xiangqi,
//! tarneeb, trix, bridge, baloot, mahjong). One HMAC draw stream per match: seats
//! first, then the game's rolls, deals or tiles, in that order.

use serde_json::Value;

use super::descriptor::Descriptor;
use super::descriptor::Step::{At, Member};
use super::descriptor::{
    pattern, result, Empty, FieldDesc, GameDesc, Kind, Need, Order, ResultDesc, Role, Step,
};
use super::Scheme;
use super::{commitment_check, Commitment, Options};
use crate::error::{ErrorCode, Result, VerifyError, Want};
use crate::record::{as_int, Fields};
use crate::report::Report;
use crate::rng::hmac_stream::{HmacStream, WordSource};

/// SPEC: `rolls`, `deals` and the length of `hands` are capped at 10,000.
pub const MAX_COUNT: i64 = 10_000;

/// The games and their seats **(choice)**: 2 for the board games, 4 for the card
/// games and mahjong. Each game names its seats (`seat.<game>.<n>`).
const GAME_LIST: [GameDesc; 8] = [
    game("table", 2),
    game("dame", 2),
    game("xiangqi", 2),
    sorted(game("tarneeb", 4)),
    sorted(game("trix", 4)),
    sorted(game("bridge", 4)),
    sorted(game("baloot", 4)),
    game("mahjong", 4),
];

/// The game ids, in the order of `GAME_LIST` (the `game` field's options).
pub const GAMES: [&str; 8] = {
    let mut out = [""; 8];
    let mut i = 0;
    while i < out.len() {
        out[i] = GAME_LIST[i].id;
        i += 1;
    }
    out
};

const fn game(id: &'static str, players: u32) -> GameDesc {
    GameDesc {
        id,
        players,
        seats: id,
        family: id,
        sorted_hands: false,
    }
}

/// A card game whose hands players see sorted by suit: shown sorted by default.
const fn sorted(g: GameDesc) -> GameDesc {
    GameDesc {
        sorted_hands: true,
        ..g
    }
}

/// SPEC: `tileSet` is 136 or 144 (the default).
pub const TILE_SETS: [i64; 2] = [144, 136];

const FIELDS: [FieldDesc; 10] = [
    FieldDesc::new("game", Kind::Select, Role::Setting).options(&GAMES),
    FieldDesc::new("matchId", Kind::Text, Role::Id),
    FieldDesc::new("serverSeed", Kind::Text, Role::Secret),
    FieldDesc::new("commitment", Kind::Hash, Role::Commitment).primary(),
    FieldDesc::new("clientSeeds", Kind::List, Role::Client).empty(Empty::Keep),
    // SPEC: a count the player cannot know may be left out when `played` implies it.
    FieldDesc::new("rolls", Kind::Int, Role::Count)
        .range(0, MAX_COUNT)
        .need(Need::Unless("played"))
        .games(&["table"]),
    FieldDesc::new("deals", Kind::Int, Role::Count)
        .range(0, MAX_COUNT)
        .need(Need::Unless("played"))
        .games(&["tarneeb", "trix", "bridge"]),
    FieldDesc::new("hands", Kind::Buyers, Role::Count)
        .items(0, MAX_COUNT as usize)
        .games(&["baloot"]),
    FieldDesc::new("tileSet", Kind::Int, Role::Setting)
        .optional()
        .int_options(&TILE_SETS)
        .games(&["mahjong"]),
    // SPEC: `draws` is 0 … tileSet (144 when tileSet is not given).
    FieldDesc::new("draws", Kind::Int, Role::Count)
        .optional()
        .range(0, 144)
        .at_most_field("tileSet")
        .games(&["mahjong"]),
];

const CARD: &[Step] = &[At("deal"), At("seat"), At("card")];
const RESULTS: [ResultDesc; 5] = [
    result("seats", "player", &[pattern(&[At("seat")])]),
    result(
        "rolls",
        "die",
        &[pattern(&[At("roll"), At("die")]).compared(Order::Roll)],
    ),
    result("deals", "card", &[pattern(CARD).compared(Order::Set)]),
    result(
        "hands",
        "card",
        &[
            pattern(&[At("hand"), Member("first"), At("seat"), At("card")]).compared(Order::Set),
            pattern(&[At("hand"), Member("second"), At("seat"), At("card")]).compared(Order::Set),
            pattern(&[At("hand"), Member("faceUp")]),
        ],
    ),
    result("tiles", "tile", &[pattern(&[At("draw")])]),
];

pub const SCHEME: Scheme = Scheme {
    desc: Descriptor::new("match_seed_v2", &GAME_LIST, &FIELDS, &RESULTS).with_cards("rank_major"),
    run,
};

fn players_for(game: &str) -> Option<usize> {
    GAME_LIST
        .iter()
        .find(|g| g.id == game)
        .map(|g| g.players as usize)
}

/// Baloot's 32-card deck: ranks 7 to ace (`c % 13 >= 5`), ascending ids.
pub fn baloot_deck() -> Vec<u32> {
    (0..52).filter(|c| c % 13 >= 5).collect()
}

pub fn run(f: Fields, r: &mut Report, _: &Options) -> Result<()> {
    let game = f.str("game")?;
    let players = players_for(game).ok_or_else(|| {
        VerifyError::new(
            ErrorCode::UnknownGame,
            "game",
            msg!(
                "unknown match_seed_v2 game `{}`; known games: {}",
                game.chars().take(64).collect::<String>(),
                GAMES.join(", ")
            ),
        )
        .with("game", game.chars().take(64).collect::<String>())
        .with("known", GAMES.to_vec())
    })?;
    let match_id = f.id_text("matchId")?;
    let commitment = f.hex64("commitment")?;
    let server_seed = f.str("serverSeed")?;
    let given = f.str_list("clientSeeds", 64)?;
    let seeds: Vec<String> = given
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{i}={s}"))
        .collect();
    if seeds.len() != players {
        return Err(VerifyError::new(
            ErrorCode::BadSeatCount,
            "clientSeeds",
            msg!(
                "{game} is played by {players} players, so `clientSeeds` must have {players} \
                 entries (one per player), not {}",
                seeds.len()
            ),
        )
        .with("game", game)
        .with("players", players)
        .with("count", seeds.len()));
    }

    // Validate the game's fields before any drawing.
    let work = match game {
        "table" => Work::Rolls(count_or_played(&f, "rolls")?),
        "tarneeb" | "trix" | "bridge" => Work::Deals(count_or_played(&f, "deals")?),
        "baloot" => Work::Hands(baloot_buyers(f)?),
        "mahjong" => {
            let tile_set = f.opt_int_of("tileSet", &TILE_SETS)?.unwrap_or(144) as u32;
            let draws = f
                .opt_int("draws", 0, tile_set as i64)?
                .unwrap_or(tile_set as i64);
            Work::Tiles(tile_set, draws as usize)
        }
        _ => Work::Nothing,
    };

    commitment_check(
        r,
        Commitment {
            key: "commitmentOk",
            published_field: "commitment",
            published: &commitment,
            secret_field: Some("serverSeed"),
            hashed: server_seed,
        },
    );

    let prefix = format!("pf2:{game}:{match_id}:{}:", seeds.join(","));
    let mut s = HmacStream::new(server_seed.as_bytes(), prefix);
    let mut seats: Vec<u32> = (0..players as u32).collect();
    s.shuffle(&mut seats);
    r.set("seats", json!(seats));
    r.set("game", game);
    // Each player's client seed as given, for the seat list: an input, never compared.
    r.note("clientSeeds", json!(given));

    match work {
        Work::Nothing => {}
        Work::Rolls(n) => {
            let rolls: Vec<[u32; 2]> = (0..n).map(|_| [s.die(), s.die()]).collect();
            r.set("rolls", json!(rolls));
        }
        Work::Deals(n) => {
            let deals: Vec<Vec<Vec<u32>>> = (0..n)
                .map(|_| {
                    let mut d: Vec<u32> = (0..52).collect();
                    s.shuffle(&mut d);
                    d.chunks(13).map(<[u32]>::to_vec).collect()
                })
                .collect();
            r.set("deals", json!(deals));
        }
        Work::Hands(buyers) => {
            let deck = baloot_deck();
            let hands: Vec<Value> = buyers
                .iter()
                .map(|&buyer| baloot_hand(&mut s, &deck, buyer))
                .collect();
            r.set("hands", Value::Array(hands));
        }
        Work::Tiles(tile_set, draws) => {
            let mut wall: Vec<u32> = (0..tile_set).collect();
            let tiles: Vec<u32> = (0..draws)
                .map(|_| {
                    let i = s.int(wall.len() as u64) as usize;
                    wall.remove(i)
                })
                .collect();
            r.set("tiles", json!(tiles));
        }
    }
    Ok(())
}

/// The count `key` (`rolls`, `deals`), or, when the record leaves it out, the length
/// of `played.<key>` (SPEC: "a count the player cannot know may be left out when
/// `played` implies it"). Without either, the count is missing.
fn count_or_played(f: &Fields, key: &str) -> Result<usize> {
    if f.get(key).is_none() {
        if let Some(Value::Array(shown)) = f.get("played").and_then(|p| p.get(key)) {
            if shown.len() as i64 > MAX_COUNT {
                return Err(VerifyError::too_many(
                    &format!("played.{key}"),
                    MAX_COUNT as usize,
                ));
            }
            return Ok(shown.len());
        }
    }
    Ok(f.int(key, 0, MAX_COUNT)? as usize)
}

enum Work {
    Nothing,
    Rolls(usize),
    Deals(usize),
    Hands(Vec<Option<usize>>),
    Tiles(u32, usize),
}

/// `hands`: `[{buyer: seat or null}, …]`; the key must be present (null = all passed).
fn baloot_buyers(f: Fields) -> Result<Vec<Option<usize>>> {
    let hands = f.array("hands")?;
    if hands.len() as i64 > MAX_COUNT {
        return Err(VerifyError::too_many("hands", MAX_COUNT as usize));
    }
    hands
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let field = format!("hands[{i}]");
            let obj = match h {
                Value::Object(o) => o,
                other => return Err(VerifyError::wrong_type(&field, Want::Object, other)),
            };
            match obj.get("buyer") {
                None => Err(VerifyError::missing(&format!("{field}.buyer"))),
                Some(Value::Null) => Ok(None),
                Some(v) => Ok(Some(as_int(v, &format!("{field}.buyer"), 0, 3)? as usize)),
            }
        })
        .collect()
}

/// One baloot hand: five cards each, the face-up card, and (if someone bought) the
/// second deal from a reshuffle of the remaining eleven cards.
fn baloot_hand(s: &mut HmacStream, deck32: &[u32], buyer: Option<usize>) -> Value {
    let mut d = deck32.to_vec();
    s.shuffle(&mut d);
    let first: Vec<&[u32]> = d[..20].chunks(5).collect();
    let face_up = d[20];
    let second = buyer.map(|b| {
        let mut rest = d[21..32].to_vec();
        s.shuffle(&mut rest);
        let mut second: Vec<Vec<u32>> = vec![Vec::new(); 4];
        second[b] = rest[0..2].to_vec();
        for (k, chunk) in rest[2..].chunks(3).enumerate() {
            second[(b + 1 + k) % 4] = chunk.to_vec();
        }
        second
    });
    json!({"first": first, "faceUp": face_up, "second": second})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baloot_deck_is_seven_to_ace() {
        let d = baloot_deck();
        assert_eq!(d.len(), 32);
        assert_eq!(&d[..8], &[5, 6, 7, 8, 9, 10, 11, 12]);
        assert_eq!(d[31], 51);
    }
}

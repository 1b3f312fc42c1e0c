//! What each scheme is, described by the core so that nothing else hard-codes it:
//! the page's forms and help, the widget's commitment lookup, the round-history
//! games, fuzz seeding and the test lists are all built from these descriptors.
//! They carry message keys (`field.serverSeed`), never English prose: the
//! surfaces render them from the catalog of the player's language.

use serde_json::{Map, Value};

use crate::error::Result;
use crate::record::Fields;
use crate::report::Report;

use super::Options;

/// How a field is typed in and read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text used exactly as given.
    Text,
    /// A published SHA-256: 64 hex digits.
    Hash,
    Int,
    /// A list of strings (one a line in a form).
    List,
    /// Seat number → seed (`seat=seed` lines in a form).
    Seats,
    /// A list of numbers.
    Numbers,
    /// Any JSON (`played`, poker `leaves`).
    Json,
    /// One of `options`.
    Select,
    /// Baloot's `[{buyer}]`.
    Buyers,
    /// Dice or mines bets under one server seed.
    Bets,
}

/// What a field is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A revealed secret seed.
    Secret,
    /// Published before the game: a commitment check runs when it is present.
    Commitment,
    /// The player's own seed(s).
    Client,
    /// An identifier that goes into the derivation (match, table, session, hand).
    Id,
    /// How much to recompute (rolls, deals, players…).
    Count,
    /// A setting of the game (chances, selected faces, mines, tile set…).
    Setting,
    /// What the player was shown (SPEC "Verdict, `played` and hints").
    Played,
    /// The chain-walk bound.
    Limit,
}

/// How an empty form input maps into the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empty {
    /// Leave the key out.
    Omit,
    /// JSON `null` (chess: a bot has no seed and no commitment).
    Null,
    /// The empty string is a real value (an empty client seed).
    Keep,
}

pub struct FieldDesc {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    pub role: Role,
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub options: &'static [&'static str],
    /// The games (of a multi-game scheme) this field belongs to; empty: all.
    pub games: &'static [&'static str],
    /// The field a table badge compares with the fingerprint it showed.
    pub primary: bool,
    pub empty: Empty,
}

impl FieldDesc {
    pub const fn new(name: &'static str, kind: Kind, role: Role) -> FieldDesc {
        FieldDesc {
            name,
            kind,
            required: true,
            role,
            min: None,
            max: None,
            options: &[],
            games: &[],
            primary: false,
            empty: Empty::Omit,
        }
    }
    pub const fn optional(mut self) -> FieldDesc {
        self.required = false;
        self
    }
    pub const fn range(mut self, min: i64, max: i64) -> FieldDesc {
        self.min = Some(min);
        self.max = Some(max);
        self
    }
    pub const fn options(mut self, options: &'static [&'static str]) -> FieldDesc {
        self.options = options;
        self
    }
    pub const fn games(mut self, games: &'static [&'static str]) -> FieldDesc {
        self.games = games;
        self
    }
    pub const fn primary(mut self) -> FieldDesc {
        self.primary = true;
        self
    }
    pub const fn empty(mut self, empty: Empty) -> FieldDesc {
        self.empty = empty;
        self
    }
}

/// A game a scheme covers, by the name players use (`game.<id>` in the catalogs).
pub struct GameDesc {
    pub id: &'static str,
    /// Seated players (0 where the game has no seats).
    pub players: u32,
    /// Message-key prefix of the seat names (`seat.bridge` → `seat.bridge.0` …).
    pub seats: &'static str,
}

/// One recomputed result key and how its parts are addressed: `deals[deal][seat][card]`
/// names the indexes of `deals[0][1][5]` so a difference can be told in the game's
/// words ("deal 1, East, 6th card").
pub struct ResultDesc {
    pub key: &'static str,
    /// What one leaf value is: card, die, tile, player, multiplier, platform, winner,
    /// face, win, mine, white (chess), value.
    pub item: &'static str,
    /// `deals[deal][seat][card]`; `pattern:item` where that pattern's item differs.
    pub patterns: &'static [&'static str],
}

pub const fn result(
    key: &'static str,
    item: &'static str,
    patterns: &'static [&'static str],
) -> ResultDesc {
    ResultDesc {
        key,
        item,
        patterns,
    }
}

pub type RunFn = fn(Fields, &mut Report, &Options) -> Result<()>;

pub struct Scheme {
    pub id: &'static str,
    pub games: &'static [GameDesc],
    pub fields: &'static [FieldDesc],
    pub results: &'static [ResultDesc],
    /// Walks a hash chain (crash, platforms, battle, hash_chain).
    pub chain: bool,
    /// Published chain terminals offered by name (`(name, hash)`).
    pub terminals: &'static [(&'static str, &'static str)],
    /// How card ids map to cards: `rank_major` (SPEC conventions, `c % 13`) or
    /// `value_major` (selfpoker, `c / 4`); empty where the scheme has no cards.
    pub cards: &'static str,
    pub run: RunFn,
}

fn kind_str(k: Kind) -> &'static str {
    match k {
        Kind::Text => "text",
        Kind::Hash => "hash",
        Kind::Int => "int",
        Kind::List => "list",
        Kind::Seats => "seats",
        Kind::Numbers => "numbers",
        Kind::Json => "json",
        Kind::Select => "select",
        Kind::Buyers => "buyers",
        Kind::Bets => "bets",
    }
}

fn role_str(r: Role) -> &'static str {
    match r {
        Role::Secret => "secret",
        Role::Commitment => "commitment",
        Role::Client => "client",
        Role::Id => "id",
        Role::Count => "count",
        Role::Setting => "setting",
        Role::Played => "played",
        Role::Limit => "limit",
    }
}

/// `played`: every scheme takes it (SPEC "Verdict, `played` and hints").
pub const PLAYED: FieldDesc = FieldDesc::new("played", Kind::Json, Role::Played).optional();

impl Scheme {
    /// Every field, `played` last.
    pub fn all_fields(&self) -> impl Iterator<Item = &FieldDesc> {
        self.fields.iter().chain(std::iter::once(&PLAYED))
    }

    pub fn field(&self, name: &str) -> Option<&FieldDesc> {
        self.all_fields().find(|f| f.name == name)
    }

    pub fn result(&self, key: &str) -> Option<&ResultDesc> {
        self.results.iter().find(|r| r.key == key)
    }

    /// The descriptor as JSON, for `FairVerifier.schemes()`.
    pub fn to_json(&self) -> Value {
        let fields: Vec<Value> = self
            .all_fields()
            .map(|f| {
                let mut m = Map::new();
                m.insert("name".into(), json!(f.name));
                m.insert("kind".into(), json!(kind_str(f.kind)));
                m.insert("required".into(), json!(f.required));
                m.insert("role".into(), json!(role_str(f.role)));
                m.insert("label".into(), json!(format!("field.{}", f.name)));
                m.insert("help".into(), json!(format!("fieldhelp.{}", f.name)));
                if let Some(min) = f.min {
                    m.insert("min".into(), json!(min));
                }
                if let Some(max) = f.max {
                    m.insert("max".into(), json!(max));
                }
                if !f.options.is_empty() {
                    m.insert("options".into(), json!(f.options));
                }
                if !f.games.is_empty() {
                    m.insert("games".into(), json!(f.games));
                }
                if f.primary {
                    m.insert("primary".into(), json!(true));
                }
                match f.empty {
                    Empty::Omit => {}
                    Empty::Null => {
                        m.insert("empty".into(), json!("null"));
                    }
                    Empty::Keep => {
                        m.insert("empty".into(), json!("keep"));
                    }
                }
                Value::Object(m)
            })
            .collect();
        let games: Vec<Value> = self
            .games
            .iter()
            .map(|g| {
                json!({"id": g.id, "label": format!("game.{}", g.id), "players": g.players,
                       "seats": g.seats})
            })
            .collect();
        let results: Vec<Value> = self
            .results
            .iter()
            .map(|r| json!({"key": r.key, "item": r.item, "patterns": r.patterns}))
            .collect();
        let terminals: Vec<Value> = self
            .terminals
            .iter()
            .map(|(name, hash)| json!({"name": name, "hash": hash}))
            .collect();
        json!({
            "id": self.id,
            "label": format!("scheme.{}", self.id),
            "help": format!("help.{}", self.id),
            "chain": self.chain,
            "cards": self.cards,
            "games": games,
            "fields": fields,
            "results": results,
            "terminals": terminals,
        })
    }
}

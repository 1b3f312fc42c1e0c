//! What each scheme is, described by the core so that nothing else hard-codes it:
//! the page's forms and help, the widget's commitment lookup, the round-history
//! games, fuzz seeding and the test lists are all built from these descriptors.
//! They carry message keys (`field.serverSeed`), never English prose: the
//! surfaces render them from the catalog of the player's language.
//!
//! A descriptor says what the code checks, no more and no less:
//! `tests/verdicts.rs` probes every field's range, options, item range and
//! requirement through `verify` and fails when the two drift apart.

use serde_json::{Map, Value};

use crate::error::Result;

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
    /// A list of numbers (`min`/`max` bound each item, `items` the count).
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

/// Whether a record must carry a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    Required,
    Optional,
    /// Required unless the named field is given, and then still allowed (a record's
    /// `clientSeed` is the default of its `bets`).
    Unless(&'static str),
    /// Required unless the named field is given, and refused beside it
    /// (`conflicting_fields`): a single bet's `nonce` or the record's `bets`.
    InsteadOf(&'static str),
    /// Optional, but given exactly when the named field is (chess: a human
    /// opponent's `seedB` and `commitB`; a bot has neither).
    With(&'static str),
}

/// The values a `Select` or an `Int` field may take (an `Int` with options takes
/// only these; SPEC: `tileSet` is 136 or 144).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choices {
    None,
    Text(&'static [&'static str]),
    Int(&'static [i64]),
}

pub struct FieldDesc {
    pub name: &'static str,
    pub kind: Kind,
    pub need: Need,
    pub role: Role,
    /// An `Int`'s range, or each item's range for `Numbers`.
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// The largest value is the value of this other field (mahjong `draws` ≤ `tileSet`),
    /// or `max` when that field is absent… as its own default says.
    pub max_field: Option<&'static str>,
    /// How many items a list may hold.
    pub items: Option<(usize, usize)>,
    pub choices: Choices,
    /// The games (of a multi-game scheme) this field belongs to; empty: all.
    pub games: &'static [&'static str],
    /// The field a table badge compares with the fingerprint it showed.
    pub primary: bool,
    pub empty: Empty,
    /// The value an absent field stands for (`maxSteps`: 10,000,000), so that a
    /// surface can tell a value the player lowered from the core's own.
    pub default: Option<i64>,
}

impl FieldDesc {
    pub const fn new(name: &'static str, kind: Kind, role: Role) -> FieldDesc {
        FieldDesc {
            name,
            kind,
            need: Need::Required,
            role,
            min: None,
            max: None,
            max_field: None,
            items: None,
            choices: Choices::None,
            games: &[],
            primary: false,
            empty: Empty::Omit,
            default: None,
        }
    }
    pub const fn optional(mut self) -> FieldDesc {
        self.need = Need::Optional;
        self
    }
    pub const fn need(mut self, need: Need) -> FieldDesc {
        self.need = need;
        self
    }
    pub const fn range(mut self, min: i64, max: i64) -> FieldDesc {
        self.min = Some(min);
        self.max = Some(max);
        self
    }
    pub const fn at_most_field(mut self, field: &'static str) -> FieldDesc {
        self.max_field = Some(field);
        self
    }
    pub const fn items(mut self, min: usize, max: usize) -> FieldDesc {
        self.items = Some((min, max));
        self
    }
    pub const fn options(mut self, options: &'static [&'static str]) -> FieldDesc {
        self.choices = Choices::Text(options);
        self
    }
    pub const fn int_options(mut self, options: &'static [i64]) -> FieldDesc {
        self.choices = Choices::Int(options);
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
    pub const fn default_int(mut self, value: i64) -> FieldDesc {
        self.default = Some(value);
        self
    }
}

/// A game a scheme covers, by the name players use (`game.<id>` in the catalogs).
pub struct GameDesc {
    pub id: &'static str,
    /// Seated players (0 where the game has no seats).
    pub players: u32,
    /// Message-key prefix of the seat names (`seat.bridge` → `seat.bridge.0` …), or
    /// empty where the game names no seats.
    pub seats: &'static str,
    /// The game players pick on the page (`entry.game.<family>`): both poker
    /// schemes are "poker".
    pub family: &'static str,
    /// Hands are shown sorted by suit by default (the dealt order one click away):
    /// the card games whose players hold their hands sorted.
    pub sorted_hands: bool,
}

impl GameDesc {
    /// A game with no named seats, picked under its own id.
    pub const fn single(id: &'static str) -> GameDesc {
        GameDesc {
            id,
            players: 0,
            seats: "",
            family: id,
            sorted_hands: false,
        }
    }
    /// The same game drawn with its family's drawing (`family`: "poker").
    pub const fn in_family(self, family: &'static str) -> GameDesc {
        GameDesc { family, ..self }
    }
}

/// One step of a result pattern below its key: an index the pattern names
/// (`[deal]`) or a member (`.faceUp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    At(&'static str),
    Member(&'static str),
}

/// A shape of the values under a result key (`deals[deal][seat][card]` is
/// `[At("deal"), At("seat"), At("card")]`) and what one value of that shape is,
/// when it is not the key's `item`.
pub struct Pattern {
    pub steps: &'static [Step],
    pub item: Option<&'static str>,
    /// How the list holding these values (the pattern less its last index) is
    /// compared with what the player saw (SPEC "compared by meaning").
    pub order: Order,
}

/// How a list of values the player saw is compared with the recomputed one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Item by item (a deck, mahjong draws, the turn and river).
    Position,
    /// As a set: a seat's hand in one deal, the mines on a board.
    Set,
    /// A board: its first three (the flop) as a set, the rest by position.
    Flop,
    /// A backgammon roll: also text (`"4-3"`, `"4 3"`, `"43"`); the opening roll
    /// (index 0) by position, every later roll as an unordered pair.
    Roll,
}

pub const fn pattern(steps: &'static [Step]) -> Pattern {
    Pattern {
        steps,
        item: None,
        order: Order::Position,
    }
}

pub const fn pattern_of(steps: &'static [Step], item: &'static str) -> Pattern {
    Pattern {
        steps,
        item: Some(item),
        order: Order::Position,
    }
}

impl Pattern {
    /// The list holding these values is compared as `order` says.
    pub const fn compared(mut self, order: Order) -> Pattern {
        self.order = order;
        self
    }
}

/// The pattern of a single value (the key itself).
pub const SCALAR: &[Pattern] = &[pattern(&[])];

/// One recomputed result key and how its parts are addressed: `deals[deal][seat][card]`
/// names the indexes of `deals[0][1][5]` so a difference can be told in the game's
/// words ("deal 1, East, 6th card").
pub struct ResultDesc {
    pub key: &'static str,
    /// What one leaf value is: card, die, tile, player, multiplier, platform, winner,
    /// face, win, mine, white (chess), value.
    pub item: &'static str,
    pub patterns: &'static [Pattern],
}

/// The values an item takes where the game bounds them, in one table: the core
/// reads what a player was shown by it (`played::read_item`: a die 1–6, a mine's
/// cell 1–25, a tile 0–143, a card 0–51, a platform 1–25, a face 1–6: a value
/// outside its range is `bad_played`, SPEC "compared by meaning") and every
/// descriptor exports the rows its results use (`items`), so the pickers offer
/// exactly these values and keep no copy of their own (issue 45).
pub const ITEM_RANGES: &[(&str, i64, i64)] = &[
    ("card", 0, 51),
    ("die", 1, 6),
    ("face", 1, 6),
    ("mine", 1, 25),
    ("tile", 0, 143),
    // SPEC §6: `Intn(25) + 1` (`platforms::PLATFORMS`, held equal by its test).
    ("platform", 1, 25),
];

/// The row of `ITEM_RANGES` for `item`, if the game bounds it.
pub fn item_range(item: &str) -> Option<(i64, i64)> {
    ITEM_RANGES
        .iter()
        .find(|(name, _, _)| *name == item)
        .map(|&(_, min, max)| (min, max))
}

pub const fn result(
    key: &'static str,
    item: &'static str,
    patterns: &'static [Pattern],
) -> ResultDesc {
    ResultDesc {
        key,
        item,
        patterns,
    }
}

impl Pattern {
    /// `deals[deal][seat][card]` (for the JSON descriptor and the schemas).
    fn text(&self, key: &str) -> String {
        let mut s = key.to_string();
        for step in self.steps {
            match step {
                Step::At(n) => {
                    s.push('[');
                    s.push_str(n);
                    s.push(']');
                }
                Step::Member(m) => {
                    s.push('.');
                    s.push_str(m);
                }
            }
        }
        s
    }
}

/// How a chain game reads one line of a round history (`hash,claimed,more…`):
/// the outcome of the round from its hash and the values after the claimed one
/// (battle's chances), or `None` where a round has no outcome (`hash_chain`).
pub struct Rows {
    /// A line holds one value after the hash, so `hash,2,71` is the decimal-comma
    /// `2,71` (crash) rather than two values.
    pub one_value: bool,
    pub outcome: fn(&crate::record::Hex64, &[String]) -> Result<Option<Value>>,
}

/// A chain game's whole history (issue 27), declared beside its scheme: the walk
/// from a round's hash to the terminal counts every round it passes with the
/// game's tally (`src/history/<tally>.rs`, which `history::ChainGame` dispatches
/// to). Data only: the history code depends on the schemes, never the reverse.
/// Every chain scheme whose rounds have an outcome declares one (a test checks it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistoryDesc {
    pub tally: Tally,
}

/// The tallies of `src/history/`: what a chain game's history counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tally {
    /// Crash points: instants, shares at or above thresholds, against the formula.
    Crash,
    /// The last platform of each round (1–25) against uniform.
    Platforms,
    /// Where the wheel stopped in each round, by tenths (the record's chances name
    /// this round's winner only).
    Battle,
}

/// What a bet list's history counts (`src/history/bets.rs`), declared by the schemes
/// whose records may carry `bets` (a test checks it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetTally {
    /// The die's number of each bet against 1 in 6.
    Dice,
    /// The mine cells of each bet against 1 in 25.
    Mines,
}

/// A scheme as data (its run function is beside it in the registry, `schemes::Scheme`).
pub struct Descriptor {
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
    /// Chain games: how a round-history line is read.
    pub rows: Option<Rows>,
    /// Chain games: the whole history (the badge's build keeps none).
    pub history: Option<HistoryDesc>,
    /// Schemes whose records may carry `bets`: how a bet list is counted (the
    /// badge's build keeps none).
    pub bets_history: Option<BetTally>,
}

impl Descriptor {
    /// A scheme of one game with no seats, no chain and no cards; the `with_*`
    /// methods add what a scheme has.
    pub const fn new(
        id: &'static str,
        games: &'static [GameDesc],
        fields: &'static [FieldDesc],
        results: &'static [ResultDesc],
    ) -> Descriptor {
        Descriptor {
            id,
            games,
            fields,
            results,
            chain: false,
            terminals: &[],
            cards: "",
            rows: None,
            history: None,
            bets_history: None,
        }
    }
    /// A chain game: its published terminals and how its history lines are read.
    /// (The badge reads no histories: its build keeps no `rows`, so their code,
    /// with the float parser behind it, is not in its wasm.)
    pub const fn with_chain(
        mut self,
        terminals: &'static [(&'static str, &'static str)],
        rows: Rows,
    ) -> Descriptor {
        self.chain = true;
        self.terminals = terminals;
        #[cfg(not(feature = "widget"))]
        {
            self.rows = Some(rows);
        }
        #[cfg(feature = "widget")]
        let _ = rows;
        self
    }
    /// A chain game's whole history (see `HistoryDesc`); the badge's build keeps
    /// none, so no history code is in its wasm.
    pub const fn with_history(self, history: HistoryDesc) -> Descriptor {
        #[cfg(not(feature = "widget"))]
        return Descriptor {
            history: Some(history),
            ..self
        };
        #[cfg(feature = "widget")]
        {
            let _ = history;
            self
        }
    }
    /// How a bet list's history counts (see `BetTally`); the badge's build keeps
    /// none.
    pub const fn with_bets_history(self, tally: BetTally) -> Descriptor {
        #[cfg(not(feature = "widget"))]
        return Descriptor {
            bets_history: Some(tally),
            ..self
        };
        #[cfg(feature = "widget")]
        {
            let _ = tally;
            self
        }
    }
    pub const fn with_cards(mut self, cards: &'static str) -> Descriptor {
        self.cards = cards;
        self
    }
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

impl Descriptor {
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

    /// The field a table badge compares with the fingerprint it showed.
    pub fn primary(&self) -> Option<&FieldDesc> {
        self.fields.iter().find(|f| f.primary)
    }

    /// The descriptor as JSON, for `FairVerifier.schemes()`.
    pub fn to_json(&self) -> Value {
        let fields: Vec<Value> = self.all_fields().map(field_json).collect();
        let games: Vec<Value> = self
            .games
            .iter()
            .map(|g| {
                json!({"id": g.id, "label": format!("game.{}", g.id), "players": g.players,
                       "seats": g.seats, "family": g.family, "sortedHands": g.sorted_hands})
            })
            .collect();
        let results: Vec<Value> = self
            .results
            .iter()
            .map(|r| {
                let patterns: Vec<String> = r.patterns.iter().map(|p| p.text(r.key)).collect();
                json!({"key": r.key, "item": r.item, "patterns": patterns})
            })
            .collect();
        let mut items = Map::new();
        for r in self.results {
            let used = std::iter::once(r.item).chain(r.patterns.iter().filter_map(|p| p.item));
            for item in used {
                if let Some((min, max)) = item_range(item) {
                    items.insert(item.into(), json!({"min": min, "max": max}));
                }
            }
        }
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
            "history": self.history.is_some(),
            "cards": self.cards,
            "games": games,
            "fields": fields,
            "results": results,
            "items": items,
            "terminals": terminals,
        })
    }
}

fn field_json(f: &FieldDesc) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), json!(f.name));
    m.insert("kind".into(), json!(kind_str(f.kind)));
    m.insert("required".into(), json!(f.need == Need::Required));
    match f.need {
        Need::Unless(other) => {
            m.insert("unless".into(), json!(other));
        }
        Need::InsteadOf(other) => {
            m.insert("insteadOf".into(), json!(other));
        }
        Need::With(other) => {
            m.insert("with".into(), json!(other));
        }
        Need::Required | Need::Optional => {}
    }
    m.insert("role".into(), json!(role_str(f.role)));
    m.insert("label".into(), json!(format!("field.{}", f.name)));
    m.insert("help".into(), json!(format!("fieldhelp.{}", f.name)));
    if let Some(min) = f.min {
        m.insert("min".into(), json!(min));
    }
    if let Some(max) = f.max {
        m.insert("max".into(), json!(max));
    }
    if let Some(other) = f.max_field {
        m.insert("maxField".into(), json!(other));
    }
    if let Some(value) = f.default {
        m.insert("default".into(), json!(value));
    }
    if let Some((lo, hi)) = f.items {
        m.insert("minItems".into(), json!(lo));
        m.insert("maxItems".into(), json!(hi));
    }
    match f.choices {
        Choices::None => {}
        Choices::Text(o) => {
            m.insert("options".into(), json!(o));
        }
        Choices::Int(o) => {
            m.insert("options".into(), json!(o));
        }
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
}

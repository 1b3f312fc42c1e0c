//! Dice and mines bets pasted as lines (SPEC §7 "Every bet under one server seed"):
//!   dice:  nonce, selection, result     (result: the face the player saw; optional)
//!   mines: nonce, mines, positions      (positions: the mine cells seen; optional)
//! What is read:
//! - fields as every pasted line's (`lines`: tab, else semicolon, else comma, each
//!   line's own; "quoted" fields keep separators inside them);
//! - an optional header line; when its names say which column is which (time,
//!   selection, result, mines, positions, client seed…), the columns are taken by
//!   name, else in the order above; other columns are ignored and said so;
//! - the nonce: the bet's time in milliseconds (SPEC), or an ISO 8601 date-time that
//!   converts to milliseconds EXACTLY: with its milliseconds and an explicit offset
//!   (Z, +02:00, +0200, UTC). A local time without an offset is refused (it could be
//!   several moments), so is a time without milliseconds or with a fraction finer
//!   than a millisecond that is not zero;
//! - a dice selection: faces 1–6 separated by spaces (or commas, slashes… inside the
//!   field), a range "1-3" (1, 2 and 3) or digits run together "123" (1, 2, 3);
//! - a result: the face 1–6 (words after it, "4 win", are ignored); mine positions:
//!   cells 1–25. An empty optional column, or "-", means not given.
//!
//! The reading is data (roles, codes, line numbers); the surfaces put it into words
//! (`bets.*` in the catalogs). Nothing here decides fairness: the bets go to `verify`.

use serde_json::{Map, Value};

/// A game whose bets can be pasted as lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Dice,
    Mines,
}

impl Game {
    pub fn id(self) -> &'static str {
        match self {
            Game::Dice => "dice",
            Game::Mines => "mines",
        }
    }

    pub fn from_id(id: &str) -> Option<Game> {
        match id {
            "dice" => Some(Game::Dice),
            "mines" => Some(Game::Mines),
            _ => None,
        }
    }

    /// The columns of the game, in their default order.
    fn columns(self) -> [Role; 3] {
        match self {
            Game::Dice => [Role::Nonce, Role::Selection, Role::Result],
            Game::Mines => [Role::Nonce, Role::Mines, Role::Positions],
        }
    }
}

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Nonce,
    Selection,
    Result,
    Mines,
    Positions,
    ClientSeed,
    /// A header's "face"/"roll": a dice result, nothing in mines.
    Face,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::Nonce => "nonce",
            Role::Selection => "selection",
            Role::Result => "result",
            Role::Mines => "mines",
            Role::Positions => "positions",
            Role::ClientSeed => "clientSeed",
            Role::Face => "face",
        }
    }
}

/// How the lines are to be read: `game` when it is known (the form's game),
/// `prefer` the game to take when the lines could be either.
#[derive(Clone, Copy, Debug, Default)]
pub struct BetOptions {
    pub game: Option<Game>,
    pub prefer: Option<Game>,
}

/// Why a line was refused: `code` (a `bets.err.<code>` in the catalogs), the line
/// (1-based, as in the text) and the value refused (for `columns`: how many
/// fields the line had).
#[derive(Clone, Debug, PartialEq)]
pub struct LineError {
    pub code: &'static str,
    pub line: Option<usize>,
    pub value: Option<Value>,
}

impl LineError {
    fn new(code: &'static str, line: usize, value: impl Into<Value>) -> LineError {
        LineError {
            code,
            line: Some(line),
            value: Some(value.into()),
        }
    }

    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("code".into(), Value::from(self.code));
        if let Some(line) = self.line {
            m.insert("line".into(), Value::from(line));
        }
        if let Some(v) = &self.value {
            m.insert("value".into(), v.clone());
        }
        Value::Object(m)
    }
}

const MAX_SAFE: i64 = (1 << 53) - 1;

/// Which time a nonce was given as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Ms,
    Date,
}

/// An ISO 8601 date-time as exact milliseconds since 1970 (UTC), or why not:
/// `noOffset`, `noMillis`, `finerThanMillis`, `badTime`.
pub fn parse_date_time(text: &str) -> Result<i64, &'static str> {
    let s: Vec<char> = text.trim().chars().collect();
    let mut at = 0;
    let digits = |at: &mut usize, n: usize| -> Option<i64> {
        let part = s.get(*at..*at + n)?;
        if !part.iter().all(char::is_ascii_digit) {
            return None;
        }
        *at += n;
        part.iter().collect::<String>().parse().ok()
    };
    let expect = |at: &mut usize, ok: &dyn Fn(char) -> bool| -> Option<()> {
        let c = *s.get(*at)?;
        if !ok(c) {
            return None;
        }
        *at += 1;
        Some(())
    };
    let mut head = || -> Option<[i64; 5]> {
        let y = digits(&mut at, 4)?;
        expect(&mut at, &|c| c == '-')?;
        let mo = digits(&mut at, 2)?;
        expect(&mut at, &|c| c == '-')?;
        let d = digits(&mut at, 2)?;
        expect(&mut at, &|c| c == 'T' || c == 't' || c == ' ')?;
        let h = digits(&mut at, 2)?;
        expect(&mut at, &|c| c == ':')?;
        let mi = digits(&mut at, 2)?;
        Some([y, mo, d, h, mi])
    };
    let [y, mo, d, h, mi] = head().ok_or("badTime")?;
    // Seconds and their fraction, each optional.
    let mut sec = None;
    let mut frac: Option<String> = None;
    if s.get(at) == Some(&':') {
        let mut k = at + 1;
        if let Some(v) = digits(&mut k, 2) {
            sec = Some(v);
            at = k;
            if matches!(s.get(at), Some('.') | Some(',')) {
                let run: String = s[at + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if !run.is_empty() {
                    at += 1 + run.len();
                    frac = Some(run);
                }
            }
        }
    }
    let rest: String = s[at..].iter().collect::<String>();
    let rest = rest.trim_start();
    if rest.is_empty() {
        return Err("noOffset");
    }
    let offset_ms = offset(rest).ok_or("badTime")?;
    let (sec, frac) = match (sec, frac) {
        (Some(sec), Some(frac)) if frac.len() >= 3 => (sec, frac),
        _ => return Err("noMillis"),
    };
    if frac[3..].bytes().any(|b| b != b'0') {
        return Err("finerThanMillis");
    }
    let ms: i64 = frac[..3].parse().map_err(|_| "badTime")?;
    if !(1..=12).contains(&mo) || d < 1 || h > 23 || mi > 59 || sec > 59 {
        return Err("badTime");
    }
    if d > days_in_month(y, mo) {
        return Err("badTime"); // 31 April
    }
    let days = days_from_civil(y, mo, d);
    let t = ((days * 24 + h) * 60 + mi) * 60_000 + sec * 1000 + ms - offset_ms;
    if t.abs() > MAX_SAFE {
        return Err("badTime");
    }
    Ok(t)
}

/// An offset (`Z`, `UTC`, `GMT`, `+02:00`, `+0200`, `-05`, `−05:00`) in
/// milliseconds to subtract, or None.
fn offset(text: &str) -> Option<i64> {
    let upper = text.to_ascii_uppercase();
    if matches!(upper.as_str(), "Z" | "UTC" | "GMT") {
        return Some(0);
    }
    let mut chars = text.chars();
    let sign = match chars.next()? {
        '+' => 1,
        '-' | '\u{2212}' => -1,
        _ => return None,
    };
    let rest: &str = chars.as_str();
    if !rest.is_ascii() {
        return None;
    }
    let two = |s: &str| -> Option<i64> {
        (s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (oh, om) = match rest.len() {
        2 => (two(rest)?, 0),
        4 => (two(&rest[..2])?, two(&rest[2..])?),
        5 if rest.as_bytes()[2] == b':' => (two(&rest[..2])?, two(&rest[3..])?),
        _ => return None,
    };
    if oh > 23 || om > 59 {
        return None;
    }
    Some(sign * (oh * 60 + om) * 60_000)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn is_int_text(s: &str) -> bool {
    let d = s.strip_prefix(['-', '\u{2212}']).unwrap_or(s);
    !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
}

fn starts_with_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 10
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5..7].iter().all(u8::is_ascii_digit)
        && b[7] == b'-'
        && b[8..10].iter().all(u8::is_ascii_digit)
}

/// A nonce column's value: the nonce and what it was written as, or an error code
/// (`nonce`, `nonceRange`, or a date-time's).
pub fn parse_nonce(text: &str) -> Result<(i64, Written), &'static str> {
    let s = text.trim();
    if is_int_text(s) {
        let negative = !s.starts_with(|c: char| c.is_ascii_digit());
        let digits = s.trim_start_matches(['-', '\u{2212}']);
        let n = digits
            .parse::<i64>()
            .ok()
            .filter(|n| *n <= MAX_SAFE)
            .ok_or("nonceRange")?;
        return Ok((if negative { -n } else { n }, Written::Ms));
    }
    if starts_with_date(s) {
        return parse_date_time(s).map(|n| (n, Written::Date));
    }
    Err("nonce")
}

/// Does a field look like a nonce (digits, or a date-time, even one refused)?
fn nonce_like(s: &str) -> bool {
    is_int_text(s) || {
        let b = s.as_bytes();
        starts_with_date(s)
            && matches!(b.get(10), Some(b'T') | Some(b' '))
            && b.get(11).is_some_and(u8::is_ascii_digit)
    }
}

/// An optional column not given: empty, or a dash.
fn empty(s: &str) -> bool {
    matches!(s, "" | "-" | "\u{2013}" | "\u{2014}")
}

/// The tokens of a list field (`[1, 2]`, `1 2`, `1/2`…).
fn tokens(text: &str) -> Vec<&str> {
    let s = text.trim();
    let s = s
        .strip_prefix('[')
        .and_then(|x| x.strip_suffix(']'))
        .unwrap_or(s);
    s.split(|c: char| c.is_whitespace() || ",;/|+&".contains(c))
        .filter(|t| !t.is_empty())
        .collect()
}

/// How a selection was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    List,
    Range,
    Digits,
}

impl How {
    fn as_str(self) -> &'static str {
        match self {
            How::List => "list",
            How::Range => "range",
            How::Digits => "digits",
        }
    }
}

fn face_digit(c: char) -> Option<u8> {
    ('1'..='6').contains(&c).then(|| c as u8 - b'0')
}

/// A dice selection: its faces and how it was written, or None.
pub fn parse_selection(text: &str) -> Option<(Vec<u8>, How)> {
    let toks = tokens(text);
    if toks.is_empty() {
        return None;
    }
    let mut faces = Vec::new();
    let mut how = How::List;
    for tok in toks {
        if let Some((a, b)) = range(tok) {
            if a > b {
                return None;
            }
            faces.extend(a..=b);
            how = How::Range;
        } else if tok.chars().all(|c| face_digit(c).is_some()) {
            faces.extend(tok.chars().filter_map(face_digit));
            if tok.len() > 1 && how == How::List {
                how = How::Digits;
            }
        } else {
            return None;
        }
    }
    Some((faces, how))
}

/// `1-3`, `1–3`, `1..3`: the two faces.
fn range(tok: &str) -> Option<(u8, u8)> {
    let mut cs = tok.chars();
    let a = face_digit(cs.next()?)?;
    let rest = cs.as_str();
    let rest = ["-", "\u{2013}", ".."]
        .iter()
        .find_map(|d| rest.strip_prefix(d))?;
    let mut cs = rest.chars();
    let b = face_digit(cs.next()?)?;
    cs.next().is_none().then_some((a, b))
}

/// A dice result: the face 1–6 ("4", "4 win", "4 (loss)").
pub fn parse_face(text: &str) -> Option<u8> {
    let s = text.trim();
    let mut cs = s.chars();
    let f = face_digit(cs.next()?)?;
    let after = cs.as_str().trim_start();
    match after.chars().next() {
        None => Some(f),
        Some(c) if !c.is_ascii_digit() => Some(f),
        _ => None,
    }
}

/// A number of mines, 0–25.
fn parse_mine_count(text: &str) -> Option<u8> {
    let s = text.trim();
    (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse::<u8>().ok())
        .flatten()
        .filter(|n| *n <= 25)
}

/// Mine positions, cells 1–25 in the order given.
fn parse_positions(text: &str) -> Option<Vec<u8>> {
    let toks = tokens(text);
    if toks.is_empty() {
        return None;
    }
    toks.iter()
        .map(|t| {
            (t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u8>().ok())
                .flatten()
                .filter(|n| (1..=25).contains(n))
        })
        .collect()
}

/// The names a header gives each column (lower case, letters only), by role.
const HEADER_NAMES: [(Role, &str); 7] = [
    (
        Role::Nonce,
        "nonce time timestamp date datetime dateandtime when createdat placedat bettime ms \
         millis milliseconds timems",
    ),
    (
        Role::Selection,
        "selection selected selections numbers yournumbers faces pick picks picked prediction \
         chosen bet betnumbers",
    ),
    (
        Role::Face,
        "face roll rolled die dice diceresult rolledface",
    ),
    (Role::Result, "result outcome shown youwereshown yousaw"),
    (
        Role::Mines,
        "mines minecount minescount numberofmines bombs bombcount",
    ),
    (
        Role::Positions,
        "positions position cells minepositions minecells mineswere minesat board bombpositions",
    ),
    (Role::ClientSeed, "clientseed client clientseeds"),
];

/// A header name's role (game-independent where it can be).
fn header_role(name: &str) -> Option<Role> {
    let n: String = name
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_lowercase())
        .collect();
    HEADER_NAMES
        .iter()
        .find(|(_, names)| names.split_ascii_whitespace().any(|x| x == n))
        .map(|(role, _)| *role)
}

/// The columns a header names, for `game` (or the game it names, when `game` is
/// None), when it names the nonce and the selection or mine count.
fn header_columns(fields: &[String], game: Option<Game>) -> Option<(Game, Vec<Option<Role>>)> {
    let roles: Vec<Option<Role>> = fields.iter().map(|f| header_role(f)).collect();
    let has = |r: Role| roles.contains(&Some(r));
    let named = game.or(if has(Role::Selection) || has(Role::Face) {
        Some(Game::Dice)
    } else if has(Role::Mines) || has(Role::Positions) {
        Some(Game::Mines)
    } else {
        None
    })?;
    let allowed = named.columns();
    let mut seen: Vec<Role> = Vec::new();
    let map: Vec<Option<Role>> = roles
        .iter()
        .map(|r| match r {
            Some(Role::Face) => (named == Game::Dice).then_some(Role::Result),
            Some(Role::Result) if named == Game::Mines => Some(Role::Positions),
            other => *other,
        })
        // Each role once: a second column of the same role is ignored.
        .map(|r| {
            r.filter(|r| {
                (allowed.contains(r) || *r == Role::ClientSeed) && !seen.contains(r) && {
                    seen.push(*r);
                    true
                }
            })
        })
        .collect();
    let ok = map.contains(&Some(Role::Nonce)) && map.contains(&Some(allowed[1]));
    ok.then_some((named, map))
}

/// Which game rows are (without a header): dice, mines, or None (either).
fn game_of_rows(rows: &[Row]) -> Option<Game> {
    let (mut dice, mut mines) = (0, 0);
    for r in rows {
        let a = r.fields.get(1).map_or("", String::as_str);
        let b = r.fields.get(2).map_or("", String::as_str);
        let faces_only = !a.is_empty() && a.chars().all(|c| face_digit(c).is_some());
        if !a.is_empty() && a.bytes().all(|x| x.is_ascii_digit()) {
            // A long run of digits is a dice selection or nothing.
            let n = a.parse::<u64>().unwrap_or(u64::MAX);
            if n == 0 || (n > 6 && n <= 25 && !faces_only) {
                mines += 1;
            } else if n > 25 && faces_only {
                dice += 1;
            }
        } else if parse_selection(a).is_some() {
            dice += 1;
        }
        if !empty(b) {
            if let Some(cells) = parse_positions(b) {
                if cells.len() > 1 || cells[0] > 6 {
                    mines += 1;
                }
            }
        }
    }
    match (dice > 0, mines > 0) {
        (true, false) => Some(Game::Dice),
        (false, true) => Some(Game::Mines),
        _ => None,
    }
}

/// A line of the text, with its 1-based number.
struct Line<'a> {
    line: usize,
    text: &'a str,
}

struct Row {
    line: usize,
    fields: Vec<String>,
}

/// Bet lines read at most: a record's `bets` holds 1 to 10,000 (SPEC §7,
/// `schemes::bets::MAX_BETS`). The reader stops at the line after the last one it
/// may take and refuses the text (`tooMany`) before reading any bet, so an
/// operator's "bet export" of any size is refused at once (issue 43).
pub const MAX_BET_LINES: usize = crate::schemes::bets::MAX_BETS;

/// Lines read for a header and one bet more than allowed: enough to say `tooMany`.
const LINES_READ: usize = MAX_BET_LINES + 2;

/// Non-empty lines with their 1-based numbers (a BOM and "#" comments dropped), at
/// most `most` of them: the rest of the text is not looked at.
fn lines_of(text: &str, most: usize) -> Vec<Line<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut line = 0;
    let mut rest = text;
    while out.len() < most {
        line += 1;
        let (l, next) = match rest.find(['\r', '\n']) {
            Some(i) => {
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                (&rest[..i], Some(&rest[i + skip..]))
            }
            None => (rest, None),
        };
        let t = l.trim();
        if !t.is_empty() && !t.starts_with('#') {
            out.push(Line { line, text: l });
        }
        match next {
            Some(n) => rest = n,
            None => break,
        }
    }
    out
}

/// Does `text` look like bet lines (every data line starts with a nonce or a
/// date-time and has at least two columns; a header line is allowed)?
pub fn looks_like_bet_lines(text: &str) -> bool {
    let s = text.trim();
    if s.is_empty() || s.starts_with(['[', '{']) {
        return false;
    }
    let rows: Vec<Vec<String>> = lines_of(s, LINES_READ)
        .iter()
        .map(|l| crate::lines::fields(l.text))
        .collect();
    let data = rows
        .iter()
        .filter(|r| r.len() >= 2 && nonce_like(&r[0]))
        .count();
    data > 0 && data + 1 >= rows.len() && (data == rows.len() || !nonce_like(&rows[0][0]))
}

/// One column read: its role, its header's name (when taken by name), and for the
/// nonce what it was written as (`ms`, `date` or `both`).
struct Column {
    role: Role,
    header: Option<String>,
    from: Option<&'static str>,
}

/// Bet lines read: the game, the bets (as a record's `bets`), the columns read and
/// those ignored, whether a header was read, the separator, and the first
/// selection not written as a plain list.
pub struct Reading {
    pub game: Game,
    pub bets: Vec<Value>,
    columns: Vec<Column>,
    ignored: Vec<(usize, Option<String>)>,
    header: bool,
    separator: char,
    selection: Option<(How, String, Vec<u8>)>,
}

impl Reading {
    pub fn to_json(&self) -> Value {
        let columns: Vec<Value> = self
            .columns
            .iter()
            .map(|c| {
                let mut m = Map::new();
                m.insert("role".into(), Value::from(c.role.as_str()));
                if let Some(h) = &c.header {
                    m.insert("header".into(), Value::from(h.as_str()));
                }
                if let Some(f) = c.from {
                    m.insert("from".into(), Value::from(f));
                }
                Value::Object(m)
            })
            .collect();
        let ignored: Vec<Value> = self
            .ignored
            .iter()
            .map(|(column, header)| match header {
                Some(h) => json!({"column": column, "header": h}),
                None => json!({"column": column}),
            })
            .collect();
        let selection = match &self.selection {
            Some((how, text, faces)) => json!({"how": how.as_str(), "text": text, "faces": faces}),
            None => Value::Null,
        };
        json!({
            "ok": true, "game": self.game.id(), "bets": self.bets, "count": self.bets.len(),
            "columns": columns, "ignored": ignored, "header": self.header,
            "separator": self.separator.to_string(), "selection": selection,
        })
    }
}

/// Bet lines refused: why, and the game they were read as (none for `empty`).
#[derive(Debug, PartialEq)]
pub struct Refusal {
    pub game: Option<Game>,
    pub error: LineError,
}

impl Refusal {
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("ok".into(), Value::Bool(false));
        if let Some(g) = self.game {
            m.insert("game".into(), Value::from(g.id()));
        }
        m.insert("error".into(), self.error.to_json());
        Value::Object(m)
    }
}

/// A reading or a refusal as the JSON the surfaces take.
pub fn reading_json(r: &Result<Reading, Refusal>) -> Value {
    match r {
        Ok(r) => r.to_json(),
        Err(e) => e.to_json(),
    }
}

fn nothing() -> Refusal {
    Refusal {
        game: None,
        error: LineError {
            code: "empty",
            line: None,
            value: None,
        },
    }
}

/// Which column holds what: the game, each column's role, and the header's names
/// when the header named the columns.
struct Layout {
    game: Game,
    map: Vec<Option<Role>>,
    header: Option<Vec<String>>,
    by_name: bool,
}

impl Layout {
    fn at(&self, role: Role) -> Option<usize> {
        self.map.iter().position(|r| *r == Some(role))
    }

    fn refuse(&self, code: &'static str, line: usize, value: impl Into<Value>) -> Refusal {
        Refusal {
            game: Some(self.game),
            error: LineError::new(code, line, value),
        }
    }

    /// One row as a bet, and how its nonce was written; `selection` gets the first
    /// selection not written as a plain list.
    fn bet(
        &self,
        row: &Row,
        selection: &mut Option<(How, String, Vec<u8>)>,
    ) -> Result<(Value, Written), Refusal> {
        let (line, fields) = (row.line, &row.fields);
        let get = |role: Role| -> &str {
            self.at(role)
                .and_then(|i| fields.get(i))
                .map_or("", String::as_str)
        };
        let [_, setting, outcome] = self.game.columns();
        if fields.len() < 2 || empty(get(setting)) {
            return Err(self.refuse("columns", line, fields.len()));
        }
        let nonce_text = get(Role::Nonce);
        let (nonce, written) =
            parse_nonce(nonce_text).map_err(|code| self.refuse(code, line, nonce_text))?;
        let mut bet = Map::new();
        bet.insert("nonce".into(), Value::from(nonce));
        let text = get(setting);
        match self.game {
            Game::Dice => {
                let (faces, how) =
                    parse_selection(text).ok_or_else(|| self.refuse("selection", line, text))?;
                if how != How::List && selection.is_none() {
                    *selection = Some((how, text.to_string(), faces.clone()));
                }
                bet.insert("selected".into(), json!(faces));
            }
            Game::Mines => {
                let n =
                    parse_mine_count(text).ok_or_else(|| self.refuse("mineCount", line, text))?;
                bet.insert("mines".into(), Value::from(n));
            }
        }
        if let Some(seed) = self.at(Role::ClientSeed).and_then(|i| fields.get(i)) {
            bet.insert("clientSeed".into(), Value::from(seed.as_str()));
        }
        let seen = get(outcome);
        if !empty(seen) {
            let played = match self.game {
                Game::Dice => {
                    json!({ "face": parse_face(seen).ok_or_else(|| self.refuse("face", line, seen))? })
                }
                Game::Mines => {
                    json!({ "mines": parse_positions(seen).ok_or_else(|| self.refuse("positions", line, seen))? })
                }
            };
            bet.insert("played".into(), played);
        }
        Ok((Value::Object(bet), written))
    }

    /// The columns read, in the order of the roles (`from`: how the nonces were
    /// written), and those ignored (1-based, with their header's name).
    fn said(
        &self,
        rows: &[Row],
        from: Option<&'static str>,
    ) -> (Vec<Column>, Vec<(usize, Option<String>)>) {
        let given = |i: usize, any: bool| {
            rows.iter().any(|r| {
                r.fields
                    .get(i)
                    .is_some_and(|f| if any { true } else { !empty(f) })
            })
        };
        let mut roles = self.game.columns().to_vec();
        roles.push(Role::ClientSeed);
        let columns = roles
            .into_iter()
            .filter(|r| {
                self.at(*r)
                    .is_some_and(|i| given(i, *r == Role::ClientSeed))
            })
            .map(|role| Column {
                role,
                header: match (&self.header, self.by_name, self.at(role)) {
                    (Some(h), true, Some(i)) => h.get(i).cloned(),
                    _ => None,
                },
                from: (role == Role::Nonce).then_some(from).flatten(),
            })
            .collect();
        let ignored = (0..self.map.len())
            .filter(|&i| {
                self.map[i].is_none()
                    && rows
                        .iter()
                        .any(|r| r.fields.get(i).is_some_and(|f| !f.is_empty()))
            })
            .map(|i| {
                let name = self.header.as_ref().and_then(|h| h.get(i));
                (i + 1, name.filter(|h| !h.is_empty()).cloned())
            })
            .collect();
        (columns, ignored)
    }
}

/// Reads bet lines (see the module comment).
pub fn read_bet_lines(text: &str, options: BetOptions) -> Result<Reading, Refusal> {
    let lines = lines_of(text, LINES_READ);
    let first_line = lines.first().ok_or_else(nothing)?;
    // The separator: of the first data line (a header may be written differently).
    let sep0 = crate::lines::separator(first_line.text);
    let has_header = crate::lines::split(first_line.text, sep0)
        .first()
        .is_some_and(|f| !nonce_like(f));
    let data_lines = if has_header { &lines[1..] } else { &lines[..] };
    if let Some(over) = data_lines.get(MAX_BET_LINES) {
        return Err(Refusal {
            game: options.game,
            error: LineError::new("tooMany", over.line, MAX_BET_LINES),
        });
    }
    let sep = crate::lines::separator(data_lines.first().ok_or_else(nothing)?.text);
    let rows: Vec<Row> = data_lines
        .iter()
        .map(|l| Row {
            line: l.line,
            fields: crate::lines::fields(l.text),
        })
        .collect();
    let header = has_header.then(|| {
        let s = if first_line.text.contains(sep) {
            sep
        } else {
            sep0
        };
        crate::lines::split(first_line.text, s)
    });
    let by_name = header
        .as_ref()
        .and_then(|h| header_columns(h, options.game));
    let game = options
        .game
        .or(by_name.as_ref().map(|b| b.0))
        .or_else(|| game_of_rows(&rows))
        .unwrap_or(match options.prefer {
            Some(Game::Mines) => Game::Mines,
            _ => Game::Dice,
        });
    let width = rows.iter().map(|r| r.fields.len()).max().unwrap_or(0);
    let mut map: Vec<Option<Role>> = match &by_name {
        Some((g, m)) if *g == game => m.clone(),
        _ => game.columns().iter().map(|r| Some(*r)).collect(),
    };
    map.resize(map.len().max(width), None);
    let layout = Layout {
        game,
        map,
        header,
        by_name: by_name.is_some(),
    };

    let mut bets = Vec::with_capacity(rows.len());
    let mut from: Option<&'static str> = None;
    let mut selection = None;
    for row in &rows {
        let (bet, written) = layout.bet(row, &mut selection)?;
        let written = match written {
            Written::Ms => "ms",
            Written::Date => "date",
        };
        from = Some(if from.is_none_or(|f| f == written) {
            written
        } else {
            "both"
        });
        bets.push(bet);
    }
    let (columns, mut ignored) = layout.said(&rows, from);
    ignored.retain(|(column, _)| *column <= width);
    Ok(Reading {
        game,
        bets,
        columns,
        ignored,
        header: has_header,
        separator: sep,
        selection,
    })
}

#[cfg(test)]
mod tests {
    //! The cases of the page's former reader (its test, deleted in 64676d0; issue 18),
    //! with the expectations it had.
    use super::*;

    fn read(text: &str) -> Value {
        reading_json(&read_bet_lines(text, BetOptions::default()))
    }

    fn read_as(text: &str, game: Game) -> Value {
        let o = BetOptions {
            game: Some(game),
            prefer: None,
        };
        reading_json(&read_bet_lines(text, o))
    }

    fn roles(r: &Value) -> Vec<&str> {
        r["columns"]
            .as_array()
            .map(|c| c.iter().filter_map(|c| c["role"].as_str()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn separators_quotes_a_header_and_the_columns_read() {
        let r = read("Nonce;Selection;Result\n1732756271411, 1 2 3, 4\n1732756271412;1-3;2\n1732756271413\t\"3,5\"\t\n");
        assert_eq!(r["ok"], true);
        assert_eq!(r["game"], "dice");
        assert_eq!(r["header"], true);
        assert_eq!(
            r["bets"],
            json!([
                {"nonce": 1732756271411_i64, "selected": [1, 2, 3], "played": {"face": 4}},
                {"nonce": 1732756271412_i64, "selected": [1, 2, 3], "played": {"face": 2}},
                {"nonce": 1732756271413_i64, "selected": [3, 5]},
            ])
        );
        assert_eq!(roles(&r), ["nonce", "selection", "result"]);
        assert_eq!(
            r["selection"],
            json!({"how": "range", "text": "1-3", "faces": [1, 2, 3]})
        );
    }

    #[test]
    fn a_header_names_the_columns_in_any_order_and_other_columns_are_ignored() {
        let r = read("amount,roll,time,bet,client seed\n5.00,6,1732756271411,246,abc\n1.00,,1732756271412,15,abc\n");
        assert_eq!(r["ok"], true);
        assert_eq!(
            r["bets"],
            json!([
                {"nonce": 1732756271411_i64, "selected": [2, 4, 6], "clientSeed": "abc", "played": {"face": 6}},
                {"nonce": 1732756271412_i64, "selected": [1, 5], "clientSeed": "abc"},
            ])
        );
        let named: Vec<(&str, &str)> = r["columns"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                (
                    c["role"].as_str().unwrap_or(""),
                    c["header"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(
            named,
            [
                ("nonce", "time"),
                ("selection", "bet"),
                ("result", "roll"),
                ("clientSeed", "client seed")
            ]
        );
        assert_eq!(r["ignored"], json!([{"column": 1, "header": "amount"}]));
        assert_eq!(
            r["selection"],
            json!({"how": "digits", "text": "246", "faces": [2, 4, 6]})
        );
    }

    #[test]
    fn mines_and_the_game_from_the_columns_or_the_form() {
        let r = read("1732756271411\t3\t3 7 12\n1732756271412\t0\t-\n");
        assert_eq!(r["game"], "mines");
        assert_eq!(
            r["bets"],
            json!([
                {"nonce": 1732756271411_i64, "mines": 3, "played": {"mines": [3, 7, 12]}},
                {"nonce": 1732756271412_i64, "mines": 0},
            ])
        );
        assert_eq!(roles(&r), ["nonce", "mines", "positions"]);
        // "3, 4" could be either: the form's game decides, else dice.
        assert_eq!(read("1732756271411; 3; 4")["game"], "dice");
        let prefer = BetOptions {
            game: None,
            prefer: Some(Game::Mines),
        };
        let r = reading_json(&read_bet_lines("1732756271411; 3; 4", prefer));
        assert_eq!(r["game"], "mines");
        assert_eq!(
            read_as("1732756271411; 3; 4", Game::Mines)["bets"][0]["played"]["mines"][0],
            4
        );
        assert_eq!(
            read("nonce,mines,positions\n1732756271411; 3; 4")["game"],
            "mines"
        );
    }

    /// Civil date of days since 1970 (the inverse of `days_from_civil`, written
    /// from the other end: counting years and months forward).
    fn civil(mut days: i64) -> (i64, i64, i64) {
        let mut y = 1970;
        loop {
            let n = if is_leap(y) { 366 } else { 365 };
            if days < n {
                break;
            }
            days -= n;
            y += 1;
        }
        let mut m = 1;
        while days >= days_in_month(y, m) {
            days -= days_in_month(y, m);
            m += 1;
        }
        (y, m, days + 1)
    }

    #[test]
    fn date_times_convert_exactly_to_milliseconds_only_with_an_offset_and_milliseconds() {
        // Instants written as local times at several offsets, as the page's test did
        // with Date (there its results were checked against Date.parse).
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let ms = 1_600_000_000_000 + (x % 200_000_000_000) as i64;
            let off: i64 = [0, 60, 120, -300, 330, 345, -570, 840][i % 8];
            let local = ms + off * 60_000;
            let (y, mo, d) = civil(local.div_euclid(86_400_000));
            let t = local.rem_euclid(86_400_000);
            let (h, mi, s, milli) = (t / 3_600_000, t / 60_000 % 60, t / 1000 % 60, t % 1000);
            let base = format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{milli:03}");
            let (sign, a) = (if off < 0 { '-' } else { '+' }, off.abs());
            let texts = [
                if off == 0 {
                    format!("{base}Z")
                } else {
                    format!("{base}{sign}{:02}:{:02}", a / 60, a % 60)
                },
                format!("{}{sign}{:02}{:02}", base.replace('T', " "), a / 60, a % 60),
            ];
            for text in texts {
                assert_eq!(parse_nonce(&text), Ok((ms, Written::Date)), "{text}");
            }
        }
        assert_eq!(
            parse_date_time("2024-11-28T01:11:11.411000Z"),
            Ok(1732756271411)
        );
        assert_eq!(
            parse_date_time("2024-11-28 01:11:11.411 UTC"),
            Ok(1732756271411)
        );
        assert_eq!(parse_date_time("2024-11-28T01:11:11.411"), Err("noOffset"));
        assert_eq!(parse_date_time("2024-11-28T01:11:11Z"), Err("noMillis"));
        assert_eq!(parse_date_time("2024-11-28T01:11:11.41Z"), Err("noMillis"));
        assert_eq!(parse_date_time("2024-11-28T01:11Z"), Err("noMillis"));
        assert_eq!(
            parse_date_time("2024-11-28T01:11:11.4115Z"),
            Err("finerThanMillis")
        );
        assert_eq!(parse_date_time("2023-02-29T01:11:11.411Z"), Err("badTime"));
        assert_eq!(parse_date_time("2024-11-28T24:00:00.000Z"), Err("badTime"));
        assert_eq!(
            parse_date_time("2024-11-28T01:11:11.411 CET"),
            Err("badTime")
        );
        // Offsets that are not text a byte at a time are refused, never sliced.
        assert_eq!(
            parse_date_time("2024-11-28T01:11:11.411+1é1"),
            Err("badTime")
        );
        assert_eq!(
            read("1732756271411, 1, 2\n2024-11-28T01:11:11.411, 1, 2"),
            json!({"ok": false, "game": "dice",
                   "error": {"code": "noOffset", "line": 2, "value": "2024-11-28T01:11:11.411"}})
        );
    }

    #[test]
    fn refusals_name_the_line_and_the_value() {
        let err = |text: &str| read(text)["error"].clone();
        let err_as = |text: &str, g| read_as(text, g)["error"].clone();
        assert_eq!(err(""), json!({"code": "empty"}));
        assert_eq!(err("nonce,selection"), json!({"code": "empty"}));
        assert_eq!(
            read("1732756271411, 7, 1")["game"],
            "mines",
            "7 can only be a number of mines"
        );
        assert_eq!(
            err_as("1732756271411, 7, 1", Game::Dice),
            json!({"code": "selection", "line": 1, "value": "7"})
        );
        assert_eq!(
            err("1732756271411, 3-1, 1"),
            json!({"code": "selection", "line": 1, "value": "3-1"})
        );
        assert_eq!(
            err("1732756271411, 1 2, 9"),
            json!({"code": "face", "line": 1, "value": "9"})
        );
        assert_eq!(
            err("1732756271411\n"),
            json!({"code": "columns", "line": 1, "value": 1})
        );
        assert_eq!(
            err_as("\n1732756271411, 26, 1", Game::Mines),
            json!({"code": "mineCount", "line": 2, "value": "26"})
        );
        assert_eq!(
            err_as("1732756271411, 2, 1 26", Game::Mines),
            json!({"code": "positions", "line": 1, "value": "1 26"})
        );
        assert_eq!(
            err("99999999999999999999, 1, 1"),
            json!({"code": "nonceRange", "line": 1, "value": "99999999999999999999"})
        );
        assert_eq!(parse_face("4 win"), Some(4));
        assert!(!looks_like_bet_lines("hello, world"));
        assert!(!looks_like_bet_lines("{\"nonce\": 1}"));
        assert!(looks_like_bet_lines("time,bet\n2024-11-28T01:11:11.411Z,1"));
    }
}

//! A bet line's nonce: the time in milliseconds, or an ISO 8601 date-time that
//! converts to milliseconds exactly (see the module above).

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
pub(super) fn nonce_like(s: &str) -> bool {
    is_int_text(s) || {
        let b = s.as_bytes();
        starts_with_date(s)
            && matches!(b.get(10), Some(b'T') | Some(b' '))
            && b.get(11).is_some_and(u8::is_ascii_digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}

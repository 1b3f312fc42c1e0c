//! Whether a decimal text names a given float64: `"13.68"` against the crash point
//! 13.68, exactly as `text.parse::<f64>() == Ok(x)` would answer, without Rust's
//! float parser. That parser carries a 10 KB table of powers of five (Eisel-Lemire),
//! a twentieth of the badge's wasm; this comparison needs a few small big-integer
//! operations instead, and a played value is compared once.
//!
//! The text rounds to `x` (round half to even, as every correct parser does) exactly
//! when it lies inside `x`'s rounding interval: between the midpoints to its two
//! neighbours, a midpoint itself counting only when `x`'s significand is even.
//! Both sides are compared as integers: D·10^E against A·2^B.
//!
//! One knowing difference: Rust's parser stops counting exponent digits at 65,536,
//! so a text of more than 65,536 digits whose exponent brings it back into range
//! (`"1" + 655,360 zeros + "e-655360"`, which is 1) parses there to infinity or zero.
//! This answers by the text's exact value; such a text is over 64 KB of digits.

/// Significant digits kept. A float64's neighbours' midpoints have at most 768
/// significant digits, so a longer text, cut here, is compared as "a little more than
/// its first 800 digits" without changing any answer.
const MAX_DIGITS: usize = 800;

/// `text` (Rust's float grammar: sign, digits with an optional point, an optional
/// exponent; `inf`/`nan` too) rounds to exactly `x`. `x` is finite (a JSON number).
pub fn names_float(text: &str, x: f64) -> bool {
    let Some(d) = Decimal::parse(text) else {
        return false; // not a number, or inf/nan: never a finite x
    };
    if !x.is_finite() {
        return false;
    }
    if x == 0.0 {
        // ±0 both equal 0.0: the text rounds to zero when at most 2^-1075 (the tie
        // goes to the even 0).
        return d.is_zero() || d.cmp_pow2(1, -1075) != std::cmp::Ordering::Greater;
    }
    if d.is_zero() || d.negative != (x < 0.0) {
        return false;
    }
    let (m, k) = significand(x.abs());
    let even = m % 2 == 0;
    use std::cmp::Ordering::*;
    // Upper midpoint (2m+1)·2^(k-1).
    match d.cmp_pow2(2 * m + 1, k - 1) {
        Greater => return false,
        Equal if !even => return false,
        _ => {}
    }
    // Lower midpoint: (2m-1)·2^(k-1), or (4m-1)·2^(k-2) at the bottom of a binade,
    // where the neighbour below is half as far.
    let lower = if m == 1 << 52 && k > -1074 {
        d.cmp_pow2(4 * m - 1, k - 2)
    } else {
        d.cmp_pow2(2 * m - 1, k - 1)
    };
    match lower {
        Less => false,
        Equal => even,
        Greater => true,
    }
}

/// `x` (positive, finite) as m·2^k with m < 2^53.
fn significand(x: f64) -> (u64, i64) {
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    }
}

/// A decimal text as sign, significant digits and exponent: ±0.d1d2…dn · 10^point.
struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    /// The value is 0.digits × 10^point.
    point: i64,
    /// Nonzero digits were cut after MAX_DIGITS: the value is a little more.
    more: bool,
}

impl Decimal {
    fn parse(text: &str) -> Option<Decimal> {
        let s = text.trim().as_bytes();
        let (negative, s) = match s.first() {
            Some(b'-') => (true, &s[1..]),
            Some(b'+') => (false, &s[1..]),
            _ => (false, s),
        };
        let int_len = s.iter().take_while(|b| b.is_ascii_digit()).count();
        let (int, rest) = s.split_at(int_len);
        let (frac, rest) = match rest.first() {
            Some(b'.') => {
                let r = &rest[1..];
                let n = r.iter().take_while(|b| b.is_ascii_digit()).count();
                r.split_at(n)
            }
            _ => (&rest[..0], rest),
        };
        if int.is_empty() && frac.is_empty() {
            return None; // also "inf", "nan": never a finite float
        }
        let exp: i64 = match rest.first() {
            None => 0,
            Some(b'e' | b'E') => {
                let r = &rest[1..];
                let (neg, r) = match r.first() {
                    Some(b'-') => (true, &r[1..]),
                    Some(b'+') => (false, &r[1..]),
                    _ => (false, r),
                };
                if r.is_empty() || !r.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                // Saturate: beyond ±10^15 every value is far outside float64 anyway.
                let e = r.iter().fold(0i64, |e, &b| {
                    (e * 10 + i64::from(b - b'0')).min(1_000_000_000_000_000)
                });
                if neg {
                    -e
                } else {
                    e
                }
            }
            Some(_) => return None,
        };
        let all: Vec<u8> = int.iter().chain(frac).map(|b| b - b'0').collect();
        let lead = all.iter().take_while(|&&d| d == 0).count();
        let mut digits = all[lead..].to_vec();
        while digits.last() == Some(&0) {
            digits.pop();
        }
        let point = int_len as i64 - lead as i64 + exp;
        let more = digits.len() > MAX_DIGITS;
        digits.truncate(MAX_DIGITS);
        Some(Decimal {
            negative,
            digits,
            point,
            more,
        })
    }

    fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// |self| against a·2^b.
    fn cmp_pow2(&self, a: u64, b: i64) -> std::cmp::Ordering {
        use std::cmp::Ordering::*;
        // Far outside float64 (values from 2^-1077 to 2^1025): decided by magnitude.
        if self.point > 320 {
            return Greater;
        }
        if self.point < -330 {
            return Less;
        }
        // |self| = D·10^e with D the digits as an integer.
        let e = self.point - self.digits.len() as i64;
        let mut left = Big::from_digits(&self.digits);
        let mut right = Big::from_u64(a);
        let (mut lp, mut rp) = (e, b); // powers of two on each side
        if e >= 0 {
            left.mul_pow5(e as u32);
        } else {
            right.mul_pow5((-e) as u32);
        }
        // Cancel the common power of two.
        let common = lp.min(rp);
        lp -= common;
        rp -= common;
        left.shl(lp as u32);
        right.shl(rp as u32);
        match left.cmp(&right) {
            Equal if self.more => Greater,
            o => o,
        }
    }
}

/// A little unsigned big integer, 32-bit limbs, least significant first.
#[derive(PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut b = Big(Vec::new());
        // Nine digits at a time: 10^9 fits a limb.
        for chunk in digits.chunks(9) {
            let mut scale = 1u32;
            let mut add = 0u32;
            for &d in chunk {
                scale *= 10;
                add = add * 10 + u32::from(d);
            }
            b.mul_add(scale, add);
        }
        b
    }

    fn mul_add(&mut self, m: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in self.0.iter_mut() {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow5(&mut self, mut n: u32) {
        // 5^13 is the largest power of five below 2^32.
        while n > 0 {
            let step = n.min(13);
            self.mul_add(5u32.pow(step), 0);
            n -= step;
        }
    }

    fn shl(&mut self, n: u32) {
        let (limbs, bits) = ((n / 32) as usize, n % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in self.0.iter_mut() {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn cmp(&self, other: &Big) -> std::cmp::Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::names_float;

    fn std_says(text: &str, x: f64) -> bool {
        text.trim().parse::<f64>().ok() == Some(x)
    }

    #[test]
    fn played_numbers_as_text() {
        for (t, x, want) in [
            ("13.68", 13.68, true),
            (" 13.68 ", 13.68, true),
            ("13.680", 13.68, true),
            ("1368e-2", 13.68, true),
            ("13.69", 13.68, false),
            ("1.5", 1.5, true),
            ("+1.5", 1.5, true),
            ("-1.5", -1.5, true),
            ("-1.5", 1.5, false),
            ("5.", 5.0, true),
            (".5", 0.5, true),
            (".", 0.0, false),
            ("", 0.0, false),
            ("0", 0.0, true),
            ("-0", 0.0, true),
            ("0e999999999999999999", 0.0, true),
            ("1e-400", 0.0, true),
            ("1e400", f64::MAX, false),
            ("inf", f64::MAX, false),
            ("nan", 0.0, false),
            ("1_000", 1000.0, false),
            ("0x10", 16.0, false),
            ("1e", 1.0, false),
            ("1e+", 1.0, false),
            ("9007199254740993", 9007199254740992.0, true), // the tie goes to even
            ("9007199254740995", 9007199254740996.0, true),
            ("0.1", 0.1, true),
            ("0.30000000000000004", 0.1 + 0.2, true),
            ("0.3", 0.1 + 0.2, false),
            ("1.7976931348623157e308", f64::MAX, true),
            ("1.7976931348623158e308", f64::MAX, true),
            ("1.7976931348623159e308", f64::MAX, false), // rounds to inf
            ("5e-324", 5e-324, true),
            ("2.4703282292062327e-324", 0.0, true), // just below the tie
            ("2.4703282292062328e-324", 5e-324, true), // just above it
            ("2.2250738585072014e-308", f64::MIN_POSITIVE, true),
        ] {
            assert_eq!(names_float(t, x), want, "{t} vs {x}");
            assert_eq!(std_says(t, x), want, "std: {t} vs {x}");
        }
        // Past Rust's exponent-digit cap this answers by the exact value (see the top).
        let one = format!("1{}e-655360", "0".repeat(655_360));
        assert!(names_float(&one, 1.0));
        // A text longer than MAX_DIGITS just above a midpoint.
        let long = format!("9007199254740993.{}1", "0".repeat(900));
        assert!(names_float(&long, 9007199254740994.0));
        assert!(std_says(&long, 9007199254740994.0));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20_000))]
        /// Against Rust's own parser: every float's shortest text, texts with digits
        /// changed, and the midpoints between neighbours (where rounding ties).
        #[test]
        fn same_answer_as_the_std_parser(bits in proptest::prelude::any::<u64>(), cut in 1usize..20, nudge in 0u8..4) {
            let x = f64::from_bits(bits);
            proptest::prop_assume!(x.is_finite());
            let shortest = format!("{x:e}");
            proptest::prop_assert_eq!(names_float(&shortest, x), std_says(&shortest, x));
            let long = format!("{x:.30e}");
            proptest::prop_assert_eq!(names_float(&long, x), std_says(&long, x));
            let cut_text = format!("{x:.*e}", cut);
            proptest::prop_assert_eq!(names_float(&cut_text, x), std_says(&cut_text, x), "{}", cut_text);
            let next = f64::from_bits(bits.wrapping_add(1));
            if next.is_finite() {
                // The exact midpoint between x and its neighbour, and just around it.
                let mid = exact_midpoint(x, next);
                for t in [mid.clone(), format!("{mid}{}", nudge + 1)] {
                    proptest::prop_assert_eq!(names_float(&t, x), std_says(&t, x), "{}", t);
                    proptest::prop_assert_eq!(names_float(&t, next), std_says(&t, next), "{}", t);
                }
            }
        }
    }

    /// The exact decimal of (a+b)/2 for neighbouring floats, from their exact expansions.
    fn exact_midpoint(a: f64, b: f64) -> String {
        // 1100 fraction digits hold any float64 exactly; the midpoint needs one more bit.
        let (sa, sb) = (format!("{a:.1200}"), format!("{b:.1200}"));
        // Average the two exact decimals digit by digit (same sign and length here).
        let neg = sa.starts_with('-');
        let (da, db): (Vec<u8>, Vec<u8>) = (
            sa.trim_start_matches('-').bytes().collect(),
            sb.trim_start_matches('-').bytes().collect(),
        );
        if da.len() != db.len() {
            return sa;
        }
        let point = da.iter().position(|&c| c == b'.').unwrap_or(da.len());
        let digits = |d: &[u8]| {
            d.iter()
                .filter(|c| c.is_ascii_digit())
                .map(|c| c - b'0')
                .collect::<Vec<u8>>()
        };
        let (xa, xb) = (digits(&da), digits(&db));
        let mut sum = vec![0u8; xa.len() + 1];
        let mut carry = 0;
        for i in (0..xa.len()).rev() {
            let v = xa[i] + xb[i] + carry;
            sum[i + 1] = v % 10;
            carry = v / 10;
        }
        sum[0] = carry;
        // Halve.
        let mut half = Vec::with_capacity(sum.len() + 1);
        let mut rem = 0;
        for &d in sum.iter().chain(std::iter::once(&0)) {
            let v = rem * 10 + d;
            half.push(v / 2);
            rem = v % 2;
        }
        let int: String = half[..point + 1]
            .iter()
            .map(|d| (d + b'0') as char)
            .collect();
        let frac: String = half[point + 1..]
            .iter()
            .map(|d| (d + b'0') as char)
            .collect();
        format!("{}{}.{}", if neg { "-" } else { "" }, int, frac)
    }
}

//! The chi-square survival function: P(X ≥ x) for X ~ χ²(k), which is the
//! regularized upper incomplete gamma function Q(k/2, x/2).
//!
//! Q(a, x) = Γ(a, x)/Γ(a) by the two classical expansions (Abramowitz & Stegun
//! 6.5.29 and 6.5.31, as in Numerical Recipes' `gammq`): for x < a + 1 the power
//! series of the lower function P(a, x) = 1 − Q (which converges fast there and
//! never has to give a tiny Q, which would lose digits); otherwise the continued
//! fraction of Q itself, evaluated by the modified Lentz method. Both carry the
//! factor e^(−x)·x^a/Γ(a), computed in logarithms so it neither overflows nor
//! underflows early. Chi-square needs Γ only at halves of whole numbers, where
//! ln Γ is a sum of logarithms (exact up to rounding, at most a few thousand
//! terms); above that, Stirling's series, whose first omitted term is far below
//! float64 precision there.

use serde_json::{Map, Value};

/// ln Γ(k/2) for a whole number k ≥ 1.
pub fn ln_gamma_half(k: u64) -> f64 {
    debug_assert!(k >= 1);
    let z = k as f64 / 2.0;
    if k > 4000 {
        return stirling_ln_gamma(z);
    }
    if k.is_multiple_of(2) {
        // Γ(n) = (n − 1)!
        (1..k / 2).map(|j| (j as f64).ln()).sum()
    } else {
        // Γ(n + 1/2) = √π · Π_{j=1..n} (j − 1/2)
        let n = k / 2;
        0.5 * std::f64::consts::PI.ln() + (1..=n).map(|j| (j as f64 - 0.5).ln()).sum::<f64>()
    }
}

/// ln Γ(z) = (z − ½) ln z − z + ½ ln 2π + 1/(12z) − 1/(360z³) + 1/(1260z⁵) − …,
/// for large z (the next term, 1/(1680 z⁷), is below 10^−24 for z > 2000).
pub fn stirling_ln_gamma(z: f64) -> f64 {
    let z2 = z * z;
    (z - 0.5) * z.ln() - z
        + 0.5 * (2.0 * std::f64::consts::PI).ln()
        + (1.0 / 12.0 - (1.0 / 360.0 - 1.0 / (1260.0 * z2)) / z2) / z
}

const EPS: f64 = 1e-16;
const MAX_TERMS: u32 = 1_000_000;

/// Q(a, x) for a = k/2; `ln_gamma_a` = ln Γ(a).
fn gamma_q(a: f64, x: f64, ln_gamma_a: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (-x + a * x.ln() - ln_gamma_a).exp();
    if x < a + 1.0 {
        // P(a, x) = front · Σ_{n≥0} x^n / (a (a+1) … (a+n)).
        let mut ap = a;
        let mut term = 1.0 / a;
        let mut sum = term;
        for _ in 0..MAX_TERMS {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * EPS {
                break;
            }
        }
        (1.0 - front * sum).clamp(0.0, 1.0)
    } else {
        // Q(a, x) = front · 1/(x + 1 − a − 1·(1 − a)/(x + 3 − a − 2·(2 − a)/(x + 5 − a − …))).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..MAX_TERMS {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < EPS {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

/// P(X ≥ x) for X ~ χ²(dof): the p-value of a chi-square statistic x.
pub fn chi_square_sf(x: f64, dof: u64) -> f64 {
    debug_assert!(dof >= 1);
    if x.is_nan() {
        return f64::NAN;
    }
    gamma_q(dof as f64 / 2.0, x / 2.0, ln_gamma_half(dof))
}

/// Expected counts below this make the chi-square approximation rough (the
/// textbook rule); the summary says so (`smallSample`) and still gives the figures.
pub const SMALL_EXPECTED: f64 = 5.0;

/// A chi-square statistic with its degrees of freedom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChiSquare {
    pub statistic: f64,
    pub dof: u64,
}

/// Pearson's statistic against equal shares over `counts.len()` categories, from an
/// exact integer numerator: Σ (X − n/c)²/(n/c) = Σ (c·X − n)² / (c·n). `None` with
/// fewer than two categories or no observation.
pub fn pearson_uniform(counts: &[u64]) -> Option<ChiSquare> {
    let c = counts.len() as u128;
    let n: u128 = counts.iter().map(|&x| x as u128).sum();
    if c < 2 || n == 0 {
        return None;
    }
    let num: u128 = counts
        .iter()
        .map(|&x| {
            let d = (c * x as u128).abs_diff(n);
            d * d
        })
        .sum();
    Some(ChiSquare {
        statistic: num as f64 / (c * n) as f64,
        dof: c as u64 - 1,
    })
}

/// Pearson's statistic against given expected counts; categories expected 0 must
/// be observed 0 and are left out (they carry no freedom). `None` below two
/// categories or when a category expected 0 was observed (no chi-square test fits:
/// the expectation itself is refuted).
pub fn pearson(observed: &[u64], expected: &[f64]) -> Option<ChiSquare> {
    let mut stat = 0.0;
    let mut used = 0u64;
    for (&o, &e) in observed.iter().zip(expected) {
        if e > 0.0 {
            let d = o as f64 - e;
            stat += d * d / e;
            used += 1;
        } else if o > 0 {
            return None;
        }
    }
    (used >= 2).then_some(ChiSquare {
        statistic: stat,
        dof: used - 1,
    })
}

/// `chiSquare`, `degreesOfFreedom`, `pValue` (null when there is no test) and
/// `smallSample` (some expected count is below `SMALL_EXPECTED`).
pub fn insert_test(m: &mut Map<String, Value>, test: Option<ChiSquare>, min_expected: f64) {
    match test {
        Some(t) => {
            m.insert("chiSquare".into(), json!(t.statistic));
            m.insert("degreesOfFreedom".into(), json!(t.dof));
            m.insert("pValue".into(), json!(chi_square_sf(t.statistic, t.dof)));
        }
        None => {
            for k in ["chiSquare", "degreesOfFreedom", "pValue"] {
                m.insert(k.into(), Value::Null);
            }
        }
    }
    m.insert("smallSample".into(), json!(min_expected < SMALL_EXPECTED));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs().max(1e-300)
    }

    /// Critical values from published chi-square tables (to the digits printed
    /// there): P(χ²(k) ≥ x) = p.
    #[test]
    fn table_values() {
        let table: [(u64, f64, f64); 16] = [
            (1, 3.841, 0.05),
            (1, 6.635, 0.01),
            (1, 10.828, 0.001),
            (2, 5.991, 0.05),
            (3, 7.815, 0.05),
            (4, 9.488, 0.05),
            (5, 11.070, 0.05),
            (5, 15.086, 0.01),
            (10, 18.307, 0.05),
            (10, 23.209, 0.01),
            (20, 31.410, 0.05),
            (24, 36.415, 0.05),
            (24, 42.980, 0.01),
            (24, 51.179, 0.001),
            (30, 43.773, 0.05),
            (100, 124.342, 0.05),
        ];
        for (k, x, p) in table {
            let got = chi_square_sf(x, k);
            // Three printed decimals of x move p by at most density · 0.0005.
            assert!(
                (got - p).abs() < 3e-5 * p.max(0.01) / 0.01,
                "χ²({k}) ≥ {x}: {got}"
            );
        }
    }

    /// Normal tails: P(χ²(1) ≥ z²) = 2·(1 − Φ(z)), known to many digits.
    #[test]
    fn one_degree_is_two_normal_tails() {
        for (z2, p) in [
            (1.0, 0.31731050786291415),
            (4.0, 0.04550026389635842),
            (9.0, 0.0026997960632601866),
            (16.0, 6.334248366623996e-5),
        ] {
            let got = chi_square_sf(z2, 1);
            assert!(close(got, p, 1e-12), "χ²(1) ≥ {z2}: {got} vs {p}");
        }
    }

    /// For even k, Q(k/2, y) = e^−y Σ_{i<k/2} y^i/i!: a finite sum, computed here in
    /// logarithms term by term (independent of the series and the fraction).
    fn even_closed_form(x: f64, k: u64) -> f64 {
        let y = x / 2.0;
        let mut ln_term = -y; // ln(e^−y y^0/0!)
        let mut terms = vec![ln_term];
        for i in 1..k / 2 {
            ln_term += y.ln() - (i as f64).ln();
            terms.push(ln_term);
        }
        let m = terms.iter().cloned().fold(f64::MIN, f64::max);
        m.exp() * terms.iter().map(|t| (t - m).exp()).sum::<f64>()
    }

    #[test]
    fn even_degrees_match_the_finite_sum() {
        for k in [2u64, 4, 6, 10, 24, 50, 100, 400, 1000] {
            for f in [0.01, 0.3, 0.8, 1.0, 1.2, 2.0, 3.0, 5.0] {
                let x = f * k as f64;
                let want = even_closed_form(x, k);
                let got = chi_square_sf(x, k);
                let tol = if want < 1e-280 { 1e-6 } else { 1e-10 };
                assert!(close(got, want, tol), "χ²({k}) ≥ {x}: {got} vs {want}");
            }
        }
        assert!(close(chi_square_sf(3.0, 2), (-1.5f64).exp(), 1e-14));
    }

    /// Q(a + 1, y) = Q(a, y) + y^a e^−y / Γ(a + 1): odd degrees against each other.
    #[test]
    fn odd_degrees_follow_the_recurrence() {
        for k in [1u64, 3, 5, 23, 99, 999] {
            for x in [0.5f64, 3.0, 20.0, 150.0, 1500.0] {
                let a = k as f64 / 2.0;
                let y = x / 2.0;
                let step = (a * y.ln() - y - ln_gamma_half(k + 2)).exp();
                let lhs = chi_square_sf(x, k + 2);
                let rhs = chi_square_sf(x, k) + step;
                assert!(close(lhs, rhs, 1e-10), "k = {k}, x = {x}: {lhs} vs {rhs}");
            }
        }
    }

    #[test]
    fn ln_gamma() {
        assert!(close(
            ln_gamma_half(1),
            std::f64::consts::PI.sqrt().ln(),
            1e-15
        ));
        assert_eq!(ln_gamma_half(2), 0.0); // Γ(1) = 1
        assert!(close(ln_gamma_half(10), 24f64.ln(), 1e-15)); // Γ(5) = 24
                                                              // Γ(7/2) = 15√π/8
        let want = (15.0 * std::f64::consts::PI.sqrt() / 8.0).ln();
        assert!(close(ln_gamma_half(7), want, 1e-15));
        // The sum and Stirling's series agree where they meet.
        for k in [3000u64, 3001, 4000, 4001] {
            let z = k as f64 / 2.0;
            assert!(
                close(ln_gamma_half(k), stirling_ln_gamma(z), 1e-13),
                "k = {k}"
            );
        }
    }

    #[test]
    fn edges() {
        assert_eq!(chi_square_sf(0.0, 5), 1.0);
        assert_eq!(chi_square_sf(1e6, 24), 0.0);
        assert!(chi_square_sf(f64::NAN, 3).is_nan());
        // Many degrees: near the mean the p-value is about a half.
        let p = chi_square_sf(20_000.0, 20_000);
        assert!((p - 0.4986).abs() < 0.002, "{p}");
        let p = chi_square_sf(10_000.0, 10_000);
        assert!((p - 0.4981).abs() < 0.002, "{p}");
    }
}

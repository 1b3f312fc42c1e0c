# Oracle for the crash formula's exact shares, in exact rational arithmetic
# (Python's Fraction), written independently of the Rust code. Reads one k (the
# crash point x100) per line; prints "k h_k share" where h_k is the least top-52-bit
# value whose crash point x100 is at least k (Go's big.Float semantics: the quotient
# rounded to 64 bits, nearest even, then to float64, then floored), and share is
# the fraction of all 2^256 hashes with crash point x100 >= k (an instant crash,
# the whole hash divisible by 40, is 100), as the nearest float64 (repr). The line
# "instant" prints the share at exactly 1.00 and "by40" the share of multiples of 40.
import sys
from fractions import Fraction
from math import floor

E = 1 << 52
LOW = 1 << 204
ALL = 1 << 256


def round64(q):
    """q > 0 rounded to a 64-bit mantissa, to nearest, ties to even."""
    s = 63 - (q.numerator.bit_length() - q.denominator.bit_length())
    while q * Fraction(2) ** s >= 2 ** 64:
        s -= 1
    while q * Fraction(2) ** s < 2 ** 63:
        s += 1
    x = q * Fraction(2) ** s
    m = x.numerator // x.denominator
    rest = x - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2 == 1):
        m += 1
    return Fraction(m) / Fraction(2) ** s


def n_of(h):
    q = Fraction(100 * E - h, E - h)
    return floor(float(round64(q)))  # float(Fraction) rounds to nearest even


def least(k):
    lo, hi = 0, E
    while lo < hi:
        mid = (lo + hi) // 2
        if n_of(mid) >= k:
            hi = mid
        else:
            lo = mid + 1
    return lo


def multiples_of_40(a, b):
    """Multiples of 40 in [a, b)."""
    return (b + 39) // 40 - (a + 39) // 40


def share_at_least(k):
    h = least(k)
    hashes = (E - h) * LOW - multiples_of_40(h * LOW, ALL)
    return h, Fraction(hashes, ALL)


for line in sys.stdin:
    w = line.strip()
    if not w:
        continue
    if w == "instant":
        _, s = share_at_least(101)
        print("instant", repr(float(1 - s)))
    elif w == "by40":
        print("by40", repr(float(Fraction(multiples_of_40(0, ALL), ALL))))
    else:
        k = int(w)
        h, s = share_at_least(k)
        print(k, h, repr(float(s)))

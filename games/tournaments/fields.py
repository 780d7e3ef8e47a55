"""Small finite fields GF(p^k), enough to build the seating designs (orders up to a few dozen).

Elements are the integers 0..q-1, read as polynomials over GF(p) in base p."""

from __future__ import annotations

from functools import cache
from itertools import product


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with p**k == q and p prime, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k, rest = 0, q
    while rest % p == 0:
        rest //= p
        k += 1
    return (p, k) if rest == 1 else None


def _digits(x: int, p: int, k: int) -> list[int]:
    return [(x // p**i) % p for i in range(k)]


def _number(coeffs: list[int], p: int) -> int:
    return sum(c * p**i for i, c in enumerate(coeffs))


def _polymod(a: list[int], mod: list[int], p: int) -> list[int]:
    """a mod `mod` (monic, coefficients low to high) over GF(p)."""
    a = a[:]
    k = len(mod) - 1
    for i in range(len(a) - 1, k - 1, -1):
        c = a[i] % p
        if c:
            for j in range(k + 1):
                a[i - k + j] = (a[i - k + j] - c * mod[j]) % p
    return [x % p for x in a[:k]] + [0] * max(0, k - len(a))


def _irreducible(p: int, k: int) -> list[int]:
    """The first monic polynomial of degree k over GF(p) with no factor of lower degree."""
    for low in product(range(p), repeat=k):
        poly = list(low) + [1]
        if poly[0] == 0:
            continue
        if all(_has_remainder(poly, d, p) for d in range(1, k // 2 + 1)):
            return poly
    raise ValueError(f"no irreducible polynomial of degree {k} over GF({p})")


def _has_remainder(poly: list[int], degree: int, p: int) -> bool:
    for low in product(range(p), repeat=degree):
        if any(_polymod(poly, list(low) + [1], p)):
            continue
        return False
    return True


class Field:
    def __init__(self, q: int):
        pk = prime_power(q)
        if pk is None:
            raise ValueError(f"{q} is not a prime power")
        self.q, (self.p, self.k) = q, pk
        self.mod = _irreducible(self.p, self.k) if self.k > 1 else None

    def add(self, a: int, b: int) -> int:
        p, k = self.p, self.k
        return _number([(x + y) % p for x, y in zip(_digits(a, p, k), _digits(b, p, k))], p)

    def mul(self, a: int, b: int) -> int:
        if self.k == 1:
            return a * b % self.p
        p, k = self.p, self.k
        da, db = _digits(a, p, k), _digits(b, p, k)
        prod = [0] * (2 * k - 1)
        for i, x in enumerate(da):
            for j, y in enumerate(db):
                prod[i + j] += x * y
        return _number(_polymod(prod, self.mod, p), p)


@cache
def field(q: int) -> Field:
    return Field(q)

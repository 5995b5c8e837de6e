"""The few statistics the tools need, without scipy: the chi-square test of a distribution.

The p-value of Pearson's chi-square statistic X² with k degrees of freedom is the upper tail of
the chi-square distribution, ``Q(k/2, X²/2)``: the regularized upper incomplete gamma function,
computed as in Numerical Recipes §6.2 (series for x < a + 1, Lentz's continued fraction
otherwise), accurate to ~1e-12 — far beyond what a dice test needs.
"""
from __future__ import annotations

import math

_EPS = 1e-15
_MAX_ITER = 10_000


def _gamma_series(a: float, x: float) -> float:
    """Regularized lower incomplete gamma P(a, x) by its series (x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(_MAX_ITER):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_cf(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x) by its continued fraction (x ≥ a + 1)."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def gammaincc(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), for a > 0, x ≥ 0."""
    if a <= 0:
        raise ValueError("a must be positive")
    if x < 0:
        raise ValueError("x must not be negative")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _gamma_series(a, x))
    return min(1.0, _gamma_cf(a, x))


def chi2_sf(x2: float, dof: int) -> float:
    """P(χ²_dof ≥ x2): the p-value of a chi-square statistic."""
    if dof < 1:
        raise ValueError("degrees of freedom must be at least 1")
    return gammaincc(dof / 2.0, max(0.0, x2) / 2.0)


def chi_square(observed: list[int], expected: list[float]) -> tuple[float, int, float]:
    """Pearson's test of ``observed`` counts against ``expected`` counts (same total): (X²,
    degrees of freedom, p-value). Cells with zero expectation must have zero observations."""
    if len(observed) != len(expected) or len(observed) < 2:
        raise ValueError("need at least two cells of observed and expected counts")
    x2 = 0.0
    for o, e in zip(observed, expected):
        if e <= 0:
            if o:
                return math.inf, len(observed) - 1, 0.0
            continue
        x2 += (o - e) ** 2 / e
    dof = sum(1 for e in expected if e > 0) - 1
    return x2, dof, chi2_sf(x2, dof) if dof >= 1 else 1.0

"""The guessing-advantage calculators: the largest epsilon for an advantage bound, and the advantage at an epsilon.

Pankova & Laud (slides 004_62dfd324924a5a00.txt): the attribute is given by a prior and its parameters (or
by attribute specs ``PRIOR:key=value,...``, combined with and|or); :func:`largest_epsilon` and
:func:`advantage` return frozen answers with numbers to 15 significant digits.  Parameters are named as the
command-line options that carry them (``--precision``), since that is how users meet them.
"""
from __future__ import annotations

from dataclasses import dataclass

import mpmath as mp

from ..errors import SymdpError, require_choice, require_real
from . import bounds, exact, integer, inverse
from .integer import IntegerAttribute
from .names import PARAMS
from .priors import PRIORS, Uniform
from .targets import And, Attribute

DIGITS = 15


@dataclass(frozen=True)
class Query:
    """What is asked: the mechanism, the bound used and the attribute(s) (one prior, or specs)."""

    mechanism: str = "laplace"
    bound_type: str = "precise"
    direction: str = "gain"
    combine: str = "and"
    pre: float | None = None
    sup_distance: float | None = None
    attribute: tuple | None = None
    prior: str | None = None
    mu: float | None = None
    sigma: float | None = None
    lo: float | None = None
    hi: float | None = None
    rate: float | None = None
    s: float | None = None
    precision: float | None = None
    center: float | None = None
    relative: bool = False


def _spec(text):
    prior, _, rest = text.partition(":")
    require_choice("--attribute prior", prior, tuple(PRIORS))
    kv = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or key not in PARAMS[prior] + ("precision", "center"):
            raise SymdpError("--attribute", text, f"PRIOR:key=value,... with keys {', '.join(PARAMS[prior])}, "
                             "precision, center")
        try:
            kv[key] = float(value)
        except ValueError:
            raise SymdpError(f"--attribute {key}", value, "a number") from None
    return prior, kv


def _attribute(prior, kv, relative=False, mechanism="laplace"):
    missing = [k for k in PARAMS[prior] + ("precision",) if kv.get(k) is None]
    if missing:
        raise SymdpError(f"--{missing[0]}", None, f"a number (required with --prior {prior})")
    for k in PARAMS[prior] + ("precision",):
        require_real(f"--{k}", kv[k])
    args = [kv[k] for k in PARAMS[prior]]
    require_real("--precision", kv["precision"], 0)
    if mechanism == "geometric":
        if relative:
            raise SymdpError("--relative", True, "absent with --mechanism geometric (an integer attribute, "
                             "absolute precision)")
        return IntegerAttribute(PRIORS[prior](*args), kv["precision"], kv.get("center"))
    return Attribute(PRIORS[prior](*args), kv["precision"], kv.get("center"), relative)


def targets(q: Query) -> list:
    """The attributes of the query (validated before any work)."""
    mech = q.mechanism
    require_choice("--mechanism", mech, ("laplace", "geometric"))
    require_choice("--bound-type", q.bound_type, ("precise", "simplified", "main"))
    require_choice("--direction", q.direction, ("gain", "loss"))
    require_choice("--combine", q.combine, ("and", "or"))
    if q.pre is not None:
        require_real("--pre", q.pre, 0, 1)
        if q.bound_type != "simplified" or q.sup_distance is None:
            raise SymdpError("--pre", q.pre, "with --bound-type simplified and --sup-distance R")
    if q.sup_distance is not None:
        require_real("--sup-distance", q.sup_distance, 0)
    if q.pre is not None:
        return []
    if q.attribute:
        ts = [_attribute(*_spec(s), mechanism=mech) for s in q.attribute]
    else:
        ts = [_prior_attribute(q, mech)]
    if q.bound_type == "main" and (len(ts) > 1 or getattr(ts[0], "relative", False) or q.direction != "gain"):
        raise SymdpError("--bound-type", "main", "one attribute, absolute precision and --direction gain "
                         "(use precise otherwise)")
    return ts


def _prior_attribute(q, mech):
    if q.prior is None:
        raise SymdpError("--prior", None, "one of: " + ", ".join(PRIORS) + " (or --attribute SPEC, or --pre P)")
    require_choice("--prior", q.prior, tuple(PRIORS))
    kv = {k: getattr(q, k.replace("-", "_")) for k in PARAMS[q.prior] + ("precision", "center")}
    return _attribute(q.prior, kv, q.relative, mech)


def _R(q, t):
    if q.sup_distance is not None:
        return mp.mpf(q.sup_distance)
    if isinstance(t.prior, Uniform) and not getattr(t, "relative", False):
        return (mp.mpf(t.prior.hi) - t.prior.lo) / t.r
    raise SymdpError("--sup-distance", None, "R > 0 with --bound-type simplified (R = sup d is infinite for "
                     "this prior; use --bound-type precise)")


def advantage_fn(q, ts):
    """(eps -> advantage bound, Pr_pre, closed-form inverse or None) for the options given."""
    gain = q.direction == "gain"
    if q.bound_type == "main":
        return _main(ts[0])
    if q.pre is not None or q.bound_type == "simplified":
        if q.pre is not None:
            p, R = mp.mpf(q.pre), mp.mpf(q.sup_distance)
        elif len(ts) == 1 or q.combine == "and":
            p = And(tuple(ts)).ball(1) if len(ts) > 1 else ts[0].ball(1)
            R = mp.mpf(q.sup_distance) if q.sup_distance is not None else max(_R(q, t) for t in ts)
        else:
            return _or(q, ts, lambda t: (lambda e, p=t.ball(1), R=_R(q, t): bounds.simplified_upper(p, e, R)))
        adv = (lambda e: bounds.simplified_upper(p, e, R) - p) if gain else \
            (lambda e: p - bounds.simplified_lower(p, e, R))
        inv = (lambda eta: inverse.eps_gain_simplified(p, eta, R)) if gain else \
            (lambda eta: inverse.eps_loss_simplified(p, eta, R))
        return adv, p, inv
    if len(ts) > 1 and q.combine == "or":
        return _or(q, ts, lambda t: (lambda e, sh=bounds.shells(t): bounds.shell_upper(sh, e)))
    sh = bounds.shells(And(tuple(ts)) if len(ts) > 1 else ts[0])
    adv = (lambda e: bounds.shell_upper(sh, e) - sh.p) if gain else (lambda e: sh.p - bounds.shell_lower(sh, e))
    return adv, sh.p, None


def _main(t):
    """The main theorem for one attribute: closed-form integrals (real) or O(n) sums (integer)."""
    if isinstance(t, IntegerAttribute):
        upper = lambda e: integer.main_upper(t, e)
    else:
        upper = lambda e: bounds.main_upper(t.prior, *t.interval(1), e, t.r)
    p = t.ball(1)
    return (lambda e: upper(e) - p), p, None


def _or(q, ts, upper_of):
    if q.direction != "gain":
        raise SymdpError("--direction", q.direction, "gain with --combine or (only the union bound is known)")
    uppers = [upper_of(t) for t in ts]
    p = mp.mpf(0)
    for t in ts:
        p = bounds.or_prior(p, t.ball(1))
    return (lambda e: min(mp.mpf(1), mp.fsum(u(e) for u in uppers)) - p), p, None


def _n(v):
    return None if v is None else mp.nstr(v, DIGITS)


def noise_scale(t, e, n=1, combine="and"):
    """The deployable noise, e^{-|x| / scale}: Laplace or geometric with scale r/eps on the attribute (on ln x
    with --relative: ln(1 + r)/eps).

    AND of n attributes: n r_i / eps per coordinate (sum_i d_i <= n max_i d_i keeps the product mechanism
    eps-private for the max metric); OR: r_i / eps per coordinate.
    """
    unit = mp.log1p(t.r) if getattr(t, "relative", False) else mp.mpf(t.r)
    return unit * (n if combine == "and" else 1) / e


@dataclass(frozen=True)
class EpsilonAnswer:
    """The largest epsilon whose advantage bound stays within ``bound`` (None: every epsilon does)."""

    bound_type: str
    direction: str
    mechanism: str
    bound: float
    pre: str
    method: str
    epsilon: str | None
    noise_scale: tuple[str, ...] | None
    """The deployable noise scale of each attribute (:func:`noise_scale`), None when unbounded."""
    on_log_scale: bool = False
    """--relative: the noise is added to ln x."""
    digits: int = DIGITS

    @property
    def reason(self) -> str | None:
        return "every epsilon meets the bound" if self.epsilon is None else None

    def as_dict(self) -> dict:
        return {"bound_type": self.bound_type, "direction": self.direction, "mechanism": self.mechanism,
                "digits": self.digits, "bound": self.bound, "metric": "guessing-advantage", "pre": self.pre,
                "method": self.method, "epsilon": self.epsilon, "reason": self.reason,
                "noise_scale": None if self.noise_scale is None else list(self.noise_scale)}


def largest_epsilon(q: Query, eta: float) -> EpsilonAnswer:
    """The largest epsilon with advantage (q.direction) at most eta: closed form where known, else bisection."""
    eta = require_real("--bound", eta, 0, 1)
    ts = targets(q)
    with mp.workdps(30):
        adv, p, inv = advantage_fn(q, ts)
        if inv is not None:
            e, capped, method = inv(mp.mpf(eta)), False, "closed form"
        else:
            root = inverse.largest_eps(adv, mp.mpf(eta), digits=DIGITS)
            e, capped, method = root.eps, root.capped, "bisection (bracketed, capped at 1e4)"
        unbounded = e == mp.inf or capped
        scales = None if unbounded else tuple(_n(noise_scale(t, e, len(ts), q.combine)) for t in ts)
        return EpsilonAnswer(q.bound_type, q.direction, q.mechanism, eta, _n(p), method,
                             None if unbounded else _n(e), scales, any(getattr(t, "relative", False) for t in ts))


@dataclass(frozen=True)
class ExactAdvantage:
    """The exact advantage of the Laplace (or geometric) mechanism with scale r/epsilon, to 12 digits."""

    mechanism: str
    scale: str
    advantage: str
    posterior: str
    output: str
    digits: int = 12

    def as_dict(self) -> dict:
        return {"mechanism": self.mechanism, "scale": self.scale, "advantage": self.advantage,
                "posterior": self.posterior, "output": self.output, "digits": self.digits}


@dataclass(frozen=True)
class AdvantageAnswer:
    """The advantage bound at epsilon, and the mechanism's exact advantage where it is computed."""

    bound_type: str
    direction: str
    mechanism: str
    epsilon: float
    pre: str
    advantage_bound: str
    exact: ExactAdvantage | None
    digits: int = DIGITS

    def as_dict(self) -> dict:
        return {"bound_type": self.bound_type, "direction": self.direction, "mechanism": self.mechanism,
                "digits": self.digits, "epsilon": self.epsilon, "pre": self.pre,
                "advantage_bound": self.advantage_bound, "exact": self.exact and self.exact.as_dict()}


def _exact(q, ts, e) -> ExactAdvantage | None:
    """The exact advantage of the mechanism at eps (one attribute, absolute precision, gain), or None."""
    t = ts[0] if len(ts) == 1 else None
    if t is None or getattr(t, "relative", False) or q.direction != "gain":
        return None
    with mp.workdps(20):
        if isinstance(t, IntegerAttribute):
            a = integer.geometric_advantage(t, mp.mpf(e))
        else:
            a = exact.laplace_advantage(t, mp.mpf(e))
    return ExactAdvantage(q.mechanism, _n(t.r / mp.mpf(e)), mp.nstr(a.eta, 12), mp.nstr(a.posterior, 12),
                          mp.nstr(a.y, 12))


def advantage(q: Query, e: float) -> AdvantageAnswer:
    """The guessing-advantage bound at epsilon = e, and the exact advantage of the mechanism."""
    e = require_real("--epsilon", e, 0)
    ts = targets(q)
    with mp.workdps(30):
        adv, p, _ = advantage_fn(q, ts)
        return AdvantageAnswer(q.bound_type, q.direction, q.mechanism, e, _n(p), _n(adv(mp.mpf(e))),
                               _exact(q, ts, e))

"""The exact total variation (TVD-privacy parameter) of a mechanism and the bounds beside it (``symdp tvd``).

A :class:`Request` names the options as the command line does; :func:`validate` checks them, :func:`compute`
returns a frozen :class:`Answer`.  Mechanisms: laplace (--scale, or --epsilon for b = D/epsilon), gaussian
(--sigma), rr (--epsilon, --k), each with --steps T (composition) and --q (Poisson subsampling); dp-sgd
(--sigma --q --steps: T subsampled Gaussian steps). Bounds (Jia et al. 2023):
naive composition T alpha (Thm 6), KL/Pinsker sqrt(T KL / 2) (Thm 7, the paper's Sec. 5.1 for DP-SGD),
Bretagnolle-Huber sqrt(1 - exp(-T KL)) beside it, and subsampling q alpha (Thm 10). Every input is checked
before any work; numbers are rounded to 12 significant digits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields

from ..errors import SymdpError, require_choice, require_real
from .inputs import DEFAULT_POINTS, MAX_VALUES, MAX_POINTS, MAX_RR_STEPS, MAX_SIGMA, MAX_STEPS, require_int

MECHANISMS = ("laplace", "gaussian", "rr", "dp-sgd")
DIGITS = 12


@dataclass(frozen=True)
class Request:
    """The question, as the options of ``symdp tvd`` give it (None: not given)."""

    mechanism: str
    sensitivity: float = 1.0
    scale: float | None = None
    sigma: float | None = None
    epsilon: float | None = None
    k: int = 2
    steps: int = 1
    q: float = 1.0
    delta: float | None = None
    points: int = DEFAULT_POINTS
    direction: str = "remove"


@dataclass(frozen=True)
class Answer:
    """The exact TV (a value, or a guaranteed interval) and the bounds beside it, to DIGITS digits."""

    mechanism: str
    parameters: dict
    one_step_tv: float
    exact: dict | None
    grid: dict | None
    bounds: dict
    kl: dict | None
    dp: dict | None
    digits: int = DIGITS

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _need(args, name, low, high=None, closed=""):
    value = getattr(args, name)
    if value is None:
        raise SymdpError(f"--{name}", None, f"a number (required with --mechanism {args.mechanism})")
    return require_real(f"--{name}", value, low, high, closed)


def _laplace_scale(args, sensitivity) -> float:
    """b from --scale, or from --epsilon as b = D/epsilon (the Laplace mechanism's epsilon-DP scale); not both."""
    if args.scale is not None and args.epsilon is not None:
        raise SymdpError("--epsilon", args.epsilon, "either --scale or --epsilon with --mechanism laplace, not both")
    if args.epsilon is not None:
        return sensitivity / require_real("--epsilon", args.epsilon, 0.0, 700.0, "h")
    if args.scale is None:
        raise SymdpError("--scale", None, "a number > 0, or --epsilon (b = sensitivity/epsilon), with --mechanism laplace")
    return _need(args, "scale", 0.0)


OWNED = (("sensitivity", ("laplace", "gaussian")), ("k", ("rr",)), ("direction", ("dp-sgd",)))
"""Options with a default that only some mechanisms read: another value elsewhere is refused, not ignored."""


def _refuse_unused(args: Request, m: str) -> None:
    defaults = {f.name: f.default for f in fields(Request)}
    for name, takers in OWNED:
        value = getattr(args, name)
        if m not in takers and value != defaults[name]:
            raise SymdpError(f"--{name}", value, f"no --{name} with --mechanism {m} (it goes with --mechanism "
                             + " or ".join(takers) + ")")


def validate(args: Request) -> dict:
    """Every option checked (and unused ones refused) before any work: the parameters as a dict."""
    m = require_choice("--mechanism", args.mechanism, MECHANISMS)
    p = {"steps": require_int("--steps", args.steps, 1, MAX_STEPS if m != "rr" else MAX_RR_STEPS),
         "q": require_real("--q", args.q, 0.0, 1.0, "h"),
         "points": require_int("--points", args.points, 2 ** 10, MAX_POINTS)}
    used = {"laplace": ("scale", "epsilon"), "gaussian": ("sigma",), "rr": ("epsilon",), "dp-sgd": ("sigma", "delta")}[m]
    for name in ("scale", "sigma", "epsilon", "delta"):
        if getattr(args, name) is not None and name not in used:
            raise SymdpError(f"--{name}", getattr(args, name), f"no --{name} with --mechanism {m}, which takes "
                             + " or ".join(f"--{u}" for u in used))
    _refuse_unused(args, m)
    if m in ("laplace", "gaussian"):
        p["sensitivity"] = require_real("--sensitivity", args.sensitivity, 0.0)
    if m == "laplace":
        p["scale"] = _laplace_scale(args, p["sensitivity"])
    if m == "gaussian":
        p["sigma"] = _need(args, "sigma", 0.0)
    if m == "rr":
        p["epsilon"] = _need(args, "epsilon", 0.0, 700.0, "lh")
        p["k"] = require_int("--k", args.k, 2, MAX_VALUES)
    if m == "dp-sgd":
        p["sigma"] = _need(args, "sigma", 0.05, MAX_SIGMA, "lh")
        p["delta"] = None if args.delta is None else require_real("--delta", args.delta, 0.0, 1.0)
        p["direction"] = require_choice("--direction", args.direction, ("remove", "add", "both"))
    if m == "gaussian" and p["q"] < 1 and p["steps"] > 1:
        raise SymdpError("--mechanism", m, "dp-sgd for a subsampled Gaussian composed T > 1 times")
    if m in ("laplace", "rr") and p["q"] < 1 and p["steps"] > 1:
        raise SymdpError("--q", p["q"], "1 with --steps > 1 for laplace and rr (exact subsampled composition "
                         "is computed for the Gaussian: --mechanism dp-sgd)")
    return {"mechanism": m, **p}


def _r(x, way=None):
    """x to DIGITS significant digits; way "down" / "up" rounds outward (interval ends stay guaranteed)."""
    if x is None or x == 0 or way is None:
        return None if x is None else float(f"{x:.{DIGITS}g}")
    k = DIGITS - 1 - math.floor(math.log10(abs(x)))
    return (math.floor if way == "down" else math.ceil)(x * 10 ** k) / 10 ** k


def _one_step(p) -> tuple[float, float]:
    """(TV, KL) of one use without subsampling (closed forms)."""
    from . import mechanisms
    m = p["mechanism"]
    if m == "laplace":
        e0 = p["sensitivity"] / p["scale"]
        return mechanisms.laplace_tv(p["sensitivity"], p["scale"]), e0 + math.expm1(-e0)
    if m == "gaussian":
        return mechanisms.gaussian_tv(p["sensitivity"], p["sigma"]), p["sensitivity"] ** 2 / (2 * p["sigma"] ** 2)
    tv = mechanisms.randomized_response_tv(p["epsilon"], p["k"])
    return tv, p["epsilon"] * tv                      # KL of randomized response = eps TV


def _exact(p, tv1):
    """The exact TV: {value} or {lower, upper} (an interval), with the method."""
    from . import mechanisms
    m, T = p["mechanism"], p["steps"]
    if T == 1:
        return {"value": mechanisms.subsampled_tv(tv1, p["q"]), "method": "closed form" +
                (" (q times the mechanism's TV)" if p["q"] < 1 else "")}
    if m == "gaussian":
        return {"value": mechanisms.gaussian_composed_tv(p["sensitivity"], p["sigma"], T),
                "method": "closed form (sensitivity D sqrt(T))"}
    if m == "rr" and p["k"] == 2:
        return {"value": mechanisms.rr_composed_tv(p["epsilon"], T), "method": "closed form (two binomials)"}
    if m == "laplace":
        iv = mechanisms.laplace_composed_tv(p["sensitivity"], p["scale"], T, p["points"])
        return {"lower": iv.lower, "upper": iv.upper, "method": "privacy-loss distribution",
                "grid": {"composition": iv.as_dict()}}
    return None


def _dpsgd(p):
    from . import dpsgd, rdp
    dirs = ("remove", "add") if p["direction"] == "both" else (p["direction"],)
    got = {d: dpsgd.exact_tv(p["sigma"], p["q"], p["steps"], p["points"], (d,)) for d in dirs}
    lo, hi = max(g.lower for g in got.values()), min(g.upper for g in got.values())
    exact = {"lower": lo, "upper": hi, "method": "privacy-loss distribution (" + ", ".join(dirs) + ")",
             "grid": {d: g.as_dict() for d, g in got.items()}}
    b = dpsgd.bounds(p["sigma"], p["q"], p["steps"], dps=None)
    tv1 = dpsgd.one_step_tv(p["sigma"], p["q"])
    bounds = {"naive": min(1.0, p["steps"] * tv1), "pinsker": b.pinsker, "bretagnolle_huber": b.bretagnolle_huber,
              "subsampling": None}
    kl = {"remove": b.kl_remove, "add": b.kl_add}
    dp = None
    if p["delta"] is not None:
        r = rdp.dp_sgd_epsilon(p["sigma"], p["q"], p["steps"], p["delta"])
        dp = {"epsilon": _r(r.epsilon), "delta": r.delta, "order": r.order, "conversion": r.conversion}
    return exact, bounds, kl, tv1, dp


def compute(p) -> Answer:
    """The answer for validated parameters (numbers rounded to DIGITS significant digits)."""
    from . import mechanisms
    if p["mechanism"] == "dp-sgd":
        exact, bounds, kl, tv1, dp = _dpsgd(p)
    else:
        tv0, kl0 = _one_step(p)
        T, q = p["steps"], p["q"]
        tv1 = mechanisms.subsampled_tv(tv0, q)
        exact, dp, kl = _exact(p, tv0), None, ({"one_step": kl0} if q == 1 else None)
        bounds = {"naive": min(1.0, T * tv1), "subsampling": q * tv0 if q < 1 else None,
                  "pinsker": min(1.0, math.sqrt(T * kl0 / 2)) if q == 1 else None,
                  "bretagnolle_huber": math.sqrt(-math.expm1(-T * kl0)) if q == 1 else None}
    way = {"lower": "down", "upper": "up"}
    ex = None if exact is None else {k: (_r(v, way.get(k)) if isinstance(v, float) else v)
                                     for k, v in exact.items() if k != "grid"}
    grid = None if exact is None or "grid" not in exact else _rounded(exact["grid"])
    return Answer(p["mechanism"], {k: v for k, v in p.items() if k != "mechanism"}, _r(tv1), ex, grid,
                  {k: _r(v) for k, v in bounds.items()}, None if kl is None else {k: _r(v) for k, v in kl.items()},
                  dp)


def _rounded(d):
    return {k: _rounded(v) if isinstance(v, dict) else (_r(v) if isinstance(v, float) else v) for k, v in d.items()}

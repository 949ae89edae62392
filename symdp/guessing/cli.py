"""`symdp epsilon --metric guessing-advantage` and `symdp guessing`: parsers and handlers.

The attribute is given by --prior and its parameters (or by --attribute SPEC, repeated, with --combine and|or);
numbers are printed to 15 significant digits, JSON keys sorted.
"""
from __future__ import annotations

import json

import mpmath as mp

from ..errors import SymdpError, require_choice, require_real
from . import bounds, exact, inverse
from .priors import PRIORS, Uniform
from .targets import And, Attribute

DIGITS = 15
PARAMS = {"normal": ("mu", "sigma"), "uniform": ("lo", "hi"), "exponential": ("rate",), "two-bump": ("s",)}


def attribute_options(sp):
    sp.add_argument("--prior", default=None, help="prior of the attribute: " + " | ".join(PRIORS))
    for name, text in (("mu", "normal mean"), ("sigma", "normal standard deviation, > 0"), ("lo", "uniform lower end"),
                       ("hi", "uniform upper end, > lo"), ("rate", "exponential rate, > 0 (mean 1/rate)"),
                       ("s", "two-bump: modes at -s and s, > 0")):
        sp.add_argument(f"--{name}", type=float, default=None, help=text)
    sp.add_argument("--precision", type=float, default=None,
                    help="r > 0: a guess is correct within r (d(x, x') = |x - x'|/r)")
    sp.add_argument("--relative", action="store_true", help="r is a fraction: correct within a factor 1 + r "
                    "(d = |ln x - ln x'| / ln(1 + r); positive attributes)")
    sp.add_argument("--center", type=float, default=None, help="the guess (default: the prior's median)")
    sp.add_argument("--attribute", action="append", default=None, metavar="SPEC",
                    help="repeatable, instead of --prior: PRIOR:key=value,...,precision=R[,center=C], "
                         "e.g. normal:mu=40,sigma=15,precision=5")
    sp.add_argument("--combine", default="and", help="and (all attributes guessed; max metric) | or (any; union "
                    "bound); default and")
    sp.add_argument("--pre", type=float, default=None, help="a known Pr_pre(g(x)) in (0, 1) instead of a prior "
                    "(simplified bound only)")
    sp.add_argument("--sup-distance", type=float, default=None, help="R = sup d(x, x') > 0 for the simplified "
                    "bound (default: from a uniform prior's support)")
    sp.add_argument("--bound-type", default="precise", help="precise (distance shells, corrected; default) | "
                    "simplified (R = sup d)")
    sp.add_argument("--direction", default="gain", help="gain: Pr_post - Pr_pre <= eta (default) | loss: "
                    "Pr_pre - Pr_post <= eta")


def add_parser(sub, handler_name="guessing"):
    """The `symdp guessing` subcommand (one call in cli.build_parser)."""
    sp = sub.add_parser("guessing", help="guessing-advantage bound and exact advantage for a given epsilon",
                        description="guessing-advantage bound (Pankova & Laud) and the exact advantage of the "
                                    "Laplace mechanism with scale r/epsilon")
    sp.set_defaults(fn=cmd_guessing)
    sp.add_argument("--epsilon", type=float, required=True, help="epsilon > 0 of epsilon d-privacy")
    attribute_options(sp)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    return sp


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


def _attribute(prior, kv, relative=False):
    missing = [k for k in PARAMS[prior] + ("precision",) if kv.get(k) is None]
    if missing:
        raise SymdpError(f"--{missing[0]}", None, f"a number (required with --prior {prior})")
    for k in PARAMS[prior] + ("precision",):
        require_real(f"--{k}", kv[k])
    args = [kv[k] for k in PARAMS[prior]]
    require_real("--precision", kv["precision"], 0)
    return Attribute(PRIORS[prior](*args), kv["precision"], kv.get("center"), relative)


def targets(args):
    """The attributes of the command line (validated before any work)."""
    require_choice("--bound-type", args.bound_type, ("precise", "simplified"))
    require_choice("--direction", args.direction, ("gain", "loss"))
    require_choice("--combine", args.combine, ("and", "or"))
    if args.pre is not None:
        require_real("--pre", args.pre, 0, 1)
        if args.bound_type != "simplified" or args.sup_distance is None:
            raise SymdpError("--pre", args.pre, "with --bound-type simplified and --sup-distance R")
    if args.sup_distance is not None:
        require_real("--sup-distance", args.sup_distance, 0)
    if args.pre is not None:
        return []
    if args.attribute:
        return [_attribute(*_spec(s)) for s in args.attribute]
    if args.prior is None:
        raise SymdpError("--prior", None, "one of: " + ", ".join(PRIORS) + " (or --attribute SPEC, or --pre P)")
    require_choice("--prior", args.prior, tuple(PRIORS))
    kv = {k: getattr(args, k.replace("-", "_")) for k in PARAMS[args.prior] + ("precision", "center")}
    return [_attribute(args.prior, kv, args.relative)]


def _R(args, t):
    if args.sup_distance is not None:
        return mp.mpf(args.sup_distance)
    if isinstance(t.prior, Uniform) and not t.relative:
        return (mp.mpf(t.prior.hi) - t.prior.lo) / t.r
    raise SymdpError("--sup-distance", None, "R > 0 with --bound-type simplified (R = sup d is infinite for "
                     "this prior; use --bound-type precise)")


def advantage_fn(args, ts):
    """(eps -> advantage bound, Pr_pre, closed-form inverse or None) for the options given."""
    gain = args.direction == "gain"
    if args.pre is not None or args.bound_type == "simplified":
        if args.pre is not None:
            p, R = mp.mpf(args.pre), mp.mpf(args.sup_distance)
        elif len(ts) == 1 or args.combine == "and":
            p = And(tuple(ts)).ball(1) if len(ts) > 1 else ts[0].ball(1)
            R = mp.mpf(args.sup_distance) if args.sup_distance is not None else max(_R(args, t) for t in ts)
        else:
            return _or(args, ts, lambda t: (lambda e, p=t.ball(1), R=_R(args, t): bounds.simplified_upper(p, e, R)))
        adv = (lambda e: bounds.simplified_upper(p, e, R) - p) if gain else \
            (lambda e: p - bounds.simplified_lower(p, e, R))
        inv = (lambda eta: inverse.eps_gain_simplified(p, eta, R)) if gain else \
            (lambda eta: inverse.eps_loss_simplified(p, eta, R))
        return adv, p, inv
    if len(ts) > 1 and args.combine == "or":
        return _or(args, ts, lambda t: (lambda e, sh=bounds.shells(t): bounds.shell_upper(sh, e)))
    sh = bounds.shells(And(tuple(ts)) if len(ts) > 1 else ts[0])
    adv = (lambda e: bounds.shell_upper(sh, e) - sh.p) if gain else (lambda e: sh.p - bounds.shell_lower(sh, e))
    return adv, sh.p, None


def _or(args, ts, upper_of):
    if args.direction != "gain":
        raise SymdpError("--direction", args.direction, "gain with --combine or (only the union bound is known)")
    uppers = [upper_of(t) for t in ts]
    p = mp.mpf(0)
    for t in ts:
        p = bounds.or_prior(p, t.ball(1))
    return (lambda e: min(mp.mpf(1), mp.fsum(u(e) for u in uppers)) - p), p, None


def _n(v):
    return None if v is None else mp.nstr(v, DIGITS)


def laplace_scale(t, e, n=1, combine="and"):
    """The deployable noise: Laplace(r/eps) on the attribute (on ln x with --relative: ln(1 + r)/eps).

    AND of n attributes: n r_i / eps per coordinate (sum_i d_i <= n max_i d_i keeps the product mechanism
    eps-private for the max metric); OR: r_i / eps per coordinate.
    """
    unit = mp.log1p(t.r) if t.relative else mp.mpf(t.r)
    return unit * (n if combine == "and" else 1) / e


def cmd_epsilon(args) -> int:
    """`symdp epsilon --metric guessing-advantage --bound ETA ...`: the largest epsilon."""
    eta = require_real("--bound", args.bound, 0, 1)
    ts = targets(args)
    with mp.workdps(30):
        adv, p, inv = advantage_fn(args, ts)
        if inv is not None:
            e, capped, method = inv(mp.mpf(eta)), False, "closed form"
        else:
            root = inverse.largest_eps(adv, mp.mpf(eta), digits=DIGITS)
            e, capped, method = root.eps, root.capped, "bisection (bracketed, capped at 1e4)"
        unbounded = e == mp.inf or capped
        out = {"metric": "guessing-advantage", "bound": eta, "bound_type": args.bound_type,
               "direction": args.direction, "pre": _n(p), "method": method, "digits": DIGITS,
               "epsilon": None if unbounded else _n(e),
               "laplace_scale": None if unbounded else [_n(laplace_scale(t, e, len(ts), args.combine)) for t in ts],
               "reason": ("every epsilon meets the bound" if unbounded else None)}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    elif unbounded:
        print(f"every epsilon meets advantage <= {eta!r} (Pr_pre = {out['pre']})")
    else:
        scale = ", ".join(out["laplace_scale"]) if ts else "n/a"
        scale += " (on ln x)" if any(t.relative for t in ts) else ""
        print(f"largest epsilon with guessing advantage ({args.direction}) <= {eta!r}: {out['epsilon']} "
              f"({args.bound_type} bound, {method}, {DIGITS} significant digits; Pr_pre = {out['pre']}); "
              f"Laplace noise scale r/epsilon: {scale}")
    return 0


def cmd_guessing(args) -> int:
    """`symdp guessing --epsilon E ...`: the advantage bound, and the exact advantage of Laplace r/eps."""
    e = require_real("--epsilon", args.epsilon, 0)
    ts = targets(args)
    with mp.workdps(30):
        adv, p, _ = advantage_fn(args, ts)
        out = {"epsilon": e, "bound_type": args.bound_type, "direction": args.direction, "pre": _n(p),
               "advantage_bound": _n(adv(mp.mpf(e))), "digits": DIGITS, "exact": None}
        if len(ts) == 1 and not ts[0].relative and args.direction == "gain":
            with mp.workdps(20):
                a = exact.laplace_advantage(ts[0], mp.mpf(e))
            out["exact"] = {"mechanism": "laplace", "scale": _n(ts[0].r / mp.mpf(e)), "advantage": mp.nstr(a.eta, 12),
                            "posterior": mp.nstr(a.posterior, 12), "output": mp.nstr(a.y, 12), "digits": 12}
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"guessing advantage ({args.direction}) at epsilon = {e!r}: at most {out['advantage_bound']} "
              f"({args.bound_type} bound; Pr_pre = {out['pre']})")
        if out["exact"]:
            x = out["exact"]
            print(f"Laplace mechanism, scale r/epsilon = {x['scale']}: exact advantage {x['advantage']} "
                  f"(posterior {x['posterior']} at output {x['output']}; 12 digits)")
    return 0

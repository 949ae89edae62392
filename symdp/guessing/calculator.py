"""`symdp epsilon --metric guessing-advantage` and `symdp guessing`: parsers and handlers.

The attribute is given by --prior and its parameters (or by --attribute SPEC, repeated, with --combine and|or);
numbers are printed to 15 significant digits, JSON keys sorted.
"""
from __future__ import annotations

import json

import mpmath as mp

from ..errors import SymdpError, require_choice, require_real
from . import bounds, exact, integer, inverse
from .integer import IntegerAttribute
from .priors import PRIORS, Uniform
from .targets import And, Attribute
from ..cli.guessing import PARAMS  # the parser lives in .options (light to import)

DIGITS = 15
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


def targets(args):
    """The attributes of the command line (validated before any work)."""
    _no_fbeta_options(args)
    mech = args.mechanism = args.mechanism or "laplace"
    require_choice("--mechanism", mech, ("laplace", "geometric"))
    require_choice("--bound-type", args.bound_type, ("precise", "simplified", "main"))
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
        ts = [_attribute(*_spec(s), mechanism=mech) for s in args.attribute]
    else:
        ts = [_prior_attribute(args, mech)]
    if args.bound_type == "main" and (len(ts) > 1 or getattr(ts[0], "relative", False) or args.direction != "gain"):
        raise SymdpError("--bound-type", "main", "one attribute, absolute precision and --direction gain "
                         "(use precise otherwise)")
    return ts


def _no_fbeta_options(args):
    for flag in ("delta", "calibration", "rho_p", "rho_c", "rho_t"):
        if getattr(args, flag, None) is not None:
            raise SymdpError("--" + flag.replace("_", "-"), getattr(args, flag), "no value with --metric "
                             "guessing-advantage (an F-beta option)")


def _prior_attribute(args, mech):
    if args.prior is None:
        raise SymdpError("--prior", None, "one of: " + ", ".join(PRIORS) + " (or --attribute SPEC, or --pre P)")
    require_choice("--prior", args.prior, tuple(PRIORS))
    kv = {k: getattr(args, k.replace("-", "_")) for k in PARAMS[args.prior] + ("precision", "center")}
    return _attribute(args.prior, kv, args.relative, mech)


def _R(args, t):
    if args.sup_distance is not None:
        return mp.mpf(args.sup_distance)
    if isinstance(t.prior, Uniform) and not getattr(t, "relative", False):
        return (mp.mpf(t.prior.hi) - t.prior.lo) / t.r
    raise SymdpError("--sup-distance", None, "R > 0 with --bound-type simplified (R = sup d is infinite for "
                     "this prior; use --bound-type precise)")


def advantage_fn(args, ts):
    """(eps -> advantage bound, Pr_pre, closed-form inverse or None) for the options given."""
    gain = args.direction == "gain"
    if args.bound_type == "main":
        return _main(ts[0])
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


def _main(t):
    """The main theorem for one attribute: closed-form integrals (real) or O(n) sums (integer)."""
    if isinstance(t, IntegerAttribute):
        upper = lambda e: integer.main_upper(t, e)
    else:
        upper = lambda e: bounds.main_upper(t.prior, *t.interval(1), e, t.r)
    p = t.ball(1)
    return (lambda e: upper(e) - p), p, None


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


def noise_scale(t, e, n=1, combine="and"):
    """The deployable noise, e^{-|x| / scale}: Laplace or geometric with scale r/eps on the attribute (on ln x
    with --relative: ln(1 + r)/eps).

    AND of n attributes: n r_i / eps per coordinate (sum_i d_i <= n max_i d_i keeps the product mechanism
    eps-private for the max metric); OR: r_i / eps per coordinate.
    """
    unit = mp.log1p(t.r) if getattr(t, "relative", False) else mp.mpf(t.r)
    return unit * (n if combine == "and" else 1) / e


def _header(args, eta_or_eps):
    return {"bound_type": args.bound_type, "direction": args.direction, "mechanism": args.mechanism,
            "digits": DIGITS, **eta_or_eps}


def _print(args, doc, text):
    from ..cli import _calculator_json
    print(_calculator_json(doc) if args.json else text)


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
        doc = {**_header(args, {"bound": eta}), "metric": "guessing-advantage", "pre": _n(p), "method": method,
               "epsilon": None if unbounded else _n(e),
               "noise_scale": None if unbounded else [_n(noise_scale(t, e, len(ts), args.combine)) for t in ts],
               "reason": ("every epsilon meets the bound" if unbounded else None)}
    if unbounded:
        text = f"every epsilon meets advantage <= {eta!r} (Pr_pre = {doc['pre']})"
    else:
        scale = (", ".join(doc["noise_scale"]) if ts else "n/a") + \
            (" (on ln x)" if any(getattr(t, "relative", False) for t in ts) else "")
        text = (f"largest epsilon with guessing advantage ({args.direction}) <= {eta!r}: {doc['epsilon']} "
                f"({args.bound_type} bound, {method}, {DIGITS} significant digits; Pr_pre = {doc['pre']}); "
                f"{args.mechanism} noise scale r/epsilon: {scale}")
    _print(args, doc, text)
    return 0


def _exact(args, ts, e):
    """The exact advantage of the mechanism at eps (one attribute, absolute precision, gain), or None."""
    t = ts[0] if len(ts) == 1 else None
    if t is None or getattr(t, "relative", False) or args.direction != "gain":
        return None
    with mp.workdps(20):
        if isinstance(t, IntegerAttribute):
            a = integer.geometric_advantage(t, mp.mpf(e))
        else:
            a = exact.laplace_advantage(t, mp.mpf(e))
    return {"mechanism": args.mechanism, "scale": _n(t.r / mp.mpf(e)), "advantage": mp.nstr(a.eta, 12),
            "posterior": mp.nstr(a.posterior, 12), "output": mp.nstr(a.y, 12), "digits": 12}


def cmd_guessing(args) -> int:
    """`symdp guessing --epsilon E ...`: the advantage bound, and the exact advantage of the mechanism."""
    e = require_real("--epsilon", args.epsilon, 0)
    ts = targets(args)
    with mp.workdps(30):
        adv, p, _ = advantage_fn(args, ts)
        doc = {**_header(args, {"epsilon": e}), "pre": _n(p), "advantage_bound": _n(adv(mp.mpf(e))),
               "exact": _exact(args, ts, e)}
    text = (f"guessing advantage ({args.direction}) at epsilon = {e!r}: at most {doc['advantage_bound']} "
            f"({args.bound_type} bound; Pr_pre = {doc['pre']})")
    if doc["exact"]:
        x = doc["exact"]
        text += (f"\n{args.mechanism} mechanism, scale r/epsilon = {x['scale']}: exact advantage {x['advantage']} "
                 f"(posterior {x['posterior']} at output {x['output']}; 12 digits)")
    _print(args, doc, text)
    return 0

"""Proof objects (:mod:`symdp.kernel`) made from what a certificate records, where the format can say it.

* ``symbolic (R)`` of an identity, R one of the rewrites with a kernel counterpart (:data:`ALGEBRA`) -> an
  ``algebra`` node with the same steps; ``symbolic (simplify)`` -> an ``oracle`` node (``sympy.simplify``);
* ``symbolic sign analysis`` of a sign -> a ``signs`` node, the first rewrites of :data:`SIGN_REWRITES` after which
  the kernel reads the sign off the goal's tree (:mod:`symdp.kernel.signs`);
* ``validated numerics: N boxes, 128 bits`` (one box log over the whole domain) -> ``chart`` + ``boxes``: the
  recorded preorder tree decoded exactly as the validated search wrote it (:func:`.validated.search.decode`,
  bisection by :func:`.validated.search.split`), each leaf with its rule (E -> ``enclosure``, M ->
  ``mean-value``, V -> ``vertex``, L<i>.<k> / R<i>.<k> -> ``chain:lower|upper:<i>:<k>``).

Everything else is not exported yet and says why (:attr:`Export.why`): the method, or the piece the format
lacks (a leaf rule, an infinite domain end, a Piecewise decided first).  This module only translates; the
kernel decides whether a translated proof proves its claim.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp

from ... import kernel
from ...errors import SymdpError
from ...kernel.algebra import REWRITES, canonical
from ..model import domain as dom
from ..symbolic import normal
from ...kernel.cases import KINKS
from ...kernel.monotone import end_limit
from .proof_afresh import by_monotone, safe_premises
from .proof_cases import by_cases
from .proof_compare import by_compare
from .proof_pieces import by_pieces, by_split, top_split
from .proof_primitive import by_primitives
from ..validated import fraction
from ..validated.search import decode, split, unit_box

ALGEBRA = {
    "identical": ((), "identical"),
    "as written": ((), "as-written"),
    "expand": ((), "expand"),
    "cancel": ((), "cancel"),
    "exp/log expansion": (("expand-log", "expand", "powsimp"), "cancel"),
    "rationalised radicals": (("together", "radsimp"), "cancel"),
    "normal CDF in error-function form": (("erf-form", "expand"), "cancel"),
}
"""The engine's rewrites (:data:`.rewrites.REWRITES`) as kernel steps: the same SymPy calls, in the same order."""

ORACLE_REWRITES = {"simplify": "sympy.simplify"}
LEAF_RULES = {"E": "enclosure", "M": "mean-value", "V": "vertex"}
PLAIN = re.compile(r"validated numerics: \d+ box(es)?, 128 bits")
QUOTIENT = re.compile(r"validated numerics on numerator and denominator: \d+ box(es)?, 128 bits")
SYMBOLIC = re.compile(r"symbolic \((.+)\)")
WHICH = {True: "positive", False: "negative"}


@dataclass(frozen=True)
class Export:
    claim: object = None
    """The :class:`symdp.kernel.Claim` (None when not exported)."""
    proof: object = None
    why: str = ""
    """Why not exported ("" when exported): a short category, the same for alike proofs."""


def method_kind(method: str) -> str:
    """A method with its counts erased: the category a proof is counted under."""
    return re.sub(r"\d+", "N", method)


def export(captured, certificate, detail: str = "") -> Export:
    """The claim and proof object of ``certificate`` (for ``captured``, the claim it keys), or why not: the
    method's own translation, else a kernel rule found afresh (:func:`_afresh`), else the method's reason.
    ``detail``, the outcome's, names the maps of a sign analysis (at certify; a transcript does not keep it)."""
    made = _translated(captured, certificate, detail)
    if made.proof is None and not PLAIN.fullmatch(certificate.proved):
        found = _afresh(captured)
        if found.proof is None and captured.kind == "identity":
            found = _charted(captured, certificate.proved)
        return found if found.proof is not None else made
    return made


def _translated(captured, certificate, detail="") -> Export:
    method = certificate.proved
    found = SYMBOLIC.fullmatch(method)
    if captured.kind == "identity" and found and (found.group(1) in ALGEBRA or found.group(1) in ORACLE_REWRITES):
        return _identity(captured, found.group(1))
    if captured.kind in ("sign", "sign-numeric", "monotone") and PLAIN.fullmatch(method):
        return _boxes(captured, certificate.boxes)
    if captured.kind in ("sign", "sign-numeric", "monotone") and QUOTIENT.fullmatch(method):
        return _quotient(captured, certificate.boxes)
    if captured.kind in ("sign", "sign-numeric", "monotone") and method.startswith("symbolic sign analysis"):
        return _signs(captured, detail)
    if captured.kind == "printed":
        return Export(why=f"printed claim: {method_kind(method)}")
    return Export(why=method_kind(method))


LOGS = ("log-form", "hyperbolic-exp", "log-args", "expand-log", "powsimp-exp", "expand")
"""The engine's "logs of exponentials" as kernel steps: inverse hyperbolic functions as logs, hyperbolic ones as
exponentials, each log's argument tidied, logs expanded, exponentials merged."""
AFRESH = tuple(ALGEBRA.values()) + ((("together",), "expand"), (("expand-log", "expand"), "cancel"),
                                     (("powsimp",), "cancel"), (("expand", "powsimp"), "cancel"), (LOGS, "cancel"),
                                     (("hyperbolic-exp", "exp-generators"), "cancel"),
                                     (LOGS + ("exp-generators",), "cancel"))
"""Algebra steps tried on an identity whose method has no translation (the kernel judges what is found)."""
SIZE = 400
"""Operations (``count_ops``) above which no step is tried afresh: a rewrite of a large tree can take long."""
REWRITTEN = 2000
"""Operations above which a goal, after a step's rewrites, is not closed afresh: ``together`` then ``radsimp`` took
a 177-operation printed claim of Liu et al.'s F-beta bound to 8818, whose ``cancel`` ran past the derivation's
900 s at certify (counted, never timed: the proofs filed are the same on every machine)."""


def _afresh(captured) -> Export:
    """A proof of the claim ``captured`` states by one of the kernel's own steps, whatever method the search used:
    ``signs`` for a sign claim (:data:`SIGN_REWRITES`), ``algebra`` (:data:`AFRESH`) for an identity."""
    claim = stated_claim(captured)
    if claim is None or sp.count_ops(claim.goal) > SIZE:
        return Export()
    if claim.goal.has(sp.Integral, sp.Sum):
        node = by_primitives(claim, _closed, AFRESH)
        return Export(claim, kernel.Proof(node)) if node is not None else Export()
    if claim.goal.has(sp.Piecewise):
        node = by_pieces(claim, _closed if claim.relation == "=" else lambda c: _first_signs(c, SIGN_REWRITES))
        return Export(claim, kernel.Proof(node)) if node is not None else Export()
    split = by_cases(claim, SIGN_REWRITES, AFRESH) if claim.goal.has(*KINKS) else None
    if split is not None:
        return Export(claim, split)
    if claim.relation != "=":
        return _signs(captured)
    node = _closed(claim)
    return Export(claim, kernel.Proof(node)) if node is not None else Export()


def _closed(claim):
    """The first ``algebra`` node of :data:`AFRESH` the kernel accepts for the identity ``claim``, or None."""
    for rewrites, closing in AFRESH:
        node = kernel.Algebra(rewrites, closing)
        if _small(claim.goal, rewrites) and kernel.check(claim, kernel.Proof(node)).accepted:
            return node
    return None


def _small(goal, rewrites) -> bool:
    """The goal after ``rewrites`` (the kernel's own table) has at most :data:`REWRITTEN` operations."""
    for name in rewrites:
        goal = REWRITES[name](goal)
    return sp.count_ops(goal) <= REWRITTEN


MAPS = ((re.compile(r"(\S+) = .+ \+ \(.+\) t/\(1 \+ t\)"), "up"), (re.compile(r"(\S+) = .+ \+ \(.+\)/\(1 \+ t\)"), "down"),
        (re.compile(r"(\S+) = .+ \+ t"), "shift"), (re.compile(r"(\S+) = .+ - t"), "reflect"),
        (re.compile(r"(\S+) (?:> 0|real)"), ""))
"""The search's maps onto a domain (:func:`.pieces.substitutions`, "x = a + (b - a)/(1 + t)", ...) as the kernel's
``map:<symbol>:<kind>`` rewrites (the kernel builds the map from the claim's domain itself); "s > 0" is the symbol's
own assumption, no map.  Any other description (both halves of a closed interval, log(1 + t)) has no counterpart."""


CHARTED = {"logs of exponentials": (LOGS, "cancel"), "exp substitution": (LOGS + ("exp-generators",), "cancel"),
           **ALGEBRA}
"""The search's rewrite after its maps, as the kernel's steps (only these: another rewrite, such as "factored
radicands" of a long radical, can keep SymPy busy for minutes, and an export runs under no budget)."""


SIGNED = {"exp substitution": tuple(pre + ("exp-ray",) + post for pre in (("hyperbolic-exp",), LOGS)
                                   for post in ((), ("factor",), ("together", "factor"), ("together",)))}
"""The search's sign rewrites whose kernel steps differ from an identity's: its exp substitution writes e^(g x) as
1 + u with u > 0 where x > 0, the kernel's ``exp-ray`` (``exp-generators`` forgets u > 0)."""


def _charted(captured, method: str) -> Export:
    """An identity the search proved "after" maps onto its domain: the same maps as kernel rewrites, then the
    kernel's steps for the rewrite the search named (:data:`CHARTED`), if the kernel accepts them."""
    found = re.fullmatch(r"symbolic \((.+?) after (.+)\)", method)
    claim = stated_claim(captured)
    if found is None or found.group(1) not in CHARTED or claim is None or sp.count_ops(claim.goal) > SIZE:
        return Export()
    maps = [_map(part) for part in found.group(2).split("; ")]
    if None in maps:
        return Export()
    rewrites, closing = CHARTED[found.group(1)]
    proof = kernel.Proof(kernel.Algebra(tuple(m for m in maps if m) + tuple(rewrites), closing))
    return Export(claim, proof) if kernel.check(claim, proof).accepted else Export()


def _map(part: str) -> str | None:
    """One map of the search's description as a kernel rewrite ("" for a symbol's own assumption), else None."""
    for pattern, kind in MAPS:
        found = pattern.fullmatch(part)
        if found:
            return f"map:{found.group(1)}:{kind}" if kind else ""
    return None


def stated_claim(captured):
    """The :class:`symdp.kernel.Claim` that ``captured`` states, where the format can say it, else None."""
    if captured.kind == "identity":
        lhs, rhs = sp.sympify(captured.args["lhs"]), sp.sympify(captured.args["rhs"])
        return kernel.identity_claim(lhs, rhs, _identity_domain(captured.args.get("domain"), lhs, rhs))
    if captured.kind in ("sign", "sign-numeric", "monotone"):
        stated = _sign_statement(captured, sums=True)   # the kernel decides what a sum admits
        return None if isinstance(stated, str) else kernel.sign_claim(*stated)
    return None


def _identity_domain(domain, lhs, rhs) -> dict:
    """An identity's domain as its search was given it: every free symbol with an interval (its assumptions' where
    the claim gives none); the domain as stated where a symbol is not real (a complex one has no interval)."""
    try:
        return dom.complete(domain, lhs.free_symbols | rhs.free_symbols)   # sides may be tuples (no difference)
    except SymdpError:
        return dict(domain or {})


def _identity(captured, name) -> Export:
    claim = stated_claim(captured)
    if any(sp.sympify(side).has(sp.Integral, sp.Sum) for side in (claim.lhs, claim.rhs)):   # opaque to algebra
        return Export(why=f"symbolic ({name}) of an integral or a sum")
    if name in ORACLE_REWRITES:
        return Export(claim, kernel.Proof(kernel.Oracle(ORACLE_REWRITES[name], canonical(claim.goal),
                                                        canonical(sp.Integer(0)))))
    rewrites, closing = ALGEBRA[name]
    return Export(claim, kernel.Proof(kernel.Algebra(rewrites, closing)))


SIGN_REWRITES = ((), ("expand",), ("together",), ("expand", "together"), ("together", "expand"), ("expand-log", "expand"),
                 ("powsimp",), ("radsimp",), ("together", "radsimp"), ("radsimp", "together"), ("factor",),
                 ("together", "factor"))
"""The rewrites tried, in order, before the kernel reads a sign off the goal's tree (the first it accepts is kept)."""


def _signs(captured, detail: str = "") -> Export:
    """``symbolic sign analysis`` -> a ``signs`` node, when the kernel reads the sign off the (rewritten) tree,
    first as it stands, then after the maps the search named (:func:`_mapped_rewrites`); the engine's prover
    knows more than the kernel's table (SymPy's assumptions, AM-GM, ...), so not every such proof has one."""
    stated = _sign_statement(captured, sums=True)
    if isinstance(stated, str):
        return Export(why=f"symbolic sign analysis: {stated}")
    claim = kernel.sign_claim(*stated)
    node = sign_node(claim, detail) or by_monotone(claim, SIGN_REWRITES, SIGN_REWRITES + SIGNED["exp substitution"],
                                                   _first_signs)
    if node is not None:
        return Export(kernel.sign_claim(*stated), kernel.Proof(node))
    return Export(why="symbolic sign analysis: a sign the kernel's table does not read off the tree")


def sign_node(claim, detail: str, depth: int = 3):
    """A node proving the sign ``claim`` after the search's description ``detail`` of its proof: a ``signs`` node
    (after the maps it names), a ``monotone`` from an end, a split at a stationary point, or a comparison through
    logarithms or squares (:mod:`.proof_compare`), whose premises are closed alike; or None."""
    close = lambda part, how: sign_node(part, how, depth - 1) if depth > 0 else None
    return _first_signs(claim, _tries(detail)) or monotone_node(claim, detail) or \
        by_split(claim, detail, monotone_node, lambda part: _first_signs(part, SIGN_REWRITES)) or \
        by_compare(claim, detail, close)


AFTER = re.compile(r"(?:derivative \w+: )?sign by assumptions(?: after (.+))? \(([^()]+)\)")


def _mapped_rewrites(detail: str) -> tuple:
    """The kernel's rewrites for "sign by assumptions after MAPS (REWRITE)": the maps (:data:`MAPS`), then the
    search's rewrite (:data:`CHARTED`) or each of :data:`MAPPED_TAILS`; () for any other detail."""
    found = AFTER.fullmatch(detail)
    maps = [_map(part) for part in found.group(1).split("; ")] if found and found.group(1) else []
    if found is None or None in maps:
        return ()
    head = tuple(m for m in maps if m)
    named = (tuple(CHARTED[found.group(2)][0]),) if found.group(2) in CHARTED else ()
    return tuple(head + tail for tail in dict.fromkeys(named + SIGNED.get(found.group(2), ()) + MAPPED_TAILS))


MONOTONE = re.compile(r"monotone in (\S+) from \S+ -> (.+?)([+-]?) \(limit .+?: (.+)\)")
"""The search's "monotone in x from x -> a+ (limit L: HOW; derivative positive: HOW)" (:mod:`.symbolic.ends`); a
closed end has no side ("x -> 1 (limit ...")."""


def _end(claim, name: str, at: str, side: str):
    """"lower" or "upper": the side the search named, else the end of ``name``'s interval that ``at`` is."""
    if side:
        return "lower" if side == "+" else "upper"
    interval = next((iv for s, iv in claim.domain if s.name == name), None)
    ends = (interval.start, interval.end) if isinstance(interval, sp.Interval) else ()
    value = sp.sympify(at, locals={s.name: s for s, _ in claim.domain})   # an end named by a symbol (q -> p)
    return next((w for w, e in zip(("lower", "upper"), ends) if e == value), "")


def monotone_node(claim, detail: str, depth: int = 2):
    """A ``monotone`` node for ``claim`` from the search's description (the end, then the limit's and the
    derivative's own proofs, each a ``signs`` node or, for the derivative, another ``monotone``), or None."""
    found = MONOTONE.fullmatch(detail)
    parts = top_split(found.group(4), "; derivative ") if found and depth > 0 else None
    end = _end(claim, found.group(1), found.group(2), found.group(3)) if parts else ""
    if not end:
        return None
    node = kernel.Monotone(found.group(1), end, None, None)
    stated, limit = safe_premises(node, claim), None
    if isinstance(stated, str):   # an infinite end, or one where the goal is not defined: its limit there
        limit = _limit_node(claim, node.symbol, end)
        stated = safe_premises(kernel.Monotone(node.symbol, end, limit, None), claim) if limit else stated
    if isinstance(stated, str):
        return None
    value = _first_signs(stated[0], SIGN_REWRITES)
    inner = parts[1].split(": ", 1)[-1]
    slope = monotone_node(stated[1], inner, depth - 1) or _first_signs(stated[1], _tries(inner))
    value = kernel.Limit(limit.answer, value) if limit and value else value
    return None if value is None or slope is None else kernel.Monotone(node.symbol, node.end, value, slope)


def _limit_node(claim, symbol: str, end: str):
    """A ``limit`` node (its premise still to fill) with SymPy's limit at the end, asked as the kernel asks it (the
    search found that limit within its own budget; no clock here, so the proof filed is the same on every machine,
    and the kernel asks the same question at every check), or None."""
    answer = end_limit(claim, symbol, end)
    return kernel.Limit(answer, None) if answer else None


def _tries(detail: str) -> tuple:
    """:data:`SIGN_REWRITES`, then the maps ``detail`` names (:func:`_mapped_rewrites`), each rewrite list once."""
    return tuple(dict.fromkeys(SIGN_REWRITES + _mapped_rewrites(detail)))


def _first_signs(claim, tries):
    """The first ``signs`` node of ``tries`` (rewrite lists) the kernel accepts for ``claim``, or None."""
    return next((kernel.Signs(r) for r in tries if kernel.check(claim, kernel.Proof(kernel.Signs(r))).accepted), None)


MAPPED_TAILS = ((), ("together",), ("together", "expand"), ("together", "factor"), ("expand",), ("expand-log", "expand"),
                ("powsimp",), ("radsimp",), ("together", "radsimp"), ("factor",))
"""The rewrites tried after the maps (:data:`SIGN_REWRITES` less ``expand`` before ``together``: on the mapped goal of
Pankova et al.'s convexity claim it took two minutes)."""


def _sign_statement(captured, sums: bool = False):
    """(expression, which, completed domain) the validated search was given for ``captured``, or a str why not
    (``sums``: a sum or an integral may stay, for a symbolic proof)."""
    a = captured.args
    if captured.kind == "monotone":
        expr, which = sp.diff(a["expr"], a["var"]), WHICH[bool(a["increasing"])]
    else:
        expr, which = sp.sympify(a["expr"]), a["which"]
    domain = dom.complete(a["domain"], expr.free_symbols)
    if captured.kind != "sign-numeric" and normal.decided(expr, domain)[0] != expr:
        return "Piecewise conditions decided before the boxes"
    if expr.has(sp.Sum, sp.Integral) and not sums:
        return "a sum or an integral written out before the boxes"
    return expr, which, domain


def _boxes(captured, log: str) -> Export:
    stated = _sign_statement(captured)
    if isinstance(stated, str):
        return Export(why=f"validated numerics: {stated}")
    expr, which, domain = stated
    chart = _chart(domain, log)
    if isinstance(chart, str):
        return Export(why=f"validated numerics: {chart}")
    return Export(kernel.sign_claim(expr, which, domain), kernel.Proof(chart))


def _chart(domain: dict, log: str):
    """The ``chart`` node of the box log ``log`` over ``domain`` (affine maps), or a str saying why not."""
    if any(s.is_integer for s in domain):
        return "an integer symbol"
    if any(e.has(sp.oo, -sp.oo) for iv in domain.values() for e in (iv.start, iv.end)):
        return "an infinite domain end (no chart map for it yet)"
    try:
        bits, rules = decode(log)
    except ValueError:
        return "a box log of another form"
    other = sorted({r for r in rules if _leaf_rule(r) is None})
    if other:
        return f"leaf rule {'/'.join(sorted({r[0] for r in other}))}"
    leaves = tuple(kernel.Leaf(box, _leaf_rule(r)) for box, r in _leaves(unit_box(len(domain)), bits, rules))
    return kernel.Chart(tuple(str(s) for s in domain), ("affine",) * len(domain), kernel.Boxes(128, leaves))


def _quotient(captured, log: str) -> Export:
    """``validated numerics on numerator and denominator`` (:mod:`.validated.fraction`) -> a ``quotient`` node over
    the two charts its box log ``frac:<D's sign>;<N's log>;<D's log>`` records, N and D found again from the claim
    as the search found them (each negated where the search proved it negative)."""
    stated, found = _sign_statement(captured), None
    if not isinstance(stated, str) and log.startswith(fraction.TAG) and log.count(";") == 2:
        found = fraction.parts(stated[0])
    if found is None:
        return Export(why="validated numerics on numerator and denominator: not found again")
    (expr, which, domain), (n, d, sign) = stated, found
    dsign, *logs = log[len(fraction.TAG):].split(";")
    charts = [_chart(domain, part) for part in logs]
    why = next((c for c in charts if isinstance(c, str)), "" if dsign in WHICH.values() else "a sign of D")
    if why:
        return Export(why=f"validated numerics on numerator and denominator: {why}")
    parts = (kernel.sign_claim(n, fraction.claims(which, sign, dsign), domain), kernel.sign_claim(d, dsign, domain))
    node = kernel.Quotient(canonical(parts[0].goal), canonical(parts[1].goal), tuple(charts))
    return Export(kernel.sign_claim(expr, which, domain), kernel.Proof(node))


CHAIN = re.compile(r"([LR])(\d+)\.([123])")


def _leaf_rule(rule: str):
    """The kernel's name of a leaf rule of :mod:`.validated.rules` (E, M, L<i>.<k>, R<i>.<k>), or None."""
    chain = CHAIN.fullmatch(rule)
    if chain:
        return f"chain:{'lower' if chain.group(1) == 'L' else 'upper'}:{chain.group(2)}:{chain.group(3)}"
    return LEAF_RULES.get(rule)


def _leaves(box, bits, rules):
    """(box, rule) of every leaf of the preorder tree (1 = split in half by :func:`split`, 0 = leaf)."""
    out, stack, bits, rules = [], [box], list(bits), list(rules)
    for bit in bits:
        b = stack.pop()
        if bit == "1":
            left, right = split(b)
            stack += [right, left]
        else:
            out.append((b, rules.pop(0)))
    if stack or rules:
        raise ValueError("the box log's tree and rules do not match")
    return out

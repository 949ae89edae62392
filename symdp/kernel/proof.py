"""Proof objects: a versioned tree of rule applications, with a JSON form (``symdp/schemas/proof.schema.json``).

Every node names its rule and holds the data that makes it checkable without search (docs/proof-format.md):
:class:`Algebra` (an identity closed to 0 by rewrites from a fixed table), :class:`Signs` (an inequality whose
goal, after rewrites, shows its sign in its tree), :class:`Oracle` (a step the kernel does not check: the trust
base), :class:`Chart` (the domain as the image of the unit box) over :class:`Boxes` (a subdivision of the box,
each leaf with the rule that closes it), :class:`Cases` (one premise per sign case of the goal's kinks),
:class:`Farkas` (a case closed by Farkas' lemma) and :class:`Monotone` (a goal beyond its value at an end).  Rationals travel as strings ("3/8") and are read exactly;
nothing is evaluated when a proof is read.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

FORMAT = 3
"""Bumped by any change to the node kinds, their fields or a rule's meaning (old proofs are then re-checked)."""


@dataclass(frozen=True)
class Algebra:
    rewrites: tuple
    """Names from :data:`.algebra.REWRITES`, applied in order to the claim's difference."""
    closing: str
    """A name from :data:`.algebra.CLOSINGS`: the last step, whose result must be the literal 0."""
    rule = "algebra"


@dataclass(frozen=True)
class Signs:
    rewrites: tuple
    """Names from :data:`.algebra.REWRITES`, applied in order to the claim's goal before its sign is read."""
    rule = "signs"


@dataclass(frozen=True)
class Oracle:
    oracle: str
    """The kind of step trusted (:data:`.check.ORACLES`), e.g. ``sympy.simplify``."""
    input: str
    """The canonical ``srepr`` of what the oracle was asked about."""
    answer: str
    """The canonical ``srepr`` of its answer."""
    rule = "oracle"


@dataclass(frozen=True)
class Leaf:
    box: tuple
    """((a_1, b_1), ..., (a_d, b_d)) as Fractions, a_i < b_i, inside the unit box."""
    rule: str
    """``enclosure`` or ``mean-value``."""


@dataclass(frozen=True)
class Boxes:
    prec: int
    """Bits of working precision of every enclosure."""
    leaves: tuple
    rule = "boxes"


@dataclass(frozen=True)
class Chart:
    symbols: tuple
    """The claim's symbols (names) in coordinate order: u_k charts symbols[k]."""
    maps: tuple
    """Per coordinate, the kind of map (``affine``: x = lo + (hi - lo) u)."""
    premise: Boxes
    rule = "chart"


@dataclass(frozen=True)
class Farkas:
    multipliers: tuple
    """(row, Fraction >= 0) pairs, rows named as :func:`.cases.rows` names them (``case:0``, ``hi:x``, ...)."""
    empty: bool
    """The rows combine to a negative number: the case holds no point."""
    rule = "farkas"


@dataclass(frozen=True)
class Cases:
    premises: tuple
    """One node per sign case of the goal's kinks, in :func:`.cases.case_claims` order."""
    rule = "cases"


@dataclass(frozen=True)
class Monotone:
    symbol: str
    """The domain symbol the goal is monotone in."""
    end: str
    """``lower`` or ``upper``: the end of its interval the goal is measured from (:mod:`.monotone`)."""
    value: object
    """A node proving the goal's value at that end (>= 0; > 0 at an included end of a strict claim)."""
    slope: object
    """A node proving the goal's derivative in the symbol > 0 (>= 0), negated from the upper end."""
    rule = "monotone"


@dataclass(frozen=True)
class Proof:
    root: object
    format: int = FORMAT

    def to_json(self) -> dict:
        return {"format": self.format, "proof": _node_json(self.root)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    @staticmethod
    def from_json(data) -> "Proof":
        """Read a proof; ValueError naming the field when it is malformed."""
        if not isinstance(data, dict) or set(data) != {"format", "proof"}:
            raise ValueError("a proof is {'format': ..., 'proof': ...}")
        if data["format"] != FORMAT:
            raise ValueError(f"proof format {data['format']!r}, this kernel reads format {FORMAT}")
        return Proof(_node(data["proof"]), FORMAT)


def _q(text) -> Fraction:
    if not isinstance(text, str):
        raise ValueError(f"a rational is written as a string, not {text!r}")
    return Fraction(text)


def _fields(d, rule, keys):
    if not isinstance(d, dict) or d.get("rule") != rule or set(d) != {"rule", *keys}:
        raise ValueError(f"a {rule} node has exactly the fields {sorted(('rule', *keys))}")
    return d


def _strings(value, what) -> tuple:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} is a list of strings")
    return tuple(value)


def _node(d):
    rule = d.get("rule") if isinstance(d, dict) else None
    if rule == "algebra":
        d = _fields(d, rule, ("rewrites", "closing"))
        return Algebra(_strings(d["rewrites"], "rewrites"), str(d["closing"]))
    if rule == "signs":
        return Signs(_strings(_fields(d, rule, ("rewrites",))["rewrites"], "rewrites"))
    if rule == "oracle":
        d = _fields(d, rule, ("oracle", "input", "answer"))
        return Oracle(*(_strings([d[k]], k)[0] for k in ("oracle", "input", "answer")))
    if rule == "chart":
        d = _fields(d, rule, ("symbols", "maps", "premise"))
        premise = _node(d["premise"])
        if not isinstance(premise, Boxes):
            raise ValueError("a chart's premise is a boxes node")
        return Chart(_strings(d["symbols"], "symbols"), _strings(d["maps"], "maps"), premise)
    if rule == "boxes":
        d = _fields(d, rule, ("prec", "leaves"))
        if not isinstance(d["prec"], int) or not 16 <= d["prec"] <= 4096:
            raise ValueError("prec is an integer from 16 to 4096")
        return Boxes(d["prec"], tuple(_leaf(x) for x in d["leaves"]))
    if rule == "monotone":
        d = _fields(d, rule, ("symbol", "end", "value", "slope"))
        symbol, end = _strings([d["symbol"], d["end"]], "symbol and end")
        return Monotone(symbol, end, _node(d["value"]), _node(d["slope"]))
    if rule == "cases":
        premises = _fields(d, rule, ("premises",))["premises"]
        if not isinstance(premises, list):
            raise ValueError("premises is a list of nodes")
        return Cases(tuple(_node(p) for p in premises))
    if rule == "farkas":
        d = _fields(d, rule, ("multipliers", "empty"))
        if not isinstance(d["empty"], bool):
            raise ValueError("empty is true or false")
        return Farkas(_multipliers(d["multipliers"]), d["empty"])
    raise ValueError(f"unknown rule {rule!r}")


def _multipliers(value) -> tuple:
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 and all(isinstance(v, str) for v in p)
                                              for p in value):
        raise ValueError("multipliers is a list of [row, rational] string pairs")
    return tuple((ref, Fraction(lam)) for ref, lam in value)


def _leaf(d) -> Leaf:
    if not isinstance(d, dict) or set(d) != {"box", "rule"} or not isinstance(d["rule"], str):
        raise ValueError("a leaf is {'box': [[a, b], ...], 'rule': name}")
    return Leaf(tuple((_q(a), _q(b)) for a, b in d["box"]), d["rule"])


def _node_json(n) -> dict:
    if isinstance(n, Algebra):
        return {"rule": "algebra", "rewrites": list(n.rewrites), "closing": n.closing}
    if isinstance(n, Signs):
        return {"rule": "signs", "rewrites": list(n.rewrites)}
    if isinstance(n, Oracle):
        return {"rule": "oracle", "oracle": n.oracle, "input": n.input, "answer": n.answer}
    if isinstance(n, Chart):
        return {"rule": "chart", "symbols": list(n.symbols), "maps": list(n.maps), "premise": _node_json(n.premise)}
    if isinstance(n, Boxes):
        return {"rule": "boxes", "prec": n.prec,
                "leaves": [{"box": [[str(a), str(b)] for a, b in leaf.box], "rule": leaf.rule} for leaf in n.leaves]}
    if isinstance(n, Cases):
        return {"rule": "cases", "premises": [_node_json(p) for p in n.premises]}
    if isinstance(n, Monotone):
        return {"rule": "monotone", "symbol": n.symbol, "end": n.end, "value": _node_json(n.value),
                "slope": _node_json(n.slope)}
    if isinstance(n, Farkas):
        return {"rule": "farkas", "multipliers": [[ref, str(lam)] for ref, lam in n.multipliers], "empty": n.empty}
    raise TypeError(f"not a proof node: {n!r}")

"""Proof objects: a versioned tree of rule applications, with a JSON form (``symdp/schemas/proof.schema.json``).

Every node names its rule and holds the data that makes it checkable without search (docs/proof-format.md):
:class:`Algebra` (an identity closed to 0 by rewrites from a fixed table), :class:`Signs` (an inequality whose
goal, after rewrites, shows its sign in its tree), :class:`Oracle` (a step the kernel does not check: the trust
base), :class:`Chart` (the domain as the image of the unit box) over :class:`Boxes` (a subdivision of the box,
each leaf with the rule that closes it), :class:`Cases` (one premise per sign case of the goal's kinks),
:class:`Farkas` (a case closed by Farkas' lemma), :class:`Monotone` (a goal beyond its value at an end) and
:class:`Limit` (its value at an end where it is not defined, by ``sympy.limit``) and :class:`Primitive` (an integral
or a sum replaced by its value from a primitive) and :class:`Pieces` (a goal's Piecewise atoms fixed on the regions
between cut points of one symbol) and :class:`Logs`, :class:`Squared` and :class:`Quotient` (a goal compared as two terms, through
their logarithms, their squares or as a numerator and a denominator) and :class:`Induction` (a claim with sums over an integer bound).  Rationals travel as strings ("3/8") and are read exactly;
nothing is evaluated when a proof is read.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
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
class Limit:
    answer: str
    """The canonical ``srepr`` of the goal's limit at a ``monotone`` node's end, as ``sympy.limit`` gives it (an
    oracle: the kernel asks it again and compares)."""
    premise: object
    """A node proving the limit >= 0."""
    rule = "limit"


@dataclass(frozen=True)
class Primitive:
    atom: str
    """The canonical ``srepr`` of the claim's ``Integral`` or ``Sum`` the node replaces (:mod:`.primitive`)."""
    primitive: str
    """The ``srepr`` of its primitive F in the atom's variable (read by :mod:`.srepr`, never evaluated)."""
    lower: str
    """"" for F at the lower end by substitution, else the canonical ``srepr`` of ``sympy.limit``'s answer there."""
    upper: str
    """Likewise at the upper end (``b + 1`` for a sum)."""
    slope: object
    """A node proving F' = f (an integral) or F(k + 1) - F(k) = f(k) (a sum) on the atom's range."""
    premise: object
    """A node proving the claim with the atom replaced by F(b) - F(a)."""
    rule = "primitive"


@dataclass(frozen=True)
class Pieces:
    symbol: str
    """The domain symbol whose interval is cut (:mod:`.pieces`)."""
    cuts: tuple
    """The cut points, strictly increasing inside the interval, as ``srepr`` text (read by :mod:`.srepr`)."""
    premises: tuple
    """One node per region and cut point, in order along the symbol (region, point, ..., region)."""
    rule = "pieces"


@dataclass(frozen=True)
class Induction:
    symbol: str
    """The integer domain symbol the claim's sums run to (:mod:`.induction`)."""
    base: object
    """A node proving the claim at the symbol's first integer value, its sums written out."""
    step: object
    """A node proving F(m + 1) - F(m) >= 0 for every real m from the first value to the last but one."""
    rule = "induction"


@dataclass(frozen=True)
class Logs:
    term: str
    """The ``srepr`` of the subtracted term B: the goal is A - B with A = goal + B (read by :mod:`.srepr`)."""
    premises: tuple
    """Three nodes: A > 0, B > 0, and log A - log B with the claim's relation to 0 (:mod:`.compare`)."""
    rule = "logs"


@dataclass(frozen=True)
class Squared:
    term: str
    """The ``srepr`` of the radical term S: the goal is A + S with A = goal - S (read by :mod:`.srepr`)."""
    premises: tuple
    """Two nodes: A >= 0, and A^2 - S^2 with the claim's relation to 0 (:mod:`.compare`)."""
    rule = "squared"


@dataclass(frozen=True)
class Quotient:
    numerator: str
    """The ``srepr`` of N (read by :mod:`.srepr`)."""
    denominator: str
    """The ``srepr`` of D: the goal is q N / D with q read > 0 (:mod:`.compare`)."""
    premises: tuple
    """Two nodes: N with the claim's relation to 0, and D > 0."""
    rule = "quotient"


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


def _strings(value, what="a field") -> tuple:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} is a list of strings")
    return tuple(value)


def _string(value) -> str:
    return _strings([value], "a text field")[0]


def _typed(kind, what):
    def read(value):
        if type(value) is not kind:
            raise ValueError(f"{what}, not {value!r}")
        return value
    return read


def _nodes(value) -> tuple:
    if not isinstance(value, list):
        raise ValueError("premises is a list of nodes")
    return tuple(_node(p) for p in value)


def _multipliers(value) -> tuple:
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 and all(isinstance(v, str) for v in p)
                                              for p in value):
        raise ValueError("multipliers is a list of [row, rational] string pairs")
    return tuple((ref, Fraction(lam)) for ref, lam in value)


def _leaves(value) -> tuple:
    def leaf(d):
        if not isinstance(d, dict) or set(d) != {"box", "rule"} or not isinstance(d["rule"], str):
            raise ValueError("a leaf is {'box': [[a, b], ...], 'rule': name}")
        return Leaf(tuple((_q(a), _q(b)) for a, b in d["box"]), d["rule"])
    return tuple(leaf(x) for x in _typed(list, "leaves is a list")(value))


def _prec(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 16 <= value <= 4096:
        raise ValueError("prec is an integer from 16 to 4096")
    return value


_NODE = (lambda d: _node(d), lambda n: _node_json(n))
FIELDS = {
    **dict.fromkeys(("rewrites", "symbols", "maps", "cuts"), (_strings, list)),
    **dict.fromkeys(("closing", "oracle", "input", "answer", "symbol", "end", "atom", "primitive", "lower", "upper",
                     "term", "numerator", "denominator"),
                    (_string, str)),
    **dict.fromkeys(("premise", "value", "slope", "base", "step"), _NODE),
    "premises": (_nodes, lambda ps: [_node_json(p) for p in ps]),
    "prec": (_prec, int),
    "leaves": (_leaves, lambda ls: [{"box": [[str(a), str(b)] for a, b in x.box], "rule": x.rule} for x in ls]),
    "multipliers": (_multipliers, lambda ms: [[ref, str(lam)] for ref, lam in ms]),
    "empty": (_typed(bool, "empty is true or false"), bool),
}
"""Per field of a node: how it is read from JSON (ValueError naming it when malformed) and written."""
KINDS = {kind.rule: kind for kind in (Algebra, Signs, Oracle, Chart, Boxes, Cases, Farkas, Monotone, Limit, Primitive, Pieces,
                                     Logs, Squared, Quotient, Induction)}


def _node(d):
    kind = KINDS.get(d.get("rule")) if isinstance(d, dict) else None
    if kind is None:
        raise ValueError(f"unknown rule {d.get('rule') if isinstance(d, dict) else d!r}")
    names = [f.name for f in fields(kind)]
    if set(d) != {"rule", *names}:
        raise ValueError(f"a {kind.rule} node has exactly the fields {sorted(('rule', *names))}")
    node = kind(*(FIELDS[name][0](d[name]) for name in names))
    if isinstance(node, Chart) and not isinstance(node.premise, Boxes):
        raise ValueError("a chart's premise is a boxes node")
    return node


def _node_json(n) -> dict:
    if type(n) not in KINDS.values():
        raise TypeError(f"not a proof node: {n!r}")
    return {"rule": n.rule, **{f.name: FIELDS[f.name][1](getattr(n, f.name)) for f in fields(n)}}

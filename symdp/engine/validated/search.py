"""Branch and bound over the unit box, and its replay from the recorded tree.

Boxes are split in half along their widest coordinate (the lowest index on a
tie) until a rule of :mod:`.rules` closes each one, breadth first.  The budget counts boxes,
never seconds, and the precision is fixed, so the outcome is the same on every
machine.  The proof is the subdivision tree in preorder (1 = split, 0 = leaf)
with the rule that closed each leaf; :func:`replay` follows it and re-checks
every leaf with its rule only.
"""
from __future__ import annotations

import collections
import itertools
from dataclasses import dataclass, field
from fractions import Fraction

from ..model.budget import exhausted
from .rules import ORDERS
from ..model.replay import ReplayFailed

MAX_BOXES = 600
"""Boxes examined per claim of three or more coordinates (the budget)."""
MAX_BOXES_PLANE = 2000
"""Boxes examined per claim of one or two coordinates (cheap boxes; tight claims in the plane need more)."""
FORM_BOXES = 400
"""Boxes examined per rewritten form of a claim whose own search left boxes open (:mod:`.shifted`,
:mod:`.tails`): a form either closes quickly (the catalogue's close in at most 73 boxes) or not at all, and a
false claim with open boxes tries every form, so each gets a budget of its own well below the claim's."""
MEAN_VALUE_DIMS = 3
"""The mean-value form is tried on boxes of at most this many coordinates (one gradient entry each)."""


def budget_for(d: int) -> int:
    """The box budget of a claim with ``d`` coordinates: a function of the claim alone, never of the machine."""
    return MAX_BOXES_PLANE if d <= 2 else MAX_BOXES
MIN_WIDTH = Fraction(1, 2 ** 40)
"""A box narrower than this in its widest coordinate is not split further."""


@dataclass
class _Node:
    box: tuple
    rule: str | None = None
    children: list = field(default_factory=list)


@dataclass
class Search:
    problem: object
    budget: int = MAX_BOXES
    """Set from :func:`budget_for` by the caller."""
    boxes: int = 0
    bits: list = field(default_factory=list)
    rules: list = field(default_factory=list)
    open: list = field(default_factory=list)
    """(box, enclosure of f or None) of every box left open, in the order met."""
    violated: tuple | None = None
    """A box on which f certainly has the wrong sign."""

    def run(self, box) -> bool:
        """Breadth first: the budget goes to the widest boxes first, so a singular corner cannot use it all
        while half the domain is never looked at (its open boxes then offer no counterexample).  A tree
        that closes is the same in any order, and so is its preorder certificate."""
        root = _Node(box)
        queue = collections.deque([root])
        while queue:
            node = queue.popleft()
            if self.violated is not None or self.boxes >= self.budget or exhausted():   # the claim's work too
                node.rule = "?"
                self.open.append((node.box, None))
                continue
            self._visit(node, queue)
        self._serialise(root)
        return not self.open

    def _visit(self, node, queue):
        self.boxes += 1
        node.rule = self._close(node.box)
        if node.rule:
            return
        value = self.problem.value(node.box)
        if value is not None and _wrong(value, self.problem.strict):
            self.violated = node.box
        if self.violated is not None or _width(node.box) < MIN_WIDTH:
            node.rule = "?"
            self.open.append((node.box, value))
            return
        node.children = [_Node(b) for b in split(node.box)]
        queue.extend(node.children)

    def _serialise(self, root):
        """The tree in preorder: 1 = split, 0 = leaf (with its rule, "?" when open)."""
        stack = [root]
        while stack:
            node = stack.pop()
            if node.children:
                self.bits.append("1")
                stack.extend(reversed(node.children))
            else:
                self.bits.append("0")
                self.rules.append(node.rule)

    def _close(self, box):
        from .touching import candidates as touching
        for rule in itertools.chain(candidates(box), touching(self.problem, box)):
            if self.problem.check(rule, box):
                self.problem.used.add(rule[0])
                return rule
        return None


def candidates(box):
    yield "E"
    yield "X"
    if len(box) <= MEAN_VALUE_DIMS:
        yield "M"
    if len(box) == 1 and box[0][1] == 1 and box[0][0] > 0:
        yield "T"
    order = sorted(range(len(box)), key=lambda i: (-(box[i][1] - box[i][0]), i))
    for k in ORDERS:
        for i in order:
            yield f"L{i}.{k}"
            yield f"R{i}.{k}"
    if len(box) > 1:
        yield "V"


def _wrong(value, strict) -> bool:
    """f certainly violates the claim on the whole box (hi < 0, or hi <= 0 for a strict claim)."""
    hi = value[1]
    if isinstance(hi, str):
        return hi == "-oo"
    return hi <= 0 if strict else hi < 0


def _width(box) -> Fraction:
    return max(b - a for a, b in box)


def split(box):
    i = max(range(len(box)), key=lambda j: (box[j][1] - box[j][0], -j))
    a, b = box[i]
    m = (a + b) / 2
    return (box[:i] + ((a, m),) + box[i + 1:], box[:i] + ((m, b),) + box[i + 1:])


def unit_box(d: int):
    return tuple((Fraction(0), Fraction(1)) for _ in range(d))


# --- the certificate: tree bits and leaf rules ------------------------------------

def encode(bits: list, rules: list) -> str:
    """``<n bits>:<hex>|<rules, run-length coded>``."""
    text = "".join(bits)
    value = int("1" + text, 2)
    runs, out = [], []
    for r in rules:
        if runs and runs[-1][0] == r:
            runs[-1][1] += 1
        else:
            runs.append([r, 1])
    for r, n in runs:
        out.append(f"{r}*{n}" if n > 1 else r)
    return f"{len(text)}:{value:x}|{','.join(out)}"


def decode(text: str):
    head, rules = text.split("|")
    n, hexa = head.split(":")
    bits = bin(int(hexa, 16))[3:]
    if len(bits) != int(n):
        raise ValueError("tree length")
    out = []
    for r in rules.split(","):
        name, _, count = r.partition("*")
        out += [name] * int(count or 1)
    return list(bits), out


def replay(problem, box, bits: list, rules: list) -> int:
    """Re-check the recorded tree on ``box``; the number of boxes, or :class:`..model.replay.ReplayFailed`."""
    if not bits:
        raise ReplayFailed("the tree ends early")
    if bits.pop(0) == "1":
        left, right = split(box)
        return 1 + replay(problem, left, bits, rules) + replay(problem, right, bits, rules)
    rule = rules.pop(0)
    if rule == "?" or not problem.check(rule, box):
        raise ReplayFailed(f"leaf rule {rule!r} does not close its box")
    problem.used.add(rule[0])
    return 1

"""The math grammar (Lark, LALR): precedence of the operators, groups, fractions, cases.

Terminals come resolved from :mod:`.resolve` (the notation is already
applied), so the grammar is small and unambiguous: LALR(1) with no
conflicts, built once.  Juxtaposition (an implicit product) binds tighter
than ``\\cdot`` and ``/``; after ``/`` a single factor is allowed (``a/b c``
is refused by :mod:`.build`, not guessed).  ``\\sum``, ``\\prod`` and ``\\lim`` (BIG) take the whole product that
follows (``\\sum_x 1/x`` sums ``1/x``; ``\\sum_i a_i + b`` ends at the ``+``); a ``\\sum`` after ``/`` is a
denominator (``\\sum_t a_t / \\sum_t b_t``, a ratio of sums).  ``a \\bmod n`` (or ``\\mod``) is the remainder of
two juxtaposed products, the first term of a sum (``(x + \\pi) \\bmod 2\\pi - \\pi``); after a sign or a term
(``x - a \\bmod n``: the remainder of x - a?), beside ``\\cdot`` or ``/`` (``a \\cdot b \\bmod n``) it is refused,
and so is amsmath's ``\\mod`` followed by more of a sum (:mod:`.modulo`).  What a function name applies to
is decided in :mod:`.build` on the flat list of juxtaposed factors.
"""
from __future__ import annotations

import functools

from lark import Lark
from lark.lexer import Lexer

GRAMMAR = r"""
%declare NUMBER SYM NAME HEAD DIFF FRAC SQRT BINOM PLUS MINUS MUL DIV SUP SUB REL IN AND OR NOT COMMA
%declare LPAREN RPAREN LBRACK RBRACK LBRACE RBRACE LSET RSET ABSL ABSR FLOORL FLOORR CEILL CEILR
%declare BEGIN_CASES END_CASES AMP NEWROW IF OTHERWISE BIG SETNAME BANG MOD

start: bool

?bool: bool OR band -> or_
     | band
?band: band AND bnot -> and_
     | bnot
?bnot: NOT bnot -> not_
     | chain
?chain: sum
      | sum (REL sum)+ -> relation
      | sum IN interval -> member
      | sum IN SETNAME -> member_set
      | sum IN LBRACK sum RBRACK -> member_range
interval: (LPAREN | LBRACK) sum COMMA sum (RPAREN | RBRACK)

?sum: sum PLUS product -> add
    | sum MINUS product -> sub
    | product
    | juxt MOD juxt -> modulo
?product: product MUL unary -> mul
        | product DIV juxt -> div
        | product DIV big -> div_big
        | unary
?unary: MINUS unary -> neg
      | PLUS unary -> pos
      | juxt
      | big
      | juxt big -> juxt_big
big: BIG script* product
juxt: power+
power: atom script*
script: SUP arg -> sup
      | SUB arg -> sub_
      | BANG -> bang
arg: LBRACE bool RBRACE -> braced
   | LBRACE bool (COMMA bool)+ RBRACE -> braced_list
   | NUMBER -> number
   | SYM -> sym
   | NAME -> name
?atom: NUMBER -> number
     | SYM -> sym
     | NAME -> name
     | HEAD -> head
     | DIFF -> diff
     | LPAREN items RPAREN -> paren
     | LBRACK items RBRACK -> brack
     | LBRACE items RBRACE -> brace
     | LSET items RSET -> set_
     | ABSL bool ABSR -> abs_
     | FLOORL bool FLOORR -> floor
     | CEILL bool CEILR -> ceiling
     | FRAC arg arg -> frac
     | BINOM arg arg -> binom
     | SQRT arg -> sqrt
     | SQRT LBRACK sum RBRACK arg -> root
     | BEGIN_CASES rows END_CASES -> cases
items: bool (COMMA bool)*
rows: row (NEWROW+ row)* NEWROW*
row: bool COMMA? AMP cond
   | bool COMMA? keyed
cond: IF? bool COMMA? -> when
    | OTHERWISE COMMA? -> otherwise
keyed: IF bool COMMA? -> when
     | OTHERWISE COMMA? -> otherwise
"""


class _Feed(Lexer):
    """Hands the resolved tokens to the parser (the text was lexed by :mod:`.lexer`)."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data, parser_state=None):
        return iter(data)


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of :data:`GRAMMAR` (built on first use, then shared)."""
    return Lark(GRAMMAR, parser="lalr", lexer=_Feed, maybe_placeholders=False)

"""The TeX spellings the lexer (:mod:`.lexer`) knows, and the kinds of its tokens: Greek letters and their variants,
spacing commands, relations, keywords, text commands, punctuation and delimiters; the kinds that end a factor and that
open and close a group; what opens a vector's entry after a wide space."""
from __future__ import annotations

import re

GREEK = frozenset("""alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma
    tau upsilon phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega ell""".split())
ALIASES = {"varepsilon": "epsilon", "vartheta": "theta", "varphi": "phi", "varrho": "rho", "varsigma": "sigma"}
"""Variant letters the papers use interchangeably with the plain ones."""

SPACING = frozenset("quad qquad displaystyle textstyle limits nolimits nonumber notag left. right. middle "
                    "mathstrut strut big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr "
                    "tiny scriptsize footnotesize small normalsize large Large LARGE huge Huge".split())
RELATIONS = {"=": "=", "<": "<", ">": ">", "le": "<=", "leq": "<=", "leqslant": "<=", "ge": ">=",
             "geq": ">=", "geqslant": ">=", "neq": "!=", "ne": "!=", "coloneqq": "=", "triangleq": "=",
             "eqcolon": "=", "eqqcolon": "=",   # mathtools' =: (the right side is the name defined)
             "lt": "<", "gt": ">"}
KEYWORDS = {"cdot": "MUL", "cdotp": "MUL", "times": "MUL", "ast": "MUL", "wedge": "AND", "land": "AND", "vee": "OR",
            "lor": "OR", "neg": "NOT", "lnot": "NOT", "in": "IN", "frac": "FRAC", "dfrac": "FRAC", "tfrac": "FRAC",
            "notin": "IN", "sqrt": "SQRT", "binom": "BINOM", "dbinom": "BINOM", "tbinom": "BINOM", "infty": "NAME",
            "lfloor": "FLOORL", "rfloor": "FLOORR", "lceil": "CEILL", "rceil": "CEILR", "mod": "MOD", "bmod": "MOD"}
TEXT_COMMANDS = frozenset("text mathrm operatorname mathit textit textrm mathsf textsf mbox texttt mathtt textbf "
                          "textnormal".split())
REFERENCES = frozenset("ref eqref cite autoref cref Cref".split())
"""Cross-references: words of a justification, never math."""
NAME_COMMANDS = frozenset("mathrm operatorname mathit mathsf texttt mathtt textit textrm textsf".split())
"""Text commands whose content, when an identifier (``\\texttt{d\\_in}``, ``\\mathrm{TV}``), is a name."""
PUNCT = {"+": "PLUS", "-": "MINUS", "*": "MUL", "/": "DIV", ",": "COMMA", "(": "LPAREN", ")": "RPAREN",
         "[": "LBRACK", "]": "RBRACK", "{": "LBRACE", "}": "RBRACE", "^": "SUP", "_": "SUB", "'": "PRIME",
         "&": "AMP", "|": "BAR", "!": "BANG", ";": "SEMI", ":": "COLON", ".": "DOT"}
DELIMITERS = {"(": "LPAREN", ")": "RPAREN", "[": "LBRACK", "]": "RBRACK", "\\{": "LSET", "\\}": "RSET",
              "|": "BAR", "\\lfloor": "FLOORL", "\\rfloor": "FLOORR", "\\lceil": "CEILL", "\\rceil": "CEILR",
              "\\vert": "BAR", "\\lvert": "BAR", "\\rvert": "BAR", "\\langle": "LANGLE", "\\rangle": "RANGLE",
              "\\|": "DBAR", "\\Vert": "DBAR", "\\lVert": "DBAR", "\\rVert": "DBAR"}


FACTOR_ENDS = frozenset({"RPAREN", "RBRACK", "RBRACE", "RSET", "NAME", "NUMBER", "PRIME", "DBAR", "ABSR", "CEILR",
                         "FLOORR", "BANG"})
"""Tokens a factor ends with: a decimal written ``.1`` right after one is refused (:meth:`Lexer.number`)."""
OPEN = {"LBRACE", "LPAREN", "LBRACK", "LSET", "ABSL", "FLOORL", "CEILL", "BEGIN_CASES", "LANGLE"}
CLOSE = {"RBRACE", "RPAREN", "RBRACK", "RSET", "ABSR", "FLOORR", "CEILR", "END_CASES", "RANGLE"}
"""The kinds that open and close a group."""
TERM_COMMANDS = "|".join(sorted(GREEK | set(ALIASES) | set(
    "frac dfrac tfrac sqrt sum prod int log ln exp sin cos tan max min hat bar tilde widehat widetilde overline binom "
    "infty partial mathcal mathbb mathbf".split()), key=len, reverse=True))
ENTRY = re.compile(r"\s*(?:(?![-+]\s*\\q?quad(?![A-Za-z]))[-+A-Za-z0-9(\[]|\\left\s*[(\[]|\\(?:"
                   + TERM_COMMANDS + r")(?![A-Za-z]))")
"""What opens a vector's next entry after a wide space: a letter, a number, a bracket, a sign before a term
(``(1 \\quad -1)``), a command that begins a term (a Greek letter, ``\\frac``, ``\\sin``, ``\\max``, an accent); not a
binary operator set apart by wide spaces (``a \\quad - \\quad b``), any other command (``\\cdot``, ``\\wedge``,
``\\approx``, a relation, a word, ``\\Big)``: refused for its own reason or read as before), a closing bracket."""

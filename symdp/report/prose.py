"""Text of a derivation (ids, details, witnesses) in LaTeX with its mathematics in math mode.

Derivation texts may hold ``$...$``; the rest is escaped.  In the plain parts,
``name=value`` pairs and long numbers (``0.17563936464993592658``,
``6.7e+146``) become math with six significant figures, and ``>=``/``<=``
become relations, so no ASCII mathematics reaches the page.
"""
from __future__ import annotations

import re

from .notation import number, symbol, value

_ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
            "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
            "|": r"\textbar{}"}
_ESCAPE = re.compile("|".join(re.escape(k) for k in _ESCAPES))
_NUM = r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?"
_PAIR = re.compile(rf"\b([A-Za-z][A-Za-z0-9_]*)\s?=\s?({_NUM}|-?inf)(?![\w.])")
_LONG = re.compile(rf"(?<![\w.$])({_NUM})(\.\.\.)?(?![\w.])")
_REL = re.compile(rf"(?:(?<![\w\\])([A-Za-z])\s?)?(?:\s*(>=|<=|!=)|\s(>|<))\s*"
                  rf"(?:({_NUM})(?![\w.])|([A-Za-z])(?![\w]))?")
_WORDS = {"epsilon": r"\epsilon", "beta": r"\beta", "delta": r"\delta", "alpha": r"\alpha", "mu": r"\mu",
          "sigma": r"\sigma", "kappa": r"\kappa", "lambda": r"\lambda", "theta": r"\theta", "eps": r"\epsilon",
          "psi": r"\psi", "tau": r"\tau", "eta": r"\eta", "rho": r"\rho"}
_GREEK = re.compile(r"(?<![\\\w])(" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")(?![\w])")
_STAR = re.compile(r"(?<![\\\w])([A-Za-z])\*_([A-Za-z]+)")
_SUB = re.compile(r"(?<![\\\w])([A-Za-z])_(" + "|".join(_WORDS) + r"|[A-Za-z0-9]|\{[^}]*\})(?![\w])")
_NAME = re.compile(r"(?<![\\\w.])([A-Za-z]+_(?:[A-Za-z0-9]+|\{[^}]*\}))(?!\w|\.\w)")
_DOT = re.compile(r"(?<=[A-Za-z0-9])\.(?=[A-Za-z])")
_NESTED = r"\((?:[\w\s+\-/.,]|\((?:[\w\s+\-/.,]|\([\w\s+\-/.,]*\))*\))*\)"
"""A parenthesised group, nested up to three deep, of words, numbers and + - / . , only."""
_POWER = re.compile(r"(?:\^|\*\*)(-?\d+(?:\.\d+)?|\{[^}]*\}|-?(?:" + "|".join(_WORDS) + r"|[A-Za-z](?!\w))|"
                    + _NESTED + ")")
"""A power: a number, a braced group, a Greek name or one letter (each perhaps negative: ``e^-eps``), or a parenthesised
group nested up to three deep (``e^((alpha - 1)(rho(alpha) - eps))``, its outer parentheses dropped)."""
_PAPER = re.compile(r"(?<![\w\\$])(Q\(D'?\)|Delta Q|P_\{?[A-Z]{2}\}?)(?![\w])")
_PAPER_TEX = {"Q(D)": "Q(D)", "Q(D')": "Q(D')", "Delta Q": r"\Delta Q"}
_ARXIV = re.compile(r"\barXiv:\s?\d{4}\.\d{4,5}(?:v\d+)?(?![\w.])")
"""An arXiv identifier: text as written (never a number rounded to six figures)."""
_LITERAL = "\x07"
_ARROW = re.compile(r"\s(=>|->)\s")
_INVERSE = re.compile(r"(?<![\w\\])(erfcinv|PhiInv)\(([^()]*)\)")
"""An inverse function named in an engine's text (``v = erfcinv(2 - 2*a)``), argument without parentheses."""
_FORMULAS = {
    "erfc(z) = sqrt(2/pi) e^(-z^2) Mills(sqrt(2) z) and Phi(z) = phi(z) Mills(-z)":
        (r"\Phi(-z) = \varphi(z)\,\mathrm{Mills}(z)",),
    "e^(k x)": ("e^{k x}",),
    "(1 + x exprel(x))^k": (r"(1 + x\,\mathrm{exprel}(x))^k",),
    "e^x = 1 + x exprel(x)": (r"e^x = 1 + x\,\mathrm{exprel}(x)",),
    "v = erfcinv or Phi^-1 of a linear function":
        ("v", ", a constant multiple of ", r"\Phi^{-1}", " of a linear function"),
    "P - Q >= 0 as log P - log Q": (r"P - Q \ge 0", " as ", r"\log P - \log Q"),
}
"""Identities and phrases an engine's text states in ASCII (:mod:`symdp.engine.validated`, ``regions``), in the
papers' notation, as pieces: math, prose, math, ... (Phi, never erfc: erfc(z) = 2 Phi(-sqrt(2) z), so both of the
Mills form's rewrites are the first; erfcinv(y) = -Phi^{-1}(y/2)/sqrt(2), A&S 26.2.2, is a constant multiple of
Phi^{-1} of a linear function)."""
_MARK = "\x00"
_ADJACENT = re.compile(f"{_MARK}(\\d+){_MARK}(\\s?){_MARK}(\\d+){_MARK}")


def _escape(text: str) -> str:
    text = _ESCAPE.sub(lambda m: _ESCAPES[m.group()], text)
    return text.replace("\u2014", "---").replace("\u2013", "--")


def _greek_in(text: str) -> str:
    """Greek names spelled out inside a formula (``eps/2`` -> ``\\epsilon/2``)."""
    return _GREEK.sub(lambda m: _WORDS[m.group(1)] + " ", text).strip()


def _exponent(text: str) -> str:
    """The LaTeX of a power's exponent as :data:`_POWER` found it."""
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    return sign + _greek_in(_WORDS.get(body, body.strip("{}")))


def _subscripted(name: str) -> str:
    """``eps_{DP}`` -> ``\\epsilon_{DP}``; a symbol's own name (``Delta_Q``) -> its LaTeX."""
    if not name.endswith("}"):
        return symbol(name)
    base, _, sub = name.partition("_")
    return f"{_WORDS.get(base, base)}_{{{_greek_in(sub.strip('{}'))}}}"


def _identifier(name: str) -> bool:
    """A program's name (dp_accounting, compute_epsilon, RDP_laplace), text as written: a base of two or more
    characters that is no Greek word, and a lower-case subscript of three or more (G_mu, P_FA, k_max: math)."""
    base, _, sub = name.partition("_")
    return len(base) > 1 and base not in _WORDS and len(sub) > 2 and sub.isalnum() and sub == sub.lower()


def _named(n: str) -> str:
    """A name of an engine's text as prose writes it: a word of :data:`_WORDS`, else its symbol."""
    return _WORDS.get(n) or symbol(n)


def _inverse(name: str, arg: str) -> str:
    """erfcinv(y) = -Phi^{-1}(y/2)/sqrt(2) (A&S 26.2.2, as :func:`.notation` writes it), PhiInv(y) = Phi^{-1}(y)."""
    y = re.sub(r"[A-Za-z]\w*", lambda m: _named(m.group()), arg.replace("*", " "))
    return r"\Phi^{-1}(%s)" % y if name == "PhiInv" else r"-\Phi^{-1}\left(\frac{%s}{2}\right)/\sqrt{2}" % y


def _joined(left: str, space: str, right: str) -> str:
    """Two math pieces as one: a text space between symbols stays a space; before a relation it goes."""
    relation = right.startswith(("\\ge", "\\le", "\\ne", ">", "<", "=", "\\Rightarrow", "\\to", "^"))
    return f"{left} {right}" if relation or not space else f"{left}\\ {right}"


def _relation(keep):
    """``x >= t``, ``> 0``: a relation with the single letters or the number on either side, as math."""
    rel = {">=": r"\ge", "<=": r"\le", "!=": r"\ne", ">": ">", "<": "<"}

    def sub(m):
        left, op, right = m.group(1) or "", rel[m.group(2) or m.group(3)], m.group(5) or (
            number(m.group(4)) if m.group(4) else "")
        math = f"{left} {op} {right}".strip()
        return (" " if not left else "") + keep(math) + ("" if right else " ")
    return sub


def _is_long(text: str) -> bool:
    digits = re.sub(r"[^0-9]", "", text.split("e")[0].split("E")[0])
    return "e" in text.lower() or len(digits.lstrip("0")) > 6


def _plain(text: str) -> str:
    """One plain-text segment: pairs, long numbers, relations to math; the rest escaped."""
    maths: list[str] = []
    literals: list[str] = []

    def keep(tex: str) -> str:
        maths.append(tex)
        return f"{_MARK}{len(maths) - 1}{_MARK}"

    def literal(m) -> str:
        literals.append(m.group())
        return f"{_LITERAL}{len(literals) - 1}{_LITERAL}"

    text = _ARXIV.sub(literal, text)
    text = _PAPER.sub(lambda m: keep(_PAPER_TEX.get(m.group(1)) or "P_{%s}" % m.group(1)[2:].strip("{}")), text)
    for ascii_, pieces in _FORMULAS.items():
        text = text.replace(ascii_, "".join(keep(p) if i % 2 == 0 else p for i, p in enumerate(pieces)))
    text = _INVERSE.sub(lambda m: keep(_inverse(m.group(1), m.group(2))), text)
    text = text.replace("erfc(real) > 0", "\x03")
    text = _PAIR.sub(lambda m: keep(f"{_named(m.group(1))} = {value(m.group(2))}"), text)
    text = _LONG.sub(lambda m: keep(number(m.group(1)) + (r"\ldots" if m.group(2) else ""))
                     if _is_long(m.group(1)) else m.group(0), text)
    text = _REL.sub(_relation(keep), text)
    text = _STAR.sub(lambda m: keep(f"{m.group(1)}^*_{{{_WORDS.get(m.group(2), m.group(2))}}}"), text)
    text = _ARROW.sub(lambda m: " " + keep(r"\Rightarrow" if m.group(1) == "=>" else r"\to") + " ", text)
    text = _NAME.sub(lambda m: m.group(1) if _identifier(m.group(1)) else keep(_subscripted(m.group(1))), text)
    text = _SUB.sub(lambda m: keep(f"{m.group(1)}_{{{_greek_in(_WORDS.get(m.group(2), m.group(2).strip('{}')))}}}"),
                    text)
    text = _POWER.sub(lambda m: keep("^{%s}" % _exponent(m.group(1))), text)
    text = _GREEK.sub(lambda m: keep(_WORDS[m.group(1)]), text)
    text = text.replace("\x03", keep(r"\Phi(x) > 0") + " for real " + keep("x"))
    equals = re.compile(f"({_MARK}(\\d+){_MARK})\\s?=\\s?({_NUM})(?![\\w.])")
    text = equals.sub(lambda m: keep(f"{maths[int(m.group(2))]} = {number(m.group(3))}"), text)
    while _ADJACENT.search(text):  # two math pieces side by side are one ($a$$b$ would open a display)
        text = _ADJACENT.sub(lambda m: keep(_joined(maths[int(m.group(1))], m.group(2), maths[int(m.group(3))])),
                             text, count=1)
    out = _DOT.sub(".\\\\allowbreak{}", _escape(text))  # ids such as pankova2023.notions may break
    out = re.sub(f"{_LITERAL}(\\d+){_LITERAL}", lambda m: literals[int(m.group(1))], out)
    return re.sub(f"{_MARK}(\\d+){_MARK}", lambda m: f"${maths[int(m.group(1))]}$", out)


_SCIENTIFIC = re.compile(r"(?<![\w.\\])(\d+(?:\.\d+)?[eE][-+]?\d+)(?![\w.])")


_DECIMAL = re.compile(r"(?<![\w.])(\d+\.\d{7,})(\\ldots|\.\.\.)?")


def _truncated(text: str) -> str:
    """A decimal cut (not rounded) to six significant figures: it is followed by an ellipsis."""
    head, _, tail = text.partition(".")
    keep = max(6 - len(head.lstrip("0")), 0) + (len(tail) - len(tail.lstrip("0")) if not head.strip("0") else 0)
    return f"{head}.{tail[:keep]}" if keep else head


def _breakable(math: str) -> str:
    """Inline math from a derivation's text: 1e-2 as 10^{-2}; a long one may break after its slashes."""
    math = _SCIENTIFIC.sub(lambda m: number(m.group(1)), math)
    math = _DECIMAL.sub(lambda m: _truncated(m.group(1)) + m.group(2) if m.group(2) else number(m.group(1)), math)
    return math.replace(" / ", r" /\allowbreak ") if len(math) > 40 else math


def tex(text) -> str:
    """Text in LaTeX: ``$...$`` kept, the rest escaped, ASCII mathematics set as math."""
    parts = str(text).split("$")
    if len(parts) % 2 == 0:  # unbalanced dollars: all text
        parts = [str(text).replace("$", "\x01")]
    out = "".join(_plain(p) if i % 2 == 0 else f"${_breakable(p)}$" for i, p in enumerate(parts))
    return out.replace("\x01", r"\$")


_TT = str.maketrans({"<": "\x04", ">": "\x05", "|": "\x06"})  # typewriter has its own < > |


def ident(text) -> str:
    """An identifier (a claim id, a file name) in typewriter, escaped.

    Breakable after ':', '.', '-' and '_', and between the words of a CamelCase name.
    """
    body = _escape(str(text).translate(_TT))
    body = body.replace("\x04", r'\char"3C{}').replace("\x05", r'\char"3E{}').replace("\x06", r'\char"7C{}')
    body = re.sub(r"([:.\-]|\\_)", r"\1\\allowbreak{}", body)
    return r"\texttt{" + re.sub(r"(?<=[a-z])(?=[A-Z])", r"\\allowbreak{}", body) + "}"  # CamelCase too


def witness(w) -> str:
    """A :class:`~symdp.engine.model.records.Witness` as ``at $\\epsilon = 1$: $a$ vs $b$``."""
    at = r",\ ".join(f"{symbol(k)} = {value(v)}" for k, v in w.point)
    where = f"at ${at}$: " if at else ""   # a claim without variables: the two values alone
    return f"{where}${value(w.lhs)}$ vs ${value(w.rhs)}$"


_UNICODE = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
            "zeta": "ζ", "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
            "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ",
            "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Pi": "Π", "Sigma": "Σ",
            "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠",
            "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔", "to": "→", "infty": "∞", "cdot": "·",
            "times": "×", "log": "log", "exp": "exp"}
"""TeX commands of a heading's mathematics as the characters a PDF bookmark shows."""
_COMMAND = re.compile(r"\\([A-Za-z]+)\s?|\\[,;:! ]")


def _bookmark_math(math: str) -> str:
    """``f_{\\epsilon ,\\delta}`` as ``f_ε,δ``: known commands as characters, spacing and others dropped."""
    text = _COMMAND.sub(lambda m: _UNICODE.get(m.group(1) or "", ""), math)
    return text.replace("{", "").replace("}", "").replace("_", r"\textunderscore ").replace("^", r"\textasciicircum ")


def bookmark(heading: str) -> str:
    """The text of a heading made by :func:`tex` as a PDF bookmark shows it (``the Laplace mechanism is ε-DP``),
    or "" when it holds no mathematics: bookmarks are plain text, and hyperref drops what is in ``$...$``."""
    parts = heading.split("$")
    if len(parts) < 3:
        return ""
    return "".join(p if i % 2 == 0 else _bookmark_math(p) for i, p in enumerate(parts))

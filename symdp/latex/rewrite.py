"""Spellings of one construct rewritten, on the display's text, into the spelling the lexer reads.

- ``\\left\\{ \\begin{array}{ll} a & c_1 \\\\ b & c_2 \\end{array} \\right.`` is how papers wrote ``cases`` before
  amsmath (its ``\\right.`` may have lost its full stop to the display's trailing punctuation): rewritten as
  ``\\begin{cases} a & c_1 \\\\ b & c_2 \\end{cases}`` when every row holds one value and at most one condition
  (an empty column, as SciPy's ``{ccc}`` with ``value & & condition``, is dropped); any other array (a matrix, a
  table) is left as it is and refused as an environment.
- ``\\text{for $l \\leq x \\leq m$}`` (math inside a text group, as in NumPy's docstrings) becomes
  ``\\text{for } l \\leq x \\leq m``: the word opens the condition, the math is read as math.
- The Unicode minus sign ``−`` (U+2212), pasted from a rendered page, is the minus it shows; the increment sign
  ``∆`` (U+2206, Flower's noise scale ``∆ \\times ...``) and the Greek letters (``δ``, ``Δ``) are the commands that
  print them (``ε`` U+03B5 is ``\\varepsilon``, ``ϵ`` U+03F5 ``\\epsilon``; ``φ`` and ``ϕ`` alike), as are ``∈``,
  ``≤``, ``≥``, ``≠``, ``×``, ``·``, ``∞``; the font sizes ``\\small``... (MathJax takes them in math) print nothing.
- ``A_1 Y_{t-1} + \\cdots + A_p Y_{t-p}`` (a sum written with an ellipsis) becomes ``\\sum_{i=1}^{p} {A_i Y_{t-i}}``
  where its pattern is plain (:mod:`.ellipses`).
- ``\\text{if k} \\le 0`` (a condition's keyword and its one-letter variable in one text group, as tumult-core
  writes) becomes ``\\text{if } k \\le 0``.
- ``\\mathbbm{1}(x \\ge c)`` (the indicator: a blackboard 1, ``\\mathbbm``, ``\\mathds`` or ``\\mathbb``, before a condition in
  parentheses) becomes ``1[x \\ge c]``, the spelling the reader takes for an indicator (a blackboard 1 is nothing else).
- ``e^\\frac{a}{b}`` (a script that is a command with its arguments, no braces, which TeX sets as ``e^{\\frac{a}{b}}``)
  becomes ``e^{\\frac{a}{b}}``, for ``\\frac``, ``\\dfrac``, ``\\tfrac`` and ``\\sqrt``.
- ``\\underbrace{X}_{note}`` and ``\\overbrace{X}^{note}`` (a brace with a caption under or over a term, as in
  ``\\underbrace{h(t | x)}_{\\text{hazard}}``) become ``{X}``: the caption is commentary, the term is the formula.
  A brace without its group is left to be refused.
- ``\\not\\in`` and ``\\not=`` (TeX's slash over the next relation) are ``\\notin`` and ``\\ne``, the relations they print;
  any other ``\\not`` is left to be refused.
- ``1_{\\{T(x) > c\\}}`` (an indicator written as a 1, plain or blackboard, subscripted by the event in set braces)
  becomes ``1[T(x) > c]``, as ``\\mathbbm{1}(...)`` does; so does a subscript holding a relation (``\\boldsymbol{1}_{w=1}``),
  and an interval's indicator at a point, ``1_{[0,1]}(x)``, becomes ``1[x \\in [0,1]]``; a 1 subscripted by a set by name
  (``1_A(x)``) is left.
- ``\\mathbb R``, ``{\\textbf X}`` (a font command before one unbraced token) are ``\\mathbb{R}``, ``{\\textbf{X}}``:
  TeX's argument is that one token (:mod:`.fonts`).
- ``\\lbrace`` and ``\\rbrace`` are ``\\{`` and ``\\}``, the braces they print.
- ``{2i \\choose i}`` (plain TeX's infix binomial, which takes the whole group it stands in) becomes
  ``{\\binom{2i}{i}}``, and ``{1 \\over 2 b}`` (plain TeX's infix fraction, as MathJax pages write it) ``{\\frac{1}{2
  b}}``; one outside a group (it would take the whole display, relations too), or two in one group, is left to be
  refused.
- ``(x - 1)_+`` and ``\\left(...\\right)_{+}`` (the positive part, as probability texts write it) become
  ``\\max\\left(x - 1, 0\\right)``, when the parentheses stand alone (not ``f(x)_+``).
- ``{\\cal R}``, ``{\\bf x}``, ``{\\rm d}`` (plain TeX's font switches, which act to the end of their group) are
  ``\\mathcal{R}``, ``\\mathbf{x}``, ``\\mathrm{d}`` when the group holds the switch and one word of letters
  or one command (``{\\bf \\theta}``) and nothing else; a switch anywhere else is left to be refused.
- ``L_{k-1}'`` (a prime after a braced subscript: the neighbouring sequence's entry) is ``L'_{k-1}``, the prime the
  letter's, as ``x_i'`` is read.
- ``\\ensuremath{X}`` (in a macro's body, which a formula expands) is ``{X}``: in math mode it prints X.
- ``t > 1 \\qquad (6.93)``, ``\\quad (3).`` at the end of a row (an equation number written by hand, as pages
  without ``\\tag`` number their displays) is dropped: never the factor 6.93.
- ``\\text{Wilcoxon:}\\quad n_i`` (a display opening with a caption: a text group whose words end with a colon,
  as a list of named formulas writes; or a hyphenated proper name, ``\\text{Fleming-Harrington}\\quad``, which no
  quantity is called) becomes ``n_i``: the caption names the formula, it is not part of it.
"""
from __future__ import annotations

import re

from .braced import braced_parentheses
from .ellipses import ellipsis_sums
from .fonts import font_arguments
from .lexer import balanced
from .limits import limit_spellings
from .spellings import spellings

_ARRAY = re.compile(r"\\left\s*\\\{\s*\\begin\s*\{array\}\s*\{[^{}]*\}(?P<body>.*?)"
                    r"\\end\s*\{array\}\s*\\right\s*(?:\.|$)", re.S)
_TEXT_SPACE = re.compile(r"\\(?:text|mbox|textrm|textnormal)\s*\{[^{}$]*(?:\$[^$]*\$[^{}$]*)?\}")
_TEXT_SPACING = re.compile(r"\\[,;:! ](?![A-Za-z])|~|\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE"
                           r"|huge|Huge)(?![A-Za-z])")
"""Spacing and size switches inside a text box (``\\mbox{if\\, $r=s$}``, ``f_{\\mbox{\\scriptsize (min)}}``): a space
between its words."""
_STRUT = re.compile(r"(?<![_^])(?<![_^] )\\rule\s*(?:\[[^\]]*\])?\s*\{\s*0(?:\.0*)?\s*(?:pt|em|ex|mm|cm|in|bp)?\s*\}\s*\{[^{}]*\}")
"""A strut, ``\\rule{0pt}{12pt}`` (a rule of no width, which only lifts the line): nothing."""
_TEXT_MATH = re.compile(r"\\(?P<cmd>text|mbox|textrm)\s*\{(?P<word>[^{}$]*)\$(?P<math>[^$]*)\$\s*\}")


def rewritten(text: str) -> str:
    """``text`` with the spellings above rewritten; anything else unchanged."""
    text = _TAG.sub("", _CAPTION.sub("", font_arguments(_ENSURE.sub("", text.replace("\u2212", "-"))), count=1))
    text = spellings(limit_spellings(text))
    text = _OPERATOR_COMMAND.sub(r"\1 ", _MATHOP.sub(r"\1", text))
    text = _PRIMED_AFTER.sub(lambda m: f"{m.group(2)}_{{{m.group(1)}}}", _LONE_LETTER.sub(r"\1", text))
    text = _GLYPH.sub(lambda m: GLYPHS[m.group(0)] + " ", text)
    text = _TEXT_SPACE.sub(lambda m: _TEXT_SPACING.sub(" ", m.group(0)), _STRUT.sub("", text))
    text = _TEXT_MATH.sub(lambda m: rf"\{m.group('cmd')}{{{m.group('word').rstrip()} }} {m.group('math')} ", text)
    text = _NOT_IN.sub(r"\\notin ", _NOT_EQUAL.sub(r"\\ne ", text))
    text = _TEXT_KEYWORD.sub(lambda m: rf"\{m.group(1)}{{{m.group(2)} }} {m.group(3)} ", text)
    text = _event_indicators(_BRACE_WORD.sub(lambda m: "\\{" if m.group(1) == "l" else "\\}", text))
    text = _SWITCH.sub(_switched, _BOXED_SWITCH.sub(lambda m: rf"\{_SWITCHES[m.group(1)]}{{{m.group(2)}}}", text))
    text = _BRACED_OPERATOR.sub(lambda m: m.group(1), text)
    text = _SCRIPT_WORD.sub(lambda m: f"{m.group(1)}{{{m.group(2)}}}", text)
    text = braced_parentheses(text)
    return ellipsis_sums(_ARRAY.sub(_cases, _script_commands(_indicators(_chooses(_positive_parts(_braces(text)))))))


_ENSURE = re.compile(r"\\ensuremath(?![A-Za-z])\s*")
"""``\\ensuremath{X}`` (a macro body's way to print X in math mode, ``\\newcommand{\\vk}{\\ensuremath{\\mathsf{vk}}}``):
X in its group, in a formula."""
_PRIMED_AFTER = re.compile(r"(?<=[A-Za-z}])_\{([^{}]*)\}('+)")
"""A prime after a braced subscript, ``L_{k-1}'`` (the neighbour's L at k - 1): the letter's, as ``L'_{k-1}``."""
_MATHOP = re.compile(r"\\mathop\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
"""``\\mathop{\\mathrm{erf}}`` (stdlib's READMEs): the class of an operator's spacing, printing its argument as it is."""
_OPERATOR_COMMAND = re.compile(r"\\operatorname\*?\s*\{\s*(\\[A-Za-z]+)\s*\}")
"""``\\operatorname{\\Gamma}`` (``\\DeclareMathOperator{\\gfn}{\\Gamma}``, a thesis's gamma function): the command, set
upright as an operator, is the command."""
_LONE_LETTER = re.compile(r"(?<![\\A-Za-z0-9_^}\]])\{\s*([A-Za-z])\s*\}(?=\s*(?:'|_|\^))")
"""A letter alone in braces before its prime or a script, ``{R}_{k}'`` (NetShaper's source): the letter, as printed."""
_TAG = re.compile(r"\\q?quad\s*\(\s*(?:[A-Z]\.)?\d+(?:\.\d+)*[a-z]?\s*\)\s*[.,;]?\s*$")
"""An equation number written by hand at the end of a row (``t > 1 \\qquad (6.93)``, as a MathJax page numbers its
displays): the row's label, never a factor."""

_SWITCHES = {"cal": "mathcal", "bf": "mathbf", "rm": "mathrm", "it": "mathit", "sf": "mathsf", "tt": "mathtt"}
_SWITCH = re.compile(r"\{\s*\\(cal|bf|rm|it|sf|tt)(?![A-Za-z])\s*(\{\s*[A-Za-z0-9]+\s*\}|[A-Za-z0-9]+|\\[A-Za-z]+)\s*\}")
"""A font switch alone in its group with one word or one command: ``{\\cal R}``, ``{\\rm{Voigt}}``."""
_BOXED_SWITCH = re.compile(r"\\(?:mbox|text|textrm|textnormal)\s*\{\s*\\(cal|bf|rm|it|sf|tt)(?![A-Za-z])\s*([A-Za-z0-9]+)\s*\}")
"""A text box holding one switched word (``\\mbox{\\it WIF}``, as LaTeX 2.09 papers name a quantity): that word in
its font, ``\\mathit{WIF}``."""


def _switched(m) -> str:
    """``{\\it WIF}`` as ``\\mathit{WIF}``; kept in a group where the braces are a command's argument
    (``\\mbox{\\it WIF}``: ``\\mbox{\\mathit{WIF}}``, never ``\\mbox\\mathit{WIF}``)."""
    font = rf"\{_SWITCHES[m.group(1)]}{{{m.group(2).strip('{} ')}}}"
    return "{" + font + "}" if re.search(r"\\[A-Za-z]+\s*$", m.string[:m.start()]) else font


_BRACED_OPERATOR = re.compile(r"(?<![_^])\{\s*(\\(?:operatorname|mathrm)\s*\{[A-Za-z]+\})\s*\}")
"""An operator's name alone in a group, its argument after the group (``{\\operatorname{erfc}}(-x)``, as lmfit writes
its models): the group changes nothing, the name applies to the argument."""
_SCRIPT_WORD = re.compile(r"(_)\s*(\\(?:mathrm|mathit|mathbf|mathsf|text|textrm|textit|mbox|operatorname)\s*\{[^{}]*\})")
"""A subscript that is one upright word, unbraced (``N_\\mathrm{varys}``, and ``N_{\\rm varys}`` once its switch is
``\\mathrm``): TeX's script argument is the whole command, so it is ``N_{\\mathrm{varys}}``, a label.  (An upright
word as a superscript is refused: :func:`.superscripts.refuse_label_powers`.)"""


_LOWER = ("alpha beta gamma delta - zeta eta theta iota kappa lambda mu nu xi - pi rho - sigma tau upsilon - chi psi "
          "omega").split()  # U+03B1..U+03C9; "-": no command (epsilon, phi: their variants below; omicron; final sigma)
_UPPER = "- - Gamma Delta - - - Theta - - Lambda - - Xi - Pi - - Sigma - Upsilon Phi - Psi Omega".split()  # U+0391..
GLYPHS = {**{chr(0x3b1 + k): "\\" + n for k, n in enumerate(_LOWER) if n != "-"},
          **{chr(0x391 + k): "\\" + n for k, n in enumerate(_UPPER) if n != "-"},
          "\u03b5": r"\varepsilon", "\u03f5": r"\epsilon", "\u03c6": r"\varphi", "\u03d5": r"\phi",
          "\u03d1": r"\vartheta",
          "\u2206": r"\Delta", "\u2208": r"\in", "\u2264": r"\le", "\u2265": r"\ge", "\u2260": r"\ne",
          "\u00d7": r"\times", "\u00b7": r"\cdot", "\u221e": r"\infty"}
"""Characters pasted from a rendered page, as the command that prints them (U+2206 the increment sign as Delta)."""
_GLYPH = re.compile("[" + "".join(GLYPHS) + "]")
_TEXT_KEYWORD = re.compile(r"\\(text|mbox|textrm)\s*\{\s*(if|for|when|where)\s+([A-Za-z])\s*\}")
_INDICATOR = re.compile(r"\\(?:mathbbm|mathds|mathbb)\s*\{\s*1\s*\}\s*(\\left\s*|\\big[lg]?\s*|\\Big[lg]?\s*)?\(")


_CAPTION = re.compile(r"^\s*\\(?:text|textrm|mbox|textbf|textit)\s*\{(?:[A-Za-z][A-Za-z0-9 .'-]*:\s*\}"
                      r"(?:\s*(?:\\quad|\\qquad|\\[,;: ]|~))*"
                      r"|[A-Z][a-z]+(?:-[A-Z][a-z]+)+\}\s*(?:\\quad|\\qquad)(?:\s*(?:\\quad|\\qquad|\\[,;: ]|~))*)")
_BRACE = re.compile(r"\\(under|over)brace(?![A-Za-z])")


def _braces(text: str) -> str:
    """``\\underbrace{X}_{note}`` / ``\\overbrace{X}^{note}`` as ``{X}`` (see the module's docstring), or as ``X`` when it
    is a whole side of ``=`` (a defined side ``h(t | x)`` reads as one only bare); outermost first, the term keeps any
    brace inside it, which the next pass removes."""
    m = _BRACE.search(text)
    while m is not None:
        term, end = balanced(text, m.end())
        if term is None:
            return text
        script = "_" if m.group(1) == "under" else "^"
        rest = text[end:].lstrip()
        if rest.startswith(script):
            note, after = balanced(rest, 1)
            end = len(text) - len(rest) + (after if note is not None else 2)
        before, after = text[:m.start()], text[end:]
        whole = before.strip() in ("", "=") or before.rstrip().endswith("=")
        whole = whole and (not after.strip() or after.lstrip().startswith("="))
        text = before + (term if whole else "{" + term + "}") + after
        m = _BRACE.search(text)
    return text


_BRACE_WORD = re.compile(r"\\([lr])brace(?![A-Za-z])")
_NOT_IN = re.compile(r"\\not\s*\\in(?![A-Za-z])")
_NOT_EQUAL = re.compile(r"\\not\s*=")
_CHOOSE = re.compile(r"\\choose(?![A-Za-z])")
_OVER = re.compile(r"\\over(?![A-Za-z])")


_ONE = r"\\(?:mathbbm|mathds|mathbb|mathbf|boldsymbol|bm)\s*\{\s*1\s*\}"
_EVENT_ONE = re.compile(rf"(?<![\w.])(?:{_ONE}|1)\s*_\s*(?=\{{)")
_BRACED_ONE = re.compile(rf"(?<![\w.]){_ONE}\s*(?=\\\{{)")
_EVENT = re.compile(r"=|<|>|\\(?:leq?|geq?|in|notin|neq?)(?![A-Za-z])")
"""A relation: what makes a 1's subscript an event (``1_{w=1}``), not an index (``1_i``)."""


def _event_indicators(text: str) -> str:
    """``1_{\\{A\\}}``, ``\\boldsymbol{1}_{w=1}`` (a subscript holding a relation) and ``\\mathbbm{1}\\{A\\}`` as
    ``1[A]``, ``1_{[0, 1]}(x)`` as ``1[x \\in [0, 1]]`` (see the module's docstring); anything else as written."""
    out, k = [], 0
    for m in sorted([*_EVENT_ONE.finditer(text), *_BRACED_ONE.finditer(text)], key=lambda m: m.start()):
        if m.start() < k:
            continue
        event, end = _event(text, m)
        if event is not None:
            out.append(text[k:m.start()] + "1[" + event + "]")
            k = end
    return "".join(out) + text[k:]


def _event(text: str, m) -> tuple:
    """(the event, the end of the indicator) after the one matched by ``m``, or (None, 0)."""
    if m.re is _BRACED_ONE:
        close = _set_close(text, m.end() + 2)
        inner = text[m.end() + 2:close] if close is not None else None
        return (inner.strip(), close + 2) if inner is not None and balanced("{" + inner + "}", 0)[0] is not None \
            else (None, 0)
    group, end = balanced(text, m.end())
    inner = (group or "").strip()
    if inner.startswith("\\{") and inner.endswith("\\}") and balanced("{" + inner[2:-2] + "}", 0)[0] is not None:
        return inner[2:-2].strip(), end
    if group is not None and _EVENT.search(inner) and "\\{" not in inner:
        return inner, end
    if group is not None and _INTERVAL.fullmatch(inner) and text[end:end + 1] == "(":
        close = _closing_paren(text, end + 1)
        if close is not None:   # 1_{[0, 1]}(x): the indicator of an interval at x
            return f"{text[end + 1:close].strip()} \\in {inner}", close + 1
    return None, 0


_INTERVAL = re.compile(r"[\[(][^\[\](),]+,[^\[\](),]+[\])]")
"""An interval with its two ends (``[0, 1]``, ``(0, \\infty)``, ``[a, b)``): the set a 1's subscript names."""


def _set_close(text: str, pos: int) -> int | None:
    """The position of the ``\\}`` that closes the set brace opened just before ``pos``, or None."""
    depth = 1
    while pos < len(text):
        if text.startswith("\\{", pos) or text.startswith("\\}", pos):
            depth += 1 if text[pos + 1] == "{" else -1
            if depth == 0:
                return pos
            pos += 2
        else:
            pos += 1
    return None


_POSITIVE = re.compile(r"(\\right\s*)?\)\s*_\s*(?:\+|\{\s*\+\s*\})")
"""The subscript + after a closing parenthesis: ``(x)_+``, ``\\right)_{+}``."""


def _positive_parts(text: str) -> str:
    """``(A)_+`` as ``\\max(A, 0)`` (the positive part), when the parentheses stand alone: not after a name, a
    script or another group (``f(x)_+``, ``x^{(k)}_+`` are left to be refused)."""
    for m in _POSITIVE.finditer(text):
        close = m.start() + (len(m.group(1)) if m.group(1) else 0)
        start = _opening_paren(text, close)
        if start is None:
            continue
        opened = start - 5 if text[:start].endswith("\\left") else start
        before = text[:opened].rstrip()
        if before and (before[-1].isalnum() or before[-1] in ")}]'_^"):
            continue
        inner = text[start + 1:m.start()].strip()
        return _positive_parts(text[:opened] + rf"\max\left({inner}, 0\right)" + text[m.end():])
    return text


def _opening_paren(text: str, close: int) -> int | None:
    """The index of the ``(`` that the ``)`` at ``close`` closes, or None."""
    depth = 0
    for j in range(close, -1, -1):
        depth += {")": 1, "(": -1}.get(text[j], 0)
        if depth == 0:
            return j
    return None


def _chooses(text: str) -> str:
    """``{A \\choose B}`` as ``\\binom{A}{B}`` and ``{A \\over B}`` as ``\\frac{A}{B}`` (see the module's docstring),
    innermost group first."""
    return _infix(_infix(text, _CHOOSE, "binom"), _OVER, "frac")


def _infix(text: str, pattern, command: str) -> str:
    """Each ``{A <infix> B}`` (one infix in its group, nested groups included) as ``{\\command{A}{B}}``, until none
    is left that can be; an infix outside a group, or beside another in its group, is left to be refused."""
    for m in pattern.finditer(text):
        start = _group_start(text, m.start())
        body, end = balanced(text, start) if start is not None else (None, 0)
        if body is None or len(pattern.findall(body)) != 1:
            continue
        top, bottom = body[:m.start() - start - 1], body[m.end() - start - 1:]
        return _infix(text[:start] + rf"{{\{command}{{{top.strip()}}}{{{bottom.strip()}}}}}" + text[end:], pattern,
                      command)
    return text


def _group_start(text: str, pos: int) -> int | None:
    """The index of the ``{`` that opens the innermost group holding ``pos``."""
    depth = 0
    for j in range(pos - 1, -1, -1):
        if text[j] in "{}" and (j == 0 or text[j - 1] != "\\"):
            depth += 1 if text[j] == "}" else -1
            if depth < 0:
                return j
    return None


def _indicators(text: str) -> str:
    """``\\mathbbm{1}(...)`` as ``1[...]`` (see the module's docstring); unbalanced parentheses are left as written."""
    out, k = [], 0
    for m in _INDICATOR.finditer(text):
        if m.start() < k:
            continue
        close = _closing_paren(text, m.end())
        if close is None:
            continue
        sizer = m.group(1) or ""
        before = text[close - len(sizer.replace("left", "right")):close] if sizer.startswith("\\left") else ""
        inner_end = close - len(before)
        out.append(text[k:m.start()] + "1" + sizer + "[" + text[m.end():inner_end] + before + "]")
        k = close + 1
    return "".join(out) + text[k:]


def _closing_paren(text: str, pos: int) -> int | None:
    """The index of the ``)`` that closes the ``(`` just before ``pos``."""
    depth = 1
    for j in range(pos, len(text)):
        depth += (text[j] == "(") - (text[j] == ")")
        if depth == 0:
            return j
    return None


_SCRIPT_COMMAND = re.compile(r"([\^_])\s*\\(d?frac|tfrac|sqrt)(?![A-Za-z])")


def _script_commands(text: str) -> str:
    """``^\\frac{a}{b}`` as ``^{\\frac{a}{b}}`` (see the module's docstring); a command whose groups are not all
    there is left as written."""
    out, k = [], 0
    for m in _SCRIPT_COMMAND.finditer(text):
        if m.start() < k:
            continue
        end = m.end()
        if m.group(2) == "sqrt" and text[end:].lstrip().startswith("["):
            close = text.find("]", end)
            end = close + 1 if close > 0 else end
        for _ in range(1 if m.group(2) == "sqrt" else 2):
            group, end = balanced(text, end)
            if group is None:
                break
        else:
            out.append(text[k:m.start()] + m.group(1) + "{" + text[m.start() + 1:end].strip() + "}")
            k = end
    return "".join(out) + text[k:]


def _cases(m: re.Match) -> str:
    rows = [r for r in re.split(r"\\\\", m.group("body")) if r.strip()]
    out = []
    for row in rows:
        cells = [c.strip() for c in _cells(row)]
        filled = [c for c in cells if c]
        if not 1 <= len(filled) <= 2 or not cells[0]:
            return m.group(0)
        out.append(" & ".join(filled))
    return r"\begin{cases} " + r" \\ ".join(out) + r" \end{cases}"


def _cells(row: str) -> list[str]:
    """The cells of an array row: split at the ``&`` outside braces (an escaped ``\\&`` is text)."""
    cells, depth, current, k = [], 0, [], 0
    while k < len(row):
        c = row[k]
        if c == "\\":
            current.append(row[k:k + 2])
            k += 2
            continue
        depth += (c == "{") - (c == "}")
        if c == "&" and depth == 0:
            cells.append("".join(current))
            current = []
        else:
            current.append(c)
        k += 1
    cells.append("".join(current))
    return cells

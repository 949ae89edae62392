"""Declarations read from prose: the sentence around a display that says what a name is.

A paper names its special functions in words, before or after the display: "where $B$ is the Beta function",
"$I_x(a, b)$ denotes the regularized incomplete beta function", "where `lower` and `upper` are the lower and upper
bounds".  Such a sentence declares the name for that display, through the notation (:meth:`.Notation.extend`), as a
reader of the paper knows it.  Only an explicit sentence counts: one or more names in math (``$...$``, ``\\(...\\)``,
``:math:`...```, a code span), then *is*, *are*, *denotes* or *denote*, then a phrase of :data:`VOCABULARY` (or a
phrase ending "called the <phrase>"), or, for a word of two letters or more, a phrase naming a bound or a parameter
(a quantity).  Any other phrase (the Marcum Q-function, Owen's T function, "the normal PDF") declares nothing, and
the display's reading refuses the name as before.  Each declaration keeps its sentence (its provenance).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy as sp

from .lexer import fail
from .lexicon import CONSTANTS, PROPORTIONS, VOCABULARY, Entry  # noqa: F401 (the vocabulary)
from .notation import NOTATION, Notation
from .primes import DERIVATIVE, as_object, derivative, primed, speaks_of_derivatives

_NAMED_PROPORTION = re.compile(rf"(?:(?!(?:not|no|never|approximately|about|roughly|times|same|constant|number|ratio)\b)"
                               rf"[\w'-]+ ){{0,2}}(?:{'|'.join(PROPORTIONS)})\b")
"""A phrase that *is* a proportion (its head noun, after two words at most: "true probability of A", "the mixing
weight"), not one that mentions one ("the constant whatever the sampling rate", "four times the fraction ...")."""
QUANTITIES = ("bound", "bounds", "parameter", "parameters")
"""Nouns that make a word a quantity: "`lower` and `upper` are the lower and upper bounds" names two symbols."""
_SETTLES = {"betainc": "incomplete beta function", "sympy.beta": "beta function",
            "sympy.lowergamma": "lower incomplete gamma function",
            "sympy.uppergamma": "upper incomplete gamma function", "sympy.zeta": "Hurwitz zeta function",
            "sympy.polygamma": "polygamma function", "besseli": "modified Bessel function of the first kind"}
"""Entries a refusal names (:data:`.callrules.SPECIAL_GREEK`, :data:`.apply.STANDARD_SPECIAL`) to the phrase that
declares them, for :func:`settles`."""

_MATH = re.compile(r"\$\$?(.+?)\$\$?|\\\((.+?)\\\)|:math:`(.+?)`|`([^`]+)`", re.S)
_NAMES = r"@\d+@(?:\s*(?:,\s*and|,|and)\s*@\d+@)*"
_SENTENCE = re.compile(rf"(?P<names>{_NAMES})\s+(?P<verb>is|are|denotes|denote)\s+(?P<phrase>.+?)"
                       r"(?=\s*(?:[,;]|\.(?:\s|$)|\band\s+@|\bwhere\b|$))", re.S | re.I)
"""A declaring clause: names in math (masked as ``@k@``), the verb, the phrase up to the clause's end."""
_GLOSSARY = re.compile(r"^\s*(?P<names>@\d+@)\s*:\s+(?P<phrase>[^:]+?)\s*\.?\s*$")
"""A glossary line, ``$\\pi$ : True probability of A in the population``: the name, a colon, what it is."""
_INVERTED = re.compile(r"\bthe\s+(?P<phrase>(?:[\w'-]+\s+){0,6}?(?:function|cdf|pdf|density))\s+(?:is|denotes)\s+"
                       r"(?P<names>@\d+@)", re.I)
_RST_LINK = re.compile(r"`([^`<]+?)\s*<[^<>`]+>`__?")
"""A reStructuredText link (```lower incomplete gamma function <https://...>`_``): its words, not a code span."""
_RST_MATH = re.compile(r"\s*\.\. math::[^\n]*\n(?:[ \t]+:[\w-]+:[^\n]*\n)*\s*\n(?P<body>(?:[ \t]+[^\n]*(?:\n|$))+)")
"""A reStructuredText display (SciPy's ``.. math::`` directive): read as its first row's defined side, inline."""


@dataclass(frozen=True)
class Declaration:
    """A name the text declares: its spelling, what it is (a phrase of the vocabulary, or "a quantity"), and the
    sentence that says so."""
    spelling: str
    what: str
    sentence: str
    order: str = ""
    """The arguments as the sentence writes them when their separators are not the standard notation's (``(a, b;
    x)`` for ``B(x; a, b)``): the order is the paper's own, so a call is refused (:func:`_misordered`)."""


@dataclass(frozen=True, eq=False)
class Declared:
    """A declared function: its forms by arity (the sentence that declared each); another arity falls back to the
    notation's earlier entry for the spelling (``\\Gamma(\\alpha)`` beside a declared ``\\Gamma(\\alpha, x)``), or
    is refused.  ``scripted``: the name's subscript is its first argument (``I_{1-p}(a, b)``).  One per reading (equal
    only to itself), so that ``used`` lists what that reading called."""
    spelling: str
    forms: tuple
    previous: object = None
    scripted: bool = False
    used: list = field(default_factory=list, compare=False, hash=False, repr=False)

    @property
    def __name__(self) -> str:
        return self.spelling.lstrip("\\")

    def __call__(self, *args):
        for arity, fn, declaration in self.forms:
            if arity == len(args):
                self.used.append(declaration)
                return fn(*args)
        if self.previous is not None:
            return self.previous(*args)
        said = "; ".join(f"{d.what} of {arity} argument(s) by \"{d.sentence}\"" for arity, _, d in self.forms)
        raise TypeError(f"the text declares {self.spelling} as {said}, not with {len(args)} argument(s)")


def sentences(prose) -> tuple:
    """The sentences of ``prose`` (a str or a tuple of str), markdown links read as their text."""
    texts = (prose,) if isinstance(prose, str) else tuple(prose or ())
    out = []
    for text in texts:
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
        text = _RST_MATH.sub(lambda m: f" :math:`{_defined_side(m.group('body'))}`", text)
        maths: list = []   # never split inside math ($f : D \to R$)
        masked = _MATH.sub(lambda m: _hold(m.group(0), maths), text)
        pieces = re.split(r"(?<=[.!?:])\s+(?=[A-Z\0`\\])|\n\s*\n|\n\s*-\s+", masked)
        out += [_unmask(s, maths).strip() for s in pieces if s.strip()]
    return tuple(out)


def _hold(math: str, maths: list) -> str:
    if re.search(r"[.!?]\s+[A-Z]", math):   # "It costs $5. Then the function $g$": a dollar sign, not math
        return math
    maths.append(math)
    return f"\0{len(maths) - 1}\0"


def _unmask(text: str, maths: list) -> str:
    return re.sub("\0(\\d+)\0", lambda m: maths[int(m.group(1))], text)


def declarations(prose, text: str = "") -> tuple:
    """The declarations the sentences of ``prose`` make (see the module's docstring), and those of the display
    ``text``'s primed names where a sentence speaks of derivatives (:mod:`.primes`)."""
    found = []
    for sentence in sentences(prose):
        masked, maths = _masked(sentence)
        for m in (*_SENTENCE.finditer(masked), *_INVERTED.finditer(masked)):  # "$B$ is the X", "the X is $B$"
            phrase = _phrase(m.group("phrase"), maths)
            generic = _GENERIC.fullmatch(m.group("phrase").strip()) is not None
            names = re.findall(r"@(\d+)@", m.group("names"))
            for k in names:
                found += _declare(maths[int(k)], phrase, sentence, alone=len(names) == 1) or \
                    ([Declaration(maths[int(k)], SAID, sentence)] if generic and _BARE.fullmatch(maths[int(k)]) else [])
        found += [Declaration(name, OWN, sentence) for name in _own(masked, maths, _plain_domain)]
        found += _said_e(masked, maths, sentence)
    found += _glossary(prose)
    found += [d for d in _primes(prose, text) if d.spelling not in {e.spelling for e in found}]
    known = {d.spelling for d in found if d.what not in (OWN, SAID)}
    return tuple(d for d in found if d.what not in (OWN, SAID) or d.spelling not in known | _SKIPPED[d.what])


SAYS_E = "a quantity the sentence names e"
"""What a sentence that says what a bare e is, other than Euler's number, declares (``Let $e \\in [0, 1]$ denote
the error rate``, ``where $e$ is the estimation error``): the display's bare e is refused
(:func:`.constants.refuse_said_e`), never read as the number."""
_E_SAID = re.compile(r"@(\d+)@\s+(?:is|denotes?|be|stands for|represents)\s+(?P<phrase>[^,;]+?)"
                     r"(?=\s*(?:[,;]|\.(?:\s|$)|\band\s+@|\bwhere\b|$))", re.I)
_E_MATH = re.compile(r"\s*e\s*(?:(?:\\in|\\leq?|\\geq?|[<>=])\s*.*)?", re.S)
_E_NUMBER = re.compile(r"\b(?:numbers?|constants?|base|exp\w*|limit|irrational|transcendental|approximately|about|"
                       r"roughly|euler\w*|napier\w*|natural log\w*)\b|\d|@", re.I)
"""A phrase that may still speak of Euler's number ("the unique positive number for which ...", "the exponential
constant", "approximately 2.718"): it declares nothing of e."""


def _said_e(masked: str, maths: list, sentence: str) -> list:
    """A declaration :data:`SAYS_E` for each clause of the sentence that says a bare e is what :data:`CONSTANTS`
    does not name Euler's number."""
    return [Declaration("e", SAYS_E, sentence) for m in _E_SAID.finditer(masked)
            if _E_MATH.fullmatch(maths[int(m.group(1))]) and not _E_NUMBER.search(m.group("phrase"))]


SAID = "a function, as the sentence says"
"""What a sentence that calls a name *a* function declares (``suppose $F$ is a cumulative distribution function``,
``$w$ is a weight function on the real line``): a function of the paper's own, called with one argument.  Not "a
function of ...", which says what a quantity depends on (``$n$ is a function of $\\varepsilon$``), nor a phrase with a
preposition or an article before "function" (``$\\beta$ is a coefficient of the function``: a property of one)."""
_GENERIC = re.compile(r"an?\s+(?:(?!(?:of|in|to|on|for|from|at|with|by|as|into|over|times|per|and|or|a|an|the)\s)"
                      r"[\w'-]+\s+){0,3}(?:function|cdf|pdf)(?:\s+(?:over|on)\s+[^()]*)?", re.I)


def _primes(prose, text: str) -> list:
    """``g'`` (and ``\\Gamma'``, ``h''``) of the display ``text`` declared derivatives by the first sentence of
    ``prose`` that speaks of derivatives (:func:`.primes.speaks_of_derivatives`); none without one."""
    said = sentences(prose)
    sentence = next((s for s in said if speaks_of_derivatives(s)), None)
    if sentence is None:
        return []
    maths = [(s, _masked(s)[1]) for s in said]
    return [Declaration(spelling, DERIVATIVE, sentence) for spelling, base, _ in primed(text)
            if not any(as_object(s, spelling, base, m) for s, m in maths)]


def _glossary(prose) -> list:
    """The declarations of glossary lines (``$\\pi$ : True probability of A in the population``), each line of the
    prose on its own (a sentence split would cut it at the colon)."""
    found = []
    for text in ((prose,) if isinstance(prose, str) else tuple(prose or ())):
        for line in text.splitlines():
            masked, maths = _masked(line)
            m = _GLOSSARY.fullmatch(masked)
            if m is not None:
                found += _declare(maths[int(m.group("names").strip("@"))], _phrase(m.group("phrase"), maths), line)
    return found


OWN = "a function of the paper's own"
"""What a signature declares: ``$\\phi: [0, 1] \\to [0, 1]$`` (a bump function), ``$\\phi:\\mathbb{R} \\to \\mathbb{R}$``."""
_SIGNATURE = re.compile(r"\s*(?P<name>\\[A-Za-z]+|[A-Za-z])\s*:\s*(?P<domain>.+?)\s*\\(?:to|rightarrow)\s*(?P<range>.+?)\s*")


_NAMED = re.compile(r"\bfunctions?\s+@(\d+)@(?!\s*(?:is|are|denotes?)\b)", re.I)
"""A name right after the word "function" (``the scaled-and-shifted bump function $\\phi_j$``), not a clause that
says which function it is (those are the vocabulary's)."""
_BARE = re.compile(r"\\[A-Za-z]+(?:_\{?[A-Za-z0-9]\}?)?|[A-Za-z](?:_\{?[A-Za-z0-9]\}?)?")


def function_names(prose) -> frozenset:
    """The names the sentences of ``prose`` call functions, whatever their domain (``Given a function $f : D \\to
    R$``, ``the utility function $u$``): no reading of their calls, only that ``\\Delta f`` is a quantity of the
    function ``f`` (its sensitivity, :mod:`.sensitivities`), never \\Delta times it."""
    return frozenset(name for sentence in sentences(prose) for name in _own(*_masked(sentence), lambda domain: True))


def _masked(sentence: str) -> tuple:
    """(the sentence with each math span as ``@k@``, the spans)."""
    maths: list = []
    return _MATH.sub(lambda m: _mask(m, maths), _RST_LINK.sub(r"\1", sentence)), maths


def _own(masked: str, maths: list, domain_fits) -> list:
    """The names a sentence declares functions of the paper's own: by a signature whose domain ``domain_fits``
    (``$\\phi: [0, 1] \\to [0, 1]$``), or by the word "function" right before them."""
    signed = [m.group("name").replace(" ", "") for m in map(_SIGNATURE.fullmatch, maths)
              if m is not None and domain_fits(m.group("domain"))]
    return signed + [maths[int(k)] for k in _NAMED.findall(masked) if _BARE.fullmatch(maths[int(k)])]


def _plain_domain(domain: str) -> bool:
    """One real argument: an interval or the reals (``[0, 1]``, ``\\mathbb{R}``, ``(0, \\infty)``), no product of sets."""
    return r"\times" not in domain and bool(re.fullmatch(r"\\mathbb\s*\{?R\}?|[\[(][^\[\]()]*[\])]", domain.strip()))


def _defined_side(body: str) -> str:
    """The left side of a display's first row (``\\psi_{n}\\left(z\\right)`` of ``\\psi_{n}(z) & = & ...``)."""
    first = re.sub(r"\\begin\{\w+\*?\}", "", body).split("\\\\")[0]
    return re.split(r"&|=", first)[0].strip()


def _mask(m, maths: list) -> str:
    maths.append(next(g for g in m.groups() if g is not None).strip())
    return f"@{len(maths) - 1}@"


def _phrase(text: str, maths=()) -> str:
    """The phrase as the vocabulary spells it: lower case, one space, no article, "called the X" read as X, and without
    a final aside in parentheses that is a known remark ("the Beta function (hence the name)", :func:`_remark`).  Any
    other aside ("(regularised)", "(up to a constant)", "(in $d$ dimensions)") may qualify the function, so it stays
    in the phrase, which then names nothing: the declaration fails safe."""
    text = re.sub(r"\s+", " ", text.lower()).strip()
    aside = _ASIDE.search(text)
    if aside is not None and _remark(aside.group(1), _spelled(text[:aside.start()]), maths):
        text = text[:aside.start()]
    return _spelled(text)


def _spelled(text: str) -> str:
    text = text.rsplit(" called ", 1)[-1]
    text = re.sub(r"-{2,3}", "-", re.sub(r"^(?:the|a|an) ", "", text))   # Euler--Mascheroni: TeX's en dash
    return text.replace("regularised", "regularized").replace("hurwitz's", "hurwitz")


_ASIDE = re.compile(r"\s*\(([^()]*)\)$")
_REMARKS = re.compile(r"hence the name|(?:see|cf\.?)\s.*|\\cite\w*\{[^{}]*\}|\[[\d,\s-]+\]|https?://\S+"
                      r"|[a-z'-]+(?: et al\.?| and [a-z'-]+)?,? \d{4}[a-z]?")
"""Asides that qualify no function (lower case): "hence the name", a pointer ("see below", "see Eq. 3", "cf. ..."),
a citation (``\\cite{...}``, "[3]", "(Smith et al., 2003)"), a link."""


def _remark(aside: str, phrase: str, maths) -> bool:
    """Whether the aside (lower case, math masked) is a known remark, or the code name of the very function the phrase
    names ("the upper incomplete gamma function (``uppergamma``)": SymPy's ``uppergamma``)."""
    if _REMARKS.fullmatch(aside.strip()):
        return True
    code = re.fullmatch(r"`*@(\d+)@`*", aside.strip())
    named = getattr(getattr(VOCABULARY.get(phrase), "fn", None), "__name__", None)
    return code is not None and named is not None and maths[int(code.group(1))] == named


def _declare(math: str, phrase: str, sentence: str, alone: bool = True) -> list:
    """The declarations of the name ``math`` as ``phrase`` (none when the phrase is not in the vocabulary, or when the
    arguments the sentence writes do not fit the function); ``alone``: the sentence names no other (a list's phrase
    is not each name's)."""
    if math.strip() == r"\pi" and alone and _NAMED_PROPORTION.match(phrase):
        return [Declaration(r"\pi", "a quantity", sentence)]   # "$\pi$ : True probability of A in the population"
    centre = re.fullmatch(r"(.+) (?:centered|centred) at \S+", phrase)
    if centre and "(" in math:   # "$\delta(x - x_i)$ is the Dirac delta function centered at $x_i$": written in it
        phrase = centre.group(1)
    if re.fullmatch(r"[A-Za-z]{2,}", math):
        noun = phrase.split(" of ")[0].split()
        return [Declaration(math, "a quantity", sentence)] if noun and noun[-1] in QUANTITIES else []
    if phrase in CONSTANTS:   # "$\gamma \approx 0.5772$ is the Euler-Mascheroni constant": the name, its value
        math = re.sub(r"\s*(?:\\approx|=)\s*\d*\.\d+\s*(?:\\[lc]?dots)?\s*$", "", math)
        return [Declaration(math, phrase, sentence)] if _BARE.fullmatch(math) else []
    entry, head = VOCABULARY.get(phrase), _HEAD.fullmatch(math)
    if entry is None or head is None:
        return []
    spelling, arity = _spelling(entry, head)
    args = head.group("args")
    written = "".join(re.findall(r"[,;]", re.sub(r"\\[A-Za-z]+|\\.", "", args or "")))   # not \\; (a space)
    if args is not None and len(written) + 1 != arity:
        return []
    standard = (entry.separators or "," * (entry.arity - 1))[entry.arity - arity:]
    misordered = args is not None and written != standard and (entry.separators or ";" in written)
    return [Declaration(spelling, phrase, sentence, args.strip() if misordered else "")]


_HEAD = re.compile(r"(?P<letter>\\[A-Za-z]+|\\(?:text|mathrm|operatorname)\{[A-Za-z]+\}|[A-Za-z])"
                   r"(?:_(?P<sub>\{[^{}]*\}|\w))?\s*(?:\\left)?(?P<args>\(.*\))?")
"""A name as a sentence writes it: a letter, its subscript, its arguments (``I_x(a, b)``, ``\\zeta(k, x)``)."""


def _spelling(entry: Entry, head) -> tuple:
    """The spelling the name is declared under, and the arguments it takes in parentheses: a fixed order in the
    subscript (``I_0``) is part of the name; another subscript of an indexed function (``I_x``, ``\\psi_n``) is its
    first argument, so the letter alone is declared."""
    sub = (head.group("sub") or "").strip("{}")
    whole = head.group(0).split("(")[0].replace(r"\left", "").strip()
    if sub and not entry.indexed:
        return whole, entry.arity
    if sub.isdigit():
        return whole, entry.arity - 1
    return head.group("letter"), entry.arity - bool(sub)


def declare(notation: Notation, prose, text: str = "") -> tuple[Notation, tuple]:
    """``notation`` extended with what ``prose`` declares (about the display ``text``), and the declarations (each with
    its sentence).  A spelling the notation was given on purpose (``NOTATION.extend(...)``, not the default table)
    wins over the text."""
    own = {tex for tex, value in notation.symbols + notation.functions} - _DEFAULT
    found = tuple(d for d in declarations(prose, text) if d.spelling not in own)
    if not found:
        return notation, ()
    functions, symbols = {}, {}
    later = {}
    for spelling in dict.fromkeys(d.spelling for d in found):
        mine = [d for d in found if d.spelling == spelling]
        if mine[0].what == SAYS_E:   # refused in the display (constants.refuse_said_e)
            continue
        if mine[0].what == DERIVATIVE:   # built over what the other sentences declare (\phi the normal density)
            later[spelling] = mine
            continue
        if mine[0].what == "a quantity":
            for tex in (spelling, rf"\text{{{spelling}}}", rf"\mathrm{{{spelling}}}"):
                symbols[tex] = sp.Symbol(spelling.lstrip("\\"))
            continue
        if mine[0].what in CONSTANTS:
            if spelling != "e" or CONSTANTS[mine[0].what] is sp.E:   # "e is Euler's constant": the number e, not gamma
                symbols[spelling] = CONSTANTS[mine[0].what]
            continue
        functions[spelling] = _function(notation, spelling, mine)
    notation = notation.extend(symbols=symbols, functions=functions)
    derivatives = {spelling: _function(notation, spelling, mine) for spelling, mine in later.items()}
    return (notation.extend(functions=derivatives) if derivatives else notation), found


_DEFAULT = frozenset(tex for tex, _ in NOTATION.symbols + NOTATION.functions)
_SKIPPED = {OWN: _DEFAULT, SAID: frozenset(tex for tex, _ in NOTATION.functions)}
"""Spellings a declaration of a function of the paper's own leaves alone: a signature, any the notation knows; a
sentence that calls the name a function, the notation's functions only (its symbols, such as F, are quantities a
paper may use as its own function: the sentence says which)."""


def _function(notation: Notation, spelling: str, mine: list) -> Declared:
    """The declared function ``spelling``, one form per declaration; the notation's entry for it as the fallback."""
    previous = next((fn for tex, fn in reversed(notation.functions) if tex == spelling), None)
    order = re.fullmatch(r".*_\{?(\d+)\}?", spelling)
    forms, scripted = [], False
    for d in mine:
        if d.what in (OWN, SAID):
            forms.append((1, sp.Function(re.sub(r"[{}\\]", "", spelling)), d))   # \phi_{j}: phi_j, as it reads
            continue
        if d.what == DERIVATIVE:   # g'': the second derivative of g
            forms.append((1, derivative(notation, spelling.rstrip("'"), len(spelling) - len(spelling.rstrip("'"))), d))
            continue
        entry = VOCABULARY[d.what]
        if d.order:
            forms.append((entry.arity - (order is not None), _misordered(spelling, d), d))
            continue
        fixed = entry.indexed and order is not None
        forms.append((entry.arity - fixed, _ordered(entry.fn, int(order.group(1))) if fixed else entry.fn, d))
        scripted = scripted or (entry.indexed and not fixed)
    return Declared(spelling, tuple(forms), previous, scripted)


def _misordered(spelling: str, d: Declaration):
    """A call of a function the sentence writes with its arguments separated otherwise than the standard notation
    (``B(a, b; x)`` for the incomplete beta function ``B(x; a, b)``): which argument is which is the paper's own."""
    def refuse(*args):
        raise TypeError(f"the text writes {spelling}{d.order} for the {d.what}, separating its arguments otherwise "
                        f"than the standard notation (which argument is the variable?): declare {spelling} in the "
                        f"notation (functions=) with the paper's order, by \"{d.sentence}\"")
    return refuse


def _ordered(fn, order: int):
    """``fn`` with its first argument (an order: ``I_0`` is ``besseli(0, .)``) fixed."""
    return lambda *args: fn(sp.Integer(order), *args)


def scripted(notation: Notation) -> frozenset:
    """The spellings of declared functions whose subscript is their first argument (kept out of the name)."""
    return frozenset(tex for tex, fn in notation.functions if getattr(fn, "scripted", False))


def declared(notation: Notation) -> frozenset:
    """The spellings of the functions the text declares (their arguments may be separated by ';')."""
    return frozenset(tex for tex, fn in notation.functions if isinstance(fn, Declared))


def used(declared: tuple, notation: Notation, source: str) -> tuple:
    """The declarations a reading of ``source`` used (their functions were called, or their quantities occur)."""
    calls = {id(d) for _, fn in notation.functions if isinstance(fn, Declared) for d in fn.used}
    return tuple(d for d in declared if id(d) in calls or (d.what == "a quantity" or d.what in CONSTANTS)
                 and d.spelling in source)


def around(text: str, start: int, end: int, stop: int | None = None) -> tuple:
    """The text of the paragraph around the display at ``text[start:end]``: before it (from the last blank line) and
    after it (to the next blank line, or to ``stop``, where the paragraph's next display begins: a "where" clause after
    that display is its own, not this one's), each stripped; the text before always first ("" when there is none),
    the text after left out when empty."""
    before = re.split(r"\n[ \t]*\n", text[:start])[-1]
    after = re.split(r"\n[ \t]*\n", text[end:len(text) if stop is None else stop], maxsplit=1)[0]
    return (before.strip(),) + ((after.strip(),) if after.strip() else ())


def settles(name: str, entry: str) -> str:
    """The sentence that would settle an undeclared special function, for a refusal's message ("" when none)."""
    phrase = next((p for key, p in _SETTLES.items() if key in entry), None)
    if phrase is None:
        return ""
    return f", or a sentence around the display: \"where ${name}$ is the {phrase}\""

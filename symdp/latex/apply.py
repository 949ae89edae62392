"""Function application and big operators: what a function name, ``\\sum``, ``\\prod`` and ``\\int`` apply to.

An operator name (``\\log``) takes the parenthesised group right after it, or else the whole product that
follows (``\\log 2\\alpha``); a declared function (``\\Phi``) must be followed by its parenthesised
arguments; ``\\sum`` and ``\\prod`` take the product that follows (the grammar's BIG rule), with their range
read from their scripts, and so does ``\\lim`` (:mod:`.limits`); ``\\int`` takes the product up to its ``dx``.  A
subscript that is not part of a name (a sum's index) makes an indexed family.  Anything else is refused with the
fragment quoted.
"""
from __future__ import annotations

import re

import sympy as sp

from sympy.core.function import AppliedUndef

from .forms import Chain, Diff, Group, Head, Juxt, Power, _span
from .lexer import fail, not_formula
from .members import Members
from .prose import settles


class Application(Members):
    """The part of :class:`.build.Builder` that applies heads to their arguments (a mixin)."""

    def apply(self, p: Power, powers: list, j: int):
        head = p.base
        handler = {"op": self.apply_op, "func": self.apply_func, "call": self.apply_call, "min": self.apply_minmax,
                   "max": self.apply_minmax, "int": self.apply_int, "deriv": self.apply_deriv}[head.kind]
        return handler(p, powers, j)

    def _argument_group(self, powers, j, brackets: bool = False):
        """The group after a head that is its argument: parentheses or braces; with ``brackets``, also square
        brackets or set braces holding one expression (``\\exp\\bigl[-x^2/2\\bigr]``, ``\\exp\\{-\\lambda\\}``,
        ``\\operatorname{erf}\\left[z\\right]``: a function's argument so set, never the first factor of a longer
        operand)."""
        kinds = ("paren", "brace", "brack", "set") if brackets else ("paren", "brace")
        if j < len(powers) and isinstance(powers[j].base, Group) and powers[j].base.kind in kinds \
                and powers[j].sub is None and (powers[j].base.kind not in ("brack", "set")
                                               or len(powers[j].base.items) == 1) and not self._unprinted(powers[j]):
            return powers[j]
        return None

    def _unprinted(self, group: Power) -> bool:
        """``\\log {x}^2``: braces before a power print nothing, so the page shows ``\\log x^2`` and the braces are
        no argument (the head takes the product that follows, as it does there); braces around parentheses
        (``\\log {(x)}^2``, printed as ``\\log (x)^2``, the power of the log) refused."""
        if group.base.kind != "brace" or group.sup is None:
            return False
        inner = group.base.items[0] if len(group.base.items) == 1 else None
        while isinstance(inner, Juxt) and len(inner.powers) == 1:
            inner = inner.powers[0]
        if isinstance(inner, Power) and isinstance(inner.base, Group) and inner.base.kind == "paren":
            self.fail(group.base.start, group.base.end, "braces around parentheses before a power: the braces do "
                      "not print, so the page shows (...)^k, the power of what the parentheses hold or of the "
                      "function's value? Write the parentheses meant, without the braces")
        return True

    def apply_op(self, p, powers, j):
        head = p.base
        group = self._argument_group(powers, j, brackets=True)
        if group is not None and group.base.kind == "brace" and j + 1 < len(powers) \
                and not isinstance(powers[j + 1].base, Head):   # \log {5 \over 4} \delta^{-1} prints log 5/4 d^-1
            self.fail(head.start, group.base.end, f"{head.text} {{...}} followed by more factors: the braces do not "
                      f"print, so the {head.text} of the whole product ({head.text} 2 n is {head.text}(2n)), or of "
                      f"the braces alone? Write {head.text}\\left(...\\right) around what it takes")
        if group is not None and group.base.kind == "brace" and j + 1 == len(powers) \
                and re.match(rf"{_SPACES}/", self.source[group.base.end:]):   # \log{1}/\delta: log(1)/delta = 0?
            self._refuse_divided_operand(head, powers[j], True)
        if group is not None:
            arg, after = self.expr(group.base), j + 1
        else:
            after = _next_operator(powers, j)   # \sin x \cos x: sin(x) cos(x); \log 2n: log(2n)
            rest = self.factors(powers[j:after])
            if not rest:
                self.fail(head.start, head.end, f"{head.text} without its argument")
            if after - j > 1 and _FRACTION_AFTER.match(self.source[head.end:]):
                self.fail(head.start, _span(powers[after - 1].base)[1] or head.end, f"{head.text} \\frac{{...}}{{...}} "
                          f"followed by more factors: the {head.text} of the whole product, or the {head.text} of the "
                          f"fraction times them? Write {head.text}\\left(...\\right) around what it takes")
            self._refuse_divided_operand(head, powers[after - 1], after == len(powers))
            arg = sp.Mul(*rest)
        value = self.operator_value(p, arg)
        if group is not None and group.sup is not None:
            if after < len(powers) and not isinstance(powers[after].base, Head):   # \log (2\pi)^{-1} \delta^{-2}
                self.fail(head.start, powers[after].base.end if hasattr(powers[after].base, "end") else head.end,
                          f"{head.text} (...)^k followed by more factors: the {head.text} of the whole product "
                          r"(\log (2\pi)^{-1} \delta^{-2} as \log 2 n is \log(2n)), or the power of "
                          f"{head.text} (...) times them? Write {head.text}\\left(...\\right) around what it takes")
            value = sp.Pow(value, self.expr(group.sup))
        return value, after

    def operator_value(self, p, arg):
        """The operator ``p`` (a :class:`Head` with its scripts: ``\\log_2``, ``\\sin^2``) applied to ``arg``."""
        head = p.base
        if p.sub is not None:
            if head.text != r"\log":
                self.fail(head.start, head.end, f"a subscript on {head.text}")
            value = sp.log(arg, self.expr(p.sub))
        else:
            value = head.fn(arg)
        return value if p.sup is None else sp.Pow(value, self._op_power(head, p.sup))

    def _refuse_divided_operand(self, head, last, ends: bool) -> None:
        """``\\log 1/\\delta``, ``\\log 2n/\\delta``, ``\\log n / n``: an operator without parentheses whose operand a
        slash follows prints "log 1/delta", the log of the quotient (as DP papers mean log 1/delta; log 1 = 0) or the
        quotient of the log (log n / n)?  Refused; ``\\log(1/\\delta)`` or ``\\frac{\\log n}{n}`` say which."""
        end = _span(last.base)[1] if last.sup is None else _span(last.sup)[1]
        braced = last.sup is not None and self.source[:_span(last.sup)[0]].rstrip().endswith("{")
        if ends and end and re.match(rf"{_SPACES}{'}' if braced else ''}{_SPACES}/", self.source[end:]):
            self.fail(head.start, end, f"{head.text} ... / ...: the {head.text} of the quotient ({head.text} 1/\\delta "
                      f"as {head.text}(1/\\delta)), or a quotient of the {head.text}? Write {head.text}\\left(...\\right) "
                      "around what it takes, or \\frac")

    def _op_power(self, head, sup):
        """The power written on an operator's name (``\\sin^2 x``); ``\\sin^{-1}``, ``\\tan^{-1}``, ``\\log^{-1}``
        refused: the inverse function (arcsin, as most papers mean it) or the reciprocal?"""
        power = self.expr(sup)
        if power == -1:
            end = _span(sup)[1] or head.end
            self.fail(head.start, end + (self.source[end:end + 1] == "}"), f"{head.text}^{{-1}}: the inverse "
                      f"function (\\sin^{{-1}} x is arcsin x in most papers) or the reciprocal 1/{head.text} x? Write "
                      f"the inverse's name (\\arcsin, \\operatorname{{arsinh}}) or ({head.text} x)^{{-1}}")
        return power

    def apply_deriv(self, p, powers, j):
        """``\\frac{d^n}{dx^n}`` applied to the braces or parentheses after it, or else to the product that follows:
        ``sp.Derivative``; refused when the operand does not hold the variable (``\\frac{df}{dx}`` with ``f`` a
        name: a function named without its argument)."""
        head = p.base
        group = self._argument_group(powers, j)
        if group is not None and group.sup is None:
            arg, after = self.expr(group.base), j + 1
        else:
            rest = self.factors(powers[j:])
            if not rest:
                self.fail(head.start, head.end, f"the derivative {head.text} without what it differentiates")
            arg, after = sp.Mul(*rest), len(powers)
        if p.sub is not None:
            self.fail(head.start, head.end, "a subscript on a derivative")
        order = sp.Integer(1) if p.sup is None else self.expr(p.sup)
        var = next((s for s in arg.free_symbols if getattr(s, "name", None) == head.fn.name), None)
        if var is None and isinstance(arg, sp.Symbol) and group is not None:
            return self._function_derivative(arg, head, order, powers, after)
        if var is None:
            self.fail(head.start, head.end, f"a derivative in {head.fn.name} of an expression without "
                      f"{head.fn.name} (a function named without its argument? write f({head.fn.name}), or declare it)")
        return sp.Derivative(arg, (var, order)), after

    def _function_derivative(self, name, head, order, powers, after):
        """``\\frac{\\partial G}{\\partial x}``: the derivative of the function ``G`` of ``x`` (a bare name is
        differentiated only as a function: a constant's derivative is never written); followed by parentheses
        (``\\frac{\\partial G}{\\partial x}\\left(\\frac{x}{2}\\right)``), that derivative evaluated there.  A
        display that also uses the name as a plain quantity is refused (:func:`.parse.display`)."""
        var = head.fn
        value = sp.Derivative(sp.Function(name.name)(var), (var, order))
        if r"\partial" in self.source[head.start:head.end]:
            self.partial.add(name.name)   # a partial derivative of a bare name (:func:`.meanings.one_meaning`)
        at = self._argument_group(powers, after)
        if at is None or at.sup is not None or at.base.kind != "paren" or len(at.base.items) != 1:
            return value, after
        return sp.Subs(value, var, self.expr(at.base.items[0])), after + 1

    def apply_call(self, p, powers, j):
        """A function nobody declared, applied (``p(x_j)``, ``score(x)``, ``d(f(x), f(x'))``), as :meth:`apply_func`;
        refused when an argument is the output of a mechanism or a distribution, a call nobody declared of a capital
        letter other than the function letters F, G, H (``T(M(S), M(S'))``, ``T(N(0, 1), N(\\mu, 1))``): a
        functional of random objects (a trade-off function, a divergence), not a closed form in symbols."""
        value, after = self.apply_func(p, powers, j)
        call = value.base if isinstance(value, sp.Pow) else value
        inner = [a for a in call.args if isinstance(a, AppliedUndef) and a.func in self.undeclared
                 and _mechanism(a.func.__name__)]
        if inner:
            head = p.base
            construct = f"{head.text}({inner[0].func.__name__}(...), ...)"
            not_formula(self.source, head.start, powers[j].base.end, construct, f"{head.text} of the output of a "
                        "mechanism or a distribution: a functional of random objects (a trade-off function, a "
                        "divergence), not a closed form; declare the functions in the notation (functions=) to read "
                        "it as a composition")
        head = p.base
        if sp.pi in call.args:
            self.fail(head.start, powers[j].base.end, f"\\pi among the arguments of {head.text}(...), a function of "
                      "the paper's own: the constant, or a variable the paper names \\pi (a prior's weight, a "
                      "probability)? Declare it in the notation (symbols={r'\\pi': ...}) to read it as a variable")
        _standard_special(self.source, head, call)
        if call.func.__name__.endswith("_cal") and any(s.name.endswith("_cal") for a in call.args
                                                        for s in a.free_symbols):
            not_formula(self.source, head.start, powers[j].base.end, f"{head.text}(...)", f"{head.text} of a "
                        "calligraphic set or family (the minimax risk R(P, L) of a model P): a functional, not a "
                        "closed form; declare the function in the notation (functions=) to read it as a call")
        self.undeclared.add(call.func)
        return value, after

    def apply_func(self, p, powers, j):
        head = p.base
        group = self._argument_group(powers, j, brackets=True)
        if group is None and p.sub is not None and p.sup is None and head.text.lstrip("\\").isalpha():
            # \sum_i \Phi_i u_{t-i}: the sum's index on a function's letter, no argument: a family named Phi
            label = sp.IndexedBase(sp.Symbol(head.text.lstrip("\\")))
            subs = p.sub if isinstance(p.sub, list) else [p.sub]
            return label[tuple(self.expr(s) for s in subs)], j
        if group is None:
            self.fail(head.start, head.end, f"{head.text} must be followed by its argument in parentheses")
        scripted = getattr(head.fn, "scripted", False)  # I_{1-p}(a, b): a declared function's subscript argument
        if (p.sub is not None and not scripted) or p.sup is not None:
            self.fail(head.start, head.end, f"a script on the function {head.text}")
        items = group.base.items if group.base.kind == "paren" else [group.base.items[0]]
        subs = [] if p.sub is None else p.sub if isinstance(p.sub, list) else [p.sub]
        args = [self.expr(a) for a in subs + list(items)]
        try:
            value = head.fn(*args)
        except (TypeError, ValueError) as exc:
            self.fail(head.start, group.base.end, f"{head.text} with {len(args)} argument(s): {exc}")
        if group.sup is not None:
            value = sp.Pow(value, self.expr(group.sup))
        return value, j + 1

    def apply_minmax(self, p, powers, j):
        head = p.base
        group = powers[j] if j < len(powers) and isinstance(powers[j].base, Group) else None
        if group is None or p.sub is not None or p.sup is not None or len(group.base.items) < 2:
            self.fail(head.start, head.end, f"{head.text} must be followed by a list of two or more expressions "
                      "(subscripted min/max, an optimisation, is not an expression)")
        fn = sp.Min if head.kind == "min" else sp.Max
        value = fn(*[self.expr(a) for a in group.base.items])
        if group.sup is not None:
            value = sp.Pow(value, self.expr(group.sup))
        return value, j + 1

    def _limits(self, p, var_from_sub: bool):
        head = p.base
        if not var_from_sub:
            if p.sub is None or p.sup is None:
                self.fail(head.start, head.end, f"{head.text} without both limits")
            return None, self.expr(p.sub), self.expr(p.sup)
        return self.range_of(p)

    def range_of(self, p):
        """The index and range of a sum or product: ``_{k=a}^{b}``, ``_{k \\in \\mathbb{Z}}``, ``_{k \\in [n]}``,
        never ``_k^{n}`` (from 0 or from 1: refused)."""
        head, sub = p.base, p.sub
        if sub is None:
            self.fail(head.start, head.end, f"{head.text} without its index and range")
        if isinstance(sub, Chain) and sub.ops == ["="] and len(sub.members) == 2 and p.sup is not None:
            var = self._index(head, sub.members[0])
            return var, self.expr(sub.members[1]), self._upper(p.sup, var)
        if isinstance(sub, Chain) and sub.domain is not None and p.sup is None:
            var, domain = self._index(head, sub.members[0]), sub.domain
            if domain == sp.Integers:
                return var, -sp.oo, sp.oo
            if domain in (sp.Naturals0, sp.Naturals):   # \mathbb{N}_0, \mathbb{N}^+ (a bare \mathbb{N} is refused)
                return var, int(domain == sp.Naturals), sp.oo
            if isinstance(domain, tuple):  # [n]
                return var, 1, domain[1]
            self.fail(head.start, head.end, f"{head.text} over a set other than Z, N_0, N^+ or [n]")
        if not isinstance(sub, Chain) and p.sup is not None:
            self.fail(head.start, head.end, f"{head.text} with an end and no start (from 0 or from 1?): write "
                      f"_{{k=a}}^{{b}}")
        self.fail(head.start, head.end, f"{head.text} without its range (write _{{k=a}}^{{b}})")

    def _upper(self, sup, var):
        """An upper limit; one that repeats the index (``\\sum_{n = 1}^{n = k}``) is its value (k)."""
        if isinstance(sup, Chain) and sup.ops == ["="] and len(sup.members) == 2 and sup.domain is None \
                and sup.interval is None and self.expr(sup.members[0]) == var:
            return self.expr(sup.members[1])
        return self.expr(sup)

    def _index(self, head, x):
        var = self.expr(x)
        if not isinstance(var, sp.Symbol):
            self.fail(head.start, head.end, f"{head.text} needs a name as its index")
        return var

    def big(self, c):
        """``\\sum``/``\\prod`` (or ``\\lim``: :mod:`.limits`) with its scripts, over the product that follows."""
        tok, scripts, operand = c[0], c[1:-1], c[-1]
        kind, _, text = tok.value
        p = Power(Head(kind, None, text, tok.start_pos, tok.end_pos))
        for name, value, at in scripts:
            if name == "bang" or getattr(p, name) is not None:
                self.fail(at.start_pos, at.end_pos, f"a misplaced script on {text}")
            setattr(p, name, value)
        if kind == "lim":
            return self.limit(p, operand)
        value = self.expr(operand)
        for var, lo, hi in reversed(self.ranges_of(p)):
            value, var = self._restored(value, var, lo, hi, False)
            self.refuse_constant_after(p.base, operand, var)
            if kind == "prod":
                value = sp.Product(value, (var, lo, hi))
            else:
                inner, outer = _split_bound(value, var)
                value = outer * sp.Sum(inner, (var, lo, hi))
        return value

    def ranges_of(self, p) -> list:
        """The indices and ranges of a sum or product, outermost first: ``_{i,j=1}^{n}`` runs i and j over 1..n
        (a double sum); otherwise the one of :meth:`range_of`."""
        sub = p.sub
        if isinstance(sub, list) and len(sub) > 1 and p.sup is not None and isinstance(sub[-1], Chain) \
                and sub[-1].ops == ["="] and len(sub[-1].members) == 2 and not any(isinstance(s, Chain) for s in sub[:-1]):
            lo, hi = self.expr(sub[-1].members[1]), self.expr(p.sup)
            names = [self._index(p.base, x) for x in [*sub[:-1], sub[-1].members[0]]]
            if len(set(names)) < len(names) or (lo.free_symbols | hi.free_symbols) & set(names):
                self.fail(p.base.start, p.base.end, f"{p.base.text} over indices named twice, or with a range that "
                          "holds an index: write one sum per index")
            return [(v, lo, hi) for v in names]
        return [self.range_of(p)]

    def div_big(self, c):
        """``a / \\sum_t b_t``: the sum that follows the slash is the denominator."""
        return sp.Mul(self.expr(c[0]), sp.Pow(self.expr(c[2]), -1))

    def juxt_big(self, c):
        return sp.Mul(self.expr(c[0]), self.expr(c[1]))

    def apply_int(self, p, powers, j):
        m = _closing_differential(powers, j)
        if m is None:
            self.fail(p.base.start, p.base.end, r"\int without its d<variable> in the same product")
        body = self.factors(powers[j:m])
        if not body:
            self.fail(p.base.start, p.base.end, r"\int without an integrand")
        var = sp.Symbol(powers[m].base.var.lstrip("\\"))
        var = next((s for s in sp.Mul(*body).free_symbols if s.name == var.name), var)
        if getattr(powers[m], "sup", None) is not None or getattr(powers[m], "sub", None) is not None:
            self.fail(p.base.start, p.base.end, f"\\int ... d{powers[m].base.var} with a script on the differential "
                      "(d x^2: the differential of x^2, or a power of dx?): write the integral in its variable")
        if var not in sp.Mul(*body).free_symbols and _measure_letter(var.name):   # \int f \, d\mu, \int g \, dF
            self.fail(p.base.start, p.base.end, f"\\int ... d{powers[m].base.var}: an integral against a measure (a "
                      f"distribution function), not over a variable the integrand depends on; write the integrand "
                      f"as a function of its variable")
        scripted = _scripted_by(sp.Mul(*body), var.name)
        if scripted:   # \int_0^1 v(x_t) dt: x_t a name would not depend on t
            self.fail(p.base.start, p.base.end, f"{scripted[0]} inside an integral over {var}: a function of {var} "
                      f"(write {scripted[0].split('_')[0]}({var})) or a name that does not depend on it? Declare it "
                      "in the notation")
        if p.sub is None and p.sup is None:   # a paper's \int f dx is over the whole space, rarely an antiderivative
            self.fail(p.base.start, p.base.end, r"\int with no limits: over the whole space (which one?) or an "
                      r"antiderivative? Write its limits (\int_{-\infty}^{\infty})")
        _, lo, hi = self._limits(p, False)
        body, var = self._restored(sp.Mul(*body), var, lo, hi, True)
        return sp.Integral(body, (var, lo, hi)), m + 1



MEASURE_GREEK = frozenset("mu nu lambda rho pi sigma tau gamma".split())
"""Greek letters papers name measures by (d\\mu, d\\nu, Lebesgue's d\\lambda, a prior d\\pi)."""


def _measure_letter(name: str) -> bool:
    """A differential's letter that names a measure or a distribution when the integrand does not depend on it: a
    capital (dP, dF, dH) or one of :data:`MEASURE_GREEK`."""
    letter = name.split("_")[0]
    return (len(letter) == 1 and letter.isupper()) or letter in MEASURE_GREEK


_SPACES = r"(?:\s|\\[,;:!]|~)*"
"""Blanks and spacing commands (``\\log 1\\,/\\delta``)."""
_FRACTION_AFTER = re.compile(rf"\s*(?:[_^](?:\{{[^{{}}]*\}}|\S))*{_SPACES}\\[dt]?frac(?![A-Za-z])")
"""An operator's operand that opens with a fraction, after the operator's scripts and spacing (``\\log^{2}\\,\\frac``)."""


def _closing_differential(powers: list, j: int):
    """The index of the differential that closes an ``\\int`` whose integrand starts at ``j``: each ``\\int`` inside
    takes the first differential after it (``\\int_a^b \\int_c^d f \\,dx\\,dy``: dx the inner's, dy the outer's),
    or None."""
    inner = 0
    for k in range(j, len(powers)):
        base = powers[k].base
        if isinstance(base, Head) and base.kind == "int":
            inner += 1
        elif isinstance(base, Diff):
            if not inner:
                return k
            inner -= 1
    return None


def _split_bound(operand, var):
    """The operand of ``\\sum_var`` as (what depends on var, the factors that are sums or products not depending on
    it): ``\\sum_t a_t / \\sum_t b_t`` sums ``a_t`` and divides by the inner sum, which binds its own ``t``."""
    inner, outer = [], []
    for f in sp.Mul.make_args(operand):
        whole = f.base if isinstance(f, sp.Pow) else f
        (outer if isinstance(whole, (sp.Sum, sp.Product)) and var not in f.free_symbols else inner).append(f)
    return sp.Mul(*inner), sp.Mul(*outer)


STANDARD_SPECIAL = {("B", 2): ("the beta function B(a, b)", "sympy.beta"),
                    ("B", 3): ("the incomplete beta function B(x; a, b)", "lambda x, a, b: sympy.betainc(a, b, 0, x)"),
                    ("T", 2): ("Owen's T function T(h, a)", "sympy.Function('T')"),
                    ("Q", 2): ("the Marcum Q function Q_nu(a, b)", "sympy.Function('Q')")}
"""Capital letters that, called with this many arguments, name a special function in the standard notation (DLMF
5.12.1, 8.17.1; Owen 1956; Marcum 1950, always with its order as a subscript): that function, or one of the paper's
own, which only the notation says."""


def _standard_special(source: str, head, call) -> None:
    name = call.func.__name__
    letter, _, order = name.partition("_")
    key = (letter, len(call.args))
    if key not in STANDARD_SPECIAL or (letter == "Q") != bool(order):
        return
    what, entry = STANDARD_SPECIAL[key]
    fail(source, head.start, head.end + 1, f"ambiguous: {head.text}(...) is {what} in the standard notation, or a "
         f"function of the paper's own? Declare it in the notation: functions={{r'{head.text}': {entry}}}"
         + settles(head.text, entry))


def released(call) -> bool:
    """``M(D)``, ``M_{DP}(D')``, ``A(S)``: a mechanism's or an algorithm's letter (or a name with a word of
    :data:`RANDOM_WORDS`) applied to a dataset's (``D``, ``S``, ``X``, primed or subscripted): a random release, not
    a closed form.  Other capitals (a query ``Q(D)``, a count ``N(S)``) are left to the other rules."""
    if not isinstance(call, AppliedUndef) or not call.args:
        return False
    name = call.func.__name__
    mechanism = _letter(name) in ("M", "A") or any(w.lower() in RANDOM_WORDS for w in name.split("_"))
    return mechanism and all(isinstance(a, sp.Symbol) and _letter(a.name) in ("D", "S", "X") for a in call.args)


def _letter(name: str) -> str:
    """The letter a name is written with, without its subscript and primes (``M_DP`` -> ``M``, ``D'`` -> ``D``)."""
    return name.split("_")[0].rstrip("'")


def _mechanism(name: str) -> bool:
    """A capital letter other than F, G, H (``M``, ``M_1``, ``N``, ``A'``, ``M_cal``): papers call a mechanism, an
    algorithm or a distribution so, and its value at ``S`` is random; so is a name with a word of
    :data:`RANDOM_WORDS` (``laplace_noise``)."""
    letter = _letter(name)
    if any(word.lower() in RANDOM_WORDS for word in name.split("_")):
        return True
    return len(letter) == 1 and letter.isupper() and letter not in "FGH"


def _scripted_by(body, var: str) -> list:
    """The names in ``body`` (symbols, applied functions) whose subscript holds ``var`` (``x_t``, ``g_t(x)``,
    ``x_{t,1}``, ``x_{2t}`` under an integral over t): each would be read as not depending on it."""
    names = {s.name for s in body.free_symbols} | {f.func.__name__ for f in body.atoms(AppliedUndef)}
    return sorted(n for n in names if "_" in n and var in re.findall(r"[A-Za-z]+|\d+", n.split("_", 1)[1]))


RANDOM_WORDS = frozenset("noise noisy mechanism mech sample sampler release privatize".split())
"""Words in a function's name that make its value random (``\\mathrm{laplace\\_noise}(u)``)."""


def _next_operator(powers: list, j: int) -> int:
    """Where the bare argument of an operator name that starts at ``powers[j]`` ends: before the next operator name
    that is not itself that argument's (``\\log n \\log m`` is log(n) log(m), ``\\log \\log T`` is log(log T))."""
    for s in range(j + 1, len(powers)):
        if _operator(powers[s]) and not _operator(powers[s - 1]):
            return s
    return len(powers)


def _operator(p) -> bool:
    return isinstance(p, Power) and isinstance(p.base, Head) and p.base.kind == "op"


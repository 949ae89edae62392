"""``symdp notions``: privacy notions (list, show) and the best parameter through their implications (implies)."""
from __future__ import annotations

from ..errors import SymdpError
from .options import json_flag, ranged
from .output import calculator_json

VALUE_OPTIONS = (("eps", "epsilon"), ("mu", "mu"), ("a", "a_SP"), ("alpha", "alpha_TV"), ("delta", "delta"),
                 ("eps2", "epsilon_2"), ("kl", "D_KL"), ("eta", "eta"))


VALUE_RANGES = {  # option: (low, high, closed ends, help); the same ranges as symdp.notions.graph.RANGES
    "eps": (0.0, None, "", "epsilon > 0: the parameter of a DP, BDP, MP, IP, DDP, BP or MIDP source, or the "
            "level epsilon of (epsilon, delta)-DP (ADP source or target)"),
    "mu": (0.0, None, "", "mu > 0: the parameter of a GDP source"),
    "a": (0.0, 1.0, "h", "a in (0, 1]: the parameter of an SP or BSP source (semantic privacy)"),
    "alpha": (0.0, 1.0, "h", "alpha in (0, 1]: the parameter of a TVD source (total variation)"),
    "delta": (0.0, 1.0, "", "delta in (0, 1): the parameter of an ADP source ((epsilon, delta)-DP)"),
    "eps2": (0.0, None, "", "epsilon' > 0: the parameter of an LFDP source (Laplace trade-off curve)"),
    "kl": (0.0, None, "", "D > 0: the parameter of a KL source (KL privacy)"),
    "eta": (0.0, 1.0, "", "eta in (0, 1): the parameter of a GA source (guessing advantage)"),
}


def _only_implies(args) -> None:
    for opt, _ in VALUE_OPTIONS:
        if getattr(args, opt) is not None:
            raise SymdpError(f"--{opt}", getattr(args, opt), "no value with notions " + args.action +
                             " (values go with notions implies)")
    if args.json:
        raise SymdpError("--json", "given", "only with notions implies (notions list and show print text)")


def _list(args) -> int:
    from ..notions import registry
    if args.names:
        raise SymdpError("NOTION", " ".join(args.names), "no notion ids with notions list")
    for n in registry.NOTIONS.values():
        print(f"{n.id:<4} {n.name} [{n.parameter}: {n.domain}] ({n.source})")
    return 0


def _show(args) -> int:
    from ..notions import registry
    n = registry.notion(_one(args.names, "show NOTION"))
    print(f"{n.id}: {n.name}\nparameter: {n.parameter} ({n.domain}){_query_range(n.parameter)}\nsource: {n.source}")
    for e in sorted(registry.IMPLICATIONS.values(), key=lambda e: e.id):
        if n.id in (e.source, e.target):
            print(f"  {e.id}: {e.source} => {e.target} with {e.map}  [{e.reference}]")
    return 0


def _query_range(parameter) -> str:
    """Where notions implies takes a value of the parameter, when that is narrower than the notion's own range
    (ADP's delta: 0 <= delta <= 1 by definition, a value in (0, 1) for a query)."""
    opt = next((o for o, name in VALUE_OPTIONS if name == str(parameter)), None)
    if opt is None:
        return ""
    text = VALUE_RANGES[opt][3].split(":")[0]
    return f"; notions implies takes --{opt}: {text}"


def cmd_notions(args) -> int:
    if args.action != "implies":
        _only_implies(args)
        return _list(args) if args.action == "list" else _show(args)
    return _implies(args)


def _implies(args) -> int:
    """Answered from the precomputed maps (no SymPy) when they suffice, else by the implication graph."""
    from ..notions import answers
    source, target = _two(args.names)
    values = {sym: getattr(args, opt) for opt, sym in VALUE_OPTIONS if getattr(args, opt) is not None}
    reply = answers.implies(source, target, values)
    if reply is None:
        from ..notions import graph, tabulate
        answer = graph.implies(source, target, values)
        reply = answers.Reply(tabulate.answer_json(answer), tabulate.answer_text(answer))
    if args.json:
        print(calculator_json(reply.doc))
    else:
        from ..notions.values import DIGITS
        print(reply.text + (f"\n(values to {DIGITS} significant digits)" if values else ""))
    return 0


def _one(names, usage):
    if len(names) != 1:
        raise SymdpError("NOTION", " ".join(names), f"exactly one notion id ({usage})")
    return names[0]


def _two(names):
    if len(names) != 2:
        raise SymdpError("NOTIONS", " ".join(names), "two notion ids: implies SOURCE TARGET")
    return names


def add_parsers(add) -> None:
    sp = add("notions", cmd_notions, "privacy notions and the implications between them")
    sp.add_argument("action", choices=("list", "show", "implies"), help="list | show NOTION | implies SOURCE TARGET")
    sp.add_argument("names", nargs="*", metavar="NOTION")
    for opt, sym in VALUE_OPTIONS:
        low, high, closed, help_ = VALUE_RANGES[opt]
        sp.add_argument(f"--{opt}", type=ranged(low, high, closed), default=None,
                        help=help_ + " (implies only; rejected where no chain uses it)")
    json_flag(sp)

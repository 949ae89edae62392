"""The calculators' latency: each command run as a user runs it, a fresh interpreter included."""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time

COMMANDS = (
    ("python -c pass (interpreter start-up alone)", ["-c", "pass"]),
    ("symdp epsilon --metric fbeta --beta 1 --bound 0.67 --json", None),
    ("symdp epsilon --metric fbeta --mechanism gaussian --delta 1e-5 --calibration analytic --bound 0.7", None),
    ("symdp epsilon --metric guessing-advantage --bound 0.1 --prior normal --mu 40 --sigma 15 --precision 5", None),
    ("symdp guessing --epsilon 0.1 --prior normal --mu 40 --sigma 15 --precision 5", None),
    ("symdp tvd --mechanism laplace --epsilon 1 --steps 10", None),
    ("symdp tvd --mechanism gaussian --sigma 1", None),
    ("symdp tvd --mechanism dp-sgd --sigma 0.7 --q 0.005 --steps 6000 --delta 1e-5", None),
    ("symdp mia --epsilon 1 --delta 1e-5 --fpr 0.01 --member-fraction 0.1", None),
    ("symdp notions implies MP DP --eps 1 --json", None),
    ("symdp notions implies GDP ADP --mu 1 --eps 1", None),
    ("symdp table1", None),
    ("symdp table1 --rho-p 0.2 --json", None),
)
LIMIT = 0.3
"""Seconds a calculator may take end to end (issue 24)."""


def _argv(title, args):
    return [sys.executable] + (args if args is not None else ["-m", "symdp"] + title.split()[1:])


def measure(rounds: int):
    """{title: (median wall seconds, median CPU seconds of the child, exit code)}, round-robin over the commands."""
    walls = {t: [] for t, _ in COMMANDS}
    cpus = {t: [] for t, _ in COMMANDS}
    codes = {}
    for r in range(rounds):
        order = COMMANDS[r % len(COMMANDS):] + COMMANDS[:r % len(COMMANDS)]
        for title, args in order:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            done = subprocess.run(_argv(title, args), capture_output=True, env={**os.environ})
            walls[title].append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[title].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            codes[title] = done.returncode
    return {t: (statistics.median(walls[t]), statistics.median(cpus[t]), codes[t]) for t, _ in COMMANDS}


def render(results, rounds, load) -> list[str]:
    lines = ["## Calculator latency (end to end, a fresh interpreter each time)", "",
             f"Each command run {rounds} times, round-robin over the commands (`subprocess.run`, output captured); "
             f"median wall time and median CPU time of the child (user + system).  Load {load}.  Goal: "
             f"under {LIMIT} s end to end; on an idle machine the wall time is about the CPU time (one process, "
             "no waiting), under load it grows with the queue for the cores, so the last column judges the "
             "CPU time.", "",
             "| command | wall (median) | CPU (median) | exit | CPU under 0.3 s |", "|---|---:|---:|---:|---|"]
    for title, (wall, cpu, code) in results.items():
        ok = "-" if title.startswith("python") else ("yes" if cpu < LIMIT else "no")
        lines.append(f"| `{title}` | {wall:.3f} s | {cpu:.3f} s | {code} | {ok} |")
    return lines + [""]

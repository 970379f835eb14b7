"""compute-sanitizer over the two sides of a fixture (step 4 of
docs/verify.md): a fixture whose declaration names a tool ("sanitizer":
"racecheck" or "synccheck") is run once per side under it; the tool must
report a problem in the "before" program and none in the "after" one."""

import re
import shutil
from pathlib import Path

from .util import run_cmd, tail

TOOLS = ("racecheck", "synccheck")

_ERRORS = re.compile(r"ERROR SUMMARY:\s+(\d+)\s+error")
_HAZARDS = re.compile(r"RACECHECK SUMMARY:\s+(\d+)\s+hazards?\s+displayed"
                      r"(?:\s+\((\d+)\s+errors?)?")


def sanitizer_path():
    """compute-sanitizer on PATH, else in the CUDA installation; None when
    neither has it."""
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    default = Path("/usr/local/cuda/bin/compute-sanitizer")
    return str(default) if default.is_file() else None


def parse_report(tool, text):
    """What one run reported: its error count and, for racecheck, the
    hazards it counted (errors and warnings together)."""
    errors = _ERRORS.search(text)
    out = {"errors": int(errors.group(1)) if errors else None}
    if tool == "racecheck":
        # racecheck may end with its own summary alone: "N hazards
        # displayed (E errors, W warnings)".
        hazards = _HAZARDS.search(text)
        out["hazards"] = int(hazards.group(1)) if hazards else 0
        if out["errors"] is None and hazards:
            out["errors"] = int(hazards.group(2) or 0)
    return out


def problems_found(report):
    return (report.get("errors") or 0) + (report.get("hazards") or 0)


def judge(tool, sides):
    """The verdict on the two sides' reports, and the problem to record
    (empty when the tool saw the defect before and none after)."""
    before, after = sides.get("before"), sides.get("after")
    if not before or not after or before.get("errors") is None or \
            after.get("errors") is None:
        return "not-run", f"{tool}: a side produced no report"
    if problems_found(before) == 0:
        return "FAIL", f"{tool} reports nothing in the 'before' program"
    if problems_found(after) != 0:
        return "FAIL", (f"{tool} still reports {problems_found(after)} "
                        "problem(s) in the 'after' program")
    return "ok", ""


class Sanitizer:
    def __init__(self, timeout):
        self.path = sanitizer_path()
        self.timeout = timeout

    def check(self, fx, binaries, result):
        tool = fx.spec.get("sanitizer")
        if not tool:
            return
        if not self.path:
            result["sanitizer"] = {"tool": tool, "verdict": "not-run",
                                   "why": "compute-sanitizer not found"}
            return
        sides = {}
        for side, binary in binaries.items():
            cmd = [self.path, "--tool", tool, str(binary), "--warmup", "0",
                   "--runs", "1"]
            rc, out, err = run_cmd(cmd, timeout=self.timeout)
            sides[side] = parse_report(tool, (out or "") + (err or ""))
            sides[side]["exit"] = rc
            sides[side]["tail"] = tail((out or "") + (err or ""), 3)
        verdict, problem = judge(tool, sides)
        result["sanitizer"] = {"tool": tool, "verdict": verdict, **sides}
        if problem:
            result["problems"].append(problem)

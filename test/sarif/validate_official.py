#!/usr/bin/env python3
"""Validates every SARIF report the test suite produced with Microsoft's
SARIF Multitool, the official validator (`sarif-multitool validate`).

Usage: validate_official.py --validator PATH [--expect N]
                            [--expect-problems] DIR...

Every `*.sarif` file under the directories (the lit tests' outputs: single
runs, merged shards, baselines, changed lines, the GitHub Action's report)
is validated in one run of the tool; any result it reports at level error or
warning fails the test, as does a report count below --expect (a test that
stopped writing its SARIF would otherwise go unnoticed). The tool's own exit
status says nothing of what it found (0 either way), so its SARIF output is
read instead.

A missing validator is a failure under CI=true and a skip elsewhere (exit
77, with a message saying how to install it: ./bootstrap.sh test).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

SKIP = 77


def find_reports(dirs):
    found = []
    for d in dirs:
        for root, _, files in os.walk(d):
            found += [os.path.join(root, f) for f in files
                      if f.endswith(".sarif")]
    return sorted(found)


def problems_in(log):
    """(level, rule, file, message) of each error or warning of the log."""
    out = []
    for run in log.get("runs", []):
        for r in run.get("results", []):
            level = r.get("level", "warning")
            if level not in ("error", "warning"):
                continue
            loc = r.get("locations", [{}])[0].get("physicalLocation", {})
            uri = loc.get("artifactLocation", {}).get("uri", "?")
            msg = r.get("message", {})
            text = msg.get("text") or " ".join(msg.get("arguments", []))
            out.append((level, r.get("ruleId", "?"), uri, text))
        for inv in run.get("invocations", []):
            if not inv.get("executionSuccessful", True):
                out.append(("error", "tool", "-", "the validator failed"))
    return out


def main(argv):
    p = argparse.ArgumentParser()
    p.add_argument("--validator", required=True)
    p.add_argument("--expect", type=int, default=1,
                   help="the fewest reports there must be")
    p.add_argument("--expect-problems", action="store_true",
                   help="succeed only when the validator finds a problem "
                   "(shows that it can fail)")
    p.add_argument("dirs", nargs="+")
    a = p.parse_args(argv)
    if not os.access(a.validator, os.X_OK):
        msg = (f"the SARIF validator is not installed ({a.validator}); "
               "./bootstrap.sh test installs it (npm ci in tools/sarif)")
        if os.environ.get("CI") == "true":
            print("error: " + msg)
            return 1
        print("SKIPPED: " + msg)
        return SKIP
    reports = find_reports(a.dirs)
    if len(reports) < a.expect:
        print(f"error: {len(reports)} SARIF report(s) found under "
              f"{', '.join(a.dirs)}, expected at least {a.expect} (run lit "
              "first)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "validation.sarif")
        # A .NET program: without ICU (a minimal system) it must be told
        # to run culture-invariant, which validation does not need.
        env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1")
        proc = subprocess.run([a.validator, "validate", *reports, "-o", out,
                               "--quiet"], capture_output=True, text=True,
                              env=env)
        if not os.path.isfile(out):
            print(proc.stdout + proc.stderr)
            print("error: the validator wrote no result")
            return 1
        with open(out, encoding="utf-8") as f:
            found = problems_in(json.load(f))
    for level, rule, uri, text in found:
        print(f"{uri}: {level} {rule}: {text}")
    if a.expect_problems:
        if not found:
            print("error: the validator found nothing in reports made to "
                  "fail it")
            return 1
        print(f"ok: the validator found {len(found)} problem(s), as it must")
        return 0
    if found:
        print(f"error: {len(found)} problem(s) in {len(reports)} SARIF "
              "report(s)")
        return 1
    print(f"ok: {len(reports)} SARIF report(s) valid "
          "(sarif-multitool validate)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

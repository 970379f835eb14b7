#!/usr/bin/env python3
"""Draw findings at random, stratified by check, for a hand audit.

    audit_sample.py --seed S [--total N] [--min-per-check M] SNAPSHOT...

Reads snapshots written by findings_snapshot.py (one finding per block, its
notes indented below it) and prints a Markdown table of N findings drawn with
a fixed seed: each check gets a share proportional to its findings but at
least M (or all it has, if fewer), so that rare checks are judged too. The
table has empty columns for the auditor's verdict (true / false / arguable)
and remedy (right / wrong / none); the notes of each finding follow the table
so that the auditor reads what a user reads.

It also prints the length of every warning line, measured as clang prints it
without the location: `warning: <message> [check]`.
"""

import argparse
import collections
import random
import re
import statistics
import sys

HEAD = re.compile(r"^(?P<path>\S+?):(?P<line>\d+):(?P<col>\d+): "
                  r"(?P<sev>\w+) \[(?P<check>cudalint-[\w-]+)\] "
                  r"(?P<msg>.*) \| fixes (?P<fixes>\S+)$")


def read_findings(paths):
    findings = []
    for path in paths:
        with open(path) as f:
            current = None  # The finding the next notes belong to.
            for raw in f:
                raw = raw.rstrip("\n")
                if raw.startswith("    note "):
                    if current:
                        current["notes"].append(raw.strip())
                    continue
                m = HEAD.match(raw)
                # A compiler's diagnostic is not a finding, nor are its notes.
                current = dict(m.groupdict(), notes=[]) if m else None
                if current:
                    findings.append(current)
    return findings


def warning_line(f):
    return "%s: %s [%s]" % (f["sev"], f["msg"], f["check"])


def quotas(by_check, total, minimum):
    count = sum(len(v) for v in by_check.values())
    share = {c: max(min(minimum, len(v)), round(total * len(v) / count))
             for c, v in by_check.items()}
    share = {c: min(n, len(by_check[c])) for c, n in share.items()}
    # Top up the largest checks until the total is reached.
    while sum(share.values()) < min(total, count):
        c = max((c for c in share if share[c] < len(by_check[c])),
                key=lambda c: len(by_check[c]) - share[c])
        share[c] += 1
    return share


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--total", type=int, default=80)
    parser.add_argument("--min-per-check", type=int, default=8)
    parser.add_argument("snapshots", nargs="+")
    args = parser.parse_args()
    findings = [f for f in read_findings(args.snapshots)
                if f["sev"] in ("error", "warning", "remark", "note")]
    if not findings:
        sys.exit("audit_sample: no findings in the snapshots")
    lengths = [len(warning_line(f)) for f in findings]
    print("%d findings; warning line: median %d, longest %d characters\n"
          % (len(findings), statistics.median(lengths), max(lengths)))
    by_check = collections.defaultdict(list)
    for f in findings:
        by_check[f["check"]].append(f)
    rng = random.Random(args.seed)
    drawn = []
    for check, n in sorted(quotas(by_check, args.total,
                                  args.min_per_check).items()):
        drawn += rng.sample(by_check[check], n)
    print("| # | check | where | verdict | remedy | why |")
    print("|---|---|---|---|---|---|")
    for i, f in enumerate(drawn, 1):
        print("| %d | %s | `%s:%s` | | | |"
              % (i, f["check"][len("cudalint-"):], f["path"], f["line"]))
    print()
    for i, f in enumerate(drawn, 1):
        print("%d. %s:%s:%s: %s" % (i, f["path"], f["line"], f["col"],
                                    warning_line(f)))
        for n in f["notes"]:
            print("   - " + n)
        print("   - fix-it: %s" % ("yes" if f["fixes"] != "-" else "no"))


if __name__ == "__main__":
    main()

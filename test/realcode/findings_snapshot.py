#!/usr/bin/env python3
"""A behaviour snapshot: every finding cudalint makes on some directories.

    findings_snapshot.py [--cudalint BIN] [-j N] [--fix-notes] -o OUT DIR...

Runs cudalint with --format=json once per DIR and writes one line per finding
(path relative to DIR, line, column, severity, check, message), each followed
by its notes and a digest of its fix-its, sorted. Two snapshots taken with two
builds are equal exactly when the builds report the same findings, notes and
fix-its on those directories: a refactor must leave them equal
(`diff before.txt after.txt`). The last lines count findings per check.
"""

import argparse
import collections
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CUDALINT = os.path.join(HERE, "..", "..", "build", "bin", "cudalint")


def fixes_digest(fixes):
    text = json.dumps([[f["file"], f["offset"], f["length"], f["replacement"]]
                       for f in fixes], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:12] if fixes else "-"


def relative(path, root):
    if os.path.isabs(path):
        return os.path.relpath(path, root)
    return path


def snapshot_dir(args, root):
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        cmd = [args.cudalint, "--quiet", "--format=json", "-o", report,
               "-j%d" % args.jobs, root]
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if proc.returncode not in (0, 1, 2) or not os.path.exists(report):
            sys.exit("findings_snapshot: cudalint failed on %s (exit %d): %s"
                     % (root, proc.returncode, proc.stderr[-2000:]))
        with open(report) as f:
            data = json.load(f)
    name = os.path.basename(os.path.normpath(root))
    lines = []
    for d in data["diagnostics"]:
        head = "%s/%s:%d:%d: %s [%s] %s | fixes %s" % (
            name, relative(d["file"], root), d["line"], d["column"],
            d["severity"], d["check"], d["message"], fixes_digest(d["fixes"]))
        notes = ["    note %s:%d:%d: %s | fixes %s" % (
            relative(n["file"], root), n["line"], n["column"], n["message"],
            fixes_digest(n["fixes"])) for n in d["notes"]]
        lines.append("\n".join([head] + notes))
    return lines, data["diagnostics"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cudalint", default=DEFAULT_CUDALINT)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    blocks, counts = [], collections.Counter()
    for root in args.dirs:
        lines, diags = snapshot_dir(args, os.path.abspath(root))
        blocks += lines
        for d in diags:
            counts["%s %s" % (d["check"], d["severity"])] += 1
    blocks.sort()
    with open(args.output, "w") as f:
        for block in blocks:
            f.write(block + "\n")
        f.write("# totals: %d findings\n" % len(blocks))
        for key in sorted(counts):
            f.write("# %s: %d\n" % (key, counts[key]))
    print("findings_snapshot: %d findings written to %s"
          % (len(blocks), args.output))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How much of a CUDA code base cudalint can analyse.

    parse_rate.py [options] DIR [-- extra compiler flags, e.g. -I DIR/include]

Runs cudalint once over DIR (every .cu and .cuh under it, with the flags of a
compile_commands.json when DIR has one) and prints: translation units found,
fully analysed, analysed in part (compiler errors), not analysed; fragments
(.cu files included by another .cu) linted through their includer; headers
that no .cu includes (linted on their own, counted apart); kernel
definitions found and analysed; crashes and time-outs; and the most common
first errors of the files that were not fully analysed.

--markdown NAME prints the figures as one row of the table in
docs/real-code.md instead; --json FILE keeps cudalint's own report. Kernels
in a file that could not be parsed at all (a crash, a time-out) are unknown
and not counted.
Exit status: 0, or 1 when cudalint crashed or timed out on some file, or
could not run at all.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CUDALINT = os.path.join(HERE, "..", "..", "build", "bin", "cudalint")


def cause_of(problem):
    """The first error of a file, without its place: what to count."""
    text = re.sub(r"^[^:]*:\d+: ", "", problem or "")
    text = re.sub(r"; parsing went on without it.*", "", text)
    text = re.sub(r"; did you mean .*", "", text)
    text = re.sub(r"\(signal \d+.*", "(crash)", text)
    return text.strip() or "unknown"


def run(args, extra):
    with tempfile.TemporaryDirectory() as tmp:
        report = args.json or os.path.join(tmp, "report.json")
        cmd = [args.cudalint, "--quiet", "--format=json", "-o", report,
               "--timeout", str(args.timeout)]
        if args.jobs:
            cmd.append("-j%d" % args.jobs)
        cmd.append(args.dir)
        if extra:
            cmd += ["--"] + extra
        start = time.monotonic()
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        elapsed = time.monotonic() - start
        if proc.returncode not in (0, 1, 2) or not os.path.exists(report):
            sys.exit("parse_rate: cudalint failed (exit %d): %s"
                     % (proc.returncode, proc.stderr.strip()))
        with open(report) as f:
            return json.load(f), elapsed


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dir", help="directory of CUDA code")
    p.add_argument("--cudalint", default=DEFAULT_CUDALINT,
                   help="the cudalint binary (default: this build's)")
    p.add_argument("-j", "--jobs", type=int, default=0,
                   help="files in parallel (default: all cores)")
    p.add_argument("--timeout", type=int, default=120,
                   help="seconds one file may take (default 120)")
    p.add_argument("--top", type=int, default=10,
                   help="failure causes listed (default 10)")
    p.add_argument("--json", help="keep cudalint's JSON report here")
    p.add_argument("--markdown", metavar="NAME",
                   help="print one markdown table row for code base NAME")
    p.add_argument("--list", action="store_true",
                   help="also list every file not fully analysed")
    args = p.parse_args(argv)
    if not os.path.isdir(args.dir):
        sys.exit("parse_rate: not a directory: " + args.dir)
    if not os.access(args.cudalint, os.X_OK):
        sys.exit("parse_rate: cudalint not found at " + args.cudalint)

    report, elapsed = run(args, extra)
    files = report["files"]
    # Translation units are the .cu files compiled on their own; headers
    # that no .cu includes are linted on their own too, and counted apart.
    alone = [f for f in files if "included_by" not in f]
    units = [f for f in alone if f["file"].endswith(".cu")]
    headers = [f for f in alone if not f["file"].endswith(".cu")]
    fragments = [f for f in files if "included_by" in f]
    by_status = collections.Counter(f["status"] for f in units)
    failed = [f for f in alone if f["status"] == "failed"]
    crashes = [f for f in failed if "crashed" in f.get("first_problem", "")]
    timeouts = [f for f in failed if "timed out" in f.get("first_problem", "")]
    kernels = report["summary"]["kernels"]
    analysed = report["summary"]["kernels_analysed"]
    causes = collections.Counter(
        cause_of(f.get("first_problem")) for f in units
        if f["status"] != "analysed")

    def pct(a, b):
        return "%.1f%%" % (100.0 * a / b) if b else "-"

    if args.markdown:
        top = "; ".join("%s (%d)" % (c, n)
                        for c, n in causes.most_common(args.top))
        print("| %s | %d | %d (%s) | %d | %d | %d | %d / %d (%s) | %d / %d | %s |"
              % (args.markdown, len(units), by_status["analysed"],
                 pct(by_status["analysed"], len(units)), by_status["partial"],
                 by_status["failed"], len(fragments), analysed, kernels,
                 pct(analysed, kernels), len(crashes), len(timeouts),
                 top or "-"))
    else:
        print("directory:               %s" % args.dir)
        print("translation units:       %d" % len(units))
        print("  fully analysed:        %d (%s)" % (by_status["analysed"],
                                                   pct(by_status["analysed"], len(units))))
        print("  analysed in part:      %d (compiler errors)" % by_status["partial"])
        print("  not analysed:          %d" % by_status["failed"])
        print("fragments (#included):   %d" % len(fragments))
        print("lone headers:            %d (%d fully analysed)" % (
            len(headers), sum(f["status"] == "analysed" for f in headers)))
        print("kernels found:           %d" % kernels)
        print("kernels analysed:        %d (%s)" % (analysed, pct(analysed, kernels)))
        print("crashes:                 %d" % len(crashes))
        print("time-outs:               %d" % len(timeouts))
        print("findings:                %d" % report["summary"]["findings"])
        print("time:                    %.1f s" % elapsed)
        if causes:
            print("top failure causes (first error of each file not fully analysed):")
            for cause, n in causes.most_common(args.top):
                print("  %4d  %s" % (n, cause))
        if args.list:
            for f in alone:
                if f["status"] != "analysed":
                    print("%-8s %s: %s" % (f["status"], f["file"],
                                           f.get("first_problem", "")))
    return 1 if crashes or timeouts else 0


if __name__ == "__main__":
    sys.exit(main())

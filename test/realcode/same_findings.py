#!/usr/bin/env python3
"""Whether two findings snapshots hold the same findings, texts aside.

    same_findings.py BEFORE AFTER

Reads two snapshots written by findings_snapshot.py and compares what the
analysis decided, not what the messages say: each finding's place
(path:line:col), severity and check, the digest of its own fix-it, and the
digests of the fix-its on its notes, in order. A change that only rewords
messages or moves text between the warning and its notes leaves them equal.
Prints every difference and the counts; exit status 1 when they differ.
"""

import collections
import re
import sys

HEAD = re.compile(r"^(?P<where>\S+?:\d+:\d+): (?P<sev>\w+) "
                  r"\[(?P<check>[\w-]+)\] .* \| fixes (?P<fixes>\S+)$")
NOTE_FIXES = re.compile(r"\| fixes (?P<fixes>\S+)$")


def decisions(path):
    """A multiset of (place, severity, check, fix, note fixes) tuples."""
    found, current = collections.Counter(), None
    with open(path) as f:
        for raw in f:
            raw = raw.rstrip("\n")
            m = HEAD.match(raw)
            if m:
                if current:
                    found[current[0] + (tuple(current[1]),)] += 1
                current = ((m["where"], m["sev"], m["check"], m["fixes"]), [])
            elif raw.startswith("    note ") and current:
                n = NOTE_FIXES.search(raw)
                if n and n["fixes"] != "-":
                    current[1].append(n["fixes"])
    if current:
        found[current[0] + (tuple(current[1]),)] += 1
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    before, after = decisions(sys.argv[1]), decisions(sys.argv[2])
    gone, added = before - after, after - before
    for label, diff in (("only in before", gone), ("only in after", added)):
        for (where, sev, check, fix, notes), n in sorted(diff.items()):
            print("%s: %s %s [%s] fix %s, note fixes %s%s" % (
                label, where, sev, check, fix, ",".join(notes) or "-",
                " (x%d)" % n if n > 1 else ""))
    print("%d findings before, %d after; %d only before, %d only after" % (
        sum(before.values()), sum(after.values()), sum(gone.values()),
        sum(added.values())))
    sys.exit(1 if gone or added else 0)


if __name__ == "__main__":
    main()

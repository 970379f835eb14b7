#!/usr/bin/env python3
"""Looks into a cudalint result cache, for the cache's lit tests.

    cache_tool.py entries DIR        the number of entries (0 if no DIR)
    cache_tool.py size DIR MAX       fails unless the entries fit in MAX bytes
    cache_tool.py corrupt DIR        truncates every entry to half its size
    cache_tool.py leftovers DIR      fails if a temporary file was left behind
    cache_tool.py concurrent N OUT -- COMMAND...
                                     runs COMMAND N times at once, writes the
                                     first stdout to OUT, and fails unless
                                     every run printed the same and exited
                                     with the same status (0 or 1)
"""
import os
import subprocess
import sys


def entries(directory):
    found = []
    for root, _, files in os.walk(directory):
        found += [os.path.join(root, f) for f in files if f.endswith(".json")]
    return found


def concurrent(count, out, command):
    procs = [subprocess.Popen(command, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for _ in range(count)]
    results = [(p.communicate()[0], p.returncode) for p in procs]
    with open(out, "wb") as f:
        f.write(results[0][0])
    if any(r != results[0] for r in results) or results[0][1] not in (0, 1):
        sys.exit("concurrent runs disagree: %s" % [r[1] for r in results])


def main():
    what, directory = sys.argv[1], sys.argv[2]
    if what == "entries":
        print(len(entries(directory)))
    elif what == "size":
        total = sum(os.path.getsize(e) for e in entries(directory))
        if total > int(sys.argv[3]):
            sys.exit("cache holds %d bytes, over %s" % (total, sys.argv[3]))
        print("within bound")
    elif what == "corrupt":
        for entry in entries(directory):
            size = os.path.getsize(entry)
            with open(entry, "r+b") as f:
                f.truncate(size // 2)
    elif what == "leftovers":
        temps = [f for _, _, fs in os.walk(directory) for f in fs
                 if ".cudalint-" in f]
        if temps:
            sys.exit("temporary files left behind: %s" % temps)
        print("no leftovers")
    elif what == "concurrent":
        count, out = int(sys.argv[2]), sys.argv[3]
        concurrent(count, out, sys.argv[sys.argv.index("--") + 1:])
    else:
        sys.exit("unknown command " + what)


if __name__ == "__main__":
    main()

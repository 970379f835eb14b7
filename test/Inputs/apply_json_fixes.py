#!/usr/bin/env python3
"""Usage: apply_json_fixes.py OUT.json FILE

Applies the fixes of FILE listed in cudalint's JSON output (those of the
diagnostics and of their notes) and prints the result, so that a test can
compare it with what --fix-notes writes."""
import json
import os
import sys

doc = json.load(open(sys.argv[1]))
path = sys.argv[2]
data = open(path, "rb").read()
edits = set()
for d in doc["diagnostics"]:
    for fix in d.get("fixes", []) + [f for n in d.get("notes", [])
                                     for f in n.get("fixes", [])]:
        if os.path.realpath(fix["file"]) == os.path.realpath(path):
            edits.add((fix["offset"], fix["length"], fix["replacement"]))
for offset, length, text in sorted(edits, reverse=True):
    data = data[:offset] + text.encode() + data[offset + length:]
sys.stdout.buffer.write(data)

#!/usr/bin/env python3
"""Prints the files a shard's report (JSON or SARIF) linted, one per line,
sorted, as base names: what the shard tests compare between runs."""
import json
import os
import sys

report = json.load(open(sys.argv[1]))
if "cudalint_shard" in report:
    shard = report["cudalint_shard"]
else:
    shard = report["runs"][0]["properties"]["cudalint_shard"]
record = shard["record"]
for name in sorted(os.path.basename(r["file"])
                   for r in record["units"] + record["lone"]):
    print(name)

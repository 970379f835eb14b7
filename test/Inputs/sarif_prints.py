#!/usr/bin/env python3
"""Prints each SARIF result of a report as `ruleId line fingerprint`, one per
line, in the report's order: what the fingerprint tests compare."""
import json
import sys

for result in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    region = result["locations"][0]["physicalLocation"]["region"]
    print(result["ruleId"], region["startLine"],
          result["partialFingerprints"]["primaryLocationLineHash"])

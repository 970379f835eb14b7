#!/usr/bin/env python3
"""Checks a --format=codeclimate report against what GitLab's code quality
widget reads (docs.gitlab.com, "Code Quality report format"), then prints
each issue's fields for FileCheck.

Required per issue: description (string), check_name (string), fingerprint
(string, unique in the report), severity (info, minor, major, critical or
blocker), location.path (a relative path) and location.lines.begin (an
integer from 1)."""
import json
import sys

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def fail(why):
    sys.exit("check_codeclimate: " + why)


def main():
    source = sys.stdin if sys.argv[1] == "-" else open(sys.argv[1])
    issues = json.load(source)
    if not isinstance(issues, list):
        fail("the report is not a JSON array")
    prints = set()
    print("issues=%d" % len(issues))
    for issue in issues:
        for key in ("description", "check_name", "fingerprint"):
            if not isinstance(issue.get(key), str) or not issue[key]:
                fail("issue without a string %s: %r" % (key, issue))
        if issue["fingerprint"] in prints:
            fail("fingerprint %s is not unique" % issue["fingerprint"])
        prints.add(issue["fingerprint"])
        if issue.get("severity") not in SEVERITIES:
            fail("severity %r is not one of GitLab's" % issue.get("severity"))
        location = issue.get("location", {})
        path, begin = location.get("path"), location.get("lines", {}).get("begin")
        if not isinstance(path, str) or path.startswith("/"):
            fail("location.path must be a relative path: %r" % path)
        if not isinstance(begin, int) or begin < 1:
            fail("location.lines.begin must be a line number: %r" % begin)
        print("check_name=%s severity=%s path=%s begin=%d" %
              (issue["check_name"], issue["severity"], path, begin))
        print("description=" + issue["description"])


if __name__ == "__main__":
    main()

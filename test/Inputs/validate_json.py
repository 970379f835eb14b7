#!/usr/bin/env python3
"""Checks cudalint's --format=json document and prints it flattened.

Usage: validate_json.py [FILE]   (reads stdin without FILE)

Fails (exit 1, message on stderr) unless the document has the documented
shape and types. Then prints one `path=value` line per scalar, e.g.
`diagnostics[0].check=cudalint-missing-restrict`, in document order, so that a
test can FileCheck the values it cares about.
"""
import json
import sys

from jsonflat import flatten

errors = []


def expect(cond, where, what):
    if not cond:
        errors.append("%s: %s" % (where, what))
    return cond


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def check_fix(fix, where):
    if not expect(isinstance(fix, dict), where, "a fix must be an object"):
        return
    for key, kind in (("file", str), ("offset", int), ("length", int),
                      ("replacement", str)):
        expect(key in fix, where, "missing '%s'" % key)
        if key in fix:
            ok = is_int(fix[key]) if kind is int else isinstance(fix[key], kind)
            expect(ok, where + "." + key, "must be a %s" % kind.__name__)
            if kind is int and ok:
                expect(fix[key] >= 0, where + "." + key, "must be >= 0")


def offset_of(path, line, column):
    """The byte offset of a 1-based line and column, or None."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    lines = data.split(b"\n")
    if line > len(lines):
        return -1
    return sum(len(l) + 1 for l in lines[:line - 1]) + column - 1


def check_location(obj, where):
    expect(isinstance(obj.get("file"), str) and obj.get("file"),
           where + ".file", "must be a non-empty string")
    for key in ("line", "column"):
        expect(is_int(obj.get(key)) and obj.get(key) >= 1, where + "." + key,
               "must be an integer >= 1")
    expect(is_int(obj.get("offset")) and obj.get("offset") >= 0,
           where + ".offset", "must be an integer >= 0")
    expect(isinstance(obj.get("message"), str) and obj.get("message"),
           where + ".message", "must be a non-empty string")
    if all(is_int(obj.get(k)) for k in ("line", "column", "offset")) and \
            isinstance(obj.get("file"), str):
        # line/column and offset must name the same place in the file.
        expected = offset_of(obj["file"], obj["line"], obj["column"])
        if expected is not None:
            expect(expected == obj["offset"], where + ".offset",
                   "is %d, but line %d column %d is at offset %d" %
                   (obj["offset"], obj["line"], obj["column"], expected))


def validate(doc):
    if not expect(isinstance(doc, dict), "$", "must be an object"):
        return
    expect(isinstance(doc.get("version"), str) and doc.get("version"),
           "$.version", "must be a non-empty string")
    diags = doc.get("diagnostics")
    if expect(isinstance(diags, list), "$.diagnostics", "must be an array"):
        for i, d in enumerate(diags):
            w = "$.diagnostics[%d]" % i
            if not expect(isinstance(d, dict), w, "must be an object"):
                continue
            expect(isinstance(d.get("check"), str) and d.get("check"),
                   w + ".check", "must be a non-empty string")
            expect(d.get("severity") in ("warning", "error", "note"),
                   w + ".severity", "must be warning, error or note")
            check_location(d, w)
            notes = d.get("notes")
            if expect(isinstance(notes, list), w + ".notes", "must be an array"):
                for j, n in enumerate(notes):
                    nw = "%s.notes[%d]" % (w, j)
                    if expect(isinstance(n, dict), nw, "must be an object"):
                        check_location(n, nw)
                        fixes = n.get("fixes", [])
                        if expect(isinstance(fixes, list), nw + ".fixes",
                                  "must be an array"):
                            for k, f in enumerate(fixes):
                                check_fix(f, "%s.fixes[%d]" % (nw, k))
            fixes = d.get("fixes")
            if expect(isinstance(fixes, list), w + ".fixes", "must be an array"):
                for k, f in enumerate(fixes):
                    check_fix(f, "%s.fixes[%d]" % (w, k))
    errs = doc.get("errors")
    if expect(isinstance(errs, list), "$.errors", "must be an array"):
        for i, e in enumerate(errs):
            w = "$.errors[%d]" % i
            if expect(isinstance(e, dict), w, "must be an object"):
                expect(isinstance(e.get("file"), str), w + ".file",
                       "must be a string")
                expect(isinstance(e.get("message"), str) and e.get("message"),
                       w + ".message", "must be a non-empty string")
    files = doc.get("files")
    if expect(isinstance(files, list), "$.files", "must be an array"):
        for i, f in enumerate(files):
            w = "$.files[%d]" % i
            if not expect(isinstance(f, dict), w, "must be an object"):
                continue
            expect(isinstance(f.get("file"), str) and f.get("file"),
                   w + ".file", "must be a non-empty string")
            expect(f.get("status") in ("analysed", "partial", "failed"),
                   w + ".status", "must be analysed, partial or failed")
            for key in ("compiler_errors", "kernels", "kernels_analysed"):
                expect(is_int(f.get(key)) and f.get(key) >= 0,
                       "%s.%s" % (w, key), "must be an integer >= 0")
            if is_int(f.get("kernels")) and is_int(f.get("kernels_analysed")):
                expect(f["kernels_analysed"] <= f["kernels"], w,
                       "kernels_analysed must not exceed kernels")
            if f.get("status") == "analysed":
                expect(f.get("compiler_errors") == 0, w,
                       "an analysed file has no compiler errors")
    summary = doc.get("summary")
    if expect(isinstance(summary, dict), "$.summary", "must be an object"):
        counts = ("files", "analysed", "partial", "failed", "findings",
                  "kernels", "kernels_analysed")
        for key in counts:
            expect(is_int(summary.get(key)) and summary.get(key) >= 0,
                   "$.summary." + key, "must be an integer >= 0")
        if all(is_int(summary.get(k)) for k in counts):
            expect(summary["analysed"] + summary["partial"] + summary["failed"]
                   == summary["files"], "$.summary",
                   "analysed + partial + failed must equal files")
            expect(summary["kernels_analysed"] <= summary["kernels"],
                   "$.summary", "kernels_analysed must not exceed kernels")
        if is_int(summary.get("findings")) and isinstance(diags, list):
            warnings = sum(1 for d in diags if isinstance(d, dict) and
                           d.get("severity") == "warning")
            expect(summary["findings"] == warnings, "$.summary.findings",
                   "is %s but there are %d warnings" % (summary["findings"],
                                                        warnings))




def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    try:
        doc = json.loads(text)
    except ValueError as e:
        sys.exit("validate_json.py: not JSON (%s):\n%s" % (e, text[:2000]))
    validate(doc)
    if errors:
        sys.exit("validate_json.py: invalid cudalint JSON:\n  " +
                 "\n  ".join(errors))
    lines = []
    flatten(doc, "", lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()

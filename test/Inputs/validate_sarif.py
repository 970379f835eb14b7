#!/usr/bin/env python3
"""A structural validator for SARIF 2.1.0 logs, as GitHub code scanning reads them.

Usage: validate_sarif.py [--flatten] [FILE]   (reads stdin without FILE)

Enforces the properties that the SARIF 2.1.0 schema marks required, the types
and value ranges of the ones cudalint writes, and what GitHub code scanning
additionally needs (a rule id on every result, rule metadata in the driver,
a physical location with a file URI and a start line). If the jsonschema
module is installed and SARIF_SCHEMA names the sarif-schema-2.1.0.json file,
the log is also validated against that schema.

With --flatten, prints one `path=value` line per scalar (document order) so
that tests can FileCheck particular values.
"""
import json
import os
import re
import sys

from jsonflat import flatten

LEVELS = ("none", "note", "warning", "error")
errors = []


def expect(cond, where, what):
    if not cond:
        errors.append("%s: %s" % (where, what))
    return bool(cond)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def nonempty_str(v):
    return isinstance(v, str) and v != ""


def check_message(m, where, required=True):
    if m is None and not required:
        return
    if expect(isinstance(m, dict), where, "message must be an object"):
        expect(nonempty_str(m.get("text")) or nonempty_str(m.get("id")), where,
               "message needs 'text' (or 'id')")


def check_uri(uri, where):
    if not expect(nonempty_str(uri), where, "uri must be a non-empty string"):
        return
    expect("\\" not in uri and " " not in uri, where,
           "uri must be a URI reference (no backslashes or raw spaces): " + uri)
    m = re.match(r"^([A-Za-z][A-Za-z0-9+.\-]*):", uri)
    if m:
        expect(m.group(1).lower() == "file", where,
               "an absolute uri must use the file scheme: " + uri)


def check_region(r, where):
    if not expect(isinstance(r, dict), where, "region must be an object"):
        return
    expect("startLine" in r or "charOffset" in r or "byteOffset" in r, where,
           "region needs startLine, charOffset or byteOffset")
    for key in ("startLine", "startColumn", "endLine", "endColumn"):
        if key in r:
            expect(is_int(r[key]) and r[key] >= 1, where + "." + key,
                   "must be an integer >= 1")
    for key in ("charOffset", "charLength", "byteOffset", "byteLength"):
        if key in r:
            expect(is_int(r[key]) and r[key] >= 0, where + "." + key,
                   "must be an integer >= 0")
    if is_int(r.get("startLine")) and is_int(r.get("endLine")):
        expect(r["endLine"] >= r["startLine"], where, "endLine < startLine")
    if "snippet" in r:
        expect(isinstance(r["snippet"], dict), where + ".snippet",
               "must be an object")


def check_artifact_location(a, where):
    if expect(isinstance(a, dict), where, "artifactLocation must be an object"):
        check_uri(a.get("uri"), where + ".uri")
        if "uriBaseId" in a:
            expect(nonempty_str(a["uriBaseId"]), where + ".uriBaseId",
                   "must be a non-empty string")


def check_location(loc, where, need_physical):
    if not expect(isinstance(loc, dict), where, "location must be an object"):
        return
    if "id" in loc:
        expect(is_int(loc["id"]) and loc["id"] >= -1, where + ".id",
               "must be an integer >= -1")
    phys = loc.get("physicalLocation")
    if need_physical:
        expect(phys is not None, where, "needs a physicalLocation")
    if phys is not None and expect(isinstance(phys, dict),
                                   where + ".physicalLocation",
                                   "must be an object"):
        w = where + ".physicalLocation"
        expect("artifactLocation" in phys, w, "needs an artifactLocation")
        if "artifactLocation" in phys:
            check_artifact_location(phys["artifactLocation"],
                                    w + ".artifactLocation")
        if need_physical:
            expect("region" in phys, w, "needs a region (GitHub)")
        if "region" in phys:
            check_region(phys["region"], w + ".region")
            if need_physical:
                expect(is_int(phys["region"].get("startLine")),
                       w + ".region", "needs startLine (GitHub)")
    if "message" in loc:
        check_message(loc["message"], where + ".message")


def check_fix(fix, where):
    if not expect(isinstance(fix, dict), where, "fix must be an object"):
        return
    if "description" in fix:
        check_message(fix["description"], where + ".description")
    changes = fix.get("artifactChanges")
    if not expect(isinstance(changes, list) and changes, where,
                  "artifactChanges must be a non-empty array"):
        return
    for i, ch in enumerate(changes):
        w = "%s.artifactChanges[%d]" % (where, i)
        if not expect(isinstance(ch, dict), w, "must be an object"):
            continue
        expect("artifactLocation" in ch, w, "needs an artifactLocation")
        if "artifactLocation" in ch:
            check_artifact_location(ch["artifactLocation"],
                                    w + ".artifactLocation")
        reps = ch.get("replacements")
        if not expect(isinstance(reps, list) and reps, w,
                      "replacements must be a non-empty array"):
            continue
        for j, rep in enumerate(reps):
            rw = "%s.replacements[%d]" % (w, j)
            if not expect(isinstance(rep, dict), rw, "must be an object"):
                continue
            expect("deletedRegion" in rep, rw, "needs a deletedRegion")
            if "deletedRegion" in rep:
                check_region(rep["deletedRegion"], rw + ".deletedRegion")
            if "insertedContent" in rep:
                ic = rep["insertedContent"]
                expect(isinstance(ic, dict) and (isinstance(ic.get("text"), str)
                                                 or "binary" in ic),
                       rw + ".insertedContent", "needs 'text' or 'binary'")


def check_multiformat(obj, where):
    if expect(isinstance(obj, dict), where, "must be an object"):
        expect(nonempty_str(obj.get("text")), where + ".text",
               "must be a non-empty string")


def check_rule(rule, where):
    if not expect(isinstance(rule, dict), where, "rule must be an object"):
        return None
    expect(nonempty_str(rule.get("id")), where + ".id",
           "must be a non-empty string")
    for key in ("shortDescription", "fullDescription", "help"):
        expect(key in rule, where, "needs %s (GitHub shows it)" % key)
        if key in rule:
            check_multiformat(rule[key], where + "." + key)
    if "helpUri" in rule:
        expect(nonempty_str(rule["helpUri"]) and
               re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:", rule["helpUri"]),
               where + ".helpUri", "must be an absolute URI")
    if "defaultConfiguration" in rule:
        dc = rule["defaultConfiguration"]
        if expect(isinstance(dc, dict), where + ".defaultConfiguration",
                  "must be an object"):
            if "level" in dc:
                expect(dc["level"] in LEVELS,
                       where + ".defaultConfiguration.level",
                       "must be one of " + ", ".join(LEVELS))
            if "enabled" in dc:
                expect(isinstance(dc["enabled"], bool),
                       where + ".defaultConfiguration.enabled",
                       "must be a boolean")
    return rule.get("id")


def check_run(run, where):
    if not expect(isinstance(run, dict), where, "run must be an object"):
        return
    tool = run.get("tool")
    driver = tool.get("driver") if isinstance(tool, dict) else None
    if not expect(isinstance(driver, dict), where + ".tool.driver",
                  "is required"):
        return
    w = where + ".tool.driver"
    expect(nonempty_str(driver.get("name")), w + ".name",
           "must be a non-empty string")
    if "version" in driver:
        expect(nonempty_str(driver["version"]), w + ".version",
               "must be a non-empty string")
    if "semanticVersion" in driver:
        expect(nonempty_str(driver["semanticVersion"]), w + ".semanticVersion",
               "must be a non-empty string")
    if "informationUri" in driver:
        expect(nonempty_str(driver["informationUri"]) and
               re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*:", driver["informationUri"]),
               w + ".informationUri", "must be an absolute URI")
    rule_ids = []
    rules = driver.get("rules", [])
    if expect(isinstance(rules, list), w + ".rules", "must be an array"):
        for i, rule in enumerate(rules):
            rule_ids.append(check_rule(rule, "%s.rules[%d]" % (w, i)))
    expect(len(set(rule_ids)) == len(rule_ids), w + ".rules",
           "rule ids must be unique")

    results = run.get("results")
    if expect(isinstance(results, list), where + ".results",
              "must be an array (GitHub requires it, even when empty)"):
        for i, res in enumerate(results):
            rw = "%s.results[%d]" % (where, i)
            if not expect(isinstance(res, dict), rw, "must be an object"):
                continue
            check_message(res.get("message"), rw + ".message")
            rule_id = res.get("ruleId")
            if isinstance(res.get("rule"), dict) and rule_id is None:
                rule_id = res["rule"].get("id")
            expect(nonempty_str(rule_id), rw + ".ruleId",
                   "GitHub needs a rule id on every result")
            expect(rule_id in rule_ids, rw + ".ruleId",
                   "'%s' has no entry in tool.driver.rules" % rule_id)
            if "ruleIndex" in res:
                idx = res["ruleIndex"]
                if expect(is_int(idx) and 0 <= idx < len(rule_ids),
                          rw + ".ruleIndex", "must index tool.driver.rules"):
                    expect(rule_ids[idx] == rule_id, rw + ".ruleIndex",
                           "points at '%s', not '%s'" % (rule_ids[idx],
                                                         rule_id))
            if "level" in res:
                expect(res["level"] in LEVELS, rw + ".level",
                       "must be one of " + ", ".join(LEVELS))
            if "kind" in res:
                expect(res["kind"] in ("notApplicable", "pass", "fail",
                                       "review", "open", "informational"),
                       rw + ".kind", "is not a SARIF result kind")
            locs = res.get("locations")
            if expect(isinstance(locs, list) and locs, rw + ".locations",
                      "GitHub needs at least one location"):
                for j, loc in enumerate(locs):
                    check_location(loc, "%s.locations[%d]" % (rw, j), True)
            related = res.get("relatedLocations", [])
            if expect(isinstance(related, list), rw + ".relatedLocations",
                      "must be an array"):
                ids = [l.get("id") for l in related
                       if isinstance(l, dict) and "id" in l]
                expect(len(ids) == len(set(ids)), rw + ".relatedLocations",
                       "ids must be unique")
                for j, loc in enumerate(related):
                    check_location(loc, "%s.relatedLocations[%d]" % (rw, j),
                                   False)
            fixes = res.get("fixes", [])
            if expect(isinstance(fixes, list), rw + ".fixes",
                      "must be an array"):
                for j, fix in enumerate(fixes):
                    check_fix(fix, "%s.fixes[%d]" % (rw, j))
            if "partialFingerprints" in res:
                pf = res["partialFingerprints"]
                expect(isinstance(pf, dict) and
                       all(isinstance(v, str) for v in pf.values()),
                       rw + ".partialFingerprints",
                       "must map names to strings")

    invocations = run.get("invocations", [])
    if expect(isinstance(invocations, list), where + ".invocations",
              "must be an array"):
        for i, inv in enumerate(invocations):
            iw = "%s.invocations[%d]" % (where, i)
            if not expect(isinstance(inv, dict), iw, "must be an object"):
                continue
            expect(isinstance(inv.get("executionSuccessful"), bool),
                   iw + ".executionSuccessful", "is required, a boolean")
            for key in ("toolExecutionNotifications",
                        "toolConfigurationNotifications"):
                notes = inv.get(key, [])
                if not expect(isinstance(notes, list), iw + "." + key,
                              "must be an array"):
                    continue
                for j, n in enumerate(notes):
                    nw = "%s.%s[%d]" % (iw, key, j)
                    if not expect(isinstance(n, dict), nw, "must be an object"):
                        continue
                    check_message(n.get("message"), nw + ".message")
                    if "level" in n:
                        expect(n["level"] in LEVELS, nw + ".level",
                               "must be one of " + ", ".join(LEVELS))
                    for k, loc in enumerate(n.get("locations", [])):
                        check_location(loc, "%s.locations[%d]" % (nw, k),
                                       False)

    artifacts = run.get("artifacts", [])
    if expect(isinstance(artifacts, list), where + ".artifacts",
              "must be an array"):
        for i, art in enumerate(artifacts):
            aw = "%s.artifacts[%d]" % (where, i)
            if expect(isinstance(art, dict), aw, "must be an object"):
                if "location" in art:
                    check_artifact_location(art["location"], aw + ".location")


def validate(log):
    if not expect(isinstance(log, dict), "$", "must be an object"):
        return
    expect(log.get("version") == "2.1.0", "$.version", "must be \"2.1.0\"")
    if "$schema" in log:
        expect(nonempty_str(log["$schema"]) and "sarif" in log["$schema"],
               "$.$schema", "must name a SARIF schema")
    runs = log.get("runs")
    if expect(isinstance(runs, list) and runs, "$.runs",
              "must be a non-empty array"):
        for i, run in enumerate(runs):
            check_run(run, "$.runs[%d]" % i)


def validate_with_schema(log):
    schema_path = os.environ.get("SARIF_SCHEMA")
    if not schema_path:
        return
    try:
        import jsonschema
    except ImportError:
        return
    with open(schema_path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft7Validator(schema)
    for e in validator.iter_errors(log):
        errors.append("schema: %s at %s" % (e.message, "/".join(
            str(p) for p in e.absolute_path)))




def main():
    args = sys.argv[1:]
    do_flatten = "--flatten" in args
    args = [a for a in args if a != "--flatten"]
    text = open(args[0]).read() if args else sys.stdin.read()
    try:
        log = json.loads(text)
    except ValueError as e:
        sys.exit("validate_sarif.py: not JSON (%s):\n%s" % (e, text[:2000]))
    validate(log)
    validate_with_schema(log)
    if errors:
        sys.exit("validate_sarif.py: invalid SARIF 2.1.0:\n  " +
                 "\n  ".join(errors))
    if do_flatten:
        lines = []
        flatten(log, "", lines)
        print("\n".join(lines))


if __name__ == "__main__":
    main()

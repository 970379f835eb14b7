"""Flattens a JSON document into `path=value` lines that FileCheck can match,
shared by validate_json.py and validate_sarif.py."""
import json


def flatten(value, path, out):
    if isinstance(value, dict):
        for key in value:
            flatten(value[key], "%s.%s" % (path, key) if path else key, out)
    elif isinstance(value, list):
        out.append("%s.length=%d" % (path, len(value)))
        for i, item in enumerate(value):
            flatten(item, "%s[%d]" % (path, i), out)
    else:
        out.append("%s=%s" % (path, value if isinstance(value, str)
                              else json.dumps(value)))

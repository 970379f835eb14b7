#!/usr/bin/env python3
"""Checks action.yml, the GitHub Action, the way GitHub would read it: a
composite action whose steps install and lint through the script in this
repository, upload the SARIF with github/codeql-action, and fail the job on
findings; every input the steps use is declared. Prints what it checked."""
import os
import re
import sys

import yaml


def main():
    path = sys.argv[1]
    action = yaml.safe_load(open(path))
    runs = action["runs"]
    assert runs["using"] == "composite", runs["using"]
    steps = runs["steps"]
    names = []
    for step in steps:
        if step.get("uses", "").startswith("github/codeql-action/upload-sarif"):
            names.append("upload-sarif")
        elif step.get("id"):
            names.append(step["id"])
        elif "exit 1" in step.get("run", ""):
            names.append("fail-on-findings")
    print("composite: " + ", ".join(names))
    used = set(re.findall(r"inputs\.([a-z-]+)", open(path).read()))
    undeclared = used - set(action["inputs"])
    assert not undeclared, "inputs used but not declared: %s" % undeclared
    script = re.search(r'\$GITHUB_ACTION_PATH/([^"]+)"', steps[0]["run"]).group(1)
    root = os.path.dirname(os.path.abspath(path))
    assert os.access(os.path.join(root, script), os.X_OK), script
    print("script: %s exists" % script)


if __name__ == "__main__":
    main()

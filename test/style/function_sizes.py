#!/usr/bin/env python3
"""The size limits of the project's own code, measured with universal-ctags.

    test/style/function_sizes.py [--top N] [--max-function 120] [--max-file 1000]

Lists every function of checks/ and driver/ longer than --max-function lines
(from the line of its name to its closing brace, as
`ctags --fields=+ne --output-format=json` reports them) and every source file
longer than --max-file lines, and exits 1 when there is one. --top N also
prints the N longest functions, to see where the code is heading.
clang-tidy's readability-function-size (checks/.clang-tidy) keeps the same
function limit in CI; this script is the quick way to look.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DIRS = ("checks", "driver")
SUFFIXES = (".cpp", ".h")
SKIP = os.path.join("driver", "worker", "include-shims")


def sources():
    for top in DIRS:
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            rel_dir = os.path.relpath(dirpath, ROOT)
            if rel_dir.startswith(SKIP):
                continue
            for name in sorted(names):
                if name.endswith(SUFFIXES):
                    yield os.path.join(rel_dir, name)


def function_lengths(files):
    """(lines, path, qualified name) of every function with a known end."""
    try:
        out = subprocess.run(
            ["ctags", "--fields=+neS", "--output-format=json", "--languages=C++",
             "--language-force=C++", "-f", "-"] + files,
            cwd=ROOT, check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as err:
        sys.exit("function_sizes: universal-ctags failed (apt-get install "
                 "universal-ctags): %s" % err)
    rows = []
    for line in out.splitlines():
        tag = json.loads(line)
        if tag.get("kind") not in ("function", "method") or "end" not in tag:
            continue
        scope = tag.get("scope", "")
        name = scope + "::" + tag["name"] if scope else tag["name"]
        rows.append((tag["end"] - tag["line"] + 1, tag["path"], tag["line"], name))
    return sorted(rows, reverse=True)


def file_lengths(files):
    rows = []
    for path in files:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            rows.append((sum(1 for _ in f), path))
    return sorted(rows, reverse=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-function", type=int, default=120)
    parser.add_argument("--max-file", type=int, default=1000)
    parser.add_argument("--top", type=int, default=0)
    args = parser.parse_args()
    files = list(sources())
    functions = function_lengths(files)
    lengths = file_lengths(files)
    for n, path, line, name in functions[:args.top]:
        print("%5d  %s:%d  %s" % (n, path, line, name))
    long_functions = [r for r in functions if r[0] > args.max_function]
    long_files = [r for r in lengths if r[0] > args.max_file]
    for n, path, line, name in long_functions:
        print("function_sizes: %s:%d: '%s' is %d lines (limit %d)"
              % (path, line, name, n, args.max_function))
    for n, path in long_files:
        print("function_sizes: %s is %d lines (limit %d)"
              % (path, n, args.max_file))
    print("function_sizes: %d functions in %d files; longest function %d "
          "lines, longest file %d lines"
          % (len(functions), len(files), functions[0][0] if functions else 0,
             lengths[0][0] if lengths else 0))
    return 1 if long_functions or long_files else 0


if __name__ == "__main__":
    sys.exit(main())

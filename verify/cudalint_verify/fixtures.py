"""Fixtures: fixtures/<check>/<case>.cu with <case>.expect.json beside it.

load_expect() validates a declaration (docs/verify.md, "The declaration");
find_fixtures() turns the command line's paths and --fixtures globs into the
list of fixtures to verify."""

import fnmatch
import json
from pathlib import Path

from .util import FIXTURES, UsageError, rel

EXPECT_KEYS = {
    "check", "kernel", "fix", "expect_diagnostics", "expect_fixed",
    "compare", "gpu_facts_row", "expected_speedup", "no_diagnostics",
    "silent_after_fix", "nvcc_flags", "cudalint_args", "comment", "after",
    "awaiting_measurement", "sanitizer",
}

FIX_MODES = ("fix", "notes", "manual")

EXPECT_SUFFIX = ".expect.json"


class Fixture:
    def __init__(self, source, expect_path, spec):
        self.source = source            # Path of <case>.cu
        self.expect_path = expect_path  # Path of <case>.expect.json
        self.spec = spec
        try:
            self.id = str(source.resolve().relative_to(FIXTURES).with_suffix(""))
            self.bundled = True
        except ValueError:
            self.id = str(source.with_suffix(""))
            self.bundled = False
        self.name = source.stem
        self.check = spec["check"]
        self.kernel = spec.get("kernel", "")
        self.clean = bool(spec.get("no_diagnostics", False))
        # A pattern the check stays silent on until this pair is timed.
        self.awaiting = bool(spec.get("awaiting_measurement", False))
        # fix "manual": the hand-written "after" program, next to the fixture.
        self.after = source.with_name(spec["after"]) if "after" in spec \
            else None


def load_expect(expect_path):
    """Reads and validates one declaration; raises UsageError naming the
    file and the first problem found."""
    spec = _read_spec(expect_path)
    where = rel(expect_path)
    _check_keys(spec, where)
    if spec.get("no_diagnostics"):
        if "fix" in spec or "expect_diagnostics" in spec or "after" in spec:
            raise UsageError(f"{where}: 'no_diagnostics' excludes 'fix', "
                             "'expect_diagnostics' and 'after'")
        return spec
    _check_fix_mode(spec, expect_path, where)
    if spec.get("awaiting_measurement"):
        _check_awaiting(spec, where)
    else:
        _check_expected_diagnostics(spec, where)
    _check_value_types(spec, where)
    return spec


def _read_spec(expect_path):
    try:
        spec = json.loads(expect_path.read_text())
    except (OSError, ValueError) as e:
        raise UsageError(f"{rel(expect_path)}: cannot read: {e}")
    if not isinstance(spec, dict):
        raise UsageError(f"{rel(expect_path)}: must hold a JSON object")
    return spec


def _check_keys(spec, where):
    unknown = set(spec) - EXPECT_KEYS
    if unknown:
        raise UsageError(f"{where}: unknown key(s) {sorted(unknown)}; "
                         f"known: {sorted(EXPECT_KEYS)}")
    if not isinstance(spec.get("check"), str) or not spec["check"]:
        raise UsageError(f"{where}: 'check' (the cudalint check name) is required")


def _check_fix_mode(spec, expect_path, where):
    if spec.get("fix") not in FIX_MODES:
        raise UsageError(f"{where}: 'fix' must be \"fix\" (applied by --fix), "
                         "\"notes\" (applied by --fix-notes) or \"manual\" "
                         "(a hand-written 'after' file)")
    if spec["fix"] == "manual":
        _check_after(spec.get("after"), expect_path, where)
    elif "after" in spec:
        raise UsageError(f"{where}: 'after' is only for fix \"manual\" "
                         "(fix-its applied by cudalint produce their own)")


def _check_after(after, expect_path, where):
    """The "after" file of fix "manual": another .cu file beside the
    fixture."""
    if not isinstance(after, str) or not after:
        raise UsageError(f"{where}: fix \"manual\" needs 'after': the file "
                         "name of the hand-written fixed program, next to "
                         "the fixture")
    source_name = expect_path.name[:-len(EXPECT_SUFFIX)] + ".cu"
    if "/" in after or "\\" in after or after in (".", "..") or \
            not after.endswith(".cu") or after == source_name:
        raise UsageError(f"{where}: 'after' must name another .cu file in "
                         f"the fixture's own directory, not {after!r}")
    if not (expect_path.parent / after).is_file():
        raise UsageError(f"{where}: 'after' file {after} not found next "
                         "to the fixture")


def _check_awaiting(spec, where):
    """A pattern family that has no severity yet: the check must stay
    silent on both sides, and the pair is timed to decide one."""
    if spec["fix"] != "manual" or "expect_diagnostics" in spec:
        raise UsageError(f"{where}: 'awaiting_measurement' needs fix "
                         "\"manual\" and no 'expect_diagnostics' (the check "
                         "stays silent until the pair is measured)")


def _is_string_list(value):
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _check_expected_diagnostics(spec, where):
    diags = spec.get("expect_diagnostics")
    if not _is_string_list(diags) or not diags:
        raise UsageError(f"{where}: 'expect_diagnostics' must be a non-empty "
                         "list of strings")


def _check_value_types(spec, where):
    for key in ("expect_fixed", "nvcc_flags", "cudalint_args"):
        if key in spec and not _is_string_list(spec[key]):
            raise UsageError(f"{where}: '{key}' must be a list of strings")
    compare = spec.get("compare", "bitwise")
    if compare != "bitwise":
        if not (isinstance(compare, dict) and set(compare) <= {"rtol", "atol"}
                and all(isinstance(v, (int, float)) and v >= 0
                        for v in compare.values())):
            raise UsageError(f"{where}: 'compare' must be \"bitwise\" or "
                             "{\"rtol\": R, \"atol\": A}")
    if "sanitizer" in spec and spec["sanitizer"] not in ("racecheck",
                                                         "synccheck"):
        raise UsageError(f"{where}: 'sanitizer' must be \"racecheck\" or "
                         "\"synccheck\"")
    if "expected_speedup" in spec and \
            not isinstance(spec["expected_speedup"], (int, float)):
        raise UsageError(f"{where}: 'expected_speedup' must be a number")


def fixture_for(path):
    """The fixture named by its .cu file or by its .expect.json file."""
    path = Path(path)
    if path.name.endswith(EXPECT_SUFFIX):
        expect = path
        source = path.with_name(path.name[:-len(EXPECT_SUFFIX)] + ".cu")
    else:
        source = path
        expect = path.with_name(path.stem + EXPECT_SUFFIX)
    if not source.is_file():
        raise UsageError(f"{path}: no fixture source {source}")
    if not expect.is_file():
        raise UsageError(f"{source}: no declaration {expect.name} next to it "
                         "(see docs/verify.md)")
    return Fixture(source, expect, load_expect(expect))


def _fixtures_under(directory):
    return [fixture_for(e) for e in sorted(directory.rglob("*" + EXPECT_SUFFIX))]


def _collect(paths):
    if not paths:
        return _fixtures_under(FIXTURES)
    found = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found += _fixtures_under(p)
        elif p.exists():
            found.append(fixture_for(p))
        else:
            raise UsageError(f"{p}: no such file or directory")
    return found


def _select(found, globs):
    """The fixtures whose id, id.cu, name or path matches one of the globs,
    in the order of the globs; each glob must match something."""
    selected = []
    for pattern in globs:
        hits = [f for f in found if any(
            fnmatch.fnmatchcase(name, pattern)
            for name in (f.id, f.id + ".cu", f.name, rel(f.source)))]
        if not hits:
            raise UsageError(f"--fixtures {pattern!r} matches no fixture; "
                             "known: " + ", ".join(f.id for f in found))
        selected += [f for f in hits if f not in selected]
    return selected


def find_fixtures(paths, globs):
    found = _collect(paths)
    if globs:
        found = _select(found, globs)
    if not found:
        raise UsageError("no fixtures found")
    return found

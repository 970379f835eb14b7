"""Fixture discovery and the .expect.json declarations."""

import json
import tempfile
import unittest
from pathlib import Path

from cudalint_verify.fixtures import (find_fixtures, fixture_for,
                                      load_expect)
from cudalint_verify.util import UsageError

VALID = {
    "check": "cudalint-missing-restrict",
    "kernel": "conv1d",
    "fix": "notes",
    "expect_diagnostics": ["[cudalint-missing-restrict]"],
    "expect_fixed": ["__restrict__ out"],
    "compare": {"rtol": 1e-5, "atol": 0},
    "expected_speedup": 3.5,
}


class TempDirTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = Path(tmp.name)

    def write_fixture(self, name, spec, subdir="", source="// kernel\n"):
        d = self.dir / subdir
        d.mkdir(parents=True, exist_ok=True)
        (d / (name + ".cu")).write_text(source)
        expect = d / (name + ".expect.json")
        expect.write_text(spec if isinstance(spec, str) else json.dumps(spec))
        return expect


class LoadExpectTest(TempDirTest):
    def assert_rejected(self, spec, message, **kw):
        expect = self.write_fixture("case", spec, **kw)
        with self.assertRaises(UsageError) as caught:
            load_expect(expect)
        self.assertIn(message, str(caught.exception))

    def test_valid_declaration_is_returned_as_is(self):
        self.assertEqual(load_expect(self.write_fixture("case", VALID)), VALID)

    def test_clean_counterpart(self):
        spec = {"check": "cudalint-missing-restrict", "no_diagnostics": True}
        self.assertEqual(load_expect(self.write_fixture("case", spec)), spec)

    def test_unreadable_and_non_object(self):
        self.assert_rejected("{not json", "cannot read")
        self.assert_rejected("[1, 2]", "must hold a JSON object")

    def test_unknown_key_is_an_error(self):
        self.assert_rejected(dict(VALID, expect_diagnostic=["x"]),
                             "unknown key(s) ['expect_diagnostic']")

    def test_check_is_required(self):
        self.assert_rejected({k: v for k, v in VALID.items() if k != "check"},
                             "'check' (the cudalint check name) is required")

    def test_clean_excludes_fix(self):
        self.assert_rejected(dict(VALID, no_diagnostics=True),
                             "'no_diagnostics' excludes")

    def test_fix_mode(self):
        self.assert_rejected(dict(VALID, fix="auto"), "'fix' must be")
        self.assert_rejected(dict(VALID, after="other.cu"),
                             "'after' is only for fix \"manual\"")

    def test_manual_needs_an_after_file_beside_it(self):
        manual = dict(VALID, fix="manual")
        self.assert_rejected(manual, "needs 'after'")
        for bad in ("../x.cu", "x.txt", "case.cu", ".."):
            self.assert_rejected(dict(manual, after=bad),
                                 "must name another .cu file")
        self.assert_rejected(dict(manual, after="tiled.cu"), "not found")
        (self.dir / "tiled.cu").write_text("// after\n")
        expect = self.write_fixture("case", dict(manual, after="tiled.cu"))
        fx = fixture_for(expect)
        self.assertEqual(fx.after, self.dir / "tiled.cu")

    def test_awaiting_measurement_is_a_silent_manual_pair(self):
        (self.dir / "warp.cu").write_text("// after\n")
        spec = {"check": "cudalint-atomic-hotspot", "fix": "manual",
                "after": "warp.cu", "awaiting_measurement": True}
        fx = fixture_for(self.write_fixture("case", spec))
        self.assertTrue(fx.awaiting)
        self.assertEqual(fx.after, self.dir / "warp.cu")
        self.assert_rejected(dict(spec, fix="notes"),
                             "'after' is only for fix \"manual\"")
        self.assert_rejected(dict(spec, expect_diagnostics=["x"]),
                             "'awaiting_measurement' needs fix \"manual\"")
        self.assert_rejected(dict(spec, compare="close"), "'compare' must be")

    def test_value_types(self):
        self.assert_rejected(dict(VALID, expect_diagnostics=[]),
                             "'expect_diagnostics' must be a non-empty list")
        self.assert_rejected(dict(VALID, expect_diagnostics="x"),
                             "'expect_diagnostics' must be a non-empty list")
        self.assert_rejected(dict(VALID, nvcc_flags="-lcublas"),
                             "'nvcc_flags' must be a list of strings")
        self.assert_rejected(dict(VALID, compare="close"),
                             "'compare' must be")
        self.assert_rejected(dict(VALID, compare={"rtol": -1}),
                             "'compare' must be")
        self.assert_rejected(dict(VALID, compare={"eps": 1}),
                             "'compare' must be")
        self.assert_rejected(dict(VALID, expected_speedup="3x"),
                             "'expected_speedup' must be a number")
        self.assert_rejected(dict(VALID, sanitizer="memcheck"),
                             "'sanitizer' must be")


class FindFixturesTest(TempDirTest):
    def setUp(self):
        super().setUp()
        self.write_fixture("conv1d", VALID, "restrict")
        self.write_fixture("conv1d_clean", {"check": "c", "no_diagnostics": True},
                           "restrict")
        self.write_fixture("transpose", dict(VALID, check="c2"), "bank")
        # An "after" file without a declaration is not a fixture.
        (self.dir / "bank" / "transpose_padded.cu").write_text("//\n")

    def test_directory_is_searched_in_sorted_order(self):
        found = find_fixtures([str(self.dir)], None)
        self.assertEqual([f.name for f in found],
                         ["transpose", "conv1d", "conv1d_clean"])
        self.assertFalse(found[0].bundled)
        self.assertEqual(found[0].id, str(self.dir / "bank" / "transpose"))
        self.assertTrue(found[2].clean)
        self.assertEqual(found[1].check, "cudalint-missing-restrict")
        self.assertEqual(found[1].kernel, "conv1d")

    def test_fixture_named_by_source_or_declaration(self):
        by_source = fixture_for(self.dir / "restrict" / "conv1d.cu")
        by_expect = fixture_for(self.dir / "restrict" / "conv1d.expect.json")
        self.assertEqual(by_source.source, by_expect.source)
        self.assertEqual(by_source.expect_path, by_expect.expect_path)

    def test_source_without_declaration(self):
        with self.assertRaisesRegex(UsageError, "no declaration"):
            fixture_for(self.dir / "bank" / "transpose_padded.cu")
        with self.assertRaisesRegex(UsageError, "no such file"):
            find_fixtures([str(self.dir / "missing.cu")], None)

    def test_globs_select_by_name_in_glob_order(self):
        found = find_fixtures([str(self.dir)], ["conv1d*", "transpose"])
        self.assertEqual([f.name for f in found],
                         ["conv1d", "conv1d_clean", "transpose"])
        # A fixture matched twice is listed once.
        found = find_fixtures([str(self.dir)], ["conv1d", "*conv1d"])
        self.assertEqual([f.name for f in found], ["conv1d"])

    def test_glob_matching_nothing_lists_the_known_ids(self):
        with self.assertRaisesRegex(UsageError, "matches no fixture; known:"):
            find_fixtures([str(self.dir)], ["nothing*"])

    def test_empty_directory(self):
        empty = self.dir / "empty"
        empty.mkdir()
        with self.assertRaisesRegex(UsageError, "no fixtures found"):
            find_fixtures([str(empty)], None)


class BundledFixturesTest(unittest.TestCase):
    def test_every_bundled_declaration_is_valid(self):
        found = find_fixtures(None, None)
        self.assertTrue(found)
        for fx in found:
            self.assertTrue(fx.bundled)
            self.assertEqual(fx.id, f"{fx.source.parent.name}/{fx.name}")


if __name__ == "__main__":
    unittest.main()

"""The table that verify/run prints."""

import unittest

from cudalint_verify.report import fmt_ms, table_lines
from tests import sample_results as sample


class TableTest(unittest.TestCase):
    def setUp(self):
        self.fixed = sample.result("missing-restrict/conv1d", 2.223, 0.600,
                                   3.5)
        self.clean = sample.clean_result("missing-restrict/conv1d_clean")
        self.manual = sample.result("uncoalesced-access/transpose_naive",
                                    1.161, 0.197, 6.5)
        self.manual["fix"] = {"applied": False, "manual": True}
        self.failed = sample.result("x/broken", 1, 1)
        self.failed.update(status="FAIL", diagnostics={"ok": False},
                           correctness={"verdict": "not-run"},
                           fix={"applied": False}, timing=None,
                           build={"before": {"ok": True},
                                  "after": {"ok": False}})
        self.results = [self.fixed, self.clean, self.manual, self.failed]

    def test_compile_only(self):
        lines = table_lines(self.results, timed=False)
        self.assertEqual(lines[0].split(), ["fixture", "check", "diagnostics",
                                            "fix-it", "build", "status"])
        self.assertEqual(set(lines[1]), {"-", " "})
        rows = [line.split() for line in lines[2:]]
        self.assertEqual(rows[0][2:], ["ok", "applied", "ok/ok", "ok"])
        self.assertEqual(rows[1][2:], ["silent", "-", "ok", "ok"])
        self.assertEqual(rows[2][3], "manual")
        self.assertEqual(rows[3][2:], ["MISSING", "NONE", "ok/FAIL", "FAIL"])
        # Columns are aligned: the check names start under "check".
        column = lines[0].index("check")
        for line in lines[2:]:
            self.assertEqual(line.index("cudalint-"), column)
        self.assertEqual(len(lines), 6)

    def test_timed(self):
        self.fixed["timing"]["measurable"] = False
        lines = table_lines(self.results, timed=True)
        self.assertIn("speedup", lines[0])
        self.assertIn("3.71x (not measurable)", lines[2])
        self.assertIn("2.223 (0.002)", lines[2])
        self.assertIn("3.5x", lines[2])
        self.assertIn("1/1", lines[2])
        self.assertIn("H100_80GB_HBM3,sm_90", lines[2])
        self.assertIn("clean: silent", lines[3])
        self.assertEqual(lines[5].split()[2:], ["not-run", "-", "-", "-",
                                                "-", "-", "-", "FAIL"])
        self.assertTrue(lines[-1].startswith("outliers: "))

    def test_fmt_ms(self):
        self.assertEqual(fmt_ms(None), "-")
        self.assertEqual(fmt_ms({"median_ms": 1.23456, "iqr_ms": 0.0004}),
                         "1.235 (0.000)")


if __name__ == "__main__":
    unittest.main()

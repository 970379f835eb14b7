"""Summaries of the timed runs, output comparison and verdicts."""

import array
import tempfile
import unittest
from pathlib import Path

from cudalint_verify.gpu import parse_fixture_output, summarise_clocks
from cudalint_verify.stats import (CHUNK_ELEMENTS, compare_outputs,
                                   judge_outputs, summarise, timing_summary)


class SummariseTest(unittest.TestCase):
    def test_quartiles_and_outliers(self):
        s = summarise([5.0, 1.0, 2.0, 3.0, 4.0, 100.0])
        self.assertEqual(s["n"], 6)
        self.assertEqual(s["median_ms"], 3.5)
        self.assertEqual((s["q1_ms"], s["q3_ms"]), (2.25, 4.75))
        self.assertEqual(s["iqr_ms"], 2.5)
        self.assertEqual((s["min_ms"], s["max_ms"]), (1.0, 100.0))
        self.assertEqual(s["outliers_high"], 1)
        self.assertEqual(s["outlier_values_ms"], [100.0])
        self.assertEqual(s["outliers_low"], 0)

    def test_single_sample(self):
        s = summarise([2.0])
        self.assertEqual((s["q1_ms"], s["median_ms"], s["q3_ms"]),
                         (2.0, 2.0, 2.0))
        self.assertEqual(s["iqr_ms"], 0)

    def test_speedup_measurable_only_when_iqrs_do_not_overlap(self):
        rounds = {"before": [2.0], "after": [1.0]}
        t = timing_summary({"before": [1.9, 2.0, 2.1, 2.0],
                            "after": [1.0, 1.1, 0.9, 1.0]}, rounds)
        self.assertAlmostEqual(t["speedup"], 2.0)
        self.assertTrue(t["measurable"])
        self.assertEqual(t["before"]["round_medians_ms"], [2.0])
        t = timing_summary({"before": [1.0, 1.2, 1.4, 1.6],
                            "after": [1.1, 1.3, 1.5, 1.7]}, rounds)
        self.assertFalse(t["measurable"])

    def test_zero_after_time_has_no_speedup(self):
        t = timing_summary({"before": [1.0], "after": [0.0]},
                           {"before": [], "after": []})
        self.assertIsNone(t["speedup"])
        self.assertFalse(t["measurable"])


class CompareOutputsTest(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = Path(tmp.name)

    def compare(self, ref, got, rule="bitwise", dtype="f32", code="f"):
        a, b = array.array(code, ref), array.array(code, got)
        (self.dir / "ref").write_bytes(a.tobytes())
        (self.dir / "got").write_bytes(b.tobytes())
        listing = [{"name": "out", "dtype": dtype, "count": len(ref),
                    "bytes": len(a.tobytes())}]
        return compare_outputs(self.dir / "ref", self.dir / "got", listing,
                               rule)

    def test_equal_files(self):
        self.assertEqual(self.compare([1.0, 2.0], [1.0, 2.0]),
                         (True, "bitwise equal"))

    def test_sizes_differ(self):
        ok, detail = self.compare([1.0, 2.0], [1.0])
        self.assertFalse(ok)
        self.assertEqual(detail, "output sizes differ: 8 vs 4 bytes")

    def test_bitwise_counts_and_names_the_first_difference(self):
        ok, detail = self.compare([1.0, 2.0, 3.0, 4.0], [1.0, 2.5, 3.0, 5.0])
        self.assertFalse(ok)
        self.assertEqual(detail, "out: 2 of 4 elements differ; first at [1]: "
                         "2.0 vs 2.5")

    def test_bitwise_compares_bits_not_values(self):
        ok, detail = self.compare([0.0, 1.0], [-0.0, 1.0])
        self.assertFalse(ok)
        self.assertIn("first at [0]: 0.0 vs -0.0", detail)

    def test_tolerance_atol_and_rtol(self):
        ok, detail = self.compare([1.0, 100.0], [1.25, 100.5],
                                  {"atol": 0.25, "rtol": 0.005})
        self.assertTrue(ok)
        self.assertEqual(detail, "within tolerance (max abs diff 0.5)")
        ok, detail = self.compare([1.0, 100.0], [1.5, 100.5], {"atol": 0.25})
        self.assertFalse(ok)
        self.assertEqual(detail, "out: 2 of 2 elements differ; first at [0]: "
                         "1.0 vs 1.5")

    def test_tolerance_accepts_two_nans_and_equal_signed_zeros(self):
        nan = float("nan")
        ok, detail = self.compare([nan, 0.0, 1.0], [nan, -0.0, 1.0],
                                  {"atol": 0})
        self.assertTrue(ok)
        self.assertEqual(detail, "within tolerance (max abs diff 0)")

    def test_integers_to_a_tolerance(self):
        ok, _ = self.compare([10, 20], [11, 20], {"atol": 1}, "i32", "i")
        self.assertTrue(ok)
        ok, detail = self.compare([10, 20], [10, 23], {"atol": 1}, "i32", "i")
        self.assertFalse(ok)
        self.assertIn("first at [1]: 20 vs 23", detail)

    def test_unknown_dtype_is_compared_bit_for_bit(self):
        ok, detail = self.compare([1.0], [1.0001], {"atol": 1}, "bf16")
        self.assertFalse(ok)
        self.assertEqual(detail, "out: bytes differ (dtype bf16 can only be "
                         "compared bit for bit)")

    def test_index_counts_across_chunks(self):
        n = CHUNK_ELEMENTS + 10
        ref = [0.0] * n
        got = list(ref)
        got[CHUNK_ELEMENTS + 3] = 1.0
        ok, detail = self.compare(ref, got)
        self.assertFalse(ok)
        self.assertIn(f"1 of {n} elements differ; first at "
                      f"[{CHUNK_ELEMENTS + 3}]", detail)

    def test_buffers_are_compared_one_by_one(self):
        a = array.array("f", [1.0, 2.0]).tobytes() + \
            array.array("i", [7]).tobytes()
        b = array.array("f", [1.0, 2.0]).tobytes() + \
            array.array("i", [8]).tobytes()
        (self.dir / "ref").write_bytes(a)
        (self.dir / "got").write_bytes(b)
        listing = [{"name": "x", "dtype": "f32", "count": 2, "bytes": 8},
                   {"name": "hist", "dtype": "i32", "count": 1, "bytes": 4}]
        ok, detail = compare_outputs(self.dir / "ref", self.dir / "got",
                                     listing, "bitwise")
        self.assertFalse(ok)
        self.assertEqual(detail, "hist: 1 of 1 elements differ; first at "
                         "[0]: 7 vs 8")

    def test_bytes_outside_the_listing(self):
        (self.dir / "ref").write_bytes(b"\0" * 8)
        (self.dir / "got").write_bytes(b"\0" * 4 + b"\1" * 4)
        listing = [{"name": "x", "dtype": "f32", "count": 1, "bytes": 4}]
        self.assertEqual(compare_outputs(self.dir / "ref", self.dir / "got",
                                         listing, "bitwise"),
                         (False, "outputs differ"))


class JudgeOutputsTest(unittest.TestCase):
    def test_all_bitwise_equal(self):
        verdicts = [("after", 0, True, "bitwise equal"),
                    ("after", 1, True, "bitwise equal")]
        correctness, problem = judge_outputs(verdicts, "before", "bitwise")
        self.assertIsNone(problem)
        self.assertEqual(correctness, {"verdict": "bitwise-equal",
                                       "rule": "bitwise",
                                       "detail": "bitwise equal"})

    def test_within_tolerance(self):
        rule = {"atol": 0.25}
        verdicts = [("after", 0, True, "within tolerance (max abs diff 0.1)"),
                    ("before", 1, True, "bitwise equal")]
        correctness, _ = judge_outputs(verdicts, "before", rule)
        self.assertEqual(correctness["verdict"], "within-tolerance")
        self.assertEqual(correctness["detail"], "bitwise equal; within "
                         "tolerance (max abs diff 0.1)")

    def test_fixed_program_differs(self):
        verdicts = [("after", 0, False, "out: differs")]
        correctness, problem = judge_outputs(verdicts, "before", "bitwise")
        self.assertEqual(correctness["verdict"], "MISMATCH")
        self.assertEqual(problem, "the fixed program computes a different "
                         "result (after, round 0 vs before, round 0): "
                         "out: differs")

    def test_same_binary_not_deterministic(self):
        verdicts = [("after", 0, True, "bitwise equal"),
                    ("before", 1, False, "out: differs")]
        _, problem = judge_outputs(verdicts, "before", "bitwise")
        self.assertTrue(problem.startswith(
            "the same binary gave different outputs from run to run "
            "(before, round 1 vs before, round 0)"))


class FixtureOutputTest(unittest.TestCase):
    def test_parse_fixture_output(self):
        out = "\n".join([
            '{"fixture": "conv1d", "device": "H100", "cc": "9.0"}',
            "some log line",
            '{"run": 0, "ms": 1.5}',
            '{"run": 1, "ms": 1.25}',
            "{broken",
            '{"outputs": [{"name": "out", "dtype": "f32", "count": 4, '
            '"bytes": 16}]}'])
        times, header, listing = parse_fixture_output(out)
        self.assertEqual(times, [1.5, 1.25])
        self.assertEqual(header["device"], "H100")
        self.assertEqual(listing[0]["name"], "out")
        self.assertEqual(parse_fixture_output(""), ([], {}, None))

    def test_clock_samples(self):
        summary = summarise_clocks("1980, 2619\n1755, 2619\n[N/A], 2619\n"
                                   "1980, 2619\n")
        self.assertEqual(summary["samples"], 3)
        self.assertEqual(summary["sm_mhz"], {"min": 1755, "median": 1980,
                                             "max": 1980})
        self.assertIsNone(summarise_clocks("[N/A], [N/A]\n"))


if __name__ == "__main__":
    unittest.main()

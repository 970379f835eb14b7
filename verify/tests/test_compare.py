"""verify/run --compare: the speedups of two GPUs side by side."""

import unittest

from cudalint_verify.compare import column_name, compare_lines
from tests import sample_results as sample


def gpu_report(name, results):
    rep = sample.report(name)
    rep.update(mode="gpu", fixtures=results)
    return rep


class CompareTest(unittest.TestCase):
    def test_a_column_per_gpu(self):
        h100 = gpu_report("NVIDIA H100 80GB HBM3",
                          [sample.result("missing-restrict/conv1d", 2.2, 0.6,
                                         3.5),
                           sample.clean_result("missing-restrict/clean")])
        h200 = gpu_report("NVIDIA H200",
                          [sample.result("missing-restrict/conv1d", 2.0, 0.6),
                           sample.result("naive-gemm/extra", 9.0, 1.0)])
        lines = compare_lines([h100, h200])
        self.assertEqual(lines[0], "| fixture | H100 80GB HBM3 (sm_90) | "
                         "H200 (sm_90) | declared |")
        self.assertEqual(lines[2], "| missing-restrict/conv1d | 3.67x | "
                         "3.33x | 3.5x |")
        # A fixture one run lacks shows '-'; a clean one is not a row.
        self.assertEqual(lines[3], "| naive-gemm/extra | - | 9.00x | - |")
        self.assertEqual(len(lines), 4)

    def test_column_name(self):
        self.assertEqual(column_name({"gpu": {"name": "NVIDIA H200"},
                                      "arch": "sm_90"}), "H200 (sm_90)")


if __name__ == "__main__":
    unittest.main()

"""The compute-sanitizer step: what a report says and the verdict."""

import unittest

from cudalint_verify.report import sanitizer_line
from cudalint_verify.sanitizer import judge, parse_report

RACY = """========= COMPUTE-SANITIZER
========= Error: Race reported between Write access at reduce+0x2f0
=========     and Read access at reduce+0x300 [2048 hazards]
=========
========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)
========= ERROR SUMMARY: 1 error
"""
CLEAN = """========= COMPUTE-SANITIZER
========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
========= ERROR SUMMARY: 0 errors
"""


class SanitizerTest(unittest.TestCase):
    def test_parse_racecheck(self):
        self.assertEqual(parse_report("racecheck", RACY),
                         {"errors": 1, "hazards": 1})
        self.assertEqual(parse_report("racecheck", CLEAN),
                         {"errors": 0, "hazards": 0})

    def test_parse_racecheck_summary_alone(self):
        text = ("========= RACECHECK SUMMARY: 6 hazards displayed (0 errors, "
                "6 warnings)\n")
        self.assertEqual(parse_report("racecheck", text),
                         {"errors": 0, "hazards": 6})

    def test_parse_without_summary(self):
        self.assertEqual(parse_report("synccheck", "crashed"),
                         {"errors": None})

    def test_verdicts(self):
        racy, clean = parse_report("racecheck", RACY), \
            parse_report("racecheck", CLEAN)
        self.assertEqual(judge("racecheck", {"before": racy, "after": clean}),
                         ("ok", ""))
        verdict, problem = judge("racecheck", {"before": clean,
                                               "after": clean})
        self.assertEqual(verdict, "FAIL")
        self.assertIn("nothing in the 'before'", problem)
        verdict, problem = judge("racecheck", {"before": racy, "after": racy})
        self.assertEqual(verdict, "FAIL")
        self.assertIn("still reports", problem)
        self.assertEqual(judge("racecheck", {"before": racy,
                                             "after": {"errors": None}})[0],
                         "not-run")

    def test_report_line(self):
        san = {"tool": "racecheck", "verdict": "ok",
               "before": {"errors": 1, "hazards": 1},
               "after": {"errors": 0, "hazards": 0}}
        self.assertEqual(sanitizer_line(san), "racecheck: before 1 hazards "
                         "(1 errors), after none: ok")


if __name__ == "__main__":
    unittest.main()

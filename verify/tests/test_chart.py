"""The SVG chart: well-formed, every label present, nothing clipped."""

import unittest
import xml.etree.ElementTree as ET

from cudalint_verify.chart import estimate_width, render_svg
from tests import sample_results as sample

SVG = "{http://www.w3.org/2000/svg}"

# Advance widths (em) of printable ASCII, from ' ' to '~', in DejaVu Sans
# and DejaVu Sans Bold: the widest of the common sans-serif fonts, and the
# one "sans-serif" means on most Linux systems.
ASCII = "".join(map(chr, range(32, 127)))
DEJAVU = [
    0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5,
    0.838, 0.318, 0.361, 0.318, 0.337, *[0.636] * 10, 0.337, 0.337, 0.838,
    0.838, 0.838, 0.531, 1.0, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775,
    0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787, 0.603, 0.787,
    0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.39,
    0.337, 0.39, 0.838, 0.5, 0.5, 0.613, 0.635, 0.55, 0.635, 0.615, 0.352,
    0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635,
    0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525,
    0.636, 0.337, 0.636, 0.838]
DEJAVU_BOLD = [
    0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457,
    0.523, 0.838, 0.38, 0.415, 0.38, 0.365, *[0.696] * 10, 0.4, 0.4, 0.838,
    0.838, 0.838, 0.58, 1.0, 0.774, 0.762, 0.734, 0.83, 0.683, 0.683, 0.821,
    0.837, 0.372, 0.372, 0.775, 0.637, 0.995, 0.837, 0.85, 0.733, 0.85,
    0.77, 0.72, 0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457,
    0.365, 0.457, 0.838, 0.5, 0.5, 0.675, 0.716, 0.593, 0.716, 0.678, 0.435,
    0.716, 0.712, 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687, 0.716,
    0.716, 0.493, 0.595, 0.478, 0.712, 0.652, 0.924, 0.645, 0.652, 0.582,
    0.712, 0.365, 0.712, 0.838]


def parse(svg_text):
    root = ET.fromstring(svg_text)
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    return root, width, height


def text_boxes(root):
    """(text, x0, x1, top, bottom) of every <text>, from the estimate of
    its width, its anchor, and an ascent of one em."""
    default_size = float(root.get("font-size"))
    for el in root.iter(SVG + "text"):
        size = float(el.get("font-size", default_size))
        width = estimate_width(el.text, size, el.get("font-weight") == "bold")
        x, y = float(el.get("x")), float(el.get("y"))
        anchor = el.get("text-anchor", "start")
        x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        yield el.text, x0, x0 + width, y - size, y + 0.3 * size


class EstimateWidthTest(unittest.TestCase):
    def test_generous_for_dejavu_sans(self):
        self.assertEqual(len(DEJAVU), len(ASCII))
        self.assertEqual(len(DEJAVU_BOLD), len(ASCII))
        for c, book, bold in zip(ASCII, DEJAVU, DEJAVU_BOLD):
            with self.subTest(char=c):
                self.assertGreaterEqual(estimate_width(c, 1), 1.05 * book)
                self.assertGreaterEqual(estimate_width(c, 1, True),
                                        1.05 * bold)

    def test_scales_with_size_and_length(self):
        self.assertAlmostEqual(estimate_width("ab", 26),
                               2 * estimate_width("ab", 13))
        self.assertAlmostEqual(estimate_width("abab"),
                               2 * estimate_width("ab"))


class ChartTest(unittest.TestCase):
    def assert_inside(self, svg_text):
        root, width, height = parse(svg_text)
        for text, x0, x1, top, bottom in text_boxes(root):
            with self.subTest(text=text):
                self.assertGreaterEqual(x0, 0)
                self.assertLessEqual(x1, width)
                self.assertGreaterEqual(top, 0)
                self.assertLessEqual(bottom, height)
        for el in root.iter(SVG + "rect"):
            x, w = float(el.get("x", 0)), float(el.get("width"))
            y, h = float(el.get("y", 0)), float(el.get("height"))
            self.assertTrue(0 <= x and x + w <= width and
                            0 <= y and y + h <= height)
        for el in root.iter(SVG + "line"):
            for key, limit in (("x1", width), ("x2", width), ("y1", height),
                               ("y2", height)):
                self.assertTrue(0 <= float(el.get(key)) <= limit)

    def texts(self, svg_text):
        root, _, _ = parse(svg_text)
        return [el.text for el in root.iter(SVG + "text")]

    def test_h100_results(self):
        results = sample.h100_results()
        svg = render_svg(results, sample.report())
        self.assert_inside(svg)
        texts = self.texts(svg)
        for r in results:
            self.assertIn(r["id"], texts)
            self.assertIn(f"{r['timing']['speedup']:.2f}x", texts)
        self.assertIn("NVIDIA H100 80GB HBM3, sm_90, 2026-11-21", texts)
        self.assertTrue(any(t.startswith("dashed mark") for t in texts))

    def test_long_labels_slowdown_and_mismatch(self):
        results = [
            sample.result("user/a/very/long/directory/name/with_a_kernel_"
                          "whose_name_is_long_WWWW", 1.0, 2.0, 0.9),
            sample.result("x/grey", 1.0, 0.99, None, measurable=False),
            sample.result("x/wrong", 3.0, 1.0, 3.0, verdict="MISMATCH"),
            sample.result("x/huge", 500.0, 1.0, 200),
            sample.clean_result("x/clean"),
        ]
        svg = render_svg(results, sample.report("A GPU WITH A VERY LONG "
                                                "NAME, MMMMMMMMMMMMMMMMMMMM"
                                                "MMMMMMMMMMMMMMMMMMMMMMMMM"))
        self.assert_inside(svg)
        texts = self.texts(svg)
        self.assertNotIn("x/clean", texts)
        self.assertIn("500.00x", texts)
        self.assertIn('fill="#c62828"', svg)
        self.assertIn('fill="#9e9e9e"', svg)
        self.assertIn('fill="#ef6c00"', svg)

    def test_escaped_label(self):
        svg = render_svg([sample.result("a/<b>&c", 2.0, 1.0)],
                         sample.report())
        self.assertIn("a/<b>&c", self.texts(svg))

    def test_nothing_timed(self):
        results = [sample.clean_result("x/clean")]
        svg = render_svg(results, sample.report(None))
        self.assert_inside(svg)
        self.assertIn("Nothing was timed (no GPU found).", self.texts(svg))
        self.assertIn("no GPU, sm_90, 2026-11-21", self.texts(svg))


class MarkLabelTest(unittest.TestCase):
    def test_value_labels_do_not_cross_marks(self):
        """A GPU_FACTS mark just right of a bar used to run through the
        value label (4.02x against a 4.7 mark)."""
        root, _, _ = parse(render_svg(sample.h100_results(), sample.report()))
        marks = [(float(el.get("x1")), float(el.get("y1")),
                  float(el.get("y2")))
                 for el in root.iter(SVG + "line")
                 if el.get("stroke-dasharray")]
        values = [b for b in text_boxes(root) if b[0].endswith("x")
                  and b[0][:-1].replace(".", "").isdigit()]
        self.assertTrue(marks and values)
        for text, x0, x1, top, bottom in values:
            for x, y1, y2 in marks:
                if y1 <= (top + bottom) / 2 <= y2:
                    self.assertFalse(x0 - 1 <= x <= x1 + 1,
                                     "%s crosses the mark at %.1f" % (text, x))


if __name__ == "__main__":
    unittest.main()

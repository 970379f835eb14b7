"""The SVG bar chart of the speedups (--svg): one bar per timed fixture on
a log scale, with the fixture's GPU_FACTS figure marked.

Text is measured with estimate_width(), which is generous for the common
sans-serif fonts (DejaVu Sans, the widest of them, Liberation Sans, Arial,
Helvetica), so the label column and the chart's width are computed from the
text and nothing is clipped, whatever font renders it."""

import html
import math
from pathlib import Path

FONT_SIZE = 13
TITLE_SIZE = 16
MARGIN = 12          # around everything
LABEL_GAP = 8        # between a fixture's label and the plot
PLOT_WIDTH = 580     # the log-scale axis
RIGHT = 60           # room for the value after the longest bar
TOP = 70             # title and subtitle above the bars
BAR, GAP = 26, 14    # bar height, space between bars
LINE = 18            # between lines of the legend
TICKS = (0.5, 1, 2, 3, 5, 10, 20, 30, 50, 100, 200)
TITLE = "cudalint verify: speedup after the fix-it (median of timed runs)"
LEGEND = ("bars: measured speedup (grey: not measurable, IQRs overlap; "
          "red: outputs differ)",
          "dashed mark: shared/GPU_FACTS.md figure")

# Advance widths in em, rounded up from DejaVu Sans (the widest common
# sans-serif) and then some; bold text is counted 15% wider.
_NARROW = set(" .,:;'!|/\\()[]ijlIJft-")
_WIDE = set("mwMW%@&#+=<>^~")
_BOLD = 1.15


def _char_em(c):
    if c in _NARROW:
        return 0.45
    if c in _WIDE:
        return 1.1
    if c.isupper():
        return 0.85
    return 0.7


def estimate_width(text, size=FONT_SIZE, bold=False):
    """The width in pixels that `text` takes at least in a sans-serif font,
    estimated generously."""
    return sum(_char_em(c) for c in text) * size * (_BOLD if bold else 1)


def _text(x, y, text, attrs=""):
    return f'<text x="{x}" y="{y}"{attrs}>{html.escape(text)}</text>'


class _Scale:
    """The log-scale x axis: from lo to hi, drawn from left to left + width."""

    def __init__(self, values, left):
        self.lo = min(0.5, min(values) / 1.2)
        self.hi = max(2.0, max(values) * 1.3)
        self.left = left
        self._llo, self._lhi = math.log10(self.lo), math.log10(self.hi)

    def x_of(self, v):
        return self.left + (math.log10(v) - self._llo) / \
            (self._lhi - self._llo) * PLOT_WIDTH


def _bar_colour(r):
    t = r["timing"]
    if r["correctness"]["verdict"] == "MISMATCH":
        return "#c62828"
    if not t["measurable"]:
        return "#9e9e9e"
    return "#2e7d32" if t["speedup"] >= 1 else "#ef6c00"


def _value_label(r):
    return f'{r["timing"]["speedup"]:.2f}x'


def _subtitle(report):
    gpu = report.get("gpu") or {}
    return f"{gpu.get('name', 'no GPU')}, {report['arch']}, {report['date'][:10]}"


def _header_width(report, lines):
    """The width that the title, the subtitle and `lines` need."""
    widths = [estimate_width(TITLE, TITLE_SIZE, bold=True),
              estimate_width(_subtitle(report))]
    widths += [estimate_width(line) for line in lines]
    return 2 * MARGIN + max(widths)


def _svg_open(width, height, report):
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif" font-size="{FONT_SIZE}">',
            f'<rect width="{width}" height="{height}" fill="white"/>',
            _text(MARGIN, 24, TITLE,
                  f' font-size="{TITLE_SIZE}" font-weight="bold"'),
            _text(MARGIN, 44, _subtitle(report), ' fill="#555"')]


def _nothing_timed(report):
    note = f'Nothing was timed ({report.get("compile_only_reason") or ""}).'
    width = math.ceil(_header_width(report, [note]))
    height = TOP + (BAR + GAP) + 70
    return _svg_open(width, height, report) + \
        [_text(MARGIN, TOP + 20, note), "</svg>"]


def _ticks(scale, axis_y):
    out = []
    for tick in TICKS:
        if scale.lo <= tick <= scale.hi:
            x = scale.x_of(tick)
            colour = "#333" if tick == 1 else "#ddd"
            out.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" '
                       f'y2="{axis_y}" stroke="{colour}"/>')
            out.append(f'<text x="{x:.1f}" y="{axis_y + 16}" '
                       f'text-anchor="middle">{tick:g}x</text>')
    return out


def _value_x(r, scale):
    """Where a row's value label starts: after its bar, and after the
    GPU_FACTS mark too when the mark would cross the label."""
    end = max(scale.x_of(1), scale.x_of(r["timing"]["speedup"]))
    x = end + 6
    if r["expected_speedup"]:
        mark = scale.x_of(r["expected_speedup"])
        if end - 2 <= mark <= x + estimate_width(_value_label(r)):
            x = mark + 6
    return x


def _bar(r, y, scale):
    """One fixture's row: label, bar, value and GPU_FACTS mark."""
    t = r["timing"]
    s = t["speedup"]
    x0, x1 = sorted((scale.x_of(1), scale.x_of(s)))
    rid = html.escape(r["id"])
    out = [f'<text x="{scale.left - LABEL_GAP}" y="{y + BAR / 2 + 4:.1f}" '
           f'text-anchor="end">{rid}</text>',
           f'<rect x="{x0:.1f}" y="{y}" width="{max(x1 - x0, 1):.1f}" '
           f'height="{BAR}" fill="{_bar_colour(r)}">'
           f'<title>{rid}: {s:.2f}x ({t["before"]["median_ms"]:.3f} ms -> '
           f'{t["after"]["median_ms"]:.3f} ms)</title></rect>',
           f'<text x="{_value_x(r, scale):.1f}" y="{y + BAR / 2 + 4:.1f}">'
           f'{_value_label(r)}</text>']
    if r["expected_speedup"]:
        xe = scale.x_of(r["expected_speedup"])
        out.append(f'<line x1="{xe:.1f}" y1="{y - 3}" x2="{xe:.1f}" '
                   f'y2="{y + BAR + 3}" stroke="black" stroke-width="2" '
                   'stroke-dasharray="3,2"/>')
    return out


def _chart_width(timed, scale, report):
    """Wide enough for the plot, every value after its bar, the header and
    the legend."""
    value_ends = [_value_x(r, scale) + estimate_width(_value_label(r)) +
                  MARGIN for r in timed]
    return math.ceil(max([scale.left + PLOT_WIDTH + RIGHT,
                          _header_width(report, LEGEND)] + value_ends))


def render_svg(results, report):
    """The chart as SVG text."""
    timed = [r for r in results if r["timing"] and r["timing"]["speedup"]]
    if not timed:
        return "\n".join(_nothing_timed(report)) + "\n"
    values = [r["timing"]["speedup"] for r in timed] + \
        [r["expected_speedup"] for r in timed if r["expected_speedup"]]
    label_width = max(estimate_width(r["id"]) for r in timed)
    scale = _Scale(values, math.ceil(MARGIN + label_width + LABEL_GAP))
    axis_y = TOP + len(timed) * (BAR + GAP)
    legend_y = axis_y + 40
    height = legend_y + (len(LEGEND) - 1) * LINE + 30
    out = _svg_open(_chart_width(timed, scale, report), height, report)
    out += _ticks(scale, axis_y)
    for i, r in enumerate(timed):
        out += _bar(r, TOP + i * (BAR + GAP), scale)
    out += [_text(MARGIN, legend_y + i * LINE, line, ' fill="#555"')
            for i, line in enumerate(LEGEND)]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_svg(path, results, report):
    """A horizontal bar chart of speedups on a log scale, with the
    GPU_FACTS figure of each fixture marked."""
    Path(path).write_text(render_svg(results, report))

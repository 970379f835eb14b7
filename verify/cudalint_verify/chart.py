"""The SVG bar chart of the speedups (--svg): one bar per timed fixture on
a log scale, with the fixture's GPU_FACTS figure marked."""

import html
import math
from pathlib import Path


def write_svg(path, results, report):
    """A horizontal bar chart of speedups on a log scale, with the
    GPU_FACTS figure of each fixture marked."""
    timed = [r for r in results if r["timing"] and r["timing"]["speedup"]]
    width, left, right, top, bar, gap = 900, 260, 60, 70, 26, 14
    height = top + max(1, len(timed)) * (bar + gap) + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" '
           'font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    gpu = report.get("gpu") or {}
    title = "cudalint verify: speedup after the fix-it (median of timed runs)"
    sub = (f"{gpu.get('name', 'no GPU')}, {report['arch']}, "
           f"{report['date'][:10]}")
    out.append(f'<text x="{left}" y="24" font-size="16" font-weight="bold">'
               f'{html.escape(title)}</text>')
    out.append(f'<text x="{left}" y="44" fill="#555">{html.escape(sub)}</text>')
    if not timed:
        out.append(f'<text x="{left}" y="{top + 20}">Nothing was timed '
                   f'({html.escape(report.get("compile_only_reason") or "")}).'
                   '</text></svg>')
        Path(path).write_text("\n".join(out) + "\n")
        return
    values = [r["timing"]["speedup"] for r in timed] + \
        [r["expected_speedup"] for r in timed if r["expected_speedup"]]
    lo = min(0.5, min(values) / 1.2)
    hi = max(2.0, max(values) * 1.3)
    llo, lhi = math.log10(lo), math.log10(hi)
    plot_w = width - left - right

    def x_of(v):
        return left + (math.log10(v) - llo) / (lhi - llo) * plot_w

    axis_y = top + len(timed) * (bar + gap)
    for tick in (0.5, 1, 2, 3, 5, 10, 20, 30, 50, 100, 200):
        if lo <= tick <= hi:
            x = x_of(tick)
            colour = "#333" if tick == 1 else "#ddd"
            out.append(f'<line x1="{x:.1f}" y1="{top - 6}" x2="{x:.1f}" '
                       f'y2="{axis_y}" stroke="{colour}"/>')
            out.append(f'<text x="{x:.1f}" y="{axis_y + 16}" '
                       f'text-anchor="middle">{tick:g}x</text>')
    for i, r in enumerate(timed):
        t = r["timing"]
        y = top + i * (bar + gap)
        s = t["speedup"]
        if r["correctness"]["verdict"] == "MISMATCH":
            colour = "#c62828"
        elif not t["measurable"]:
            colour = "#9e9e9e"
        else:
            colour = "#2e7d32" if s >= 1 else "#ef6c00"
        x0, x1 = sorted((x_of(1), x_of(s)))
        out.append(f'<text x="{left - 8}" y="{y + bar / 2 + 4:.1f}" '
                   f'text-anchor="end">{html.escape(r["id"])}</text>')
        out.append(f'<rect x="{x0:.1f}" y="{y}" width="{max(x1 - x0, 1):.1f}" '
                   f'height="{bar}" fill="{colour}">'
                   f'<title>{html.escape(r["id"])}: {s:.2f}x '
                   f'({t["before"]["median_ms"]:.3f} ms -> '
                   f'{t["after"]["median_ms"]:.3f} ms)</title></rect>')
        out.append(f'<text x="{x1 + 6:.1f}" y="{y + bar / 2 + 4:.1f}">'
                   f'{s:.2f}x</text>')
        if r["expected_speedup"]:
            xe = x_of(r["expected_speedup"])
            out.append(f'<line x1="{xe:.1f}" y1="{y - 3}" x2="{xe:.1f}" '
                       f'y2="{y + bar + 3}" stroke="black" stroke-width="2" '
                       'stroke-dasharray="3,2"/>')
    legend_y = axis_y + 40
    out.append(f'<text x="{left}" y="{legend_y}" fill="#555">bars: measured '
               'speedup (grey: not measurable, IQRs overlap; red: outputs '
               'differ); dashed mark: shared/GPU_FACTS.md figure</text>')
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")

"""verify/run --compare A.json B.json ...: the speedups of several runs (one
per GPU) side by side, a column per GPU and architecture, as the Markdown
table docs/verify.md keeps."""

import json
from pathlib import Path

from .util import UsageError


def load_reports(paths):
    reports = []
    for path in paths:
        try:
            report = json.loads(Path(path).read_text())
        except (OSError, ValueError) as e:
            raise UsageError(f"--compare {path}: {e}")
        if report.get("mode") != "gpu":
            raise UsageError(f"--compare {path}: a compile-only report has "
                             "no figures")
        reports.append(report)
    return reports


def column_name(report):
    """"H100 80GB HBM3 (sm_90)"."""
    name = (report.get("gpu") or {}).get("name", "?").replace("NVIDIA ", "")
    return f"{name} ({report.get('arch', '?')})"


def _speedup(result):
    t = result and result.get("timing")
    if not t or not t.get("speedup"):
        return "-"
    cell = f"{t['speedup']:.2f}x"
    return cell if t.get("measurable", True) else cell + " (n.m.)"


def compare_lines(reports):
    """One row per fixture timed in any report, in the first report's order."""
    by_id = [{r["id"]: r for r in rep["fixtures"]} for rep in reports]
    order = []
    for rep in reports:
        order += [r["id"] for r in rep["fixtures"]
                  if r["id"] not in order and r.get("timing")]
    head = ["fixture"] + [column_name(r) for r in reports] + ["declared"]
    lines = ["| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    for fid in order:
        rows = [ids.get(fid) for ids in by_id]
        expected = next((r["expected_speedup"] for r in rows
                         if r and r.get("expected_speedup")), None)
        cells = [fid] + [_speedup(r) for r in rows] + [
            f"{expected}x" if expected else "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines

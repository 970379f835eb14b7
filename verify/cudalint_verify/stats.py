"""Statistics of the timed runs and the comparison of outputs.

Nothing here runs a process: the functions take samples, output files and
verdicts, so they are tested without a GPU (verify/tests/test_stats.py)."""

import array
import statistics
from pathlib import Path

# dtype names written by fixtures/common/fixture_main.cuh -> array typecodes
# and whether they are floating point. A typecode of another size on this
# platform falls back to bit-for-bit comparison.
DTYPES = {
    "f32": ("f", True), "f64": ("d", True),
    "i8": ("b", False), "u8": ("B", False),
    "i16": ("h", False), "u16": ("H", False),
    "i32": ("i", False), "u32": ("I", False),
    "i64": ("q", False), "u64": ("Q", False),
}
DTYPE_SIZES = {"f32": 4, "f64": 8, "i8": 1, "u8": 1, "i16": 2, "u16": 2,
               "i32": 4, "u32": 4, "i64": 8, "u64": 8}

# Elements are compared in chunks: identical chunks are skipped without
# unpacking.
CHUNK_ELEMENTS = 1 << 16


# --------------------------------------------------------------------------
# Timings


def summarise(samples):
    s = sorted(samples)
    n = len(s)
    if n >= 2:
        q1, med, q3 = statistics.quantiles(s, n=4, method="inclusive")
    else:
        q1 = med = q3 = s[0]
    iqr = q3 - q1
    high = [x for x in s if x > q3 + 1.5 * iqr]
    low = [x for x in s if x < q1 - 1.5 * iqr]
    return {"n": n, "median_ms": med, "q1_ms": q1, "q3_ms": q3, "iqr_ms": iqr,
            "min_ms": s[0], "max_ms": s[-1],
            "outliers_high": len(high), "outliers_low": len(low),
            "outlier_values_ms": high[:10]}


def timing_summary(samples, per_round):
    """The "timing" entry of a fixture's result: both sides summarised, the
    speedup median(before) / median(after), and whether it is measurable."""
    b, a = summarise(samples["before"]), summarise(samples["after"])
    b["round_medians_ms"] = per_round["before"]
    a["round_medians_ms"] = per_round["after"]
    speedup = b["median_ms"] / a["median_ms"] if a["median_ms"] > 0 else None
    # A gain counts as measured only when the two interquartile ranges do
    # not overlap.
    measurable = speedup is not None and (
        a["q3_ms"] < b["q1_ms"] or b["q3_ms"] < a["q1_ms"])
    return {"before": b, "after": a, "speedup": speedup,
            "measurable": measurable}


# --------------------------------------------------------------------------
# Output comparison


def compare_outputs(ref_path, got_path, listing, rule):
    """Returns (ok, detail). `rule` is "bitwise" or {"rtol", "atol"}."""
    ref = Path(ref_path).read_bytes()
    got = Path(got_path).read_bytes()
    if len(ref) != len(got):
        return False, f"output sizes differ: {len(ref)} vs {len(got)} bytes"
    if ref == got:
        return True, "bitwise equal"
    problems = []
    offset = 0
    worst = 0.0
    for buf in listing:
        size = buf["bytes"]
        a, b = ref[offset:offset + size], got[offset:offset + size]
        offset += size
        if a == b:
            continue
        problem, buf_worst = _compare_buffer(buf, a, b, rule)
        worst = max(worst, buf_worst)
        if problem:
            problems.append(problem)
    if problems:
        return False, "; ".join(problems)
    if rule == "bitwise":
        # Only reached if the buffers listed do not cover the file.
        return False, "outputs differ"
    return True, f"within tolerance (max abs diff {worst:.3g})"


def _typecode(dtype):
    """The array typecode for a dtype, or None where only the bits can be
    compared (an unknown dtype, or a typecode of another size here)."""
    code, is_float = DTYPES.get(dtype, (None, False))
    if code is not None and array.array(code).itemsize != DTYPE_SIZES[dtype]:
        code = None
    return code, is_float


def _compare_buffer(buf, a, b, rule):
    """Compares one output buffer whose bytes differ. Returns (problem or
    None, the largest difference accepted within the tolerance)."""
    dtype = buf.get("dtype", "raw")
    code, is_float = _typecode(dtype)
    if code is None:
        return (f"{buf['name']}: bytes differ (dtype {dtype} can only be "
                "compared bit for bit)"), 0.0
    width = DTYPE_SIZES[dtype]
    bad, first, worst = 0, None, 0.0
    step = CHUNK_ELEMENTS * width
    for start in range(0, len(a), step):
        ca, cb = a[start:start + step], b[start:start + step]
        if ca == cb:
            continue
        chunk_bad, chunk_first, chunk_worst = _compare_chunk(
            ca, cb, code, width, is_float, rule)
        bad += chunk_bad
        worst = max(worst, chunk_worst)
        if first is None and chunk_first is not None:
            j, x, y = chunk_first
            first = (start // width + j, x, y)
    if not bad:
        return None, worst
    idx, x, y = first
    return (f"{buf['name']}: {bad} of {buf['count']} elements differ; first "
            f"at [{idx}]: {x!r} vs {y!r}"), worst


def _compare_chunk(ca, cb, code, width, is_float, rule):
    """Element by element: (elements that differ, the first as (index in
    the chunk, reference, value) or None, the largest difference accepted
    within the tolerance)."""
    bad, first, worst = 0, None, 0.0
    va, vb = array.array(code, ca), array.array(code, cb)
    for j, (x, y) in enumerate(zip(va, vb)):
        if rule == "bitwise":
            # Bits, not values: -0.0 and 0.0, or two NaNs, differ.
            if ca[j * width:(j + 1) * width] == cb[j * width:(j + 1) * width]:
                continue
        else:
            if x == y or (is_float and x != x and y != y):
                continue
            diff = abs(x - y)
            if diff <= rule.get("atol", 0) + rule.get("rtol", 0) * abs(x):
                worst = max(worst, diff)
                continue
        bad += 1
        if first is None:
            first = (j, x, y)
    return bad, first, worst


def judge_outputs(verdicts, ref_side, rule):
    """Turns the comparisons with the reference output, (side, round, ok,
    detail) each, into the "correctness" entry and the problem to report
    (None when every output matched)."""
    mismatches = [v for v in verdicts if not v[2]]
    if mismatches:
        side, r, _, detail = mismatches[0]
        what = ("the same binary gave different outputs from run to run"
                if side == ref_side else "the fixed program computes a "
                "different result")
        problem = (f"{what} ({side}, round {r} vs {ref_side}, round 0): "
                   f"{detail}")
        return {"verdict": "MISMATCH", "detail": detail, "rule": rule}, problem
    exact = all(v[3] == "bitwise equal" for v in verdicts)
    return {
        "verdict": "bitwise-equal" if exact else "within-tolerance",
        "rule": rule,
        "detail": "; ".join(sorted({v[3] for v in verdicts})),
    }, None

"""Results shaped like verify/run's, with the medians of the H100 runs of
2026-11-21 (docs/verify.md, "Results"), for the chart and table tests."""

# id, before ms, after ms, GPU_FACTS speedup, verdict
H100_RUNS = [
    ("missing-restrict/conv1d", 2.223, 0.600, 3.5, "bitwise-equal"),
    ("shared-bank-conflict/transpose_tiled_unpadded", 0.341, 0.196, 1.73,
     "bitwise-equal"),
    ("shared-bank-conflict/transpose_tiled_unpadded_double", 0.108, 0.099,
     1.09, "bitwise-equal"),
    ("uncoalesced-access/column_walk", 1.185, 0.295, 4.7, "bitwise-equal"),
    ("uncoalesced-access/matvec_row_per_thread", 0.575, 0.097, 7.2,
     "within-tolerance"),
    ("uncoalesced-access/transpose_naive", 1.161, 0.197, 6.5,
     "bitwise-equal"),
    ("divergent-branch/heavy_branch_lane", 0.583, 0.305, 2.0,
     "bitwise-equal"),
    ("divergent-branch/reduction_interleaved", 0.167, 0.083, 2.1,
     "bitwise-equal"),
    ("atomic-hotspot/float_sum", 29.449, 0.926, 31.7, "within-tolerance"),
    ("atomic-hotspot/histogram16", 3.109, 0.037, 22, "bitwise-equal"),
    ("atomic-hotspot/int_counter", 0.403, 0.068, 5.4, "bitwise-equal"),
    ("naive-gemm/naive_sgemm", 25.656, 0.356, 68, "within-tolerance"),
    ("naive-gemm/tiled_sgemm", 16.706, 0.350, 44, "within-tolerance"),
]


def side(median, iqr=0.002):
    return {"n": 90, "median_ms": median, "q1_ms": median - iqr / 2,
            "q3_ms": median + iqr / 2, "iqr_ms": iqr, "min_ms": median,
            "max_ms": median, "outliers_high": 1, "outliers_low": 0,
            "outlier_values_ms": []}


def result(fid, before, after, expected=None, verdict="bitwise-equal",
           measurable=True):
    check = "cudalint-" + fid.split("/")[0]
    return {
        "id": fid, "source": f"fixtures/{fid}.cu", "check": check,
        "kernel": fid.split("/")[-1], "kind": "fix", "fix_mode": "fix",
        "after": None, "expected_speedup": expected, "gpu_facts_row": None,
        "diagnostics": {"ok": True}, "fix": {"applied": True},
        "build": {"before": {"ok": True}, "after": {"ok": True}},
        "timing": {"before": side(before), "after": side(after),
                   "speedup": before / after, "measurable": measurable,
                   "gpu": "NVIDIA H100 80GB HBM3", "arch": "sm_90"},
        "correctness": {"verdict": verdict}, "problems": [], "status": "ok",
    }


def clean_result(fid):
    r = result(fid, 1, 1)
    r.update(kind="clean", fix_mode=None, fix={}, timing=None,
             build={"before": {"ok": True}},
             correctness={"verdict": "not-run"})
    return r


def h100_results():
    return [result(fid, b, a, e, v) for fid, b, a, e, v in H100_RUNS]


def report(gpu_name="NVIDIA H100 80GB HBM3"):
    return {"gpu": {"name": gpu_name} if gpu_name else None,
            "arch": "sm_90", "date": "2026-11-21T12:00:00+00:00",
            "compile_only_reason": None if gpu_name else "no GPU found"}

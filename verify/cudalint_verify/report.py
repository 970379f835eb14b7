"""What verify/run prints and writes: the table, the lines after it, and
the JSON report."""

import datetime
import shlex

from .build import tool_version

TIMED_HEAD = ["fixture", "check", "result", "before ms (IQR)",
              "after ms (IQR)", "speedup", "GPU, arch", "GPU_FACTS",
              "outliers", "status"]
COMPILE_HEAD = ["fixture", "check", "diagnostics", "fix-it", "build",
                "status"]


def fmt_ms(stats):
    if not stats:
        return "-"
    return f"{stats['median_ms']:.3f} ({stats['iqr_ms']:.3f})"


def _diagnostics_cell(r):
    if r["kind"] in ("clean", "measure"):
        return "silent" if r["diagnostics"].get("ok") else "NOT SILENT"
    return "ok" if r["diagnostics"].get("ok") else "MISSING"


def _fix_cell(r):
    if r["kind"] == "clean":
        return "-"
    if r["fix"].get("manual"):
        return "manual"
    return "applied" if r["fix"].get("applied") else "NONE"


def gpu_label(timing):
    """"H100_80GB_HBM3,sm_90": where a figure was measured, one cell."""
    if not timing or not timing.get("gpu"):
        return "-"
    name = timing["gpu"].replace("NVIDIA ", "").replace(" ", "_")
    return f"{name},{timing.get('arch', '?')}"


def _timed_row(r):
    t = r["timing"]
    if t:
        sp = f"{t['speedup']:.2f}x" if t["speedup"] else "-"
        if not t["measurable"]:
            sp += " (not measurable)"
        outl = f"{t['before']['outliers_high']}/{t['after']['outliers_high']}"
    else:
        sp, outl = "-", "-"
    exp = f"{r['expected_speedup']}x" if r["expected_speedup"] else "-"
    result = "clean: " + _diagnostics_cell(r) if r["kind"] == "clean" \
        else r["correctness"]["verdict"]
    return [r["id"], r["check"], result, fmt_ms(t and t["before"]),
            fmt_ms(t and t["after"]), sp, gpu_label(t), exp, outl,
            r["status"]]


def _compile_row(r):
    build = "/".join("ok" if b.get("ok") else "FAIL"
                     for b in r["build"].values()) or "-"
    return [r["id"], r["check"], _diagnostics_cell(r), _fix_cell(r), build,
            r["status"]]


def table_lines(results, timed):
    """The table as lines of text, columns padded to their widest cell."""
    head = TIMED_HEAD if timed else COMPILE_HEAD
    rows = [_timed_row(r) if timed else _compile_row(r) for r in results]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(str(x).ljust(w) for x, w in zip(row, widths))
              for row in rows]
    if timed:
        lines.append("outliers: timed runs above Q3 + 1.5 IQR (before/after); "
                     "medians include them")
    return lines


def print_table(results, timed):
    for line in table_lines(results, timed):
        print(line)


def build_report(argv, args, run, results):
    """The JSON report. `run` holds what main settled: timed, reason, arch,
    nvcc, gpu."""
    return {
        "schema": "cudalint-verify/1",
        "date": datetime.datetime.now(datetime.timezone.utc)
        .isoformat(timespec="seconds"),
        "command": shlex.join(["verify/run", *argv]),
        "mode": "gpu" if run.timed else "compile-only",
        "compile_only_reason": run.reason,
        "arch": run.arch,
        "nvcc": {"path": run.nvcc,
                 "version": tool_version([run.nvcc, "--version"])},
        "cudalint": {"path": args.cudalint,
                     "version": tool_version([args.cudalint, "--version"], 0)},
        "gpu": run.gpu,
        "settings": {"warmup": args.warmup, "runs": args.runs,
                     "rounds": args.rounds,
                     "nvcc_flags": ["-O3", f"-arch={run.arch}"]},
        "fixtures": results,
        "ok": all(r["status"] == "ok" for r in results),
    }


def print_mode(args, run, results):
    """After the table: compile-only and why, or the GPU and its clocks."""
    if not run.timed:
        if run.reason == "no GPU found":
            print("compile-only: no GPU found, nothing was timed")
        else:
            print("compile-only (--compile-only): nothing was timed")
        return
    gpu = run.gpu
    print(f"GPU: {gpu['name']} (driver {gpu['driver_version']}, max SM "
          f"clock {gpu['max_sm_clock_mhz']} MHz, memory clock "
          f"{gpu['max_mem_clock_mhz']} MHz); {args.rounds} rounds x "
          f"{args.runs} timed runs per side, clocks not locked")
    for r in results:
        t = r["timing"]
        c = t and t.get("clocks_during_runs")
        if c:
            print(f"{r['id']}: SM clock sampled during the runs: median "
                  f"{c['sm_mhz']['median']:g} MHz (min {c['sm_mhz']['min']},"
                  f" max {c['sm_mhz']['max']}; {c['samples']} samples)")
        if t and not t["measurable"]:
            print(f"{r['id']}: no measurable gain on this GPU "
                  f"({t['speedup']:.2f}x, the IQRs overlap)")
        san = r.get("sanitizer")
        if san:
            print(f"{r['id']}: {sanitizer_line(san)}")


def sanitizer_line(san):
    """`racecheck: before 3 hazards (0 errors), after none: ok`."""
    def side(rep):
        if not rep or rep.get("errors") is None:
            return "no report"
        found = rep["errors"] + rep.get("hazards", 0)
        if not found:
            return "none"
        if "hazards" in rep:
            return f"{rep['hazards']} hazards ({rep['errors']} errors)"
        return f"{rep['errors']} errors"
    if san.get("verdict") == "not-run" and san.get("why"):
        return f"{san['tool']}: not run ({san['why']})"
    return (f"{san['tool']}: before {side(san.get('before'))}, after "
            f"{side(san.get('after'))}: {san['verdict']}")


def print_verdict(results):
    """The last line(s): ok, or the fixtures that failed and why. Returns
    the failed results."""
    failed = [r for r in results if r["status"] != "ok"]
    if failed:
        print(f"FAILED: {len(failed)} of {len(results)} fixture(s): " +
              ", ".join(r["id"] for r in failed))
        for r in failed:
            for p in r["problems"]:
                print(f"  {r['id']}: {p}")
    else:
        print(f"ok: {len(results)} fixture(s) as declared")
    return failed

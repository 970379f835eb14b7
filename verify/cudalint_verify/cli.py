"""The command line of verify/run (options: docs/verify.md)."""

import argparse
import json
import os
import shutil
import tempfile
from pathlib import Path
from types import SimpleNamespace

from .build import DEFAULT_ARCH, choose_arch, find_nvcc
from .chart import write_svg
from .compare import compare_lines, load_reports
from .fixtures import find_fixtures
from .gpu import query_gpu
from .report import build_report, print_mode, print_table, print_verdict
from .util import REPO, UsageError, log
from .verifier import Verifier

MIN_RUNS = 20


def _add_options(p):
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="fixture .cu or .expect.json files, or directories to "
                   "search (default: every fixture under fixtures/); use this "
                   "for your own kernel file and its declaration")
    p.add_argument("--fixtures", action="append", metavar="GLOB",
                   help="only fixtures whose id (missing-restrict/conv1d), "
                   "name (conv1d) or path matches GLOB; repeatable")
    p.add_argument("--json", metavar="PATH", help="write a JSON report")
    p.add_argument("--svg", metavar="PATH",
                   help="write an SVG bar chart of the speedups")
    p.add_argument("--compile-only", action="store_true",
                   help="stop after the diagnostics and the builds, even on "
                   "a GPU")
    p.add_argument("--arch", metavar="sm_XY",
                   help="GPU architecture for nvcc (default: the GPU's, from "
                   f"nvidia-smi; {DEFAULT_ARCH} without a GPU)")
    p.add_argument("--cudalint", metavar="PATH",
                   default=str(REPO / "build" / "bin" / "cudalint"),
                   help="cudalint binary (default: build/bin/cudalint)")
    p.add_argument("--nvcc", metavar="PATH",
                   help="nvcc (default: on PATH, $CUDA_PATH, $CUDA_HOME, "
                   "/usr/local/cuda)")
    p.add_argument("--runs", type=int, default=30, metavar="N",
                   help=f"timed runs per process, at least {MIN_RUNS} "
                   "(default 30)")
    p.add_argument("--warmup", type=int, default=5, metavar="N",
                   help="untimed runs before them (default 5)")
    p.add_argument("--rounds", type=int, default=3, metavar="R",
                   help="processes per side, before and after alternated "
                   "(default 3); statistics pool all rounds")
    p.add_argument("--compare", nargs="+", metavar="REPORT",
                   help="print the speedups of --json reports from several "
                   "GPUs side by side (a Markdown table) and exit")
    p.add_argument("--keep-dir", metavar="DIR",
                   help="keep the work files (fixed sources, binaries, "
                   "outputs) in DIR instead of a temporary directory")
    for name, default in (("--cudalint-timeout", 300),
                          ("--compile-timeout", 600), ("--run-timeout", 600)):
        p.add_argument(name, type=int, default=default, metavar="S",
                       help=argparse.SUPPRESS)


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="verify/run",
        description="Apply cudalint's fix-its to each fixture, build the "
        "before and after programs with nvcc, and (on a GPU) check that they "
        "compute the same result and time them. Without a GPU it only "
        "compiles, and says so.",
        epilog="Exit status: 0 all fixtures as declared, 1 a fixture failed, "
        "2 usage error or a missing tool. Fixture format: docs/verify.md.")
    _add_options(p)
    args = p.parse_args(argv)
    if args.runs < MIN_RUNS:
        p.error(f"--runs must be at least {MIN_RUNS}")
    if args.warmup < 0 or args.rounds < 1:
        p.error("--warmup must be >= 0 and --rounds >= 1")
    return args


def _prepare(args):
    """The fixtures and the tools; raises UsageError. Resolves
    args.cudalint."""
    fixtures = find_fixtures(args.paths, args.fixtures)
    cudalint = Path(args.cudalint)
    if not (cudalint.is_file() and os.access(cudalint, os.X_OK)):
        raise UsageError(f"cudalint not found at {args.cudalint}: build it "
                         "first (./bootstrap.sh, or cmake --build build) "
                         "or pass --cudalint PATH")
    args.cudalint = str(cudalint.resolve())
    nvcc = find_nvcc(args.nvcc)
    gpu = query_gpu()
    arch = choose_arch(args.arch, gpu)
    if gpu is None:
        reason = "no GPU found"
    elif args.compile_only:
        reason = "--compile-only given"
    else:
        reason = None
    run = SimpleNamespace(timed=reason is None, reason=reason, arch=arch,
                          nvcc=nvcc, gpu=gpu)
    return fixtures, run


def _work_dir(args):
    if args.keep_dir:
        work = Path(args.keep_dir).resolve()
        work.mkdir(parents=True, exist_ok=True)
        return work
    return Path(tempfile.mkdtemp(prefix="cudalint-verify-"))


def _log_start(fixtures, run, work):
    log(f"verify/run: {len(fixtures)} fixture(s), nvcc {run.nvcc}, "
        f"{run.arch}, work dir {work}")
    gpu = run.gpu
    if gpu:
        log(f"verify/run: GPU {gpu['name']} (compute {gpu['compute_cap']}, "
            f"SM clock {gpu['sm_clock_mhz_at_start']} MHz now, "
            f"max {gpu['max_sm_clock_mhz']} MHz)")


def _write_outputs(args, results, report):
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
        print(f"JSON report: {args.json}")
    if args.svg:
        write_svg(args.svg, results, report)
        print(f"chart: {args.svg}")


def main(argv):
    args = parse_args(argv)
    if args.compare:
        try:
            lines = compare_lines(load_reports(args.compare))
        except UsageError as e:
            log(f"verify/run: error: {e}")
            return 2
        print("\n".join(lines))
        return 0
    try:
        fixtures, run = _prepare(args)
    except UsageError as e:
        log(f"verify/run: error: {e}")
        return 2
    work = _work_dir(args)
    _log_start(fixtures, run, work)

    verifier = Verifier(args, work, run.nvcc, run.arch, run.gpu)
    results = [verifier.verify(fx, run.timed) for fx in fixtures]
    report = build_report(argv, args, run, results)

    print()
    print_table(results, run.timed)
    print()
    print_mode(args, run, results)
    failed = print_verdict(results)
    _write_outputs(args, results, report)

    if args.keep_dir:
        pass
    elif failed:
        print(f"work files kept for inspection in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0

#!/usr/bin/env python3
"""Measures what cudalint costs beside the parse it cannot avoid.

Lints a set of CUDA files with cudalint and, in the same run, parses the same
files with `clang++-19 -fsyntax-only` using exactly the flags cudalint uses
(from `cudalint --print-commands`): the plain parse, nothing reused. Prints,
serial (-j1) and parallel (-jN), as the median of several repetitions: the
plain parse; the cold lint (--no-cache: no result cache, the precompiled
headers built within the run) and its ratio to the plain parse; the cold
lint without precompiled headers (--no-pch) and its ratio; the time of a
re-run on the unchanged files with the result cache warm (a fresh cache
directory, filled by one run first) and how much faster than the cold lint
it is; and the peak resident memory of cudalint's largest process (a worker
parsing the heaviest file, or the parent) in the cold lint, the largest over
the repetitions.

    test/benchmark/lint_benchmark.py [--cudalint build/bin/cudalint]
        [--clang clang++-19] [-j 2] [--repeat 3] PATH... [-- extra flags]

This is a benchmark, not a test: it asserts nothing. docs/design.md records
its figures.
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_clang(clang, command):
    args = [clang] + command["arguments"][1:] + ["-fsyntax-only"]
    proc = subprocess.run(args, cwd=command["directory"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc.returncode


def time_clang(clang, commands, jobs):
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(lambda c: run_clang(clang, c), commands))
    return time.perf_counter() - start


def time_cudalint(cudalint, paths, extra, jobs, cache=None, flags=()):
    """Wall time of one run, and the peak resident memory of its largest
    process (the parent or a worker: the kernel reports the largest of a
    process and the children it waited for), in MiB. Without \p cache, the
    result cache is off."""
    cache_flags = ["--cache-dir", cache] if cache else ["--no-cache"]
    start = time.perf_counter()
    proc = subprocess.Popen([cudalint, f"-j{jobs}", "--quiet", *cache_flags,
                             *flags, *paths, "--", *extra],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0  # Reaped above.
    return time.perf_counter() - start, usage.ru_maxrss / 1024.0


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--cudalint", default="build/bin/cudalint")
    parser.add_argument("--clang", default="clang++-19")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args(argv)

    listing = subprocess.run(
        [opts.cudalint, "--print-commands", *opts.paths, "--", *extra],
        capture_output=True, text=True)
    commands = [json.loads(line) for line in listing.stdout.splitlines()
                if line.strip()]
    if not commands:
        sys.exit("no CUDA files found: " + listing.stderr.strip())

    print(f"{len(commands)} files; median of {opts.repeat} runs")
    print(f"{'mode':<6} {'parse':>8} {'lint':>8} {'ratio':>7} "
          f"{'no-pch':>8} {'ratio':>7} {'cached':>8} {'speed-up':>9} "
          f"{'peak MiB':>9}")
    results = {}
    for jobs in sorted({1, opts.j}):
        clang_times, lint_times, plain_times, cached_times = [], [], [], []
        peaks = []
        with tempfile.TemporaryDirectory(prefix="cudalint-bench-") as cache:
            time_cudalint(opts.cudalint, opts.paths, extra, jobs, cache)
            for _ in range(opts.repeat):
                # Alternate so that cache warmth and machine load hit all.
                clang_times.append(time_clang(opts.clang, commands, jobs))
                seconds, peak = time_cudalint(opts.cudalint, opts.paths,
                                              extra, jobs)
                lint_times.append(seconds)
                peaks.append(peak)
                plain_times.append(time_cudalint(
                    opts.cudalint, opts.paths, extra, jobs,
                    flags=["--no-pch"])[0])
                cached_times.append(time_cudalint(
                    opts.cudalint, opts.paths, extra, jobs, cache)[0])
        c, l = statistics.median(clang_times), statistics.median(lint_times)
        p = statistics.median(plain_times)
        r = statistics.median(cached_times)
        results[jobs] = (c, l)
        print(f"{'-j' + str(jobs):<6} {c:>7.2f}s {l:>7.2f}s {l / c:>7.3f} "
              f"{p:>7.2f}s {p / c:>7.3f} {r:>7.3f}s {l / r:>8.0f}x "
              f"{max(peaks):>9.0f}")
    if opts.j != 1:
        c1, l1 = results[1]
        cj, lj = results[opts.j]
        print(f"cudalint -j{opts.j} speed-up over -j1: {l1 / lj:.2f}x "
              f"(ideal {opts.j}x)")


if __name__ == "__main__":
    main()

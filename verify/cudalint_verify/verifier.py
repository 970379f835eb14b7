"""One fixture from staging to verdict: lint, build, and on a GPU run and
time."""

import shutil
from pathlib import Path

from .build import Nvcc
from .gpu import ClockSampler, Runner
from .lint import Linter
from .sanitizer import Sanitizer
from .util import COMMON, log, rel


def _kind(fx):
    """The fixture's kind in the report: a clean counterpart (not timed), a
    pattern awaiting its measurement (silent, timed to decide a severity),
    or a fix."""
    if fx.clean:
        return "clean"
    return "measure" if fx.awaiting else "fix"


def new_result(fx):
    """A fixture's entry in the report before anything ran."""
    return {
        "id": fx.id, "source": rel(fx.source), "check": fx.check,
        "kernel": fx.kernel, "kind": _kind(fx),
        "fix_mode": fx.spec.get("fix"),
        "after": rel(fx.after) if fx.after is not None else None,
        "expected_speedup": fx.spec.get("expected_speedup"),
        "gpu_facts_row": fx.spec.get("gpu_facts_row"),
        "diagnostics": {}, "fix": {}, "build": {}, "timing": None,
        "sanitizer": None,
        "correctness": {"verdict": "not-run"}, "problems": [],
    }


class Verifier:
    def __init__(self, args, work, nvcc, arch, gpu=None):
        self.args = args
        self.work = work
        self.arch = arch
        self.gpu = gpu
        self.linter = Linter(args.cudalint, args.cudalint_timeout, arch)
        self.nvcc = Nvcc(nvcc, arch, args.compile_timeout)
        self.runner = Runner(args, work)
        self.sanitizer = Sanitizer(args.run_timeout)
        self.src_root = work / "src"
        shutil.copytree(COMMON, self.src_root / "common", dirs_exist_ok=True)

    def stage(self, fx):
        """Copies the fixture into the work tree, keeping its place next to
        common/ so that `#include "../common/fixture_main.cuh"` still works."""
        group = Path(fx.id).parent if fx.bundled else Path("user")
        d = self.src_root / group
        d.mkdir(parents=True, exist_ok=True)
        before = d / (fx.name + ".cu")
        shutil.copyfile(fx.source, before)
        if fx.after is not None:
            # The hand-written "after" program of a fix "manual" fixture goes
            # beside it, so that its includes resolve the same way.
            shutil.copyfile(fx.after, d / fx.after.name)
        return before

    def verify(self, fx, timed):
        result = new_result(fx)
        log(f"[{fx.id}] cudalint")
        before = self.stage(fx)
        fixed = self.linter.lint(fx, before, result)
        bin_dir = self.work / "bin" / fx.id
        bin_dir.mkdir(parents=True, exist_ok=True)
        binaries = {"before": bin_dir / "before", "after": bin_dir / "after"}
        log(f"[{fx.id}] nvcc -O3 -arch={self.arch}")
        built = self.nvcc.compile(fx, before, binaries["before"], "before",
                                  result)
        if fixed is not None:
            built &= self.nvcc.compile(fx, fixed, binaries["after"], "after",
                                       result)
        if timed and fixed is not None and built and not result["problems"]:
            self._time(fx, binaries, result)
            if fx.spec.get("sanitizer") and not result["problems"]:
                log(f"[{fx.id}] compute-sanitizer --tool "
                    f"{fx.spec['sanitizer']}")
                self.sanitizer.check(fx, binaries, result)
        result["status"] = "FAIL" if result["problems"] else "ok"
        for p in result["problems"]:
            log(f"[{fx.id}] FAIL: {p}")
        return result

    def _time(self, fx, binaries, result):
        log(f"[{fx.id}] timing: {self.args.rounds} rounds x "
            f"({self.args.warmup} warm-up + {self.args.runs} timed runs) "
            "per side, alternated")
        with ClockSampler() as clocks:
            self.runner.time_and_compare(fx, binaries, result)
        if result["timing"]:
            # Every figure names the GPU and the architecture it ran as.
            result["timing"].update(
                clocks_during_runs=clocks.summary, arch=self.arch,
                gpu=(self.gpu or {}).get("name"))

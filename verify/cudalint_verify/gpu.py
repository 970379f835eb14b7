"""The GPU side: what nvidia-smi says about the GPU and its clocks, and
running the two binaries alternately (step 3 of docs/verify.md)."""

import json
import os
import shutil
import statistics
import subprocess

from .stats import compare_outputs, judge_outputs, timing_summary
from .util import run_cmd, tail


def nvidia_smi_device_args():
    # Query the GPU the fixtures will run on when CUDA_VISIBLE_DEVICES names
    # one by index.
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    return ["-i", visible] if visible.isdigit() else []


def query_gpu():
    """The first visible GPU as nvidia-smi describes it, or None."""
    fields = ["name", "compute_cap", "clocks.sm", "clocks.mem",
              "clocks.max.sm", "clocks.max.mem", "driver_version"]
    if not shutil.which("nvidia-smi"):
        return None
    rc, out, _ = run_cmd(["nvidia-smi", *nvidia_smi_device_args(),
                          "--query-gpu=" + ",".join(fields),
                          "--format=csv,noheader,nounits"], timeout=30)
    lines = [line for line in out.splitlines() if line.strip()]
    if rc != 0 or not lines:
        return None
    values = [v.strip() for v in lines[0].split(",")]
    if len(values) != len(fields):
        return None
    info = dict(zip(fields, values))
    names = {"clocks.sm": "sm_clock_mhz_at_start",
             "clocks.mem": "mem_clock_mhz_at_start",
             "clocks.max.sm": "max_sm_clock_mhz",
             "clocks.max.mem": "max_mem_clock_mhz"}
    for key, name in names.items():
        value = info.pop(key)
        info[name] = int(value) if value.isdigit() else value
    return info


def summarise_clocks(text):
    """The min, median and max of `nvidia-smi -lms` lines "sm, mem", or None
    when there is no sample."""
    sm, mem = [], []
    for line in text.splitlines():
        parts = [x.strip() for x in line.split(",")]
        if len(parts) == 2 and all(x.isdigit() for x in parts):
            sm.append(int(parts[0]))
            mem.append(int(parts[1]))
    if not sm:
        return None
    return {
        "samples": len(sm),
        "sm_mhz": {"min": min(sm), "median": statistics.median(sm),
                   "max": max(sm)},
        "mem_mhz": {"min": min(mem), "median": statistics.median(mem),
                    "max": max(mem)},
    }


class ClockSampler:
    """Samples the GPU's clocks with `nvidia-smi -lms` while a fixture runs,
    so the report says what clocks the timings were taken at (they are left
    alone, not locked)."""

    def __init__(self):
        self.proc = None

    def __enter__(self):
        try:
            self.proc = subprocess.Popen(
                ["nvidia-smi", *nvidia_smi_device_args(),
                 "--query-gpu=clocks.sm,clocks.mem",
                 "--format=csv,noheader,nounits", "-lms", "200"],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True)
        except OSError:
            self.proc = None
        return self

    def __exit__(self, *exc):
        self.summary = None
        if not self.proc:
            return False
        self.proc.terminate()
        try:
            out, _ = self.proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        self.summary = summarise_clocks(out)
        return False


def parse_fixture_output(out):
    """A fixture binary's stdout, one JSON object a line: (the timed runs'
    ms, the header, the output listing or None)."""
    records = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                records.append(json.loads(line))
            except ValueError:
                pass
    times = [r["ms"] for r in records if "run" in r and "ms" in r]
    header = next((r for r in records if "fixture" in r), {})
    listing = next((r["outputs"] for r in records if "outputs" in r), None)
    return times, header, listing


class _Rounds:
    """What the alternating runs of one fixture have gathered so far."""

    def __init__(self):
        self.samples = {"before": [], "after": []}
        self.per_round = {"before": [], "after": []}
        self.verdicts = []      # (side, round, ok, detail)
        self.ref = None         # the first output: the reference
        self.ref_listing = None
        self.ref_side = None


class Runner:
    def __init__(self, args, work):
        self.warmup = args.warmup
        self.runs = args.runs
        self.rounds = args.rounds
        self.timeout = args.run_timeout
        self.keep_outputs = bool(args.keep_dir)
        self.work = work

    def run_binary(self, binary, out_file):
        cmd = [str(binary), "--warmup", str(self.warmup),
               "--runs", str(self.runs), "--out", str(out_file)]
        rc, out, err = run_cmd(cmd, timeout=self.timeout)
        times, header, listing = parse_fixture_output(out)
        return rc, times, header, listing, (err or out)

    def time_and_compare(self, fx, binaries, result):
        """Step 3: alternate the two binaries, compare outputs, time."""
        rule = fx.spec.get("compare", "bitwise")
        rounds = self._run_rounds(fx, binaries, result, rule)
        if rounds is None:
            return
        correctness, problem = judge_outputs(rounds.verdicts, rounds.ref_side,
                                             rule)
        if problem:
            result["problems"].append(problem)
        result["correctness"] = correctness
        result["timing"] = timing_summary(rounds.samples, rounds.per_round)

    def _run_rounds(self, fx, binaries, result, rule):
        """Runs before, after, after, before, ...; returns what they
        gathered, or None when a run failed (the problem is recorded)."""
        rounds = _Rounds()
        outs_dir = self.work / "outputs" / fx.id
        outs_dir.mkdir(parents=True, exist_ok=True)
        for r in range(self.rounds):
            order = ("before", "after") if r % 2 == 0 else ("after", "before")
            for side in order:
                out_file = outs_dir / f"{side}.round{r}.bin"
                if not self._run_side(binaries[side], (side, r), out_file,
                                      rounds, result, rule):
                    return None
        return rounds

    def _run_side(self, binary, side_round, out_file, rounds, result, rule):
        """One process of one side: its timings, and its output compared
        with the reference. Returns False when it failed."""
        side, r = side_round
        rc, times, header, listing, diag = self.run_binary(binary, out_file)
        if header.get("device"):
            result["device"] = header["device"]
        if rc != 0 or listing is None or len(times) != self.runs:
            result["problems"].append(f"{side} binary failed (exit {rc}, "
                                      f"round {r}): {tail(diag, 3)}")
            result["correctness"] = {"verdict": "not-run"}
            return False
        rounds.samples[side] += times
        rounds.per_round[side].append(statistics.median(times))
        if rounds.ref is None:
            rounds.ref, rounds.ref_listing = out_file, listing
            rounds.ref_side = side
            return True
        if listing != rounds.ref_listing:
            result["problems"].append(
                f"{side} output buffers differ in shape from "
                f"{rounds.ref_side}'s: {listing} vs {rounds.ref_listing}")
            result["correctness"] = {"verdict": "MISMATCH"}
            return False
        ok, detail = compare_outputs(rounds.ref, out_file, listing, rule)
        rounds.verdicts.append((side, r, ok, detail))
        if out_file != rounds.ref and not self.keep_outputs:
            out_file.unlink()
        return True

"""nvcc: finding it, the target architecture, and compiling one side of a
fixture."""

import os
import re
import shlex
import shutil
import time
from pathlib import Path

from .util import COMMON, UsageError, first_errors, run_cmd

DEFAULT_ARCH = "sm_90"


def find_nvcc(explicit):
    if explicit:
        if not Path(explicit).is_file() and not shutil.which(explicit):
            raise UsageError(f"--nvcc {explicit}: not found")
        return shutil.which(explicit) or explicit
    if shutil.which("nvcc"):
        return shutil.which("nvcc")
    for var in ("CUDA_PATH", "CUDA_HOME"):
        if os.environ.get(var):
            cand = Path(os.environ[var]) / "bin" / "nvcc"
            if cand.is_file():
                return str(cand)
    cand = Path("/usr/local/cuda/bin/nvcc")
    if cand.is_file():
        return str(cand)
    raise UsageError("nvcc not found: install the CUDA toolkit, put nvcc on "
                     "PATH, set CUDA_PATH, or pass --nvcc PATH")


def normalise_arch(arch):
    arch = arch.strip()
    m = re.fullmatch(r"(?:sm_|compute_)?(\d+)\.?(\d)?([af]?)", arch)
    if not m:
        raise UsageError(f"--arch {arch!r}: expected sm_XY (e.g. sm_90)")
    major_minor = m.group(1) + (m.group(2) or "")
    return f"sm_{major_minor}{m.group(3)}"


def choose_arch(explicit, gpu):
    """--arch if given, else the GPU's compute capability, else sm_90."""
    if explicit:
        return normalise_arch(explicit)
    if gpu and re.fullmatch(r"\d+\.\d+", gpu.get("compute_cap", "")):
        return "sm_" + gpu["compute_cap"].replace(".", "")
    return DEFAULT_ARCH


def tool_version(cmd, line=-1):
    rc, out, err = run_cmd(cmd, timeout=30)
    text = (out or err).strip().splitlines()
    return text[line].strip() if rc == 0 and text else None


def include_flags(fx):
    """The fixture's own directory and fixtures/common, for nvcc and (for a
    fixture outside fixtures/) cudalint."""
    return ["-I", str(fx.source.resolve().parent), "-I", str(COMMON)]


class Nvcc:
    def __init__(self, path, arch, timeout):
        self.path = path
        self.arch = arch
        self.timeout = timeout

    def compile(self, fx, source, binary, side, result):
        """Builds one side ("before" or "after") into `binary`, records the
        build in result["build"][side]; returns whether it compiled."""
        cmd = [self.path, "-O3", f"-arch={self.arch}", *include_flags(fx),
               "-o", str(binary), str(source), *fx.spec.get("nvcc_flags", [])]
        start = time.monotonic()
        rc, out, err = run_cmd(cmd, timeout=self.timeout)
        entry = {"ok": rc == 0, "command": shlex.join(cmd),
                 "seconds": round(time.monotonic() - start, 2)}
        if rc != 0:
            entry["errors"] = (err or out)[-4000:]
            result["problems"].append(f"{side} does not compile with nvcc: "
                                      f"{first_errors(err or out)}")
        result["build"][side] = entry
        return rc == 0

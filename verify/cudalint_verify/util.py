"""Paths, errors, logging and subprocess helpers shared by every module."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"
COMMON = FIXTURES / "common"


class UsageError(Exception):
    pass


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def rel(path):
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def run_cmd(cmd, timeout=None, cwd=None):
    """Runs a command; returns (exit status, stdout, stderr). A missing
    program, one that cannot be run, or a time-out is reported as status
    127, 126 or 124."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=timeout,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr
    except FileNotFoundError as e:
        return 127, "", str(e)
    except OSError as e:
        return 126, "", str(e)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) \
            else (e.stdout or "")
        return 124, out, f"timed out after {timeout} s"


def head(text, lines=2):
    kept = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return " / ".join(kept[:lines]) if kept else "(no output)"


def first_errors(text, lines=2):
    errors = [line.strip() for line in (text or "").splitlines()
              if "error" in line]
    return " / ".join(errors[:lines]) if errors else tail(text, lines)


def tail(text, lines=2):
    kept = [line for line in (text or "").strip().splitlines() if line.strip()]
    return " / ".join(kept[-lines:]) if kept else "(no output)"

#!/usr/bin/env python3
"""Runs a command and fails unless it exits with the expected status.

Usage: expect_exit.py <status> <command> [args...]

The command's stdout and stderr pass through unchanged, so the result can be
piped into FileCheck. lit's `not` only says "non-zero"; cudalint's exit
statuses (0 clean, 1 findings, 2 errors) need to be told apart.
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: expect_exit.py <status> <command> [args...]")
    expected = int(sys.argv[1])
    proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    sys.stdout.buffer.write(proc.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(proc.stderr)
    sys.stderr.flush()
    if proc.returncode != expected:
        sys.stderr.write("expect_exit.py: '%s' exited with %d, expected %d\n" %
                         (" ".join(sys.argv[2:]), proc.returncode, expected))
        sys.exit(1)


if __name__ == "__main__":
    main()

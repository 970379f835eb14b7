#!/usr/bin/env python3
"""Runs one cudalint check on a test file through both front ends.

Usage (lit supplies the tool paths through %check_cudalint):

  check_cudalint.py [--fix-notes] [--check-suffix=S[,S2]] [--config-file=F]
                    [--gpu-arch=sm_61,sm_90]
                    [--only-launched]
                    [--real-cuda] [--expect-error]
                  <file.cu> <check-name> <temp>
                    [-- <compiler flags>]

The test file is copied twice (with the text of its CHECK lines blanked, so
that they cannot match themselves) and linted:

  1. cudalint --checks=-*,<check> --fix|--fix-notes <copy> -- <flags>
  2. clang-tidy --load=<plugin> --checks=-*,<check> --fix|--fix-notes <copy>
        -- <the CUDA flags the driver adds itself> <flags>

For each run, the printed diagnostics are matched with FileCheck against the
CHECK-MESSAGES lines (every warning and error must be expected) or the
CHECK-NOTES lines (every note too), and the fixed file against CHECK-FIXES
(whole lines). A file without CHECK-FIXES must come out unchanged; a file
without any CHECK line must produce no diagnostic. Both runs must leave the
same fixed file, which proves the two front ends identical.

Without flags after `--`, the test is hermetic: `-nocudainc -isystem
<test/Inputs>` (the mock cuda.h).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

# The flags cudalint adds to every CUDA translation unit; the plugin runs
# inside a plain clang-tidy, so the test adds them for it.
# (`cudalint --print-commands` shows them.)
DRIVER_CUDA_FLAGS = ["-x", "cuda", "--cuda-device-only",
                     "-nocudalib", "-Wno-unknown-cuda-version",
                     "-Wno-unused-command-line-argument"]


def target_flags(gpu_arch):
    """The architecture the driver parses for and the targets it records
    (-D__CUDALINT_TARGETS__), for --gpu-arch=LIST or none."""
    if not gpu_arch:
        return ["--cuda-gpu-arch=sm_80", "-D__CUDALINT_TARGETS__=unstated"]
    names = [n.strip() for n in gpu_arch.split(",") if n.strip()]
    newest = max(names, key=lambda n: int(re.sub(r"\D", "", n)))
    if int(re.sub(r"\D", "", newest)) > 90:
        newest = "sm_90a"  # Newer than clang 19 knows.
    return ["--cuda-gpu-arch=" + newest,
            "-D__CUDALINT_TARGETS__=" + ",".join(names)]

CHECK_LINE = re.compile(r"// *CHECK-[A-Z0-9\-]*:[^\r\n]*")
DIAGNOSTIC = re.compile(r"^.*:\d+:\d+: (warning|error|note): ", re.M)


def fail(message):
    sys.stdout.flush()
    sys.exit("check_cudalint.py: error: " + message)


def compiler_error(text):
    """An error that is not a check's finding (those end in `[cudalint-...]`)."""
    return any(re.search(r": error: ", l) and
               not re.search(r"\[cudalint-[a-z-]+\]$", l.rstrip())
               for l in text.splitlines())


def run(args, expect_success=True):
    print("Running: " + " ".join(args))
    sys.stdout.flush()
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.decode("utf-8", errors="replace")
    err = proc.stderr.decode("utf-8", errors="replace")
    if expect_success and proc.returncode != 0:
        print(out)
        print(err)
        fail("%s exited with %d" % (args[0], proc.returncode))
    return proc.returncode, out, err


def parse_args():
    argv = sys.argv[1:]
    compiler_flags = None
    if "--" in argv:
        i = argv.index("--")
        argv, compiler_flags = argv[:i], argv[i + 1:]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cudalint", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--clang-tidy", required=True)
    parser.add_argument("--filecheck", default="FileCheck")
    parser.add_argument("--inputs", required=True)
    parser.add_argument("--shim-include", default="")
    parser.add_argument("--cuda-path", default="")
    parser.add_argument("--fix-notes", action="store_true",
                        help="apply the fix-its carried by notes")
    parser.add_argument("--check-suffix", "--check-suffixes", default="",
                        help="comma-separated FileCheck prefix suffixes")
    parser.add_argument("--config-file", default=None)
    parser.add_argument("--gpu-arch", default="",
                        help="the architectures the build targets "
                        "(cudalint --gpu-arch)")
    # Tests check kernels whether or not their host code launches them, as
    # if under CheckUnlaunchedKernels; this keeps the default (dead kernels
    # of a program skipped).
    parser.add_argument("--only-launched", action="store_true")
    parser.add_argument("--real-cuda", action="store_true",
                        help="parse against the CUDA installation of the build "
                        "(--cuda-path) instead of the mock cuda.h")
    parser.add_argument("--expect-error", action="store_true",
                        help="the file does not compile; errors are expected")
    parser.add_argument("--error-findings", action="store_true",
                        help="the check reports errors (the file compiles): "
                        "the plugin applies fix-its with --fix-errors, and "
                        "the fixed file must show no compiler error")
    parser.add_argument("input")
    parser.add_argument("check")
    parser.add_argument("temp")
    args = parser.parse_args(argv)
    args.compiler_flags = compiler_flags
    if args.real_cuda and not args.cuda_path:
        fail("--real-cuda needs a CUDA installation (REQUIRES: cuda)")
    return args


class Prefixes:
    def __init__(self, text, suffixes):
        self.messages, self.notes, self.fixes = [], [], []
        for suffix in suffixes:
            if suffix and not re.match(r"^[A-Z0-9\-]+$", suffix):
                fail("check suffixes may only use A-Z, 0-9 and '-': " + suffix)
            tail = "-" + suffix if suffix else ""
            for label, found in (("CHECK-MESSAGES", self.messages),
                                 ("CHECK-NOTES", self.notes),
                                 ("CHECK-FIXES", self.fixes)):
                if re.search(r"\b%s%s:" % (label, tail), text):
                    found.append(label + tail)
        if self.messages and self.notes:
            fail("use either CHECK-MESSAGES or CHECK-NOTES, not both")

    def expect_silence(self):
        return not (self.messages or self.notes or self.fixes)


class FrontEnd:
    """One way of running the check: the cudalint driver or the plugin."""

    def __init__(self, name, args, copy):
        self.name, self.args, self.copy = name, args, copy

    def command(self):
        a = self.args
        fix = "--fix-notes" if a.fix_notes else "--fix"
        checks = "--checks=-*," + a.check
        flags = a.compiler_flags
        if flags is None:
            flags = [] if a.real_cuda else ["-nocudainc", "-isystem", a.inputs]
        config = ["--config-file=" + a.config_file] if a.config_file else []
        if self.name == "cudalint":
            cuda = ["--cuda-path=" + a.cuda_path] if a.real_cuda else []
            arch = ["--gpu-arch=" + a.gpu_arch] if a.gpu_arch else []
            return [a.cudalint, checks, fix] + cuda + config + arch + [
                self.copy, "--"] + flags
        if not config:
            # Like check_clang_tidy.py: no stray .clang-tidy above the
            # build directory may change the result.
            config = ["--config={}" if a.only_launched else
                      "--config={CheckOptions: {CheckUnlaunchedKernels: true}}"]
        extra = DRIVER_CUDA_FLAGS + target_flags(a.gpu_arch)
        if "-nocudainc" not in flags:
            # Real CUDA headers: what the driver adds for CUDA 13 + clang 19
            # (clang 19 knows CUDA up to 12.5; without the SDK version it
            # lowers <<<>>> to cudaConfigureCall, which CUDA 13 removed).
            if a.cuda_path:
                extra += ["--cuda-path=" + a.cuda_path,
                          "-isystem", os.path.join(a.cuda_path, "include",
                                                   "cccl")]
            if a.shim_include:
                extra += ["-idirafter", a.shim_include, "-include",
                          os.path.join(a.shim_include,
                                       "cudalint_nvcc_compat.h")]
            extra += ["-Xclang", "-target-sdk-version=12.5"]
        if a.error_findings and fix == "--fix":
            # clang-tidy applies no fix-it while an error is reported (an
            # error-level finding too) unless told to.
            fix = "--fix-errors"
        return [a.clang_tidy, "--load=" + a.plugin, checks, fix,
                "--use-color=false"] + config + [self.copy, "--"] + extra + flags


def check_output(front, args, prefixes, original, out):
    base = front.copy + ".out"
    # clang-tidy announces applied fixes as notes; they are not the check's.
    lines = [l for l in out.splitlines()
             if "note: FIX-IT applied suggested code changes" not in l]
    with open(base, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

    if prefixes.expect_silence():
        found = DIAGNOSTIC.findall("\n".join(lines))
        if found:
            print(out)
            fail("%s: no diagnostics expected, but found the ones above" %
                 front.name)
    if prefixes.messages:
        run([args.filecheck, "--input-file=" + base, args.input,
             "--check-prefixes=" + ",".join(prefixes.messages),
             "--implicit-check-not={{warning|error}}:"])
    if prefixes.notes:
        run([args.filecheck, "--input-file=" + base, args.input,
             "--check-prefixes=" + ",".join(prefixes.notes),
             "--implicit-check-not={{note|warning|error}}:"])

    with open(front.copy, encoding="utf-8") as f:
        fixed = f.read()
    if prefixes.fixes:
        run([args.filecheck, "--input-file=" + front.copy, args.input,
             "--check-prefixes=" + ",".join(prefixes.fixes),
             "--match-full-lines"])
    elif fixed != original:
        run(["diff", "-u", front.copy + ".orig", front.copy],
            expect_success=False)
        fail("%s: the file was changed, but the test has no CHECK-FIXES" %
             front.name)
    return fixed


def main():
    args = parse_args()
    with open(args.input, encoding="utf-8") as f:
        text = f.read()
    suffixes = args.check_suffix.split(",") if args.check_suffix else [""]
    prefixes = Prefixes(text, suffixes)
    cleaned = CHECK_LINE.sub("//", text)

    workdir = args.temp + ".dir"
    shutil.rmtree(workdir, ignore_errors=True)
    fixed_by = {}
    for name in ("cudalint", "plugin"):
        if name == "plugin" and not os.path.isfile(args.plugin):
            fail("the plugin %s was not built" % args.plugin)
        d = os.path.join(workdir, name)
        os.makedirs(d)
        copy = os.path.join(d, os.path.basename(args.input))
        for path in (copy, copy + ".orig"):
            with open(path, "w", encoding="utf-8") as f:
                f.write(cleaned)
        if name == "cudalint" and not args.config_file:
            # A config next to the copy shields the test from any
            # .cudalint.yaml or .clang-tidy above the build directory.
            with open(os.path.join(d, ".cudalint.yaml"), "w") as f:
                f.write("Checks: '-*'\n")
                if not args.only_launched:
                    f.write("CheckOptions:\n  CheckUnlaunchedKernels: true\n")
        front = FrontEnd(name, args, copy)
        status, out, err = run(front.command(), expect_success=False)
        print("------------------------ %s output ------------------------" %
              name)
        print(out)
        print(err)
        print("-----------------------------------------------------------")
        has_error = re.search(r": error: ", out + err) is not None
        if args.expect_error:
            if not has_error:
                fail("%s: a compiler error was expected" % name)
        elif args.error_findings:
            if compiler_error(out + err) or status not in (0, 1):
                fail("%s failed (exit status %d)" % (name, status))
        elif has_error or status not in (0, 1):
            fail("%s failed (exit status %d)" % (name, status))
        if name == "cudalint" and not args.expect_error:
            # Exit status: 0 without findings, 1 with findings.
            has_warning = re.search(r": (warning|error): ", out) is not None
            if status != (1 if has_warning else 0):
                fail("cudalint exited with %d although it %s findings" %
                     (status, "printed" if has_warning else "printed no"))
        if name == "plugin" and status != 0 and not (args.expect_error or
                                                     args.error_findings):
            fail("clang-tidy exited with %d" % status)
        fixed_by[name] = check_output(front, args, prefixes, cleaned, out)

    # A fix-it must never break the build: the fixed file parses cleanly
    # (it is linted again with the same flags and must show no error).
    if not args.expect_error and fixed_by["cudalint"] != cleaned:
        copy = os.path.join(workdir, "cudalint", os.path.basename(args.input))
        status, out, err = run(FrontEnd("cudalint", args, copy).command(),
                               expect_success=False)
        if compiler_error(out + err) or status not in (0, 1):
            print(out)
            print(err)
            fail("the fixed file no longer compiles")

    if fixed_by["cudalint"] != fixed_by["plugin"]:
        run(["diff", "-u", os.path.join(workdir, "cudalint",
                                        os.path.basename(args.input)),
             os.path.join(workdir, "plugin", os.path.basename(args.input))],
            expect_success=False)
        fail("cudalint and the plugin fixed the file differently")


if __name__ == "__main__":
    main()

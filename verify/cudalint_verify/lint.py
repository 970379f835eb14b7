"""cudalint's side of a fixture: the expected diagnostics, the fix-its
(--fix, or --fix-notes for fix-its on notes), and a fixed file that draws
nothing more. Step 1 of docs/verify.md."""

import re
import shlex
import shutil

from .build import include_flags
from .util import head, rel, run_cmd, tail

FIX_FLAGS = {"notes": "--fix-notes", "fix": "--fix"}


def warnings_of(check, text):
    # Remarks count too: some findings are remarks (cudalint exits 0 on
    # them), and a fixed or clean file must not draw those either.
    return [line for line in text.splitlines()
            if re.search(r"\b(?:warning|remark): ", line) and
            f"[{check}" in line]


def _exit_problem(rc, out, err, on_file="(could not analyse the file)"):
    return f"cudalint exited with {rc} {on_file}: {head(err or out)}"


class Linter:
    def __init__(self, binary, timeout, arch):
        self.binary = binary
        self.timeout = timeout
        # The advice is for what nvcc builds: the same architecture.
        self.arch = arch

    def run(self, fx, path, fix_mode):
        """cudalint with only the fixture's check, and the fix flag of
        `fix_mode` ("fix", "notes" or None). Returns (cmd, rc, out, err)."""
        # Output goes to a pipe, so cudalint does not colour it.
        cmd = [self.binary, f"--checks=-*,{fx.check}"]
        if fix_mode in FIX_FLAGS:
            cmd += [FIX_FLAGS[fix_mode]]
        own = fx.spec.get("cudalint_args", [])
        if not any(a.startswith("--gpu-arch") for a in own):
            cmd += [f"--gpu-arch={self.arch}"]
        cmd += own
        cmd.append(str(path))
        if not fx.bundled:
            # A user's fixture may include headers from its own directory.
            cmd += ["--"] + include_flags(fx)
        rc, out, err = run_cmd(cmd, timeout=self.timeout)
        return cmd, rc, out, err

    def lint(self, fx, before, result):
        """Step 1: the diagnostics and the fix-it. Returns the file of the
        "after" side (the fixed copy, or the hand-written one), or None."""
        if fx.clean:
            self._lint_clean(fx, before, result)
            return None
        if fx.awaiting:
            self._lint_clean(fx, before, result)
            return self._check_after(fx, before, result)
        if fx.spec["fix"] == "manual":
            return self._lint_manual(fx, before, result)
        return self._lint_fixit(fx, before, result)

    def _lint_clean(self, fx, before, result):
        """A clean counterpart, or the "before" side of a pattern awaiting
        its measurement: the check must stay silent."""
        problems = result["problems"]
        diag = result["diagnostics"]
        cmd, rc, out, err = self.run(fx, before, None)
        diag.update(command=shlex.join(cmd), exit_code=rc,
                    output=(out + err)[-4000:])
        found = warnings_of(fx.check, out + err)
        if rc not in (0, 1):
            problems.append(_exit_problem(rc, out, err))
        elif found or rc == 1:
            problems.append(f"expected no {fx.check} diagnostics, got: " +
                            " | ".join(found or [tail(out)]))
        diag["ok"] = not problems

    def _expect_diagnostics(self, fx, path, fix_mode, result):
        """Runs cudalint on `path` and checks that every expected
        diagnostic text appears."""
        cmd, rc, out, err = self.run(fx, path, fix_mode)
        text = out + err
        missing = [d for d in fx.spec["expect_diagnostics"] if d not in text]
        result["diagnostics"].update(command=shlex.join(cmd), exit_code=rc,
                                     missing=missing, output=text[-4000:])
        if rc not in (0, 1):
            result["problems"].append(_exit_problem(rc, out, err))
        for d in missing:
            result["problems"].append(f"expected diagnostic text missing: {d!r}")
        result["diagnostics"]["ok"] = rc in (0, 1) and not missing

    def _lint_fixit(self, fx, before, result):
        """Fix "fix" or "notes": cudalint fixes a copy, <case>.fixed.cu.
        Returns it, or None when no fix-it was applied."""
        problems = result["problems"]
        fixed = before.with_name(fx.name + ".fixed.cu")
        shutil.copyfile(before, fixed)
        self._expect_diagnostics(fx, fixed, fx.spec["fix"], result)

        fix = result["fix"]
        original = before.read_text()
        fixed_text = fixed.read_text()
        fix["applied"] = fixed_text != original
        fix["missing"] = [s for s in fx.spec.get("expect_fixed", [])
                          if s not in fixed_text]
        if not fix["applied"]:
            problems.append(f"no fix-it applied: cudalint "
                            f"{FIX_FLAGS[fx.spec['fix']]} left the file "
                            "unchanged")
        for s in fix["missing"]:
            problems.append(f"expected text missing from the fixed file: {s!r}")
        if not fix["applied"]:
            return None
        self._check_reapplied(fx, fixed, fixed_text, result)
        return fixed

    def _check_reapplied(self, fx, fixed, fixed_text, result):
        """Applying the fix-its again must change nothing, and the fixed
        code should no longer be flagged."""
        again = fixed.with_name(fx.name + ".fixed-twice.cu")
        shutil.copyfile(fixed, again)
        _, rc, out, err = self.run(fx, again, fx.spec["fix"])
        result["fix"]["idempotent"] = again.read_text() == fixed_text
        if not result["fix"]["idempotent"]:
            result["problems"].append("applying the fix-its a second time "
                                      "changed the file again")
        self._check_silent(fx, (rc, out, err), result, "the fixed file",
                           "the fixed file is still flagged: ")
        again.unlink()

    def _check_silent(self, fx, outcome, result, on_file, flagged):
        """Records whether the fixed (or "after") file drew nothing from the
        check, and reports it as a problem unless the fixture declares
        silent_after_fix false."""
        rc, out, err = outcome
        remaining = warnings_of(fx.check, out + err)
        result["fix"]["silent_after_fix"] = not remaining and rc == 0
        if fx.spec.get("silent_after_fix", True) and rc not in (0, 1):
            result["problems"].append(_exit_problem(rc, out, err,
                                                    "on " + on_file))
        elif fx.spec.get("silent_after_fix", True) and remaining:
            result["problems"].append(flagged + " | ".join(remaining))

    def _lint_manual(self, fx, before, result):
        """Step 1 for fix "manual": no fix-it exists, so the "after" side is
        the hand-written remedy that the diagnostic's note names. cudalint
        runs without --fix on the original, which must draw the expected
        diagnostics and stay unchanged, and on the "after" file, which must
        hold the `expect_fixed` strings and, by default, draw no warning.
        Returns the staged "after" file."""
        original = before.read_text()
        self._expect_diagnostics(fx, before, None, result)
        if before.read_text() != original:
            result["problems"].append("cudalint changed the file without "
                                      "--fix")
        return self._check_after(fx, before, result)

    def _check_after(self, fx, before, result):
        """The hand-written "after" side: it holds the `expect_fixed`
        strings and, by default, draws no warning. Returns the staged
        file."""
        problems = result["problems"]
        after = before.with_name(fx.after.name)
        after_text = after.read_text()
        fix = result["fix"]
        # Nothing is applied: the "after" side was written by hand.
        fix["applied"] = False
        fix["manual"] = True
        fix["after"] = rel(fx.after)
        fix["missing"] = [s for s in fx.spec.get("expect_fixed", [])
                          if s not in after_text]
        for s in fix["missing"]:
            problems.append(f"expected text missing from the 'after' file "
                            f"{fx.after.name}: {s!r}")
        cmd, rc, out, err = self.run(fx, after, None)
        fix["after_command"] = shlex.join(cmd)
        after_file = f"the 'after' file {fx.after.name}"
        self._check_silent(fx, (rc, out, err), result, after_file,
                           f"{after_file} is flagged: ")
        return after

# -*- Python -*-
# lit configuration for the cudalint tests. The build-specific values come
# from lit.site.cfg.py (generated from lit.site.cfg.py.in by CMake).
import os
import shutil

import lit.formats

config.name = "cudalint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".test"]
# Inputs/ holds headers and helper scripts, unit/ the GoogleTest suite.
config.excludes = ["Inputs", "unit", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py", "check_cudalint.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = lit_config.params.get(
    "cudalint_exec_root", os.path.join(config.cudalint_binary_dir, "test"))

# cudalint looks for compile_commands.json up the tree from each file, and the
# tests' temporary files live under the build directory, whose own database
# (CMAKE_EXPORT_COMPILE_COMMANDS) would then apply to them. An empty one at
# the top of the test outputs keeps the tests hermetic; stray-compdb.test
# covers what happens with a foreign database.
os.makedirs(config.test_exec_root, exist_ok=True)
with open(os.path.join(config.test_exec_root, "compile_commands.json"),
          "w") as f:
    f.write("[]\n")

tools_dir = config.llvm_tools_dir or "/usr/lib/llvm-19/bin"
python = config.python_executable or "python3"
binary = os.path.join(config.cudalint_binary_dir, "bin", "cudalint")
plugin = os.path.join(config.cudalint_binary_dir, "lib", "libcudalint-tidy.so")
shim_include = os.path.join(config.cudalint_binary_dir, "share", "cudalint",
                            "include")
inputs = os.path.join(config.test_source_root, "Inputs")

clang_tidy = shutil.which("clang-tidy-19") or os.path.join(tools_dir,
                                                           "clang-tidy")

cuda_path = config.cuda_path
if cuda_path and os.path.isfile(os.path.join(cuda_path, "include",
                                             "cuda_runtime.h")):
    config.available_features.add("cuda")
else:
    cuda_path = ""
# Build tools for the compiler-launcher tests.
for tool in ("cmake", "ninja", "make", "ccache", "clangd-19",
             "run-clang-tidy-19", "pre-commit", "git", "chromium"):
    if shutil.which(tool):
        config.available_features.add(tool)
if os.path.isfile(plugin):
    config.available_features.add("plugin")
if hasattr(os, "geteuid") and os.geteuid() == 0:
    # chmod 000 does not stop root from reading a file.
    config.available_features.add("root")
try:
    import jsonschema  # noqa: F401

    if os.environ.get("SARIF_SCHEMA"):
        config.available_features.add("sarif-schema")
except ImportError:
    pass

# FileCheck, not, split-file, count and clang-apply-replacements come first.
config.environment["PATH"] = os.pathsep.join(
    [tools_dir, os.environ.get("PATH", "")])
# The tests choose the CUDA installation explicitly (or none at all).
for var in ("CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "CUDACXX"):
    config.environment.pop(var, None)
if os.environ.get("SARIF_SCHEMA"):
    config.environment["SARIF_SCHEMA"] = os.environ["SARIF_SCHEMA"]
# Each lit run starts from an empty result cache of its own, so that no
# test reads what another run (or the user's own linting) stored; the
# cache's tests choose their own directories.
test_cache = os.path.join(config.test_exec_root, "result-cache")
shutil.rmtree(test_cache, ignore_errors=True)
config.environment["CUDALINT_CACHE_DIR"] = test_cache
config.environment.pop("XDG_CACHE_HOME", None)
# Color and editor settings of the person running the tests must not leak in.
config.environment["TERM"] = "dumb"
config.environment.pop("CLICOLOR_FORCE", None)

check_cudalint = " ".join([
    python,
    os.path.join(config.test_source_root, "check_cudalint.py"),
    "--cudalint=" + binary,
    "--plugin=" + plugin,
    "--clang-tidy=" + clang_tidy,
    "--filecheck=" + os.path.join(tools_dir, "FileCheck"),
    "--inputs=" + inputs,
    "--shim-include=" + shim_include,
] + (["--cuda-path=" + cuda_path] if cuda_path else []))

# Longest first: lit applies substitutions in order and %cudalint is a prefix
# of nothing else here, but %check_cudalint contains it.
config.substitutions.append(("%check_cudalint", check_cudalint))
config.substitutions.append(("%cudalint_bindir", os.path.dirname(binary)))
config.substitutions.append(("%cudalint", binary))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%clang_tidy", clang_tidy))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%cuda_path", cuda_path or "/nonexistent-cuda"))
config.substitutions.append(("%shim_include", shim_include))
config.substitutions.append(
    ("%expect_exit", python + " " + os.path.join(inputs, "expect_exit.py")))
config.substitutions.append(("%python", python))
config.substitutions.append(("%source_root",
                             os.path.dirname(config.test_source_root)))

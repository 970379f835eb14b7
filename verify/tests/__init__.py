"""Unit tests of cudalint_verify that need no GPU, no nvcc and no cudalint.

Run: python3 -m unittest discover -s verify/tests -t verify
(ctest runs them as verify.unit)."""

"""cudalint_verify: the before/after GPU harness behind verify/run.

Modules, in the order a fixture goes through them:
  fixtures  find fixtures and read their .expect.json declarations
  lint      cudalint on the original (--fix / --fix-notes) and the fixed file
  build     nvcc, the architecture, tool versions
  gpu       nvidia-smi, the clock sampler, running and timing the binaries
  stats     median/IQR summaries, output comparison, verdicts
  verifier  one fixture from staging to verdict
  report    the table, the summary lines and the JSON report
  chart     the SVG bar chart
  cli       the command line (verify/run calls cli.main)
"""

#!/usr/bin/env python3
"""A stand-in for a compiler or launcher: appends its command line, one
argument per line and then a blank line, to the file $RECORD_ARGS names,
and exits with status $RECORD_ARGS_STATUS (default 0)."""
import os
import sys

with open(os.environ["RECORD_ARGS"], "a") as f:
    f.write("\n".join([os.path.basename(sys.argv[0])] + sys.argv[1:]))
    f.write("\n\n")
sys.exit(int(os.environ.get("RECORD_ARGS_STATUS", "0")))

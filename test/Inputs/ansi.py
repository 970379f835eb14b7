#!/usr/bin/env python3
"""Usage: ansi.py present|absent FILE. Fails unless FILE does (present) or
does not (absent) contain an ANSI escape sequence (ESC '[')."""
import sys

mode, path = sys.argv[1], sys.argv[2]
with open(path, "rb") as f:
    found = b"\x1b[" in f.read()
if found != (mode == "present"):
    sys.exit("ansi.py: %s: escape sequences %s" %
             (path, "found" if found else "not found"))

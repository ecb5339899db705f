#!/usr/bin/env python3
"""Unpacks one device22_icap.sh result into the icap_* directories (cold, session 22):
  collect22_icap.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. The figures come from
the warm runs (clock_runs.json); ncu's launches give cycles.json and clock_ncu.json."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402

NOTE = ("H200 only: recorded on an H200 in session 22 (tools/microbench/device22_icap.sh, collected by "
        "tools/microbench/collect22_icap.py); no H100 recording.\n")

if __name__ == "__main__":
    collect(sys.argv, "icap_", "device22_icap.sh", "collect22_icap.py", recording_note=NOTE)

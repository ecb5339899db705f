#!/usr/bin/env python3
"""Unpacks one device22_mwake.sh result into the mwake_* or mwaket_* directories (tmaq, session 20):
  collect22_mwake.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. The figures come from
the warm runs (clock_runs.json); ncu's launches give cycles.json and clock_ncu.json."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402

NOTE = ("H200 only: recorded on an H200 in session 20 (tools/microbench/device22_mwake.sh, collected by "
        "tools/microbench/collect22_mwake.py); no H100 recording.\n")

if __name__ == "__main__":
    collect(sys.argv, ("mwake_", "mwaket_"), "device22_mwake.sh", "collect22_mwake.py", recording_note=NOTE)

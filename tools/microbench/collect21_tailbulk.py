#!/usr/bin/env python3
"""Unpacks one device21_tailbulk.sh result into the tbulk_* directories (tailbulk, session 21):
  collect21_tailbulk.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402

NOTE = ("H200 only: recorded on an H200 in session 21 (tools/microbench/device21_tailbulk.sh, collected by "
        "tools/microbench/collect21_tailbulk.py); only H200s were lent, no H100 recording.\n")

if __name__ == "__main__":
    collect(sys.argv, "tbulk_", "device21_tailbulk.sh", "collect21_tailbulk.py", recording_note=NOTE)

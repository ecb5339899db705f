#!/usr/bin/env python3
"""Unpacks one device25_redu.sh result into the redu24_* directories (bulk, session 25):
  collect25_redu.py RESULT_DIR
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. H200 only."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402


if __name__ == "__main__":
    collect(sys.argv, "redu24_", "device25_redu.sh", "collect25_redu.py",
            recording_note="H200 only: recorded in session 25 on the device tool's H200 (it lent no H100); "
                           "the same stamps as session 24's diagnosis run of these kernels (validation/timing/bulk25.md)\n")

#!/usr/bin/env python3
"""Unpacks one device28_red.sh result into the redu24 store-probe directories (red, session 28):
  collect28_red.py RESULT_DIR
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. H200 only."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402


if __name__ == "__main__":
    collect(sys.argv, "redu24_", "device28_red.sh", "collect28_red.py",
            recording_note="H200 only: recorded in session 28 on the device tool's H200 (it lent no H100); "
                           "validation/timing/red28.md\n")

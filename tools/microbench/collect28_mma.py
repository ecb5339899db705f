#!/usr/bin/env python3
"""Unpacks one device28_mma.sh result into the mma28_* directories (helper mma, session 28):
  collect28_mma.py RESULT_DIR
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. H200 only."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402


if __name__ == "__main__":
    collect(sys.argv, "mma28_", "device28_mma.sh", "collect28_mma.py",
            recording_note="H200 only: recorded in session 28 on the device tool's H200 (it lent no H100); "
                           "validation/timing/mma28.md\n")

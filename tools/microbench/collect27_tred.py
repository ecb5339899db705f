#!/usr/bin/env python3
"""Unpacks one device27_tred.sh result into the redu24_*_clk directories (tred, session 27):
  collect27_tred.py RESULT_DIR
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. H200 only."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402


if __name__ == "__main__":
    collect(sys.argv, "redu24_", "device27_tred.sh", "collect27_tred.py",
            recording_note="H200 only: recorded in session 27 on the device tool's H200 (it lent no H100); "
                           "validation/timing/tred27.md\n")

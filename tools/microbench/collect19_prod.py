#!/usr/bin/env python3
"""Unpacks one device19_prod.sh result into the psink_*, psinkx_* and smrh_* directories (prod, session 16):
  collect19_prod.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402

if __name__ == "__main__":
    # no RECORDING_NOTE: the family has both GPUs since 929daac9 (the directories' notes say so; the
    # H200-only note this script wrote before would overwrite them on a re-run)
    collect(sys.argv, ("psink_", "psinkx_", "smrh_"), "device19_prod.sh", "collect19_prod.py")

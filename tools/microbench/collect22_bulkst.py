#!/usr/bin/env python3
"""Unpacks one device22_bulkst.sh result into the bulkst_* directories (bulkst, session 20):
  collect22_bulkst.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402


if __name__ == "__main__":
    collect(sys.argv, "bulkst_", "device22_bulkst.sh", "collect22_bulkst.py")

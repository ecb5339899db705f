#!/usr/bin/env python3
"""Unpacks one device21_bulk18.sh result into the bulk18_* directories (bulk, session 18):
  collect21_bulk18.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402


if __name__ == "__main__":
    collect(sys.argv, "bulk18_", "device21_bulk18.sh", "collect21_bulk18.py")

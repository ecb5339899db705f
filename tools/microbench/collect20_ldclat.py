#!/usr/bin/env python3
"""Unpacks one device20_ldclat.sh result into the ldclat_* directories (const, session 17):
  collect20_ldclat.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402

if __name__ == "__main__":
    collect(sys.argv, "ldclat_", "device20_ldclat.sh", "collect20_ldclat.py")

#!/usr/bin/env python3
"""Unpacks one device22_icap.sh result into the icap_* directories (cold, session 22):
  collect22_icap.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz; what goes where: collectfam.py. The figures come from
the warm runs (clock_runs.json); ncu's launches give cycles.json and clock_ncu.json."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from collectfam import collect  # noqa: E402

NOTE = ("H200 only: recorded on an H200 in session 22 (tools/microbench/device22_icap.sh, collected by "
        "tools/microbench/collect22_icap.py); no H100 recording.\n")

GEN = ("python3 tools/microbench/gen22_icap.py (kernel.ptx written by the generator in flushs_k64's nvcc layout; "
       "nvcc -O3 ran over 60 s on kernel.cu)")

if __name__ == "__main__":
    collect(sys.argv, "icap_", "device22_icap.sh", "collect22_icap.py", recording_note=NOTE)
    import glob
    import json
    for p in glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "microbench",
                                    "icap_*", "provenance*.json")):
        prov = json.load(open(p))
        prov["commands"] = [GEN if c.startswith("nvcc -ptx") else c for c in prov["commands"]]
        with open(p, "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")

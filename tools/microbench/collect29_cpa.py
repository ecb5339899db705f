#!/usr/bin/env python3
"""Unpacks one tools/microbench/device29_cpa.sh result into validation/microbench/cpasync_k29_* (helper cpa,
session 29): collect29_cpa.py RESULT_DIR (it holds cpa29.tgz and cpa29_ncu.tgz) SRC_DIR (the loose directories the device call
carried, .devbuild/cpa/mb: launch.yaml, kernel.cu, kernel.ptx). Per directory: launch.yaml, kernel.cu,
kernel.ptx, clock_runs.json, provenance.json (the device script and this collector added to its commands),
cycles.json (device29_cpa2.sh), gpu/ and RECORDING_NOTE. H200 only."""
import json
import os
import shutil
import sys
import tarfile
import tempfile

MB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "microbench")

if __name__ == "__main__":
    res, srcd = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp()
    for f in ("cpa29.tgz", "cpa29_ncu.tgz"):
        with tarfile.open(os.path.join(res, f)) as t:
            t.extractall(tmp)
    for name in sorted(os.listdir(tmp)):
        if not name.startswith("cpasync_k29_"):
            continue
        src, dst = os.path.join(tmp, name), os.path.join(MB, name)
        os.makedirs(dst, exist_ok=True)
        for f in ("launch.yaml", "kernel.cu", "kernel.ptx"):
            shutil.copy(os.path.join(srcd, name, f), os.path.join(dst, f))
        for f in ("clock_runs.json", "cycles.json"):
            shutil.copy(os.path.join(src, f), os.path.join(dst, f))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        # recorded as cpasync29_*: renamed so that dedup.py keeps the stored sources in cpasync_ca16_lat
        prov["commands"] = [c.replace("cpasync29_", "cpasync_k29_") + " (recorded as " + name.replace("cpasync_k29_", "cpasync29_") + ")"
                            for c in prov.get("commands", [])] + [
            "tools/microbench/device29_cpa.sh (ptxas -arch=sm_90a of the cpasync_*_tput_w8 PTX, unchanged: "
            "2 LDGSTS.E, 2 LDGSTS.E.128, 2 LDGSTS.E.BYPASS.128); tools/microbench/collect29_cpa.py; cycles.json: tools/microbench/device29_cpa2.sh (ncu, cache flush)"]
        with open(os.path.join(dst, "provenance.json"), "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        if os.path.isdir(os.path.join(dst, "gpu")):
            shutil.rmtree(os.path.join(dst, "gpu"))
        shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
        with open(os.path.join(dst, "RECORDING_NOTE"), "w") as f:
            f.write("H200 only: recorded in session 29 on the device tool's H200 (it lent no H100), "
                    "warm launches (mb.py run --runs 5); validation/timing/cpa29.md\n")
        print(name)
    shutil.rmtree(tmp)

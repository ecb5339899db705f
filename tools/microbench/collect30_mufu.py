#!/usr/bin/env python3
"""Collect device30_mufu.sh's results (helper flash, session 30) into validation/microbench/mufutc30_*:

  python3 tools/microbench/collect30_mufu.py FILES_AT

cycles.json, clock_runs.json, gpu/ and provenance.json (driver and nvcc added from env/, as summarize.py --env
does) from mb.tgz / build.tgz, a RECORDING_NOTE "H200 only", then pack.py on the directories. The flash
slope launches (fa30_*: diagnosis, not microbenchmarks) go to validation/timing/flash/flash30_device.json.gz
with the SASS counts, the ncu CSV and the environment."""
import glob
import gzip
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
MB = os.path.join(ROOT, "validation", "microbench")
NOTE = ("H200 only (the device lent only H200 kinds in session 30). Recorded by helper flash with\n"
        "tools/microbench/device30_mufu.sh (one call for the nine mufutc30_* directories): clock_runs.json and gpu/\n"
        "5 runs, cycles.json ncu sm__cycles_elapsed.max x3 (cache flush); the SASS (ptxas 13.0 -arch=sm_90a,\n"
        "cuobjdump) is summarized in validation/timing/flash30.md.\n")


def main():
    at, tmp = sys.argv[1], tempfile.mkdtemp()
    for t in ("mb.tgz", "build.tgz"):
        with tarfile.open(os.path.join(at, t)) as f:
            f.extractall(tmp)
    nv = [ln for ln in open(os.path.join(tmp, "env", "nvcc_version.txt")).read().splitlines() if ln.startswith("Build")]
    drv = open(os.path.join(tmp, "env", "driver.txt")).read().strip()
    dirs = []
    for src in sorted(glob.glob(os.path.join(tmp, "mufutc30_*"))):
        name = os.path.basename(src)
        dst = os.path.join(MB, name)
        assert os.path.isdir(dst), dst + ": run gen30_mufu.py first"
        for f in ("cycles.json", "clock_runs.json"):
            shutil.copy(os.path.join(src, f), os.path.join(dst, f))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        prov["nvcc"], prov["driver"] = (nv[-1] if nv else None), drv
        with open(os.path.join(dst, "provenance.json"), "w") as g:
            json.dump(prov, g, indent=1)
            g.write("\n")
        shutil.rmtree(os.path.join(dst, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
        with open(os.path.join(dst, "RECORDING_NOTE"), "w") as g:
            g.write(NOTE)
        dirs.append(dst)
        print("collected", dst)
    diag = {"note": "helper flash, session 30 (validation/timing/flash30.md): tools/microbench/device30_mufu.sh on an NVIDIA "
                    "H200. fa30_c{1,2}n{1,2}k: the flash-attention PTX (triton_flash_attn_fwd's) on a grid [1 or 2, 132] "
                    "with N_CTX 1024 or 2048 (16 or 32 key blocks), ncu x3 (diagnosis: the per-key-block slope at 1 and "
                    "2 CTAs an SM); mufutc30_*: the family's ncu launches and per-launch gt dumps."}
    for f in ("env/nvidia_smi_csv.txt", "env/driver.txt", "env/ncu_version.txt", "ncu.csv", "order.txt", "dump.jsonl"):
        diag[f] = open(os.path.join(tmp, f)).read()
    for f in sorted(glob.glob(os.path.join(tmp, "fa30_*_cycles.json"))):
        diag[os.path.basename(f)] = json.load(open(f))
    for f in sorted(glob.glob(os.path.join(tmp, "sass", "*.ptxas.txt"))):
        diag["sass/" + os.path.basename(f)] = open(f).read()
    out = os.path.join(ROOT, "validation", "timing", "flash", "flash30_device.json.gz")
    with gzip.GzipFile(out, "wb", mtime=0) as g:
        g.write(json.dumps(diag, indent=0, sort_keys=True).encode())
    print("wrote", out)
    subprocess.run([sys.executable, os.path.join(HERE, "pack.py")] + dirs, check=True)


if __name__ == "__main__":
    main()

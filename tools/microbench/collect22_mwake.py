#!/usr/bin/env python3
"""Unpacks one device22_mwake.sh result into the mwake_* directories (tmaq, session 20; from collect16_tmaq.py):
  collect22_mwake.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz and flushcmp.tgz. Per mwake directory: kernel.ptx, clock_runs.json, cycles.json,
provenance.json, gpu/ (from mb.tgz; with --suffix, the .SUFFIX.json names, kernel.ptx and gpu/ untouched). The
figures come from the warm runs (clock_runs.json); ncu's launches only give cycles.json."""
import json
import os
import shutil
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")


def main():
    res = sys.argv[1]
    sfx = "." + sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--suffix" else ""
    tmp = tempfile.mkdtemp()
    with tarfile.open(os.path.join(res, "mb.tgz")) as t:
        t.extractall(os.path.join(tmp, "mb"))
    with tarfile.open(os.path.join(res, "flushcmp.tgz")) as t:
        t.extractall(os.path.join(tmp, "f"))
    with tarfile.open(os.path.join(res, "build.tgz")) as t:
        t.extractall(os.path.join(tmp, "b"))
    env = lambda f: open(os.path.join(tmp, "b", "env", f)).read().strip()
    driver, nvcc = env("driver.txt").splitlines()[0], env("nvcc_version.txt").splitlines()[-2]
    host = open(os.path.join(tmp, "f", "host.txt")).read().strip().splitlines()[-1]
    clk = {}
    for ln in open(os.path.join(tmp, "f", "dump_all.jsonl")):
        r = json.loads(ln)
        clk.setdefault(os.path.basename(r["dir"].rstrip("/")), []).append(r["outputs"])
    cmd = ("ncu --clock-control none --cache-control all --print-units base --csv --metrics "
           "sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum "
           "python3 tools/microbench/mb.py once --dump (every directory 3 times, interleaved; "
           "tools/microbench/device22_mwake.sh)")
    for name in sorted(os.listdir(os.path.join(tmp, "mb"))):
        if not name.startswith("mwake_"):
            continue
        src, dst = os.path.join(tmp, "mb", name), os.path.join(MB, name)
        for f in ("clock_runs.json", "cycles.json"):
            if os.path.exists(os.path.join(src, f)):
                shutil.copy(os.path.join(src, f), os.path.join(dst, f.replace(".json", sfx + ".json")))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        prov["driver"], prov["nvcc"], prov["ncu"] = driver, nvcc, env("ncu_version.txt").splitlines()[-1]
        prov["commands"] = (["nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu"] + prov.get("commands", [])
                            + [cmd, "tools/microbench/device22_mwake.sh; tools/microbench/collect22_mwake.py"])
        with open(os.path.join(dst, f"provenance{sfx}.json"), "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        if not sfx:
            with open(os.path.join(dst, "RECORDING_NOTE"), "w") as f:
                f.write("H200 only: recorded in one H200 call of session 20 (tools/microbench/device22_mwake.sh, "
                        "collected by tools/microbench/collect22_mwake.py); no H100 recording.\n")
        if not sfx:
            shutil.copy(os.path.join(src, "kernel.ptx"), os.path.join(dst, "kernel.ptx"))
            if os.path.isdir(os.path.join(dst, "gpu")):
                shutil.rmtree(os.path.join(dst, "gpu"))
            shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
        print(name, len(clk.get(name, [])), "profiled launches")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()

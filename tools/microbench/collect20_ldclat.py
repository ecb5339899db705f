#!/usr/bin/env python3
"""Unpacks one device20_ldclat.sh result into the ldclat_* directories (const, session 17):
  collect20_ldclat.py RESULT_DIR [--suffix h100]
RESULT_DIR holds mb.tgz, flushcmp.tgz and build.tgz. Per directory: kernel.ptx, clock_runs.json, cycles.json,
provenance.json, gpu/ (from mb.tgz; with --suffix, the .SUFFIX.json names, kernel.ptx and gpu/ untouched) and
clock_ncu[.SUFFIX].json: the clk outputs of the launches ncu profiled (its cache flush), in ncu's order."""
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
           "tools/microbench/device20_ldclat.sh)")
    for name in sorted(os.listdir(os.path.join(tmp, "mb"))):
        if not name.startswith("ldclat_"):
            continue
        src, dst = os.path.join(tmp, "mb", name), os.path.join(MB, name)
        for f in ("clock_runs.json", "cycles.json"):
            if os.path.exists(os.path.join(src, f)):
                shutil.copy(os.path.join(src, f), os.path.join(dst, f.replace(".json", sfx + ".json")))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        prov["driver"], prov["nvcc"], prov["ncu"] = driver, nvcc, env("ncu_version.txt").splitlines()[-1]
        prov["commands"] = (["nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu"] + prov.get("commands", [])
                            + [cmd, "tools/microbench/device20_ldclat.sh; tools/microbench/collect20_ldclat.py"])
        with open(os.path.join(dst, f"provenance{sfx}.json"), "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        if not sfx or not os.path.exists(os.path.join(dst, "kernel.ptx")) and not os.path.exists(os.path.join(dst, "kernel.ptx.gz")):
            shutil.copy(os.path.join(src, "kernel.ptx"), os.path.join(dst, "kernel.ptx"))
            if os.path.isdir(os.path.join(dst, "gpu")):
                shutil.rmtree(os.path.join(dst, "gpu"))
            shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
        with open(os.path.join(dst, f"clock_ncu{sfx}.json"), "w") as f:
            json.dump({"runs": len(clk.get(name, [])), "gpu": host, "command": cmd,
                       "note": "clk of the launches ncu profiled with its cache flush (ncu's default, as cycles.json)",
                       "outputs": clk.get(name, [])}, f, separators=(",", ":"))
            f.write("\n")
        print(name, len(clk.get(name, [])), "profiled launches")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()

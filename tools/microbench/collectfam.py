"""The collector shared by the family scripts collect19_prod.py and collect20_ldclat.py: unpacks one
device-call result (mb.tgz, flushcmp.tgz, build.tgz) into the family's validation/microbench directories.
Per directory: clock_runs.json, cycles.json, provenance.json (driver, nvcc, ncu, commands added), kernel.ptx
and gpu/ (from mb.tgz; with --suffix SFX the .SFX.json names, and kernel.ptx and gpu/ only where the
directory has no kernel.ptx yet), and clock_ncu[.SFX].json: the clk outputs of the launches ncu profiled
(its cache flush), in ncu's order."""
import json
import os
import shutil
import sys
import tarfile
import tempfile

MB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "microbench")


def collect(argv, prefixes, device_script, collect_script, recording_note=None):
    """argv: RESULT_DIR [--suffix SFX]; prefixes: the family's directory name prefixes (a str or a tuple);
    device_script / collect_script: the tools/microbench names the provenance cites; recording_note: the
    RECORDING_NOTE text written without --suffix (one-GPU families), or None."""
    res = argv[1]
    sfx = "." + argv[3] if len(argv) > 3 and argv[2] == "--suffix" else ""
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
           f"tools/microbench/{device_script})")
    for name in sorted(os.listdir(os.path.join(tmp, "mb"))):
        if not name.startswith(prefixes):
            continue
        src, dst = os.path.join(tmp, "mb", name), os.path.join(MB, name)
        for f in ("clock_runs.json", "cycles.json"):
            if os.path.exists(os.path.join(src, f)):
                shutil.copy(os.path.join(src, f), os.path.join(dst, f.replace(".json", sfx + ".json")))
        prov = json.load(open(os.path.join(src, "provenance.json")))
        prov["driver"], prov["nvcc"], prov["ncu"] = driver, nvcc, env("ncu_version.txt").splitlines()[-1]
        prov["commands"] = (["nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu"] + prov.get("commands", [])
                            + [cmd, f"tools/microbench/{device_script}; tools/microbench/{collect_script}"])
        with open(os.path.join(dst, f"provenance{sfx}.json"), "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        if not sfx and recording_note:
            with open(os.path.join(dst, "RECORDING_NOTE"), "w") as f:
                f.write(recording_note)
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

"""Session 28 (helper cute): fold the device28_cute.sh call's results into validation/microbench (gen28_cute.py's
directories) and validation/timing (cute28_*: diagnosis).

  python3 tools/microbench/collect28_cute.py MBDIR BUILDDIR   (the untarred mb.tgz and build.tgz)

Per directory: cycles.json, clock_runs.json, gpu/, provenance.json (+ driver, nvcc, ptxas -v, commands), kernel.ptx
(gls28: nvcc -ptx on the device), RECORDING_NOTE ("H200 only"); tph_cute_tn_gt also clock_runs_cold.json (the 3 flushed
ncu launches' clk and gt) and ncu_time.json (their gpu__time_duration.sum). validation/timing/cute28_device.json.gz: the
recorded tph_cute_tn's 3 launches of this call (stamps, ncu cycles, clock, ns: diagnosis) and the L1/L2 store counters
of the gls28 kernels, the gt twin and gls23_st16_r4g8_r512_w4 (one ncu launch each)."""
import csv
import gzip
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
MB = os.path.join(ROOT, "validation", "microbench")
NOTE = ("H200 only (no H100 recording: the session's device lent H200 kinds only). Recorded in session 28 by helper cute\n"
        "with tools/microbench/device28_cute.sh (one call): cycles.json = ncu sm__cycles_elapsed.max x3 with ncu's cache\n"
        "flush (interleaved); clock_runs.json 5 runs without ncu{extra}.\nSee validation/timing/cute28.md.\n")


def ncu_rows(path):
    hdr, out = None, []
    for ln in open(path).read().splitlines():
        if ln.startswith('"ID"'):
            hdr = next(csv.reader([ln]))
            continue
        if hdr and ln.startswith('"'):
            r = dict(zip(hdr, next(csv.reader([ln]))))
            out.append((int(r["ID"]), r["Metric Name"], float(r["Metric Value"].replace(",", ""))))
    return out


def per_launch(path, order):
    names = [os.path.basename(ln.strip().rstrip("/")) for ln in open(order) if ln.strip()]
    res = {}
    for i, m, v in ncu_rows(path):
        res.setdefault(i, {})[m] = v
    return [(names[i], res[i]) for i in sorted(res)]


def main():
    src, b = sys.argv[1], sys.argv[2]
    env = {k: open(os.path.join(b, "env", k + ".txt")).read().strip() for k in ("driver", "nvcc_version")}
    dumps = {}
    for ln in open(os.path.join(b, "dump_all.jsonl")):
        r = json.loads(ln)
        dumps.setdefault(os.path.basename(r["dir"].rstrip("/")), []).append(r["outputs"])
    launches = per_launch(os.path.join(b, "ncu_all.csv"), os.path.join(b, "order_all.txt"))
    for n in sorted(os.listdir(src)):
        s, d = os.path.join(src, n), os.path.join(MB, n)
        os.makedirs(d, exist_ok=True)
        for f in ("cycles.json", "clock_runs.json", "launch.yaml"):
            shutil.copy(os.path.join(s, f), os.path.join(d, f))
        if n.startswith("gls28"):
            shutil.copy(os.path.join(s, "kernel.ptx"), os.path.join(d, "kernel.ptx"))
        shutil.rmtree(os.path.join(d, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(s, "gpu"), os.path.join(d, "gpu"))
        prov = json.load(open(os.path.join(s, "provenance.json")))
        prov["driver"] = env["driver"]
        prov["nvcc"] = env["nvcc_version"].splitlines()[-1]
        sass = "gls28" if n.startswith("gls28") else "twin_gt"
        prov["ptxas_v"] = open(os.path.join(b, "sass", sass + ".ptxas.txt")).read()
        prov["commands"] = ["python3 tools/microbench/gen28_cute.py",
                            "bash tools/microbench/device28_cute.sh (nvcc -ptx of gls28.cu; ncu --cache-control all x3 "
                            "with mb.py once --dump (the twins) / mb.py once (gls28); mb.py cycles; mb.py run --runs 5; "
                            "one ncu pass of L1/L2 store counters)",
                            "python3 tools/microbench/collect28_cute.py MB BUILD"]
        extra = ""
        if n == "tph_cute_tn_gt":
            outs = dumps[n]
            with open(os.path.join(d, "clock_runs_cold.json"), "w") as f:
                json.dump({"runs": len(outs), "note": "the clk and gt outputs of the 3 launches ncu profiled with its "
                           "cache flush (--cache-control all), in launch order (tools/microbench/device28_cute.sh)",
                           "outputs": outs}, f)
            t = [m["gpu__time_duration.sum"] for nm, m in launches if nm == n]
            with open(os.path.join(d, "ncu_time.json"), "w") as f:
                json.dump({"metric": "gpu__time_duration.sum", "unit": "ns", "values": t,
                           "note": "the same 3 flushed ncu launches as cycles.json"}, f, indent=1)
                f.write("\n")
            extra = ("; clock_runs_cold.json the clk and gt outputs of the 3 flushed ncu launches; ncu_time.json their "
                     "gpu__time_duration.sum")
        with open(os.path.join(d, "provenance.json"), "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        with open(os.path.join(d, "RECORDING_NOTE"), "w") as f:
            f.write(NOTE.format(extra=extra))
        print("wrote", d)
    diag = {"note": "session 28 device call (tools/microbench/device28_cute.sh), NVIDIA H200 driver " + env["driver"],
            "ref_tph_cute_tn": {"launches": [m for nm, m in launches if nm == "tph_cute_tn"],
                                "outputs": dumps.get("tph_cute_tn", [])},
            "store_counters": [{"dir": nm, **m} for nm, m in per_launch(os.path.join(b, "ncu_l1.csv"),
                                                                        os.path.join(b, "order_l1.txt"))]}
    with gzip.GzipFile(os.path.join(ROOT, "validation", "timing", "cute28_device.json.gz"), "wb", mtime=0) as f:
        f.write(json.dumps(diag, indent=0).encode())


if __name__ == "__main__":
    main()

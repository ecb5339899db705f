"""Session 27 (helper coop): fold the device27_coop.sh call's results into validation/microbench/coop27_*
(collect25_coop.py adapted; also writes ncu_time.json: gpu__time_duration.sum (ns) of the flushed and the not
flushed ncu launches, beside their cycles).

  python3 tools/microbench/collect27_coop.py MBDIR BUILDDIR [NAME...]   (the untarred mb.tgz and build.tgz;
  default the four coop27 directories)

Per directory: cycles.json, clock_runs.json, gpu/, provenance.json (+ driver, nvcc, ptxas -v, commands);
the stamped ones also clock_runs_cold.json (the 3 flushed ncu launches' stamps) and clock_runs_noflush.json
(3 launches under ncu --cache-control none, diagnosis); all get cycles_nocache.json (ncu cycles of those 3
launches, diagnosis) and RECORDING_NOTE ("H200 only")."""
import csv
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(HERE, "..", "..", "validation", "microbench")
NAMES = ["coop27_k64", "coop27_k256", "coop27_k512", "coop27_k64_nost"]
NOTE = ("H200 only (no H100 recording: the session's device lent H200 kinds only). Recorded in session 27 by helper coop\n"
        "with tools/microbench/device27_coop.sh (one call, the four coop27 directories interleaved under ncu x3): cycles.json = ncu sm__cycles_elapsed.max x3 with\n"
        "ncu's cache flush; cycles_nocache.json the same x3 under --cache-control none (diagnosis); clock_runs.json 5 runs\n"
        "without ncu; (stamped) clock_runs_cold.json / clock_runs_noflush.json the stamps of the flushed / not flushed\n"
        "ncu launches. ncu_time.json: gpu__time_duration.sum (ns) of both.\nSee validation/timing/coop27.md.\n")


def ncu_cycles(path, order, metric="sm__cycles_elapsed.max"):
    hdr, res = None, []
    for ln in open(path).read().splitlines():
        if ln.startswith('"ID"'):
            hdr = next(csv.reader([ln]))
            continue
        if hdr and ln.startswith('"'):
            r = dict(zip(hdr, next(csv.reader([ln]))))
            if r.get("Metric Name") == metric:
                res.append(int(float(r["Metric Value"].replace(",", ""))))
    names = [ln.split()[0].rstrip("/").split("/")[-1] for ln in open(order) if ln.strip()]
    per = {}
    for n, v in zip(names, res):
        per.setdefault(n, []).append(v)
    return per


def main():
    src, b = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or NAMES
    env = {k: open(os.path.join(b, "env", k + ".txt")).read().strip() for k in ("driver", "nvcc_version")}
    dumps = {}
    for kind in ("all", "none"):
        for ln in open(os.path.join(b, f"dump_{kind}.jsonl")):
            r = json.loads(ln)
            dumps.setdefault((kind, r["dir"]), []).append(r["outputs"])
    nocache = ncu_cycles(os.path.join(b, "ncu_none.csv"), os.path.join(b, "order_none.txt"))
    times = {k: ncu_cycles(os.path.join(b, f"ncu_{k}.csv"), os.path.join(b, f"order_{k}.txt"), "gpu__time_duration.sum")
             for k in ("all", "none")}
    for n in names:
        s, d = os.path.join(src, n), os.path.join(MB, n)
        for f in ("cycles.json", "clock_runs.json"):
            shutil.copy(os.path.join(s, f), os.path.join(d, f))
        shutil.rmtree(os.path.join(d, "gpu"), ignore_errors=True)
        shutil.copytree(os.path.join(s, "gpu"), os.path.join(d, "gpu"))
        prov = json.load(open(os.path.join(s, "provenance.json")))
        prov["driver"] = env["driver"]
        prov["nvcc"] = env["nvcc_version"].splitlines()[-1]
        sass = "coop27_k64"
        prov["ptxas_v"] = open(os.path.join(b, "sass", sass + ".ptxas.txt")).read()
        prov["commands"] = ["python3 tools/microbench/gen27_coop.py",
                            "bash tools/microbench/device27_coop.sh (ncu --cache-control all / none x3 with mb.py once "
                            "--dump; mb.py cycles; mb.py run --runs 5)",
                            "python3 tools/microbench/collect27_coop.py MB BUILD"]
        with open(os.path.join(d, "provenance.json"), "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        v = nocache.get(n, [])
        cyc = json.load(open(os.path.join(s, "cycles.json")))
        nc = {"metric": "sm__cycles_elapsed.max", "kernel": cyc["kernel"], "launches": len(v), "values": v,
              "min": min(v), "median": sorted(v)[len(v) // 2], "max": max(v), "gpu": cyc.get("gpu"),
              "driver": env["driver"], "clock_control": "none", "cache_control": "none (diagnosis)",
              "command": "ncu --cache-control none (tools/microbench/device27_coop.sh)"}
        with open(os.path.join(d, "cycles_nocache.json"), "w") as f:
            json.dump(nc, f, indent=1)
            f.write("\n")
        if not n.endswith("_plain"):
            for kind, fn, note in (("all", "clock_runs_cold.json", "with its cache flush (--cache-control all)"),
                                   ("none", "clock_runs_noflush.json", "with --cache-control none (diagnosis)")):
                o = dumps[(kind, n)]
                with open(os.path.join(d, fn), "w") as f:
                    json.dump({"runs": len(o), "note": f"the stamps of the {len(o)} launches ncu profiled {note}, in "
                               "launch order (tools/microbench/device27_coop.sh)", "outputs": o}, f, separators=(",", ":"))
                    f.write("\n")
        tm = {"metric": "gpu__time_duration.sum", "unit": "ns",
              "values": times["all"].get(n, []), "values_nocache": times["none"].get(n, []),
              "note": "the same ncu launches as cycles.json (flushed) and cycles_nocache.json (not flushed), in order"}
        with open(os.path.join(d, "ncu_time.json"), "w") as f:
            json.dump(tm, f, indent=1)
            f.write("\n")
        with open(os.path.join(d, "RECORDING_NOTE"), "w") as f:
            f.write(NOTE)
        print("collected", n, cyc["values"], "nocache", v)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Device-side runner for the sm90sim microbenchmarks (validation/microbench/)
and the ncu cycle re-measurement of corpus kernels. Uses the corpus
recorder's CUDA driver wrapper (tools/record/record.py).

  mb.py run --runs N DIR...      launch each N times on fresh buffers; save the
                                 first run's outputs as DIR/gpu/<out>.npy and every
                                 run's clk-like outputs in DIR/clock_runs.json
  mb.py once --order FILE [--dump JSONL] DIR...
                                 launch each DIR once in the order given (a DIR
                                 may repeat); FILE gets one DIR per launch (the
                                 order ncu profiles them in); --dump appends each
                                 launch's timing outputs (clk...) as a JSON line
  mb.py cycles --order FILE --csv NCU.csv --env ENVDIR [--prov] DIR...
                                 write DIR/cycles.json (ncu sm__cycles_elapsed.max
                                 min/median/max over the DIR's launches, SM clock)
Needs python3, numpy, pyyaml, libcuda.so.1 (run/once)."""
import argparse
import datetime
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "record"))
import record as R  # noqa: E402
import gzcompat  # noqa: E402  NAME or NAME.gz (tools/microbench/pack.py)
import numpy as np  # noqa: E402

TIMING_OUTPUTS = ("clk", "lat", "smid", "wfin", "gt")


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Cache:
    def __init__(self, cuda):
        self.cuda, self.d = cuda, {}

    def get(self, d):
        if d not in self.d:
            spec = R.load_spec(d)
            bufs = R.build_buffers(d, spec)
            ptx = gzcompat.read_text(os.path.join(d, "kernel.ptx"))  # or kernel.ptx.gz
            mod, fn, jit, fattrs = self.cuda.load(ptx, spec["kernel"])
            self.d[d] = (spec, bufs, fn, jit, fattrs)
        return self.d[d]


def cmd_run(a):
    R.check_tmap_enums()
    cuda = R.Cuda()
    dev = cuda.info()
    cache = Cache(cuda)
    rc = 0
    for d in a.dirs:
        d = d.rstrip("/")
        name = os.path.basename(d)
        try:
            spec, bufs, fn, jit, fattrs = cache.get(d)
            mode = R.launch_mode(spec)
            runs = []
            first = None
            for i in range(a.runs):
                outs, layout = R.run_once(cuda, d, spec, fn, bufs, None, mode)
                if first is None:
                    first = outs
                runs.append({o: outs[o].reshape(-1).tolist() for o in spec["outputs"] if o in TIMING_OUTPUTS})
            saved = {}
            for o in spec["outputs"]:
                saved[o] = R.save_output(d, o, first[o], spec["buffers"][o].get("dtype"))
            gzcompat.remove_both(os.path.join(d, "clock_runs.json"))  # no stale packed copy
            with open(os.path.join(d, "clock_runs.json"), "w") as f:
                json.dump({"runs": a.runs, "note": "timing outputs of every run (flattened, C order); "
                           "gpu/*.npy holds run 0", "outputs": runs}, f, separators=(",", ":"))
                f.write("\n")
            prov = {"gpu": dev["gpu"], "cuda_driver_api": dev["cuda_driver_api"], "date": now(),
                    "runs": a.runs, "outputs": saved, "func_attributes": fattrs,
                    "device_attributes": dev["device_attributes"], "launch_mode": mode,
                    "jit_info_log": jit["info"][:1500],
                    "commands": [f"python3 tools/microbench/mb.py run --runs {a.runs} validation/microbench/{name}"]}
            gzcompat.remove_both(os.path.join(d, "provenance.json"))
            with open(os.path.join(d, "provenance.json"), "w") as f:
                json.dump(prov, f, indent=1)
                f.write("\n")
            print(f"[{name}] ok " + " ".join(f"{o}={runs[-1][o][:4]}" for o in runs[-1]), flush=True)
        except Exception as e:
            rc = 1
            print(f"[{name}] FAILED: {type(e).__name__}: {e}", flush=True)
    return rc


def cmd_once(a):
    R.check_tmap_enums()
    cuda = R.Cuda()
    cache = Cache(cuda)
    rc = 0
    with open(a.order, "w") as order:
        for d in a.dirs:
            d = d.rstrip("/")
            try:
                spec, bufs, fn, _, _ = cache.get(d)
                outs, _ = R.run_once(cuda, d, spec, fn, bufs, None, R.launch_mode(spec))
                if a.dump:
                    with open(a.dump, "a") as f:
                        json.dump({"dir": os.path.basename(d), "outputs": {
                            o: outs[o].reshape(-1).tolist() for o in spec["outputs"] if o in TIMING_OUTPUTS}},
                            f, separators=(",", ":"))
                        f.write("\n")
                order.write(d + "\n")
                order.flush()
            except Exception as e:
                rc = 1
                order.write(d + " FAILED\n")
                print(f"[once {d}] FAILED: {e}", file=sys.stderr, flush=True)
    return rc


def cmd_cycles(a):
    with open(a.order) as f:
        order = [ln.split()[0] for ln in f if ln.strip() and not ln.strip().endswith("FAILED")]
    rows, _ = R.parse_ncu_csv(a.csv)
    env = {}
    for k in ("ncu_version", "nvidia_smi_csv", "gpu_name", "driver"):
        p = os.path.join(a.env, k + ".txt")
        env[k] = open(p).read().strip() if os.path.exists(p) else None
    tool = (env["ncu_version"] or "").splitlines()[-1] if env["ncu_version"] else None
    # rows: (kernel, metrics dict) per profiled launch, in launch order
    if len(rows) != len(order):
        print(f"warning: {len(rows)} ncu results for {len(order)} launches", file=sys.stderr)
    per = {}
    for i, d in enumerate(order):
        if i >= len(rows):
            break
        per.setdefault(d.rstrip("/"), []).append(rows[i])
    for d in a.dirs:
        d = d.rstrip("/")
        spec = R.load_spec(d)
        got = per.get(d, [])
        cyc = [r[1].get("sm__cycles_elapsed.max") for r in got if r[0].split("(")[0] == spec["kernel"]]
        cyc = [int(c) for c in cyc if c is not None]
        hz = [r[1].get("sm__cycles_elapsed.avg.per_second") for r in got]
        hz = [float(h) for h in hz if h is not None]
        other = {}
        for r in got:
            for k, v in r[1].items():
                if k not in ("sm__cycles_elapsed.max", "sm__cycles_elapsed.avg.per_second"):
                    other.setdefault(k, []).append(v)
        out = {"metric": "sm__cycles_elapsed.max", "kernel": spec["kernel"], "launches": len(cyc),
               "values": cyc,
               "min": min(cyc) if cyc else None, "median": statistics.median(cyc) if cyc else None,
               "max": max(cyc) if cyc else None,
               "sm_clock_hz": {"metric": "sm__cycles_elapsed.avg.per_second", "values": hz,
                               "median": statistics.median(hz) if hz else None},
               "other_metrics": other,
               "gpu": env["gpu_name"], "driver": env["driver"], "tool": tool, "clock_control": "none",
               "cache_control": "all (ncu default: caches flushed before each profiled launch)",
               "date": now(),
               "command": a.command,
               "error": None if cyc else "no ncu result for this directory's launches"}
        gzcompat.remove_both(os.path.join(d, "cycles.json"))
        with open(os.path.join(d, "cycles.json"), "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
        print(f"{os.path.basename(d):34} {out['min']} {out['median']} {out['max']} "
              f"{out['sm_clock_hz']['median']}", flush=True)
    return 0


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--runs", type=int, default=5)
    r.add_argument("dirs", nargs="+")
    o = sub.add_parser("once")
    o.add_argument("--order", required=True)
    o.add_argument("--dump", default=None)
    o.add_argument("dirs", nargs="+")
    c = sub.add_parser("cycles")
    c.add_argument("--order", required=True)
    c.add_argument("--csv", required=True)
    c.add_argument("--env", required=True)
    c.add_argument("--command", default="")
    c.add_argument("dirs", nargs="+")
    a = p.parse_args()
    return {"run": cmd_run, "once": cmd_once, "cycles": cmd_cycles}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())

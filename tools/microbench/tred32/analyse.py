#!/usr/bin/env python3
"""Tables of the tred32 probe (lane tred, session 32; validation/timing/tred32.md) from h200/:
  1. jt_probe / cb_probe (tred32.cu): the switch (t0 -> first case instruction) and case body per
     config, under ncu's flush (jt_ncu), after a 512 MiB read (jt_l2f), and warm (jt_warm: rep 0 is
     the process's first use); cb_probe's six LDC c[0x3] regions (cold line, +4 B, +64 B, +128 B,
     +256 B, +4 KiB).
  2. tph_redops_rot with split stamps (gen_rot.py: rotf, rotn = no tensormap fence, rotw = the maps'
     lines read in the load phase; rot.tar.xz): per CTA the switch (sync end -> case start), fence and
     reduction-issue phases of the 3 flushed launches, and the ncu cycles of each launch.
  3. The holds: per launch and clock group (SMs whose %clock64 start within 2000 cycles: a GPC), the span
     from the group's first fence to each slow CTA's (switch > 700) first case instruction.
Usage: python3 tools/microbench/tred32/analyse.py [DIR=tools/microbench/tred32/h200]"""
import gzip, io, json, os, statistics as st, sys, tarfile

D = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "h200")


def probe():
    for tag in ("ncu", "l2f", "warm"):
        for line in gzip.open(os.path.join(D, f"jt_{tag}.jsonl.gz"), "rt"):
            r = json.loads(line)
            c, k = r["cfg"], r["clk"]
            if c.startswith("jt"):
                sw = [x[1] - x[0] for x in k]
                body = [x[2] - x[1] for x in k]
                print(f"{tag:4} r{r['rep']} {c:13} switch med {st.median(sw):5.0f} min {min(sw):5} max {max(sw):5}"
                      f"  body med {st.median(body):4.0f} max {max(body):4}")
            else:
                d = [[x[i + 1] - x[i] for i in range(6)] for x in k]
                cols = list(zip(*d))
                print(f"{tag:4} r{r['rep']} {c:13} LDC regions med {[int(st.median(x)) for x in cols]} max {[max(x) for x in cols]}")


def rot():
    t = tarfile.open(os.path.join(D, "rot.tar.xz"))
    get = lambda n: json.load(t.extractfile(n))
    ncu = t.extractfile("ncu_cold.csv").read().decode().splitlines()
    cyc = [int(l.split('","')[-1].strip('"').replace(",", "")) for l in ncu if "sm__cycles_elapsed.max" in l]
    for i, var in enumerate(("rotf", "rotn", "rotw")):
        cold = [o["clk"] for o in get(f"{var}/clock_runs_cold.json")["outputs"]]
        print(f"== {var}: ncu cycles of the 3 flushed launches {cyc[3 * i:3 * i + 3]}")
        for v in range(62):
            rs = [[int(x) for x in c[v * 32:v * 32 + 8]] for c in cold]
            if not rs[0][3]:
                continue
            case = (v + 31) % 62
            ph = [f"{x[6] - x[2]:5}/{(x[7] - x[6]) if x[7] else 0:3}/{x[3] - (x[7] or x[6]):5}" for x in rs]
            print(f"  v{v:2} case {case:2}  switch/fence/issue  " + "  ".join(ph))
        if var == "rotf":
            holds(cold)


def holds(cold):
    for li, clk in enumerate(cold):
        rows = []
        for v in range(62):
            r = [int(x) for x in clk[v * 32:v * 32 + 8]]
            if r[3]:
                rows.append((v, (v + 31) % 62, r))
        rows.sort(key=lambda x: x[2][0])
        groups = []
        for x in rows:
            if groups and x[2][0] - groups[-1][-1][2][0] < 2000:
                groups[-1].append(x)
            else:
                groups.append([x])
        out = []
        for g in groups:
            fences = [r[0] + r[6] for v, c, r in g if c >= 28 and r[7]]
            slow = [(v, r[0] + r[6] - min(fences)) for v, c, r in g if fences and r[6] - r[2] > 700]
            if slow:
                out.append((f"CTAs {min(v for v, _, _ in g)}..", slow))
        print(f"  holds, launch {li}: (CTA, first fence -> case start)", out)


probe()
rot()

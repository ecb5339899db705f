"""Session 27 (helper coop): the SM clock over the coop27 twins' stamped spans (gen27_coop.py's slots).

  python3 tools/microbench/coop27_clock.py [DIR...]   (default validation/microbench/coop27_*)

Per ncu launch (clock_runs_cold.json: caches flushed; clock_runs_noflush.json: not flushed) and CTA:
%clock MHz = Δ%clock / Δ%globaltimer over entry..ret (span), entry..epilogue start (pre; the latest consumer's
slot 8 / 12) and epilogue start..ret (epi); the launch's time outside the stamped span in ns
(ncu_time.json's gpu__time_duration.sum minus the earliest entry to the latest ret in %globaltimer) and in
cycles at ncu's clock; ncu cycles minus the longest %clock span (coop25.md's "launch minus the stamped span").
Medians over the CTAs and launches."""
import glob
import json
import os
import statistics as st
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
W, S = 12, 16


def load(d, name):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "record", "gzcompat.py"), "cat",
                          os.path.join(d, name)], capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 and out.stdout else None


def d32(a, b):
    return (b - a) % 2**32


def launch(clk):
    res = []
    for i in range(0, len(clk), W * S):
        c = [clk[i + w * S:i + (w + 1) * S] for w in range(W)]
        t0, g0 = min(w[0] for w in c), min(w[11] for w in c)  # one launch: no wrap inside ~4 s of ns / 2 s of clock
        rc, rg = max(d32(t0, w[10]) for w in c), max(d32(g0, w[13]) for w in c)
        ec, eg = max(d32(t0, w[8]) for w in c[4:]), max(d32(g0, w[12]) for w in c[4:])
        res.append({"span": 1e3 * rc / rg, "pre": 1e3 * ec / eg, "epi": 1e3 * (rc - ec) / (rg - eg),
                    "g0": g0, "gend": (g0 + rg) % 2**32, "clk": rc})
    return res


def main():
    dirs = sys.argv[1:] or sorted(glob.glob(os.path.join(ROOT, "validation", "microbench", "coop27_*")))
    print("| twin | caches | ncu cycles | ncu MHz | %clock MHz span / pre / epi | outside the span: ns, cycles at ncu MHz | ncu - %clock span |")
    print("|---|---|---|---|---|---|---|")
    for d in dirs:
        cyc, tm = load(d, "cycles.json"), load(d, "ncu_time.json")
        nc = load(d, "cycles_nocache.json")
        f = cyc["sm_clock_hz"]["median"] / 1e6
        for kind, fn, cv, tv in (("flushed", "clock_runs_cold.json", cyc["values"], tm["values"]),
                                 ("not flushed", "clock_runs_noflush.json", nc["values"], tm["values_nocache"])):
            runs = load(d, fn)["outputs"]
            sp, pre, epi, out_ns, out_c = [], [], [], [], []
            for o, c, t in zip(runs, cv, tv):
                L = launch(o["clk"])
                g0 = min(r["g0"] for r in L)
                gend = max(d32(g0, r["gend"]) for r in L)
                out_ns.append(t - gend)
                out_c.append(c - max(r["clk"] for r in L))
                sp += [r["span"] for r in L]
                pre += [r["pre"] for r in L]
                epi += [r["epi"] for r in L]
            m = st.median
            print(f"| {os.path.basename(d)} | {kind} | {m(cv):.0f} | {f:.0f} | {m(sp):.0f} / {m(pre):.0f} / {m(epi):.0f} | "
                  f"{m(out_ns):.0f}, {m(out_ns) * f / 1e3:.0f} | {m(out_c):.0f} |")


if __name__ == "__main__":
    main()

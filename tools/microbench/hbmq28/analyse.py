"""hbmq28: loaded HBM latency (chase beside the copy) against the copy's bandwidth.
python3 tools/microbench/hbmq28/analyse.py tools/microbench/hbmq28/h200/runs.jsonl.gz"""
import gzip, json, sys, statistics as st

MIB = 1 << 20
PER = 4 * MIB


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))]


def main(path):
    op = gzip.open if path.endswith(".gz") else open
    rows = [json.loads(l) for l in op(path, "rt")]
    probe, copy = {}, {}
    for r in rows:
        nc = r["ncopy"]
        bw = None
        if nc:
            t = [b - a for a, b in r["clk"]]
            g0 = [a for a, _ in r["gt"]]; g1 = [b for _, b in r["gt"]]
            per_sm = st.median(2 * PER / x for x in t)
            tot_gbs = 2 * nc * PER / (max(g1) - min(g0))
            bw = (per_sm, tot_gbs, max(g0), min(g1))
        if r["kernel"] == "gmem_copy":
            copy.setdefault(nc, []).append(bw)
            continue
        lat, lgt = r["lat"], r["lgt"]
        d = [(lat[i] - lat[i - 1]) & 0xffffffff for i in range(1, len(lat))]
        if nc:
            lo, hi = bw[2], bw[3]
            sel = [d[i - 1] for i in range(1, len(lat)) if lgt[i - 1] >= lo and lgt[i] <= hi]
        else:
            sel = d[8:]
        clock = sum(d) / (lgt[-1] - lgt[0])  # cycles per ns over the whole chase
        e = probe.setdefault(nc, {"lat": [], "bw": [], "clock": [], "chase_sm": []})
        e["lat"] += sel; e["clock"].append(clock); e["chase_sm"].append(r["smid"][nc])
        if bw:
            e["bw"].append(bw)
    tot132 = st.median(b[1] for b in copy[132])
    print(f"gmem_copy alone (this call): c132 total {tot132:.0f} GB/s")
    for nc in sorted(copy):
        b = copy[nc]
        print(f"  c{nc}: per-SM B/cycle {[round(x[0], 2) for x in b]} total GB/s {[round(x[1]) for x in b]}")
    print("probe: copy CTAs + one chase CTA (loads inside the copy window; cycles per dependent load)")
    print("| copy CTAs | per-SM B/cycle | total GB/s | rho (/c132) | loads | median | mean | p10 | p90 | +median vs c0 | clock GHz |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    base = None
    out = {}
    for nc in sorted(probe):
        e = probe[nc]
        m = st.median(e["lat"]); mean = st.mean(e["lat"])
        if nc == 0:
            base = m
        ps = st.median(b[0] for b in e["bw"]) if e["bw"] else 0
        tg = st.median(b[1] for b in e["bw"]) if e["bw"] else 0
        print(f"| {nc} | {ps:.2f} | {tg:.0f} | {tg / tot132:.2f} | {len(e['lat'])} | {m} | {mean:.0f} | {pct(e['lat'], .1)} | "
              f"{pct(e['lat'], .9)} | {m - base:+.0f} | {st.median(e['clock']):.3f} |")
        out[nc] = dict(per_sm=ps, total_gbs=tg, rho=tg / tot132, n=len(e["lat"]), median=m, mean=mean,
                       p10=pct(e["lat"], .1), p90=pct(e["lat"], .9), chase_sm=e["chase_sm"])
    return out


if __name__ == "__main__":
    main(sys.argv[1])

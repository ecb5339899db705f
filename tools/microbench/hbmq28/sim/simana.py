import sys, statistics as st, struct, ast
PER = 4 << 20
def npy(path):
    b = open(path, "rb").read()
    hl = struct.unpack("<H", b[8:10])[0]
    h = ast.literal_eval(b[10:10 + hl].decode())
    fmt = {"<u8": "Q", "<u4": "I", "<i8": "q"}[h["descr"]]
    data = b[10 + hl:]
    n = len(data) // struct.calcsize(fmt)
    return list(struct.unpack("<%d%s" % (n, fmt), data))
def ana(d, nc):
    lat = npy(f"{d}/lat.npy")
    dd = [lat[i] - lat[i - 1] for i in range(1, len(lat))]
    if nc:
        c = npy(f"{d}/clk.npy"); clk = [(c[2 * i], c[2 * i + 1]) for i in range(nc)]
        lo, hi = max(a for a, _ in clk), min(b for _, b in clk)
        sel = [dd[i - 1] for i in range(1, len(lat)) if lat[i - 1] >= lo and lat[i] <= hi]
        per_sm = st.median(2 * PER / (b - a) for a, b in clk)
        tot = 2 * nc * PER / (max(b for _, b in clk) - min(a for a, _ in clk))
    else:
        sel = dd[8:]; per_sm = tot = 0
    s = sorted(sel)
    return per_sm, tot, len(sel), st.median(sel), st.mean(sel), s[len(s) // 10], s[9 * len(s) // 10]
for a in sys.argv[1:]:
    d, nc = a.split(":")
    r = ana(d, int(nc))
    print(f"{d}: per-SM {r[0]:.2f} total B/cyc {r[1]:.0f} n {r[2]} median {r[3]:.0f} mean {r[4]:.0f} p10 {r[5]} p90 {r[6]}")

#!/usr/bin/env python3
"""cpa33: the LDGSTS issue probe, GPU against the model. Usage: compare33.py SM90SIM [PROFILE]
Writes the probe's directories (gen33.py) to a temporary folder, runs each with `SM90SIM run --mode timed`
(default profile h200) and prints per directory the GPU's (median of 3 runs) and the model's mean per warp of
the issue span (t1-t0: K cp.async and, war 1, their address updates) and the wait (t2-t1: commit + wait_group 0),
cycles a step. GPU data: validation/timing/cpa/cpa33_device.json.gz. Standard library only."""
import gzip, json, os, struct, ast, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import gen33  # noqa: E402


def npy(p):
    b = open(p, "rb").read()
    hl = struct.unpack("<H", b[8:10])[0]
    h = ast.literal_eval(b[10:10 + hl].decode())
    n = 1
    for s in h["shape"]:
        n *= s
    return list(struct.unpack("<%dQ" % n, b[10 + hl:10 + hl + 8 * n]))


def split(c):
    w = len(c) // 3
    return (sum(c[3 * i] / c[3 * i + 2] for i in range(w)) / w, sum(c[3 * i + 1] / c[3 * i + 2] for i in range(w)) / w)


def main():
    sim = sys.argv[1]
    prof = sys.argv[2] if len(sys.argv) > 2 else "h200"
    gpu = json.load(gzip.open(os.path.join(ROOT, "validation", "timing", "cpa", "cpa33_device.json.gz"), "rt"))["dirs"]
    tmp = tempfile.mkdtemp(prefix="cpa33_")
    subprocess.run([sys.executable, os.path.join(HERE, "gen33.py"), tmp], check=True, stdout=subprocess.DEVNULL)
    print("%-24s %17s %17s" % ("directory", "GPU issue  wait", "model issue  wait"))
    for d in sorted(gpu):
        runs = sorted((split(c) for c in gpu[d]), key=lambda x: x[0] + x[1])
        gi, gw = runs[len(runs) // 2]
        dd = os.path.join(tmp, d)
        subprocess.run([sim, "run", "--mode", "timed", "kernel.ptx", "--spec", "launch.yaml", "--config", prof,
                        "--out", "out", "--progress", "off", "--jobs", "1"], cwd=dd, check=True, stdout=subprocess.DEVNULL)
        mi, mw = split(npy(os.path.join(dd, "out", "clk.npy")))
        print("%-24s %8.1f %8.1f %8.1f %8.1f" % (d, gi, gw, mi, mw))


if __name__ == "__main__":
    main()

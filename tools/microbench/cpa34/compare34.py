#!/usr/bin/env python3
"""cpa34: the LDGSTS issue probe (cpa33's and cpa34's directories), GPU against the model. Usage:
compare34.py SM90SIM [PROFILE]. Prints per directory the GPU's issue span (t1-t0) and wait (t2-t1), cycles a step,
mean over the warps (median of the warm runs; recorded again in cpa34's call), the same under ncu's cache flush
(mean of two launches), and the model's (`SM90SIM run --mode timed`, default profile h200). GPU data:
validation/timing/cpa/cpa34_device.json.gz. Standard library only."""
import gzip, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "cpa33"))
sys.path.insert(0, HERE)
from compare33 import npy, split  # noqa: E402


def main():
    sim = sys.argv[1]
    prof = sys.argv[2] if len(sys.argv) > 2 else "h200"
    dev = json.load(gzip.open(os.path.join(ROOT, "validation", "timing", "cpa", "cpa34_device.json.gz"), "rt"))
    tmp = tempfile.mkdtemp(prefix="cpa34_")
    for g in ("cpa33/gen33.py", "cpa34/gen34.py"):
        subprocess.run([sys.executable, os.path.join(HERE, "..", g), tmp], check=True, stdout=subprocess.DEVNULL)
    print("%-28s %15s %15s %15s" % ("directory", "GPU issue wait", "flushed", "model"))
    for d in sorted(dev["dirs"]):
        runs = sorted((split(c) for c in dev["dirs"][d]), key=lambda x: x[0] + x[1])
        gi, gw = runs[len(runs) // 2]
        fl = [split(c) for c in dev["flushed"].get(d, [])]
        fi, fw = (sum(x[0] for x in fl) / len(fl), sum(x[1] for x in fl) / len(fl)) if fl else (0, 0)
        dd = os.path.join(tmp, d)
        subprocess.run([sim, "run", "--mode", "timed", "kernel.ptx", "--spec", "launch.yaml", "--config", prof,
                        "--out", "out", "--progress", "off", "--jobs", "1"], cwd=dd, check=True, stdout=subprocess.DEVNULL)
        mi, mw = split(npy(os.path.join(dd, "out", "clk.npy")))
        print("%-28s %7.1f %7.1f %7.1f %7.1f %7.1f %7.1f" % (d, gi, gw, fi, fw, mi, mw))


if __name__ == "__main__":
    main()

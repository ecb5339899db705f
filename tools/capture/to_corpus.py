#!/usr/bin/env python3
"""Copies a corpus entry made by device_run.sh (seeded, recorded with
`sm90sim validate --record`) into validation/testdata/NAME, with the
program's source, the capture's provenance (capture.json) and cycles.json
from the 3-launch ncu run (ncu_cycles.csv).

    to_corpus.py [--sample | --recorded | --cycles-only] SRC_DIR NAME SOURCE_FILE GPU DRIVER

kernel.ptx is trimmed to the captured entry (go run ./tools/capture/trimptx).
--sample stores every output as the sha256 + 4096-element sample of
validation/testdata/README.md (for bit-exact outputs; the test compares the
whole output's hash) instead of the full .npy. --recorded: SRC_DIR/gpu was
written by `sm90sim validate --record` on the device (already in the corpus
format: copied as is; a counters.json saying ncu was not run is left out).
--cycles-only: write only NAME/cycles.json (a directory already in the tree).
SRC_DIR/kernel.ptx may be gzipped (kernel.ptx.gz)."""
import csv, hashlib, io, json, os, shutil, statistics, subprocess, sys
import ast, struct

def npy_read(path):
    b = open(path, "rb").read()
    hl = int.from_bytes(b[8:10], "little") if b[6] == 1 else int.from_bytes(b[8:12], "little")
    off = 10 + hl if b[6] == 1 else 12 + hl
    h = ast.literal_eval(b[off - hl:off].decode("latin1"))
    return h["descr"], list(h["shape"]), b[off:]

def npy_write(path, descr, shape, data):
    h = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, "".join("%d," % d for d in shape))
    h += " " * (63 - (10 + len(h)) % 64) + "\n"
    open(path, "wb").write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode("latin1") + data)

args = sys.argv[1:]
mode = args[0] if args[0] in ("--sample", "--recorded", "--cycles-only") else ""
sample = mode == "--sample"
if mode:
    args = args[1:]
src, name, source, gpu, driver = args
dst = os.path.join("validation/testdata", name)
if mode != "--cycles-only":
    shutil.rmtree(dst, ignore_errors=True)
    os.makedirs(dst)
    for f in ["launch.yaml", "counters.json", "provenance.json", "capture.json"]:
        if os.path.exists(os.path.join(src, f)):
            if f == "counters.json" and "error" in json.load(open(os.path.join(src, f))):
                continue
            shutil.copy(os.path.join(src, f), dst)
    entry = [l.split()[1] for l in open(os.path.join(src, "launch.yaml")) if l.startswith("kernel:")][0]
    ptx = os.path.join(src, "kernel.ptx")
    if not os.path.exists(ptx) and os.path.exists(ptx + ".gz"):
        subprocess.check_call(["sh", "-c", 'gunzip -c "$1.gz" > "$1"', "-", ptx])
    with open(os.path.join(dst, "kernel.ptx"), "wb") as f:
        f.write(subprocess.check_output(["go", "run", "./tools/capture/trimptx", ptx, entry]))
    for f in sorted(os.listdir(src)):
        if f.endswith(".npy"):  # captured inputs kept as files
            shutil.copy(os.path.join(src, f), dst)
if mode == "--recorded":
    shutil.copytree(os.path.join(src, "gpu"), os.path.join(dst, "gpu"))
elif mode != "--cycles-only":
    os.makedirs(os.path.join(dst, "gpu"))
for fn in sorted(os.listdir(os.path.join(src, "gpu"))) if mode == "" or sample else []:
    descr, shape, raw = npy_read(os.path.join(src, "gpu", fn))
    es = int(descr[2:])
    n = len(raw) // es
    if not sample or n < 4096:
        shutil.copy(os.path.join(src, "gpu", fn), os.path.join(dst, "gpu", fn))
        continue
    stride = n // 4096
    base = fn[:-len(".npy")]
    smp = b"".join(raw[i * stride * es:(i * stride + 1) * es] for i in range(4096))
    npy_write(os.path.join(dst, "gpu", base + ".sample.npy"), descr, [4096], smp)
    dtype = {"<f2": "f16", "<f4": "f32", "<u2": "bf16", "|u1": "u8"}[descr]
    blocks = [hashlib.sha256(raw[i:i + 65536]).hexdigest()[:16] for i in range(0, len(raw), 65536)]
    meta = {"sha256": hashlib.sha256(raw).hexdigest(), "dtype": dtype, "shape": shape, "stride": stride,
            "count": 4096, "block_bytes": 65536, "block_sha256": blocks}
    with open(os.path.join(dst, "gpu", base + ".meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
if source and mode != "--cycles-only":
    shutil.copy(source, os.path.join(dst, "kernel" + os.path.splitext(source)[1]))

text = open(os.path.join(src, "ncu_cycles.csv")).read()
rows = [r for r in csv.reader(io.StringIO("\n".join(l for l in text.split("\n") if l.startswith('"'))))]
if not rows:
    print(dst, "no ncu cycles (ncu_cycles.csv holds no metric rows)")
    sys.exit(0)
head, rows = rows[0], rows[1:]
idx = {k: i for i, k in enumerate(head)}
launches = {}
for r in rows:
    v = float(r[idx["Metric Value"]].replace(",", ""))
    launches.setdefault(int(r[idx["ID"]]), {})[r[idx["Metric Name"]]] = v
ls = [launches[k] for k in sorted(launches)]
def summary(key):
    vals = [l[key] for l in ls if key in l]
    return {"min": min(vals), "median": statistics.median(vals), "max": max(vals)} if vals else None
out = {
    "tool": "ncu (Nsight Compute 2025.3), --clock-control none",
    "command": "ncu --clock-control none --print-units base --csv [--kernel-name-base mangled, for C++ names] "
               "--metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second -k regex:^KERNEL$ -c 3 "
               "sm90sim gpu run kernel.ptx --spec launch.yaml --ncu off --warmup 0 --repeat 2",
    "gpu": gpu, "driver": driver,
    "note": "the first 3 launches of the kernel in one process on pristine inputs (the PTX of this directory, "
            "JIT-compiled by the driver); launch 0 is the process's first",
    "launches": [{"sm__cycles_elapsed.max": int(l["sm__cycles_elapsed.max"]),
                  "sm__cycles_elapsed.avg.per_second": l.get("sm__cycles_elapsed.avg.per_second")} for l in ls],
    "sm__cycles_elapsed.max": summary("sm__cycles_elapsed.max"),
    "sm__cycles_elapsed.avg.per_second": summary("sm__cycles_elapsed.avg.per_second"),
}
with open(os.path.join(dst, "cycles.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(dst, out["sm__cycles_elapsed.max"])

#!/usr/bin/env bash
# helper coldtlb (session 14): record the tlbc family (gen17_tlbc.py). Run from the repo root with
# the generated directories in a tarball: bash tools/microbench/device17_tlbc.sh DIRS.tgz
# Steps: nvcc -ptx, ptxas -v + cuobjdump SASS; ncu with caches flushed (its default), 3 launches of each
# directory interleaved, the clk outputs of the profiled launches kept (clock_ncu.json) and the cycles
# (cycles.json); mb.py run --runs 5 without ncu (clock_runs.json, gpu/, provenance.json).
# (It also runs as .devbuild/coldtlb/device17_tlbc.sh from the session checkout: it needs only
# tools/microbench/mb.py and tools/record/ there.)
# Results: $OUT/mb.tgz (the directories' new files), $OUT/build.tgz (env, SASS, logs, ncu csv).
set -u
MB=$(pwd); D=/tmp/mb17; B=/tmp/b17; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
tar xzf $1 -C $D
NAMES=$(cd $D && ls -d tlbc_* | sort)
stamp compile
for n in $NAMES; do echo $n; done | xargs -P 12 -I{} bash -c "cd $D/{} && nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu > $B/sass/{}.nvcc.txt 2>&1 && ptxas -arch=sm_90a -v -o $B/sass/{}.cubin kernel.ptx > $B/sass/{}.ptxas.txt 2>&1 && cuobjdump --dump-sass $B/sass/{}.cubin > $B/sass/{}.sass 2>&1; rm -f $B/sass/{}.cubin"
DIRS=(); for n in $NAMES; do [ -s $D/$n/kernel.ptx ] && DIRS+=($D/$n) || { echo "no ptx: $n"; cat $B/sass/$n.nvcc.txt; }; done
for n in $NAMES; do printf '%-24s ' $n; grep -oE 'LDG[A-Z0-9.]*|CS2R[^;]*SR_CLOCK[^;]*|STG[A-Z0-9.]*|BRA' $B/sass/$n.sass | tr '\n' ' ' | cut -c1-600; echo; done | tee $B/ldg_order.txt
stamp "ncu flushed x3 (interleaved), clk dumped"
LL=(); for r in 1 2 3; do LL+=("${DIRS[@]}"); done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
timeout 150 ncu --clock-control none --print-units base --csv --log-file $B/ncu_a.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_a.txt --dump $B/dump_a.jsonl "${LL[@]}" > $B/ncu_a.log 2>&1
echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order_a.txt --csv $B/ncu_a.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (3 launches each, interleaved; tools/microbench/device17_tlbc.sh)" "${DIRS[@]}" 2>&1 | tail -40
python3 - "$B" "${DIRS[@]}" <<'PY'
import json, os, sys
b, dirs = sys.argv[1], sys.argv[2:]
host = open(os.path.join(b, "env", "gpu_name.txt")).read().strip()
per = {}
for ln in open(os.path.join(b, "dump_a.jsonl")):
    j = json.loads(ln); per.setdefault(j["dir"], []).append(j["outputs"])
for d in dirs:
    n = os.path.basename(d)
    with open(os.path.join(d, "clock_ncu.json"), "w") as f:
        json.dump({"runs": len(per.get(n, [])), "gpu": host,
                   "command": "ncu --clock-control none (caches flushed: ncu's default) python3 tools/microbench/mb.py once --dump (3 launches each, interleaved; tools/microbench/device17_tlbc.sh)",
                   "note": "clk of the launches ncu profiled, caches flushed", "outputs": per.get(n, [])}, f, separators=(",", ":"))
        f.write("\n")
    o = per.get(n, [])
    for r in o:
        L = r["lat"]; m = (len(L) - 2 - 32) // 3; d = [(L[k + 1] - L[k]) & 0xffffffff for k in range(len(L) - 2)]
        med = lambda x: sorted(x)[len(x) // 2]
        print(n, "first", d[0], "C", med(d[1:32]), "A", med(d[33:32 + m]), "B", med(d[33 + m:32 + 2 * m]), "D", med(d[33 + 2 * m:32 + 3 * m]))
PY
stamp "warm runs"
timeout 90 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" 2>&1 | tee $B/run.log | cut -c1-200
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for n in $NAMES; do for f in kernel.ptx clock_runs.json clock_ncu.json cycles.json provenance.json gpu; do [ -e $n/$f ] && echo $n/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.log *.txt *.jsonl)
stamp done

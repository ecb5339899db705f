#!/usr/bin/env bash
# tmaq (session 20): record family mwake, or with FAMILY=mwaket its TMA variant (gen22_mwake.py), on the
# device, run from the repo root (mwaket's recordings cite device22_mwaket.sh, this script's former copy).
# Usage: copy the generated $FAMILY_* directories (kernel.cu, launch.yaml) into $H (default .devbuild/tmaq/mb),
# one device call with carry [".devbuild/tmaq"]; results: python3 tools/microbench/collect22_mwake.py RESULT_DIR
# [--suffix h100]. Steps: nvcc -ptx once (every mwake directory holds the same kernel.cu), ptxas -v + cuobjdump
# SASS; mb.py run --runs 5 (clock_runs.json, provenance.json, gpu/); ncu x3 interleaved (cycles.json).
set -u
FAM=${FAMILY:-mwake}
MB=$(pwd); H=${H:-.devbuild/tmaq/mb}; D=/tmp/mw22; B=/tmp/b22; F=/tmp/f22; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $H/* $D/
R=$D/${FAM}_m0_d1000
nvcc -ptx -arch=sm_90a -O3 -o $R/kernel.ptx $R/kernel.cu || exit 1
for d in $D/${FAM}_*; do cmp -s $d/kernel.cu $R/kernel.cu || echo "CU DIFFERS $d"; [ $d = $R ] || cp $R/kernel.ptx $d/; done
ptxas -arch=sm_90a -v -o $B/$FAM.cubin $R/kernel.ptx > $B/sass/ptxas.txt 2>&1; cat $B/sass/ptxas.txt | grep -E "registers|rror"
cuobjdump --dump-sass $B/$FAM.cubin > $B/sass/$FAM.sass 2>&1; cp $R/kernel.ptx $B/sass/
grep -E "SYNCS|NANOSLEEP|CS2R|UBLKCP|UTMALDG|BRA|MEMBAR|ARRIVE" $B/sass/$FAM.sass | cut -c1-110 | head -90
OK=($D/${FAM}_*)
stamp "warm runs (${#OK[@]} dirs)"
timeout 90 python3 $MB/tools/microbench/mb.py run --runs 5 "${OK[@]}" > $B/run.log 2>&1; echo "run rc=$?"
grep -iE "error|mismatch|fail" $B/run.log | head -10; tail -2 $B/run.log | cut -c1-300
python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob("/tmp/mw22/" + os.environ.get("FAMILY", "mwake") + "_*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    for x in json.load(open(p))["outputs"][:5]:
        c = [int(v) for v in x["clk"]]
        for k in range(len(c) // 40):
            r = c[40 * k:40 * k + 40]
            t0 = r[1]
            rel = lambda v: v - t0 if v else 0
            print(os.path.basename(d), k, "S/Y/Yd/Z/E", [rel(v) for v in r[2:4] + [r[32]] + r[4:6]], "n", r[6:8], "A", [rel(v) for v in r[8:8 + min(r[6], 12)]],
                  "B", [rel(v) for v in r[20:20 + min(r[7], 12)]])
PY
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${OK[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
stamp "ncu: ${#L[@]} launches"
timeout 150 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device22_mwake.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${OK[@]}" 2>&1 | tail -3
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in ${FAM}_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
stamp done

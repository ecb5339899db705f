#!/usr/bin/env bash
# bulkred (session 11): record the tailst bulk-store / bulk-reduction cases of gen9_tail.py's
# BR_CASES on the device, run from the repo root. H = the folder holding the new tailst_* dirs
# (default validation/microbench). Steps: nvcc -ptx per new directory, ptxas -v + cuobjdump SASS
# of one store and one reduction; mb.py run --runs 5 (clock_runs.json, provenance.json, gpu/) of
# the new dirs and two recorded references (tailst_bulk_k64_c1, _c132: same-session baselines);
# one ncu pass (--cache-control all, ncu's default flush) x3 interleaved with --dump (each
# profiled launch's clk: the flushed per-warp times), cycles.json via mb.py cycles.
# Results: $OUT/mb.tgz (new dirs), $OUT/ref.tgz (references' same-session files), $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/br; B=/tmp/b14br; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
H=${H:-validation/microbench}
NAMES="tailst_bulk_k64_c8 tailst_bulk_k64_c62 tailst_bulkw_k64_c132 tailst_bred_k64_c1 tailst_bred_k64_c8 tailst_bred_k64_c62 tailst_bred_k64_c132 tailst_bred_k64_c132_warm tailst_bredw_k64_c1 tailst_bredw_k64_c132"
NEW=(); for n in $NAMES; do cp -rL $H/$n $D/$n; NEW+=($D/$n); done
REF=(); for n in tailst_bulk_k64_c1 tailst_bulk_k64_c132; do mkdir -p $D/ref; cp -rL validation/microbench/$n $D/ref/$n; REF+=($D/ref/$n); done
stamp compile
printf '%s\n' "${NEW[@]}" | xargs -P 12 -I{} sh -c 'nvcc -ptx -arch=sm_90a -O3 -o {}/kernel.ptx {}/kernel.cu > {}/nvcc.txt 2>&1 || cat {}/nvcc.txt; rm -f {}/nvcc.txt'
for n in tailst_bred_k64_c132 tailst_bulkw_k64_c132 tailst_bred_k64_c132_warm; do
  ptxas -arch=sm_90a -v -o $B/$n.cubin $D/$n/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1; cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
  grep -cE "UBLKRED|UBLKCP|UTMA|SYNCS|DEPBAR" $B/sass/$n.sass; grep -E "UBLK|DEPBAR|ELECT" $B/sass/$n.sass | head -6
done
stamp "warm runs"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${NEW[@]}" "${REF[@]}" > $B/run.log 2>&1; echo "run rc=$?"
grep -v " ok " $B/run.log | tail -5
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,sm__cycles_active.max
L=(); for r in 1 2 3; do L+=("${NEW[@]}" "${REF[@]}"); done
stamp "ncu: ${#L[@]} launches"
timeout 100 ncu --clock-control none --print-units base --csv --metrics $M0 --log-file $B/ncu.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order.txt --dump $B/dump.jsonl "${L[@]}" > $B/ncu.log 2>&1
echo "ncu rc=$? launches=$(wc -l < $B/order.txt)"
python3 $MB/tools/microbench/mb.py cycles --order $B/order.txt --csv $B/ncu.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device14_bulkred.sh)" "${NEW[@]}" "${REF[@]}" 2>&1 | tail -14
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in tailst_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $D/ref && tar czf $OUT/ref.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log *.csv *.txt dump.jsonl)
python3 - <<'PY'
import json, statistics as st
for ln in open("/tmp/b14br/dump.jsonl"):
    r = json.loads(ln); c = r["outputs"].get("clk", [])[0::2]
    if c: print("ncu", r["dir"], max(c), int(st.median(c)), min(c))
PY
stamp done

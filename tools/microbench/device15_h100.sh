#!/usr/bin/env bash
# lead (session 12): the H100 recording of families first recorded on the H200 alone (tmah, sgp, the
# tailst bulk-store/reduction cases, the stamped twins tph_mbar_ops/tph_stsm_none), from the kernel.ptx
# each directory holds (the PTX that ran on the H200; no recompile). Run from the repo root:
#   bash tools/microbench/device15_h100.sh NAME...      (directories of validation/microbench)
# Steps: mb.py run --runs 5 (clock_runs.json, provenance.json); ncu --cache-control all (ncu's default
# flush) x3 interleaved with --dump (cycles.json via mb.py cycles; the dumps give clock_ncu for sgp_* via
# flushrec.py and the cold stamps of the tph_ twins); one --cache-control none pass (flushrec.py's second
# input, diagnosis only). Results: $OUT/mb.tgz (per directory, renamed *.h100.json on merge by
# tools/microbench/merge15_h100.py), $OUT/flushcmp.tgz, $OUT/build.tgz (env, ncu csv, logs).
set -u
MB=$(pwd); D=/tmp/h15; B=/tmp/b15; F=/tmp/flushcmp15; rm -rf $D $B $F; mkdir -p $D $B/env $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
cp $B/env/nvidia_smi_csv.txt $F/host.txt
DIRS=()
for n in "$@"; do
  cp -rL $MB/validation/microbench/$n $D/$n
  [ -f $D/$n/kernel.ptx.gz ] && { zcat $D/$n/kernel.ptx.gz > $D/$n/kernel.ptx; rm $D/$n/kernel.ptx.gz; }
  rm -rf $D/$n/gpu $D/$n/clock_runs*.json $D/$n/cycles*.json $D/$n/clock_ncu*.json* $D/$n/provenance*.json
  DIRS+=($D/$n)
done
stamp "warm runs (${#DIRS[@]} dirs)"
timeout 150 python3 $MB/tools/microbench/mb.py run --runs 5 "${DIRS[@]}" > $B/run.log 2>&1; echo "run rc=$?"
grep -v " ok " $B/run.log | tail -5 | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
L=(); for r in 1 2 3; do L+=("${DIRS[@]}"); done
stamp "ncu --cache-control all: ${#L[@]} launches"
timeout 260 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device15_h100.sh, PTX as recorded on the H200)" "${DIRS[@]}" 2>&1 | tail -4
S=(); for d in "${DIRS[@]}"; do case $(basename $d) in sgp_*) S+=($d);; esac; done
if [ ${#S[@]} -gt 0 ]; then
  stamp "ncu --cache-control none: ${#S[@]} launches (sgp, diagnosis)"
  timeout 90 ncu --clock-control none --cache-control none --print-units base --csv --metrics $M0 \
    --log-file $F/ncu_none.csv python3 $MB/tools/microbench/mb.py once --order $F/order_none.txt --dump $F/dump_none.jsonl "${S[@]}" > $F/log_none.txt 2>&1
  echo "pass none rc=$?"
fi
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in *; do for f in clock_runs.json cycles.json provenance.json; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env *.log)
for d in "${DIRS[@]}"; do python3 -c "import json,sys; c=json.load(open('$d/cycles.json')); print('%-30s %s %.0f MHz' % ('$(basename $d)', c['values'], c['sm_clock_hz']['median']/1e6))" 2>/dev/null || echo "$(basename $d) NO CYCLES"; done
stamp done

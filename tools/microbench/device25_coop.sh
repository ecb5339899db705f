#!/usr/bin/env bash
# Session 25 (helper coop): record the coop25_* twins (gen25_coop.py) in one device call, from the repo root:
#   bash device25_coop.sh DIR...   (DIRs: copies of validation/microbench/coop25_*; SASS="NAME..." picks the
#   directories whose PTX is assembled and dumped, default coop25_k64 coop25_k64_plain)
# Steps: ptxas -v + cuobjdump SASS of the stamped and the plain PTX (in the background); ncu
# sm__cycles_elapsed.max x3 with ncu's cache flush, the twins and the evidence kernel
# cutlass_gemm_ws_cooperative_2x1 interleaved (the evidence: same-session reference, diagnosis only), mb.py once
# --dump keeping each profiled launch's stamps; mb.py cycles; mb.py run --runs 5; ncu --cache-control none x3
# (diagnosis, skipped past 110 s). Results: $OUT/mb.tgz (the directories), $OUT/build.tgz.
set -u
MB=$(pwd); TWS=("$@"); D=/tmp/mb25; B=/tmp/b25; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1 PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
NS=(); DS=(); for t in "${TWS[@]}"; do cp -rL $t $D/; NS+=($(basename $t)); DS+=($D/$(basename $t)); done
E=$D/ev; cp -rL validation/testdata/cutlass_gemm_ws_cooperative_2x1 $E
( for n in ${SASS:-coop25_k64 coop25_k64_plain}; do zcat $D/$n/kernel.ptx.gz > $B/$n.ptx
    ptxas -arch=sm_90a -v -o $B/$n.cubin $B/$n.ptx > $B/sass/$n.ptxas.txt 2>&1; cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1
    rm -f $B/$n.cubin $B/$n.ptx; done ) &
SP=$!
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${DS[@]}" $E); done
stamp "ncu --cache-control all x3"
timeout 100 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "all rc=$?"; tail -3 $B/ncu_all.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (the coop25 twins and the evidence kernel interleaved, 3 each; tools/microbench/device25_coop.sh)" "${DS[@]}" $E 2>&1 | tail -3
stamp "warm run x5"
timeout 40 python3 $MB/tools/microbench/mb.py run --runs 5 "${DS[@]}" 2>&1 | tail -6 | cut -c1-200
if [ $(( $(date +%s) - T0 )) -lt 110 ]; then
stamp "ncu --cache-control none x3"
timeout 40 ncu --clock-control none --cache-control none --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_none.csv python3 $MB/tools/microbench/mb.py once --order $B/order_none.txt --dump $B/dump_none.jsonl "${L[@]}" > $B/ncu_none.log 2>&1
echo "none rc=$?"
fi
wait $SP; grep -E "registers|spill|error" $B/sass/*.ptxas.txt; for f in $B/sass/*.sass; do echo "$f: $(grep -c 'SR_CLOCK' $f) SR_CLOCK, $(grep -c 'STG' $f) STG, $(grep -c 'HGMMA' $f) HGMMA, $(wc -l < $f) lines"; done
stamp pack
cp $E/cycles.json $B/ev_cycles.json
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl *.json)
stamp done

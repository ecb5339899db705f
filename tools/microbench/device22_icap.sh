#!/usr/bin/env bash
# cold (session 22): record family icap (gen22_icap.py) on the device, run from the repo root.
# Usage: copy the generated icap_* directories (kernel.cu, launch.yaml) into $H (default .devbuild/cold/mb),
# one device call with carry [".devbuild/cold"]; results: python3 tools/microbench/collect22_icap.py RESULT_DIR.
# Steps: nvcc -ptx per directory, ptxas -v + cuobjdump SASS (code size of the entry); mb.py run --runs 5
# (clock_runs.json, provenance.json, gpu/); ncu x3 interleaved, caches flushed (cycles.json, clock_ncu).
# Needs about 4 minutes with the machine's start: its first try (session 22) ran into a 170 s limit before
# the pack step and brought nothing back; the warm runs are packed before ncu now.
set -u
FAM=icap
MB=$(pwd); H=${H:-.devbuild/cold/mb}; D=/tmp/ic22; B=/tmp/bi22; F=/tmp/fi22; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $H/* $D/
for d in $D/${FAM}_*; do
  ( n=$(basename $d); nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu && ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1 \
    && cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1 ) &
done; wait
for d in $D/${FAM}_*; do n=$(basename $d); echo "$n SASS: $(grep -c FFMA $B/sass/$n.sass) FFMA, $(grep -cE 'BRA|EXIT' $B/sass/$n.sass) BRA/EXIT, last $(grep -oE '/\*[0-9a-f]{4,}\*/' $B/sass/$n.sass | tail -1)"; done
grep -E "BRA|ISETP|CS2R" $B/sass/icap_k32_p16.sass | cut -c1-100 | head -20
OK=($D/${FAM}_*)
stamp "warm runs (${#OK[@]} dirs)"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${OK[@]}" > $B/run.log 2>&1; echo "run rc=$?"
grep -iE "error|mismatch|fail" $B/run.log | head -10; tail -2 $B/run.log | cut -c1-300
for d in "${OK[@]}"; do echo "$(basename $d) $(python3 -c "import json;print([x['clk'] for x in json.load(open('$d/clock_runs.json'))['outputs']])" 2>&1)"; done
(cd $D && tar czf $OUT/mb.tgz $(for d in ${FAM}_*; do for f in kernel.ptx clock_runs.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $B && tar czf $OUT/build.tgz env sass *.log)
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${OK[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
stamp "ncu: ${#L[@]} launches"
timeout 75 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device22_icap.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${OK[@]}" 2>&1 | tail -3
head -c 1500 $F/dump_all.jsonl | cut -c1-400
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in ${FAM}_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
stamp done

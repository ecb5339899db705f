#!/usr/bin/env bash
# icap (session 22): record family icap (gen22_icap.py) on the device, run from the repo root.
# Usage: copy the generated icap_* directories (kernel.cu, launch.yaml) into $H (default .devbuild/icap/mb),
# one device call with carry [".devbuild/icap"]; results: python3 tools/microbench/collect22_icap.py RESULT_DIR.
# Every step has its own timeout and writes its results under $OUT as soon as it ends (mb.tgz is re-packed
# after each directory's warm runs), so a call cut short still brings back what ran. The run is limited
# to about 4 minutes of device time with the machine's start (cold's first try, packing only at its end,
# ran into its 170 s limit and brought nothing back).
# Steps: ptxas -v + cuobjdump SASS per directory (kernel.ptx is gen22_icap.py's), in parallel (the entry's SASS size: the capacity
# is about SASS bytes); the driver's JIT of each PTX warmed in parallel (mb.py once, thrown away) so the
# sequential steps find it in the compute cache; mb.py run --runs 5 per directory (clock_runs.json,
# provenance.json, gpu/); last, ncu x3 interleaved, caches flushed (cycles.json, clock_ncu).
set -u
FAM=icap
MB=$(pwd); H=${H:-.devbuild/icap/mb}; D=/tmp/ic22; B=/tmp/bi22; F=/tmp/fi22; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
packb() { (cd $B && tar czf $OUT/build.tgz env sass $(ls *.log 2>/dev/null)); }
packd() { (cd $D && tar czf $OUT/mb.tgz $(for d in ${FAM}_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done)); }
packf() { (cd $F && tar czf $OUT/flushcmp.tgz .); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
: > $F/dump_all.jsonl
cat $B/env/nvidia_smi_csv.txt
packb; packf
stamp "ptxas + JIT warm-up"
cp -rL $H/${FAM}_* $D/
# kernel.ptx comes from gen22_icap.py (nvcc -O3 ran over 60 s on these kernel.cu in this script's first call)
for d in $D/${FAM}_*; do
  ( n=$(basename $d); timeout 35 ptxas -arch=sm_90a -v -o $B/$n.cubin $d/kernel.ptx > $B/sass/$n.ptxas.txt 2>&1 \
    && cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1; rm -f $B/$n.cubin ) &
  timeout 35 python3 $MB/tools/microbench/mb.py once --order /tmp/jit_$(basename $d).txt $d > /dev/null 2>&1 &
done; wait
for d in $D/${FAM}_*; do n=$(basename $d); s=$B/sass/$n.sass
  echo "$n SASS: $(grep -c FFMA $s) FFMA, $(grep -cE 'BRA|EXIT' $s) BRA/EXIT, last $(grep -oE '/\*[0-9a-f]{4,}\*/' $s | tail -1)" | tee -a $B/sass/sizes.log
done
grep -nE "BRA|ISETP|CS2R|EXIT" $B/sass/icap_k32_p16.sass | cut -c1-110 | head -20 | tee $B/sass/p16_branches.log
gzip -f $B/sass/*.sass; packb
OK=($D/${FAM}_*)
stamp "warm runs (${#OK[@]} dirs)"
for d in "${OK[@]}"; do
  timeout 10 python3 $MB/tools/microbench/mb.py run --runs 5 $d >> $B/run.log 2>&1; echo "$(basename $d) run rc=$?"
  echo "$(basename $d) $(python3 -c "import json;print([x['clk'] for x in json.load(open('$d/clock_runs.json'))['outputs']])" 2>&1)" | tee -a $B/clk.log
  packd
done
packb
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${OK[@]}"); done
stamp "ncu: ${#L[@]} launches"
timeout 30 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
packf
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device22_icap.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${OK[@]}" 2>&1 | tail -12
stamp pack
packd; packf; packb
stamp done

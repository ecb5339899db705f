#!/usr/bin/env bash
# mma28 (session 28, helper mma): records the family mma28 (tools/microbench/gen28_mma.py) in one device call, run
# from the repo root. The generated mma28_* directories (kernel.cu, launch.yaml) are copied into $H (default
# .devbuild/mma/mb) with this script beside them (.devbuild/mma/); carry [".devbuild/mma"]; results:
# python3 tools/microbench/collect28_mma.py RESULT_DIR. Steps (as device22_bulkst.sh, but one compile per form: the
# directories of a form share their kernel.cu): nvcc -ptx -arch=sm_90a -O3, ptxas -v, cuobjdump --dump-sass and the
# SASS opcode counts of each entry (HMMA/IMMA/DMMA forms: ptxas splits some shapes); mb.py run --runs 5; ncu
# (--cache-control all --clock-control none) x$NCU_N interleaved with --dump; mb.py cycles.
set -u
MB=$(pwd); H=${H:-.devbuild/mma/mb}; D=/tmp/mma28; B=/tmp/b28mma; F=/tmp/f28mma; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $H/* $D/
FORMS=$(ls -d $D/mma28_*_lat | sed 's#.*/mma28_##; s#_lat$##')
for f in $FORMS; do echo $f; done | xargs -P 8 -I{} sh -c "nvcc -ptx -arch=sm_90a -O3 -o $D/mma28_{}_lat/kernel.ptx $D/mma28_{}_lat/kernel.cu > $B/{}.nvcc.txt 2>&1 || { echo NVCC FAIL {}; cat $B/{}.nvcc.txt; }"
OK=()
for f in $FORMS; do
  L=$D/mma28_${f}_lat
  if [ -s $L/kernel.ptx ] && ptxas -arch=sm_90a -v -o $B/$f.cubin $L/kernel.ptx > $B/sass/mma28_${f}_lat.ptxas.txt 2>&1; then
    cuobjdump --dump-sass $B/$f.cubin > $B/sass/mma28_${f}_lat.sass 2>&1; rm -f $B/$f.cubin
    for d in $D/mma28_${f}_*; do
      [ $d != $L ] && cp $L/kernel.ptx $d/kernel.ptx
      echo "$(basename $d) mma28_${f}_lat" >> $B/sass/dir_to_sass.txt; OK+=($d)
    done
  else echo "PTXAS FAIL $f"; cat $B/sass/mma28_${f}_lat.ptxas.txt | head -20; fi
done
grep -h "registers" $B/sass/*.ptxas.txt | sort | uniq -c
# per form and entry: the tensor instructions and what sits beside them (whole function)
for s in $B/sass/*.sass; do
  awk -v F=$(basename $s .sass) '/Function :/ {fn=$3} /\/\*[0-9a-f]{4}\*\// {op=""; for (i=2;i<=NF;i++) if ($i !~ /^@/) {op=$i; break}
      sub(/;$/,"",op); if (op ~ /MMA|F2FP|HADD2|FADD|DFMA|FFMA|I2F|F2F|PRMT/) c[fn" "op]++}
      END {for (k in c) print F, k, c[k]}' $s | sort
done
stamp "runs (${#OK[@]} dirs)"
timeout ${RUN_T:-45} python3 $MB/tools/microbench/mb.py run --runs 5 "${OK[@]}" > $B/run.log 2>&1; echo "run rc=$?"
grep -iE "error|mismatch|fail" $B/run.log | head -10; tail -2 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in $(seq 1 ${NCU_N:-3}); do L+=("${OK[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
stamp "ncu --cache-control all: ${#L[@]} launches"
timeout ${NCU_T:-70} ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory ${NCU_N:-3} times, interleaved; tools/microbench/device28_mma.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${OK[@]}" 2>&1 | tail -3
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in *_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log *.txt)
D=$D python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob(os.environ["D"] + "/mma28_*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    o = json.load(open(p))["outputs"]
    print(os.path.basename(d), [[int(v) for v in x["clk"][:8]] for x in o[:2]])
PY
stamp done

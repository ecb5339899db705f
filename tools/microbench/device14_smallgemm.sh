#!/usr/bin/env bash
# smallgemm (session 11): record family sgp (gen14_smallgemm.py) on the device, run from the repo root.
# H = the folder holding the sgp_* directories (default validation/microbench). Steps: nvcc -ptx per directory, ptxas -v + cuobjdump SASS of one; mb.py run --runs 5 (clock_runs.json,
# provenance.json, gpu/); two ncu passes over the sgp dirs plus two recorded references (coldl_s0,
# gmm12_p_c1_k1024), x3 interleaved (the unflushed pass once), --dump keeping each profiled launch's clk: --cache-control all
# (ncu's default flush: cycles.json via mb.py cycles, clock_ncu.json) and none (diagnosis).
# Results: $OUT/mb.tgz (per directory), $OUT/flushcmp.tgz (flushrec.py input), $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/sgp; B=/tmp/b14; F=/tmp/flushcmp; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
H=${H:-validation/microbench}
for d in $H/sgp_*/ validation/microbench/coldl_s0/ validation/microbench/gmm12_p_c1_k1024/; do
  d=${d%/}; cp -rL $d $D/$(basename $d); done
ls -d $D/sgp_* | xargs -P 12 -I{} sh -c 'nvcc -ptx -arch=sm_90a -O3 -o {}/kernel.ptx {}/kernel.cu > {}/nvcc.txt 2>&1 || cat {}/nvcc.txt'
ptxas -arch=sm_90a -v -o $B/sgp.cubin $D/sgp_k512_c1/kernel.ptx > $B/sass/ptxas.txt 2>&1; cat $B/sass/ptxas.txt | grep -E "registers|error"
cuobjdump --dump-sass $B/sgp.cubin > $B/sass/sgp.sass 2>&1
cp $D/sgp_k512_c1/kernel.ptx $B/sass/
for d in $D/sgp_*; do cmp -s <(grep -v '^//' $d/kernel.ptx) <(grep -v '^//' $D/sgp_k512_c1/kernel.ptx) || echo "PTX DIFFERS $d"; rm -f $d/nvcc.txt; done
NEW=(); for d in $D/sgp_*; do NEW+=($d); done
REF=($D/coldl_s0 $D/gmm12_p_c1_k1024)
stamp "warm runs (${#NEW[@]} dirs)"
timeout 100 python3 $MB/tools/microbench/mb.py run --runs 5 "${NEW[@]}" > $B/run.log 2>&1; echo "run rc=$?"
tail -3 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
L=(); for r in 1 2 3; do L+=("${NEW[@]}" "${REF[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
L1=("${NEW[@]}" "${REF[@]}")
for cc in all none; do
  [ $cc = none ] && L=("${L1[@]}")   # the unflushed pass (diagnosis only) once
  stamp "ncu --cache-control $cc: ${#L[@]} launches"
  timeout 150 ncu --clock-control none --cache-control $cc --print-units base --csv --metrics $M0 \
    --log-file $F/ncu_$cc.csv python3 $MB/tools/microbench/mb.py once --order $F/order_$cc.txt --dump $F/dump_$cc.jsonl "${L[@]}" > $F/log_$cc.txt 2>&1
  echo "pass $cc rc=$? launches=$(wc -l < $F/order_$cc.txt)"
done
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device14_smallgemm.sh)" "${NEW[@]}" 2>&1 | tail -12
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in sgp_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
python3 - <<'PY'
import json
for cc in ("all", "none"):
    for ln in open(f"/tmp/flushcmp/dump_{cc}.jsonl"):
        r = json.loads(ln)
        c = r["outputs"].get("clk", [])
        if r["dir"].startswith("sgp") and len(c) >= 16:
            e0 = c[1]
            print(cc, r["dir"], [x - e0 if 0 < i < 12 or i >= 14 else x for i, x in enumerate(c[:16]) if i not in (12, 13)])
PY
stamp done

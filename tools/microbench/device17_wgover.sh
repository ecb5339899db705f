#!/usr/bin/env bash
# wgover (session 14): record family wgov14 (tools/microbench/gen17_wgov14.py) on the device, from the repo root.
set -u
MB=$(pwd); H=$MB/.devbuild/wgover/mb; D=/tmp/wgov; B=/tmp/bw; F=/tmp/fw; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/gpu_name.txt
for d in $H/wgov14_*; do cp -r $d $D/; done
ls -d $D/wgov14_* | xargs -P 8 -I{} sh -c 'nvcc -ptx -arch=sm_90a -O3 -o {}/kernel.ptx {}/kernel.cu > {}/nvcc.txt 2>&1 || cat {}/nvcc.txt; rm -f {}/nvcc.txt'
for v in c2_n128_f16_ser c2_n128_f16 c2_n128_bf16_ser; do
  ptxas -arch=sm_90a -v -o $B/$v.cubin $D/wgov14_$v/kernel.ptx > $B/sass/ptxas_$v.txt 2>&1; grep -E "registers|C7515|error" $B/sass/ptxas_$v.txt | cut -c1-160
  cuobjdump --dump-sass $B/$v.cubin > $B/sass/$v.sass 2>&1
  echo "$v HGMMA $(grep -c HGMMA $B/sass/$v.sass) DEPBAR $(grep -c 'WARPGROUP.DEPBAR' $B/sass/$v.sass) ARRIVE $(grep -c 'WARPGROUP.ARRIVE' $B/sass/$v.sass)"
done
NEW=(); for d in $D/wgov14_*; do NEW+=($d); done
stamp "warm runs"
timeout 80 python3 $MB/tools/microbench/mb.py run --runs 5 "${NEW[@]}" > $B/run.log 2>&1; echo "run rc=$?"
tail -2 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_hmma_cycles_active.max,sm__pipe_tensor_op_hmma_cycles_active.sum
L=(); for r in 1 2 3; do L+=("${NEW[@]}"); done
stamp "ncu ${#L[@]} launches"
timeout 100 ncu --clock-control none --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "ncu rc=$? launches=$(wc -l < $F/order_all.txt)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; .devbuild/wgover/dev.sh = tools/microbench/device17_wgover.sh)" "${NEW[@]}" 2>&1 | tail -8
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in wgov14_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/ncu.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
python3 - <<'PY'
import json, glob, numpy as np, os
for d in sorted(glob.glob("/tmp/wgov/wgov14_*")):
    p = os.path.join(d, "gpu", "clk.npy")
    if not os.path.exists(p): print(d, "no clk"); continue
    c = np.load(p).astype(np.int64)
    K = c.shape[1] - 3
    w = c[c[:, 0] != -1]
    w = w.reshape(-1, 2, K + 3)
    kt = sorted((max(x[1][1 + K], x[0][1 + K]) - max(x[0][9], x[1][9])) / (K - 8) for x in w)
    print(os.path.basename(d), "working ctas", len(w), "smids", sorted(set(int(x[0][0]) for x in w)), "ktile med", kt[len(kt)//2], "min/max", kt[0], kt[-1])
PY
stamp done

#!/usr/bin/env bash
# (run as .devbuild/gpu/exp.sh) Order/state check: the Go runner on 7 moved benchmarks alone (runs 3, then runs 1, then again),
# and mb.py run --runs 3 on the same dirs, in one call. Binary pieces already in /tmp/gp.
set -u
O=${OUT:-/tmp/gpuout}; mkdir -p $O
cat /tmp/gp/part.? > /tmp/gp/sm90sim.xz && xz -dc /tmp/gp/sm90sim.xz > /tmp/sm90sim && chmod +x /tmp/sm90sim || { echo "no binary"; ls -l /tmp/gp; exit 1; }
S="--suite cluster_bar_c2_relaxed --suite tma_load_32b_4k_lat --suite t6rep_cpfp --suite l2bw_ld_c8 --suite bulk18_cp16_n1 --suite psink_mid_clu_w1 --suite coldc_s32"
go1() { # tag runs
  rm -rf /tmp/$1; /tmp/sm90sim calibrate --gpu 0 --from-recordings validation/microbench --config calibration/h200.yaml \
    --runs $2 --progress off --group none --jobs 16 --record-to /tmp/$1 $S > $O/$1.out 2>&1 &
  local P=$!; while kill -0 $P 2>/dev/null; do grep -q "run-to-run noise" $O/$1.out && { sleep 1; kill $P; break; }; sleep 0.5; done; wait $P
  python3 -c "
import json,glob
for f in sorted(glob.glob('/tmp/$1/*.json')):
    r=json.load(open(f)); print('$1', r['benchmark'], {k:(round(v['min'],2),round(v['median'],2),round(v['max'],2)) for k,v in (r.get('figure_spread') or {}).items()})"
}
go1 a 3; go1 b 1
D=(); for n in cluster_bar_c2_relaxed tma_load_32b_4k_lat t6rep_cpfp l2bw_ld_c8 bulk18_cp16_n1 psink_mid_clu_w1 psink_mid_clu_w12 coldc_s32; do D+=(validation/microbench/$n); done
python3 tools/microbench/mb.py run --runs 3 "${D[@]}" 2>&1 | cut -c1-160
go1 c 3
tar czf $O/mbexp.tgz $(for d in "${D[@]}"; do ls $d/clock_runs.json; done)

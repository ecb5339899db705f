#!/usr/bin/env bash
# lane g4096b (session 31): gmm13 n4096 trio on the H200 (device13_gemm4096.sh) + an ncu L2 breakdown pass
set -u
T0=$(date +%s)
# the call ran a copy of device13_gemm4096.sh with timeouts 35 / 55 s (warm runs / ncu)
D=.devbuild/g4096b bash tools/microbench/device13_gemm4096.sh 2>&1 | tee $OUT/dev13.log | cut -c1-200
echo "=== dev13 done at $(( $(date +%s)-T0 )) s"
ncu --query-metrics --chip gh100 2>/dev/null | grep -E "^(lts__|dram__)" | cut -c1-160 > $OUT/qm.txt
grep -cE "" $OUT/qm.txt
M2=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,lts__t_sectors.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.max.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
for x in lts__d_sectors_fill_device.sum lts__d_sectors.sum lts__d_sectors.avg.pct_of_peak_sustained_elapsed lts__t_tag_requests.sum lts__xbar2lts_cycles_active.avg.pct_of_peak_sustained_elapsed lts__lts2xbar_cycles_active.avg.pct_of_peak_sustained_elapsed; do
  b=${x%%.*}; grep -q "^$b " $OUT/qm.txt && M2=$M2,$x; done
echo "M2=$M2"
timeout 30 ncu --clock-control none --print-units base --csv --metrics $M2 --log-file $OUT/ncu_l2.csv \
  python3 tools/microbench/mb.py once --order $OUT/l2_order.txt .devbuild/g4096b/gmm13_l_n4096 .devbuild/g4096b/gmm13_p_n4096 validation/testdata/gemm_wgmma_4096 > $OUT/ncu_l2.log 2>&1
echo "ncu l2 rc=$? at $(( $(date +%s)-T0 )) s"; tail -3 $OUT/ncu_l2.log

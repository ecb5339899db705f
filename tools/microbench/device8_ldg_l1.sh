#!/usr/bin/env bash
# ldg: ncu L1 counters of the recorded global-load microbenchmarks and the
# cp.async.cg ones (no new kernels; the recorded validation/microbench dirs and
# .devbuild/ldg/mb), one launch each. Output: $OUT/l1.csv, order.txt, metrics.txt
set -u
ncu --query-metrics --chip gh100 > $OUT/query.txt 2>&1
C="l1tex__t_requests_pipe_lsu_mem_global_op_ld l1tex__t_sectors_pipe_lsu_mem_global_op_ld l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld l1tex__data_pipe_lsu_wavefronts_mem_lg l1tex__data_pipe_lsu_wavefronts l1tex__data_bank_reads l1tex__data_bank_writes l1tex__m_xbar2l1tex_read_sectors l1tex__m_xbar2l1tex_read_bytes l1tex__lsu_writeback_active l1tex__f_wavefronts l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ldgsts_cache_bypass sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts_cache_bypass sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_bypass l1tex__lsuin_requests l1tex__texin_requests_lsu l1tex__m_l1tex2xbar_req"
M="sm__cycles_elapsed.max,smsp__inst_executed.sum"
for c in $C; do grep -q "^$c " $OUT/query.txt && M="$M,$c.sum"; done
echo "$M" > $OUT/metrics.txt
D=()
for n in gls_ld32_coal_w1 gls_ld32_coal_w4 gls_ld32_coal_w16 gls_ld128_coal_w1 gls_ld128_coal_w4 gls_ld32_l2_w1 gls_ld32_l4_w1 gls_ld32_l4_w4 gls_ld32_l8_w1 gls_ld32_l8_w4 gls_ld32_l16_w1 gls_ld32_l32_w1 gls_ld64_epi_w1 gls_ld64_epi_w4 gls2_ld32_coal_w1 gls2_ld32_coal_w4 gls2_ld32_coal_w16 gls2_ld64_coal_w1 gls2_ld64_coal_w4 gls2_ld128_coal_w1 gls2_ld128_coal_w4 gls2_ld64_epi_w4 l2bw_ld_c1 gld_coal_w4 gld_line_w4 gld_s64_w4 cpasync_cg16_tput; do
  [ -d validation/microbench/$n ] && D+=(validation/microbench/$n)
done
for n in cpasync8_nosz_swz_tput cpasync8_selp0_swz_tput cpasync8_reg_swz_tput; do D+=(.devbuild/ldg/mb/$n); done
timeout 240 ncu --clock-control none --print-units base --csv --log-file $OUT/l1.csv --metrics "$M" \
  python3 tools/microbench/mb.py once --order $OUT/order.txt "${D[@]}" > $OUT/ncu.log 2>&1
echo "ncu rc=$?"; tail -3 $OUT/ncu.log; wc -l $OUT/l1.csv
gzip $OUT/query.txt

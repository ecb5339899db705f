#!/usr/bin/env bash
# One device call: which (op, type) pairs ptxas takes for the non-tensor cp.reduce.async.bulk, and the
# tma_reduce_ops corpus directory (tools/record/gen_tma_reduce_ops.py). Needs nvcc 13, ptxas, cuobjdump
# and .devbuild/rops/sm90sim (built with cgo here and carried):  tools/record/record_tma_reduce_ops.sh
# 1. environment -> $OUT/rops/env.txt
# 2. ptxas -arch=sm_90a on a one-instruction kernel per `cp.reduce.async.bulk.global.shared::cta.bulk_group.OP.TYPE`
#    (8 ops x 10 types, and add.noftz.{f16,bf16,f32,f64}) -> $OUT/rops/ptxas_table.txt
# 3. nvcc -ptx -arch=compute_90a -O3 kernel.cu, ptxas + cuobjdump --dump-sass -> $OUT/rops/kernel.sass (283 KB; the
#    corpus keeps it with the encodings dropped: sed -E 's#[[:space:]]*/\* 0x[0-9a-f]+ \*/##; s/^[[:space:]]+//;
#    s/[[:space:]]+;/ ;/' | grep -v '^$', 69 KB)
# 4. fault probe: `sm90sim gpu run --once` with every variant; if that fails, each variant alone; then two runs
#    with the surviving mask compared byte for byte (rows that differ are left out too) -> $OUT/rops/probe.txt;
#    the mask goes into launch.yaml
# 5. `sm90sim validate --record` -> $OUT/rops/record.txt; the directory comes back as $OUT/rops/tma_reduce_ops.tgz
set -u
cd "$(dirname "$0")/../.."
O=${OUT:-/tmp/dev_out}/rops
W=/tmp/rops
mkdir -p "$O" "$W"
B=.devbuild/rops/sm90sim
D=validation/testdata/tma_reduce_ops
SECONDS=0
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    nvcc --version | tail -2
    ptxas --version | tail -1
    ncu --version 2>/dev/null | tail -1
} > "$O/env.txt" 2>&1
cat "$O/env.txt"

# ---- 2. ptxas legality of the non-tensor (op, type) pairs
probe_ptx() {
    cat <<EOF
.version 9.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, 0;
	cp.reduce.async.bulk.global.shared::cta.bulk_group.$1 [%rd1], [%r1], 16;
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	ret;
}
EOF
}
{
    for op in add min max inc dec and or xor; do
        for t in b32 u32 s32 b64 u64 s64 f32 f64 f16 bf16; do
            probe_ptx "$op.$t" > "$W/p.ptx"
            if msg=$(ptxas -arch=sm_90a -o "$W/p.cubin" "$W/p.ptx" 2>&1); then echo "$op.$t ok"; else echo "$op.$t REJECTED $(echo "$msg" | grep -m1 -i error)"; fi
        done
    done
    for t in f16 bf16 f32 f64; do
        probe_ptx "add.noftz.$t" > "$W/p.ptx"
        if msg=$(ptxas -arch=sm_90a -o "$W/p.cubin" "$W/p.ptx" 2>&1); then echo "add.noftz.$t ok"; else echo "add.noftz.$t REJECTED $(echo "$msg" | grep -m1 -i error)"; fi
    done
} > "$O/ptxas_table.txt"
echo "=== [${SECONDS}s] ptxas table: $(grep -c ' ok' "$O/ptxas_table.txt") ok, $(grep -c REJECTED "$O/ptxas_table.txt") rejected"

# ---- 3. the corpus kernel
if ! nvcc -ptx -arch=compute_90a -O3 -o $D/kernel.ptx $D/kernel.cu > "$O/build.txt" 2>&1; then
    echo "nvcc FAILED"; cat "$O/build.txt"; tar czf "$O/tma_reduce_ops.tgz" -C validation/testdata tma_reduce_ops; exit 1
fi
if ! ptxas -arch=sm_90a -O3 -o "$W/k.cubin" $D/kernel.ptx >> "$O/build.txt" 2>&1; then
    echo "ptxas FAILED"; cat "$O/build.txt"; tar czf "$O/tma_reduce_ops.tgz" -C validation/testdata tma_reduce_ops; exit 1
fi
cuobjdump --dump-sass "$W/k.cubin" > "$O/kernel.sass" 2>&1
echo "=== [${SECONDS}s] built; SASS $(wc -c < "$O/kernel.sass") bytes"

# ---- 4. fault probe and the mask
NV=$(grep -m1 '^grid:' $D/launch.yaml | sed -E 's/grid: \[([0-9]+).*/\1/')
runmask() { # mask outdir -> rc
    sed -E "s/\{u64: \"0x[0-9a-f]+\"\}/{u64: \"$1\"}/" $D/launch.yaml > $D/probe.yaml
    timeout 60 $B gpu run $D/kernel.ptx --spec $D/probe.yaml --out "$2" --once > "$2.log" 2>&1
}
hex() { printf '0x%016x' "$1"; }
FULL=$(( (1 << NV) - 1 ))
OK=$FULL
{
    if runmask "$(hex $FULL)" $W/full; then
        echo "all $NV variants ran"
    else
        echo "full mask failed: $(tail -2 $W/full.log)"
        OK=0
        for v in $(seq 0 $((NV - 1))); do
            if runmask "$(hex $((1 << v)))" $W/v$v; then OK=$((OK | (1 << v))); else echo "variant $v FAULT: $(tail -1 $W/v$v.log)"; fi
        done
    fi
    for k in 1 2; do runmask "$(hex $OK)" $W/r$k || echo "run $k with mask $(hex $OK) failed: $(tail -2 $W/r$k.log)"; done
    for f in dst flags; do
        cmp -l $W/r1/$f.npy $W/r2/$f.npy | head -20 | sed "s/^/$f differs: /"
    done
    for off in $(cmp -l $W/r1/dst.npy $W/r2/dst.npy | awk '{print $1}'); do
        v=$(( (off - 1 - 128) / 1024 )); echo "variant $v not deterministic"; OK=$((OK & ~(1 << v)))
    done
    echo "mask $(hex $OK)"
} > "$O/probe.txt" 2>&1
rm -f $D/probe.yaml
cat "$O/probe.txt" | head -80
sed -i -E "s/\{u64: \"0x[0-9a-f]+\"\}/{u64: \"$(hex $OK)\"}/" $D/launch.yaml
echo "=== [${SECONDS}s] probe done"

# ---- 5. record
timeout 200 $B validate --record $D/kernel.ptx --spec $D/launch.yaml > "$O/record.txt" 2>&1
echo "record rc=$?"; tail -30 "$O/record.txt"
tar czf "$O/tma_reduce_ops.tgz" -C validation/testdata tma_reduce_ops
echo "=== [${SECONDS}s] done"

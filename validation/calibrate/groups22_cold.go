package calibrate

// icache_capacity_bytes (sim/sm/icache.go) is no longer fitted (session 29,
// helper icap): group icache_capacity searched 32-48 KiB of a fully
// associative LRU on the code re-run after a first pass (icache_ffma_w1/w4,
// flushs_k8/k64, coldj_k64_s1/s17, family icap) and found 36864 B, which
// missed icap_k36's partial re-run (+36%). The icway probe (session 29,
// tools/microbench/gen29_icway.py, validation/timing/icap29.md) measured
// the cache's shape instead: 5 KiB of code in 1 KiB segments 8 KiB apart
// misses on every line a pass while 4 such segments re-run from the SM, so
// the cache is 64 sets (8 KiB of 128-byte lines) of 4 ways, 32 KiB
// (icache_capacity_bytes 32768, icache_ways 4: microbench values, set in
// the profiles). A search over the capacity would move the sets away from
// the 8 KiB the probe shows, so there is none.

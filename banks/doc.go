// Package banks answers "which swizzle removes my bank conflicts?" without a
// kernel: it lays a tile out in shared memory under each Hopper swizzle mode
// (none, 32B, 64B, 128B), generates the warp-level accesses of a chosen
// pattern over the whole tile (ldmatrix/stmatrix, 32/64/128-bit row or
// column reads and writes, wgmma operand reads, TMA box writes), costs them
// with the smem bank model and reports wavefronts, ideal, conflicts and the
// worst n-way per mode. It also draws per-phase bank heat maps as plain SVG.
//
// It is pure: it imports only the standard library and smem; the CLI
// (`sm90sim banks --layout ...`) parses flags and writes files.
//
// # Tile layout (the assumptions, in one place: layout.go)
//
//   - A tile is ROWSxCOLS elements (for an MMA operand: MN x K). major=k
//     (alias row) stores each row contiguously (COLS elements, "K-major");
//     major=mn (alias col) stores each column contiguously. In memory the
//     tile is OUTER lines of INNER bytes.
//   - none: plain lines with pitch INNER bytes (plus pad=, the classic
//     padding fix), what a kernel without swizzle declares.
//   - 32B/64B/128B (span S): the inner extent is cut into S-byte column
//     blocks stored one after the other, each OUTER lines of S bytes (how
//     TMA writes boxes whose inner dimension is S, and how CuTe's
//     tile_to_shape of the GMMA SW32/SW64/SW128 atoms lays them out), and
//     smem.Swizzle is applied to the absolute address. The tile base is
//     1024-byte aligned (plus base=, to show a misaligned buffer). A mode
//     whose span does not divide INNER is reported as not applicable.
//
// # Access patterns (pattern.go)
//
//   - ldmatrix/stmatrix .x4: each warp instruction covers 16 lines x 32 B
//     (the CUTLASS/CuTe SM75_U32x4_LDSM_N thread mapping: lane l gives line
//     l%16, 16-B chunk l/16; matrices = lanes 8i..8i+7); .x2: 16 lines x
//     16 B; .x1: 8 lines x 16 B. Instructions walk the whole tile. .trans
//     changes which registers receive the data, not the addresses, so it
//     costs the same.
//   - ldN.row / stN.row (N = 32, 64, 128 bits): lanes take consecutive
//     N-bit vectors along the lines (line by line); ldN.col / stN.col: lanes
//     take consecutive lines at one inner position (a column walk, the
//     transpose read).
//   - wgmma: the tensor core reads the operand as core matrices of 8 lines
//     x 16 B; each core matrix is modeled as one 128-B phase, four per
//     access. ptx-facts §8 says the async unit is believed conflict-free for
//     the canonical (swizzled or interleaved) layouts; this is the plain
//     bank model's answer, which agrees for the swizzled modes and flags
//     the plain unswizzled line layout (not a canonical wgmma layout).
//   - tma: the box is written 128 B at a time in shared-memory address
//     order (16-B chunks, 8 per phase).
package banks

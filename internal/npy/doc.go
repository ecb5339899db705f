// Package npy reads and writes NumPy .npy files as raw bytes: a descr string
// ("<f4", "|u1", ...), a shape and the little-endian, C-order element bytes.
// It never interprets element values.
//
// Decode accepts format versions 1.0, 2.0 and 3.0; Encode writes version 1.0
// (2.0 only when the header would not fit). Big-endian, Fortran-order,
// object and structured arrays are rejected with a clear error.
//
// Only cmd and internal/launch may call the path-based Read and Write (house
// rule: only they touch files); everything else uses Encode/Decode.
//
// RATIONALE: hand-written rather than github.com/sbinet/npyio. npyio decodes
// into typed Go values through reflection (no float16/bfloat16/fp8 types, so
// raw "<f2" and 1-byte float data would have to be smuggled through uint
// slices), it knows only header versions 1 and 2 (not 3), its header parser
// assumes numpy's exact key order and spacing, and it pulls in gonum. What
// this project needs is ~200 lines of byte handling with precise errors, so
// it lives here with no dependency.
//
// This package must not import anything outside the standard library.
package npy

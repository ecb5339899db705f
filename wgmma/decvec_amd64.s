//go:build amd64 && !purego

#include "textflag.h"

// func decodeAVX2(raw *uint32, n int, vals *float64, codes *uint16, p *decConst) bool
// Decodes n (a multiple of 4) f16, bf16 or tf32 elements: see decvec.go.
TEXT ·decodeAVX2(SB), NOSPLIT, $0-41
	MOVQ raw+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ vals+16(FP), DI
	MOVQ codes+24(FP), DX
	MOVQ p+32(FP), R8
	VPXOR X15, X15, X15        // specials seen
	VPXOR X14, X14, X14        // zero
	MOVQ 0(R8), R9             // f16
	SHRQ $2, CX
loop:
	VMOVDQU (SI), X0           // 4 raw elements
	// The value as f32 (exact), then as float64 (exact).
	CMPQ R9, $0
	JNE vf16
	VPSLLD 16(R8), X0, X1      // bf16: to the f32 position
	VPAND 32(R8), X1, X1       // tf32: without the 13 low bits
	JMP vdone
vf16:
	VPAND 48(R8), X0, X1       // the f16 bits alone
	VPACKUSDW X1, X1, X1
	VCVTPH2PS X1, X1
vdone:
	VCVTPS2PD X1, Y1
	VXORPD 64(R8), Y1, Y1      // negation

	// Exponent field; Inf/NaN; code max(e, 1) - 1 + base, 0 for a zero,
	// Inf or NaN.
	VPSRLD 96(R8), X0, X2
	VPAND 112(R8), X2, X2      // e
	VPCMPEQD 112(R8), X2, X3   // e all ones: Inf or NaN
	VPOR X3, X15, X15
	VPAND 160(R8), X0, X4      // magnitude bits
	VPCMPEQD X14, X4, X4       // zero
	VPOR X3, X4, X4            // zero, Inf or NaN: value +0, code 0
	VPMOVSXDQ X4, Y5
	VANDNPD Y1, Y5, Y1
	VPMAXSD 128(R8), X2, X2
	VPADDD 144(R8), X2, X2     // + base - 1
	VPANDN X2, X4, X2
	VPACKUSDW X2, X2, X2

	VMOVUPD Y1, (DI)
	MOVQ X2, (DX)
	ADDQ $16, SI
	ADDQ $32, DI
	ADDQ $8, DX
	DECQ CX
	JNZ loop

	VPTEST X15, X15
	SETNE ret+40(FP)
	VZEROUPPER
	RET

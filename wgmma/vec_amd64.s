//go:build amd64 && !purego

#include "textflag.h"

// func cpuid(leaf, sub uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv0() uint32
TEXT ·xgetbv0(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, ret+0(FP)
	RET

// func maxCodesAVX2(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16, rows int)
// For each of rows rows r (acode and out advancing by a row):
// out[r][j] = max over i < k of acode[r][i] + bc[i*stride/2 + j], 16
// columns a chunk.
TEXT ·maxCodesAVX2(SB), NOSPLIT, $0-56
	MOVQ acode+0(FP), SI
	MOVQ k+16(FP), CX
	MOVQ stride+24(FP), R8
	MOVQ out+40(FP), DI
	MOVQ rows+48(FP), R11
row:
	MOVQ bc+8(FP), BX
	MOVQ chunks+32(FP), R9
chunk:
	VPXOR Y0, Y0, Y0
	MOVQ SI, AX
	MOVQ BX, DX
	MOVQ CX, R10
kloop:
	VPBROADCASTW (AX), Y1
	VPADDW (DX), Y1, Y1
	VPMAXUW Y1, Y0, Y0
	ADDQ $2, AX
	ADDQ R8, DX
	DECQ R10
	JNZ kloop
	VMOVDQU Y0, (DI)
	ADDQ $32, BX
	ADDQ $32, DI
	DECQ R9
	JNZ chunk
	LEAQ (SI)(CX*2), SI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

// func rowKernelAVX2(p *vecKernel)
// Every row (p.rows of them), four elements of a row per iteration; see
// vec.go. The row pointers are the base pointers plus the offsets in p,
// which the row loop advances.
TEXT ·rowKernelAVX2(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	VPXOR X14, X14, X14
	VMOVDQU 272(DI), Y13 // sigMask
	VMOVDQU 304(DI), Y12 // absF64
	VMOVDQU 128(DI), X15 // floor
	MOVQ 64(DI), R13  // stride

row:
	MOVQ 0(DI), SI
	ADDQ 432(DI), SI  // arow
	MOVQ 8(DI), BX    // bt, column j
	MOVQ 16(DI), R8
	ADDQ 440(DI), R8  // codes
	MOVQ 24(DI), R9
	ADDQ 448(DI), R9  // c
	MOVQ 32(DI), R10
	ADDQ 456(DI), R10 // d
	MOVQ 40(DI), R11
	ADDQ 456(DI), R11 // flags
	MOVQ 384(DI), R14 // bsp
	MOVQ 392(DI), R15
	ADDQ 464(DI), R15 // asp of the row
	MOVQ 48(DI), CX   // n
	MOVQ 56(DI), R12
	ADDQ SI, R12      // end of arow

loop:
	// Group exponent of the products: s = code sum; none below 2*base.
	VPMOVZXWD (R8), X0
	VPADDD 96(DI), X0, X1      // s + off - 2*base
	VPMAXSD X15, X1, X1        // at least the floor
	VMOVDQU 112(DI), X2
	VPCMPGTD X0, X2, X2        // 2*base > s: no nonzero product
	VPSUBD X15, X1, X4
	VPAND X2, X4, X4
	VPSUBD X4, X1, X1          // floor there

	// Accumulator exponent (floor for a zero accumulator).
	VMOVDQU (R9), X5           // c bits
	VPAND 176(DI), X5, X6      // |c|
	VPSRLD 368(DI), X6, X7     // exponent field
	VPMAXSD 208(DI), X7, X7
	VPSUBD 224(DI), X7, X7     // max(field, 1) - bias
	VPXOR X8, X8, X8
	VPCMPEQD X8, X6, X8        // c == ±0
	VPSUBD X15, X7, X9
	VPAND X8, X9, X9
	VPSUBD X9, X7, X7
	VPMAXSD X7, X1, X1         // Emax

	// Reference path: Inf/NaN accumulator or B column (f32: Inf/NaN
	// bits; f16: the same in the low half, the high half ignored).
	VPAND 192(DI), X5, X9
	VPCMPEQD 192(DI), X9, X9
	VPOR (R14), X9, X9         // B column
	VPBROADCASTD (R15), X8
	VPOR X8, X9, X9            // A row

	// s = 2^(w-Emax), inv = 2^(Emax-w)
	VMOVDQU 144(DI), X10
	VPSUBD X1, X10, X10
	VPMOVZXDQ X10, Y10
	VPSLLQ $52, Y10, Y10
	VPADDD 160(DI), X1, X11
	VPMOVZXDQ X11, Y11
	VPSLLQ $52, Y11, Y11

	// Products, truncated to int32, two partial sums.
	VPXOR X0, X0, X0
	VPXOR X2, X2, X2
	MOVQ SI, AX
	MOVQ BX, DX
kloop:
	VBROADCASTSD (AX), Y3
	VMULPD (DX), Y3, Y3
	VMULPD Y10, Y3, Y3
	VCVTTPD2DQY Y3, X3
	VPADDD X3, X0, X0
	VBROADCASTSD 8(AX), Y4
	VMULPD (DX)(R13*1), Y4, Y4
	VMULPD Y10, Y4, Y4
	VCVTTPD2DQY Y4, X4
	VPADDD X4, X2, X2
	ADDQ $16, AX
	LEAQ (DX)(R13*2), DX
	CMPQ AX, R12
	JNE kloop

	// Aligned accumulator; the exact sum as float64.
	CMPQ 88(DI), $0
	JNE cf16
	VCVTPS2PD X5, Y5
	JMP cdone
cf16:
	VPSLLD $16, X5, X5
	VPSRLD $16, X5, X5         // the f16 bits alone
	VPACKUSDW X5, X5, X5
	VCVTPH2PS X5, X5
	VCVTPS2PD X5, Y5
cdone:
	VMULPD Y10, Y5, Y5
	VCVTTPD2DQY Y5, X5
	VCVTDQ2PD X0, Y0
	VCVTDQ2PD X2, Y2
	VCVTDQ2PD X5, Y5
	VADDPD Y2, Y0, Y0
	VADDPD Y5, Y0, Y0
	VMULPD Y11, Y0, Y0         // the value
	CMPQ 88(DI), $0
	JNE of16
	VANDPD Y13, Y0, Y0         // truncated to sig bits
	JMP odone
of16:
	VANDPD Y13, Y0, Y1         // truncated to 24 bits
	VCMPPD $4, Y1, Y0, Y2      // lost bits
	VANDPD 336(DI), Y2, Y2
	VORPD Y2, Y1, Y0           // rounded to odd
odone:

	// Normal f32 range or zero, else the reference path.
	VANDPD Y12, Y0, Y6
	VPSRLQ $52, Y6, Y6
	VEXTRACTI128 $1, Y6, X7
	VSHUFPS $0x88, X7, X6, X6  // biased exponents, 4 x int32
	VMOVDQU 240(DI), X7
	VPCMPGTD X6, X7, X8        // below 2^-126
	VPXOR X4, X4, X4
	VPCMPEQD X4, X6, X4        // zero
	VPANDN X8, X4, X8
	VPCMPGTD 256(DI), X6, X4   // above 2^127
	VPOR X4, X8, X8
	VPOR X8, X9, X9
	VMOVDQU X9, (R11)
	VPOR X9, X14, X14

	VCVTPD2PSY Y0, X0
	CMPQ 88(DI), $0
	JE store
	VCVTPS2PH $0, X0, X0       // RNE
	VPMOVZXWD X0, X0
store:
	VPCMPEQD X4, X4, X4
	VPXOR X4, X9, X4           // lanes computed here
	VPMASKMOVD X0, X4, (R10)

	ADDQ $8, R8
	ADDQ $16, R9
	ADDQ $16, R10
	ADDQ $16, R11
	ADDQ $16, R14
	ADDQ $32, BX
	SUBQ $4, CX
	JNZ loop

	// Next row.
	MOVQ 56(DI), AX
	ADDQ AX, 432(DI)
	MOVQ 408(DI), AX
	ADDQ AX, 440(DI)
	MOVQ 416(DI), AX
	ADDQ AX, 448(DI)
	MOVQ 424(DI), AX
	ADDQ AX, 456(DI)
	ADDQ $4, 464(DI)
	DECQ 400(DI)
	JNZ row

	VMOVDQU X14, 72(DI)
	VZEROUPPER
	RET

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
// Every row (p.rows of them), eight elements of a row per iteration; see
// vec.go. The row pointers are the base pointers plus the offsets in p,
// which the row loop advances. Lanes 0-3 of a group are the "lo" float64
// half, lanes 4-7 the "hi" half.
TEXT ·rowKernelAVX2(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	VPXOR Y14, Y14, Y14
	VMOVDQU 576(DI), Y13 // sigMask
	VMOVDQU 608(DI), Y12 // absF64
	VMOVDQU 288(DI), Y15 // floor
	MOVQ 64(DI), R13     // stride

row:
	MOVQ 0(DI), SI
	ADDQ 160(DI), SI  // arow
	MOVQ 8(DI), BX    // bt, column j
	MOVQ 16(DI), R8
	ADDQ 168(DI), R8  // codes
	MOVQ 24(DI), R9
	ADDQ 176(DI), R9  // c
	MOVQ 32(DI), R10
	ADDQ 184(DI), R10 // d
	MOVQ 40(DI), R11
	ADDQ 184(DI), R11 // flags
	MOVQ 112(DI), R14 // bsp
	MOVQ 120(DI), R15
	ADDQ 192(DI), R15 // asp of the row
	MOVQ 48(DI), CX   // n
	MOVQ 56(DI), R12
	ADDQ SI, R12      // end of arow

loop:
	// Group exponent of the products: s = code sum; none below 2*base.
	VPMOVZXWD (R8), Y0
	VPADDD 224(DI), Y0, Y1     // s + off - 2*base
	VPMAXSD Y15, Y1, Y1        // at least the floor
	VMOVDQU 256(DI), Y2
	VPCMPGTD Y0, Y2, Y2        // 2*base > s: no nonzero product
	VPSUBD Y15, Y1, Y4
	VPAND Y2, Y4, Y4
	VPSUBD Y4, Y1, Y1          // floor there

	// Accumulator exponent (floor for a zero accumulator).
	VMOVDQU (R9), Y5           // c bits
	VPAND 384(DI), Y5, Y6      // |c|
	VPSRLD 200(DI), Y6, Y7     // exponent field
	VPMAXSD 448(DI), Y7, Y7
	VPSUBD 480(DI), Y7, Y7     // max(field, 1) - bias
	VPXOR Y8, Y8, Y8
	VPCMPEQD Y8, Y6, Y8        // c == ±0
	VPSUBD Y15, Y7, Y9
	VPAND Y8, Y9, Y9
	VPSUBD Y9, Y7, Y7
	VPMAXSD Y7, Y1, Y1         // Emax

	// Reference path: Inf/NaN accumulator (f16: in the low half, the
	// high half ignored), B column or A row.
	VPAND 416(DI), Y5, Y9
	VPCMPEQD 416(DI), Y9, Y9
	VPOR (R14), Y9, Y9
	VPBROADCASTD (R15), Y8
	VPOR Y8, Y9, Y9

	// s = 2^(w-Emax): Y2 (lo), Y3 (hi)
	VMOVDQU 320(DI), Y10
	VPSUBD Y1, Y10, Y10
	VPMOVZXDQ X10, Y2
	VPSLLQ $52, Y2, Y2
	VEXTRACTI128 $1, Y10, X10
	VPMOVZXDQ X10, Y3
	VPSLLQ $52, Y3, Y3

	// Products, truncated to int32; partial sums for even k (X0 lo, X4
	// hi) and odd k (X6 lo, X7 hi).
	VPXOR X0, X0, X0
	VPXOR X4, X4, X4
	VPXOR X6, X6, X6
	VPXOR X7, X7, X7
	MOVQ SI, AX
	MOVQ BX, DX
kloop:
	VBROADCASTSD (AX), Y8
	VMULPD (DX), Y8, Y10
	VMULPD 32(DX), Y8, Y11
	VMULPD Y2, Y10, Y10
	VMULPD Y3, Y11, Y11
	VCVTTPD2DQY Y10, X10
	VCVTTPD2DQY Y11, X11
	VPADDD X10, X0, X0
	VPADDD X11, X4, X4
	VBROADCASTSD 8(AX), Y8
	VMULPD (DX)(R13*1), Y8, Y10
	VMULPD 32(DX)(R13*1), Y8, Y11
	VMULPD Y2, Y10, Y10
	VMULPD Y3, Y11, Y11
	VCVTTPD2DQY Y10, X10
	VCVTTPD2DQY Y11, X11
	VPADDD X10, X6, X6
	VPADDD X11, X7, X7
	ADDQ $16, AX
	LEAQ (DX)(R13*2), DX
	CMPQ AX, R12
	JNE kloop

	// The accumulator as float64 (Y10 lo, Y11 hi), aligned.
	CMPQ 104(DI), $0
	JNE cf16
	VCVTPS2PD X5, Y10
	VEXTRACTF128 $1, Y5, X11
	VCVTPS2PD X11, Y11
	JMP cdone
cf16:
	VPSLLD $16, Y5, Y8
	VPSRLD $16, Y8, Y8         // the f16 bits alone
	VEXTRACTI128 $1, Y8, X10
	VPACKUSDW X10, X8, X8      // 8 halves
	VCVTPH2PS X8, Y8
	VCVTPS2PD X8, Y10
	VEXTRACTF128 $1, Y8, X11
	VCVTPS2PD X11, Y11
cdone:
	VMULPD Y2, Y10, Y10
	VMULPD Y3, Y11, Y11
	VCVTTPD2DQY Y10, X10
	VCVTTPD2DQY Y11, X11

	// The exact sums as float64: Y0 (lo), Y4 (hi).
	VCVTDQ2PD X0, Y0
	VCVTDQ2PD X6, Y6
	VADDPD Y6, Y0, Y0
	VCVTDQ2PD X10, Y10
	VADDPD Y10, Y0, Y0
	VCVTDQ2PD X4, Y4
	VCVTDQ2PD X7, Y7
	VADDPD Y7, Y4, Y4
	VCVTDQ2PD X11, Y11
	VADDPD Y11, Y4, Y4

	// inv = 2^(Emax-w); the values.
	VPADDD 352(DI), Y1, Y1
	VPMOVZXDQ X1, Y2
	VPSLLQ $52, Y2, Y2
	VEXTRACTI128 $1, Y1, X1
	VPMOVZXDQ X1, Y3
	VPSLLQ $52, Y3, Y3
	VMULPD Y2, Y0, Y0
	VMULPD Y3, Y4, Y4

	CMPQ 104(DI), $0
	JNE of16
	VANDPD Y13, Y0, Y0         // truncated to sig bits
	VANDPD Y13, Y4, Y4
	JMP odone
of16:
	VANDPD Y13, Y0, Y1         // truncated to 24 bits
	VCMPPD $4, Y1, Y0, Y2      // lost bits
	VANDPD 640(DI), Y2, Y2
	VORPD Y2, Y1, Y0           // rounded to odd
	VANDPD Y13, Y4, Y1
	VCMPPD $4, Y1, Y4, Y2
	VANDPD 640(DI), Y2, Y2
	VORPD Y2, Y1, Y4
odone:

	// Normal f32 range or zero, else the reference path.
	VANDPD Y12, Y0, Y6
	VPSRLQ $52, Y6, Y6
	VANDPD Y12, Y4, Y7
	VPSRLQ $52, Y7, Y7
	VEXTRACTI128 $1, Y6, X8
	VSHUFPS $0x88, X8, X6, X6  // biased exponents lo, 4 x int32
	VEXTRACTI128 $1, Y7, X8
	VSHUFPS $0x88, X8, X7, X7  // hi
	VINSERTI128 $1, X7, Y6, Y6
	VMOVDQU 512(DI), Y7
	VPCMPGTD Y6, Y7, Y8        // below 2^-126
	VPXOR Y10, Y10, Y10
	VPCMPEQD Y10, Y6, Y10      // zero
	VPANDN Y8, Y10, Y8
	VPCMPGTD 544(DI), Y6, Y10  // above 2^127
	VPOR Y10, Y8, Y8
	VPOR Y8, Y9, Y9
	VMOVDQU Y9, (R11)
	VPOR Y9, Y14, Y14

	VCVTPD2PSY Y0, X0
	VCVTPD2PSY Y4, X4
	VINSERTF128 $1, X4, Y0, Y0 // 8 x f32
	CMPQ 104(DI), $0
	JE store
	VCVTPS2PH $0, Y0, X0       // RNE
	VPMOVZXWD X0, Y0
store:
	VPTEST Y9, Y9
	JNZ masked
	VMOVDQU Y0, (R10)          // every lane computed here
next:

	ADDQ $16, R8
	ADDQ $32, R9
	ADDQ $32, R10
	ADDQ $32, R11
	ADDQ $32, R14
	ADDQ $64, BX
	SUBQ $8, CX
	JNZ loop

	// Next row.
	MOVQ 56(DI), AX
	ADDQ AX, 160(DI)
	MOVQ 136(DI), AX
	ADDQ AX, 168(DI)
	MOVQ 144(DI), AX
	ADDQ AX, 176(DI)
	MOVQ 152(DI), AX
	ADDQ AX, 184(DI)
	ADDQ $4, 192(DI)
	DECQ 128(DI)
	JNZ row

	VMOVDQU Y14, 72(DI)
	VZEROUPPER
	RET

	// A masked store (slow on some CPUs): only where some lane is left
	// to the reference path.
masked:
	VPCMPEQD Y10, Y10, Y10
	VPXOR Y10, Y9, Y10         // lanes computed here
	VPMASKMOVD Y0, Y10, (R10)
	JMP next

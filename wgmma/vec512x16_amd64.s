//go:build amd64 && !purego

#include "textflag.h"

// func rowKernelAVX512x16(p *vecKernel)
// rowKernelAVX512 sixteen elements at a time (p.n a multiple of 16): the
// int32 lanes in one ZMM register (the conditions in opmask registers),
// the float64 values in two (lo: elements 0-7, hi: 8-15). The same
// operations on the same values as rowKernelAVX2, so the same bits. Needs
// AVX-512 F, BW, DQ and VL.
//
// Constants: Z16 sigMask, Z17 absF64, Z18 sticky (float64 splats); Z19
// floor, Z20 off-2*base, Z21 2*base, Z22 1023+w, Z23 1023-w, Z24 absC,
// Z25 infC, Z26 one, Z27 biasC, Z28 lowE, Z29 highE (int32 splats); Z30
// the OR of all flags; Z31 all ones.
TEXT ·rowKernelAVX512x16(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	VPBROADCASTQ 576(DI), Z16
	VPBROADCASTQ 608(DI), Z17
	VPBROADCASTQ 640(DI), Z18
	VPBROADCASTD 288(DI), Z19
	VPBROADCASTD 224(DI), Z20
	VPBROADCASTD 256(DI), Z21
	VPBROADCASTD 320(DI), Z22
	VPBROADCASTD 352(DI), Z23
	VPBROADCASTD 384(DI), Z24
	VPBROADCASTD 416(DI), Z25
	VPBROADCASTD 448(DI), Z26
	VPBROADCASTD 480(DI), Z27
	VPBROADCASTD 512(DI), Z28
	VPBROADCASTD 544(DI), Z29
	VPXORD Z30, Z30, Z30
	VPTERNLOGD $0xff, Z31, Z31, Z31
	MOVQ 64(DI), R13 // stride

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
	VPMOVZXWD (R8), Z0
	VPADDD Z20, Z0, Z1         // s + off - 2*base
	VPMAXSD Z19, Z1, Z1        // at least the floor
	VPCMPGTD Z0, Z21, K1       // 2*base > s: no nonzero product
	VMOVDQA32 Z19, K1, Z1      // floor there

	// Accumulator exponent (floor for a zero accumulator).
	VMOVDQU32 (R9), Z5         // c bits
	VPANDD Z24, Z5, Z6         // |c|
	VPSRLD 200(DI), Z6, Z7     // exponent field
	VPMAXSD Z26, Z7, Z7
	VPSUBD Z27, Z7, Z7         // max(field, 1) - bias
	VPTESTNMD Z6, Z6, K2       // c == ±0
	VMOVDQA32 Z19, K2, Z7
	VPMAXSD Z7, Z1, Z1         // Emax

	// Reference path: Inf/NaN accumulator (f16: in the low half, the
	// high half ignored), B column or A row.
	VPANDD Z25, Z5, Z9
	VPCMPEQD Z25, Z9, K3
	VMOVDQU32 (R14), Z9
	VPBROADCASTD (R15), Z8
	VPORD Z8, Z9, Z9
	VMOVDQA32 Z31, K3, Z9

	// s = 2^(w-Emax): Z2 (lo), Z3 (hi)
	VPSUBD Z1, Z22, Z10
	VPMOVZXDQ Y10, Z2
	VPSLLQ $52, Z2, Z2
	VEXTRACTI64X4 $1, Z10, Y10
	VPMOVZXDQ Y10, Z3
	VPSLLQ $52, Z3, Z3

	// Products, truncated to int32; partial sums for even k (Y4 lo, Y6
	// hi) and odd k (Y7 lo, Y11 hi).
	VPXOR Y4, Y4, Y4
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	VPXOR Y11, Y11, Y11
	MOVQ SI, AX
	MOVQ BX, DX
kloop:
	VBROADCASTSD (AX), Z8
	VMULPD (DX), Z8, Z10
	VMULPD 64(DX), Z8, Z12
	VMULPD Z2, Z10, Z10
	VMULPD Z3, Z12, Z12
	VCVTTPD2DQ Z10, Y10
	VCVTTPD2DQ Z12, Y12
	VPADDD Y10, Y4, Y4
	VPADDD Y12, Y6, Y6
	VBROADCASTSD 8(AX), Z8
	VMULPD (DX)(R13*1), Z8, Z10
	VMULPD 64(DX)(R13*1), Z8, Z12
	VMULPD Z2, Z10, Z10
	VMULPD Z3, Z12, Z12
	VCVTTPD2DQ Z10, Y10
	VCVTTPD2DQ Z12, Y12
	VPADDD Y10, Y7, Y7
	VPADDD Y12, Y11, Y11
	ADDQ $16, AX
	LEAQ (DX)(R13*2), DX
	CMPQ AX, R12
	JNE kloop

	// The accumulator as float64 (Z10 lo, Z12 hi), aligned.
	CMPQ 104(DI), $0
	JNE cf16
	VCVTPS2PD Y5, Z10
	VEXTRACTF64X4 $1, Z5, Y12
	VCVTPS2PD Y12, Z12
	JMP cdone
cf16:
	VPMOVDW Z5, Y8             // the f16 bits alone
	VCVTPH2PS Y8, Z8
	VCVTPS2PD Y8, Z10
	VEXTRACTF64X4 $1, Z8, Y12
	VCVTPS2PD Y12, Z12
cdone:
	VMULPD Z2, Z10, Z10
	VMULPD Z3, Z12, Z12
	VCVTTPD2DQ Z10, Y10
	VCVTTPD2DQ Z12, Y12

	// The exact sums as float64: Z4 (lo), Z6 (hi).
	VCVTDQ2PD Y4, Z4
	VCVTDQ2PD Y7, Z7
	VADDPD Z7, Z4, Z4
	VCVTDQ2PD Y10, Z10
	VADDPD Z10, Z4, Z4
	VCVTDQ2PD Y6, Z6
	VCVTDQ2PD Y11, Z11
	VADDPD Z11, Z6, Z6
	VCVTDQ2PD Y12, Z12
	VADDPD Z12, Z6, Z6

	// inv = 2^(Emax-w); the values.
	VPADDD Z23, Z1, Z1
	VPMOVZXDQ Y1, Z2
	VPSLLQ $52, Z2, Z2
	VEXTRACTI64X4 $1, Z1, Y1
	VPMOVZXDQ Y1, Z3
	VPSLLQ $52, Z3, Z3
	VMULPD Z2, Z4, Z4
	VMULPD Z3, Z6, Z6

	CMPQ 104(DI), $0
	JNE of16
	VPANDQ Z16, Z4, Z4         // truncated to sig bits
	VPANDQ Z16, Z6, Z6
	JMP odone
of16:
	VPANDQ Z16, Z4, Z10        // truncated to 24 bits
	VCMPPD $4, Z10, Z4, K1     // lost bits
	VPORQ Z18, Z10, K1, Z10    // rounded to odd
	VMOVDQA64 Z10, Z4
	VPANDQ Z16, Z6, Z10
	VCMPPD $4, Z10, Z6, K1
	VPORQ Z18, Z10, K1, Z10
	VMOVDQA64 Z10, Z6
odone:

	// Normal f32 range or zero, else the reference path.
	VPANDQ Z17, Z4, Z10
	VPSRLQ $52, Z10, Z10
	VPMOVQD Z10, Y10
	VPANDQ Z17, Z6, Z12
	VPSRLQ $52, Z12, Z12
	VPMOVQD Z12, Y12
	VINSERTI64X4 $1, Y12, Z10, Z10 // 16 biased exponents
	VPCMPGTD Z10, Z28, K1      // below 2^-126
	VPTESTNMD Z10, Z10, K2     // zero
	KANDNW K1, K2, K1
	VPCMPGTD Z29, Z10, K3      // above 2^127
	KORW K3, K1, K1
	VMOVDQA32 Z31, K1, Z9
	VMOVDQU32 Z9, (R11)
	VPORD Z9, Z30, Z30

	VCVTPD2PS Z4, Y4
	VCVTPD2PS Z6, Y6
	VINSERTF64X4 $1, Y6, Z4, Z4 // 16 x f32
	CMPQ 104(DI), $0
	JE store
	VCVTPS2PH $0, Z4, Y4       // RNE
	VPMOVZXWD Y4, Z4
store:
	VPTESTMD Z9, Z9, K1        // lanes left to the reference path
	KORTESTW K1, K1
	JNZ masked
	VMOVDQU32 Z4, (R10)
next:

	ADDQ $32, R8
	ADDQ $64, R9
	ADDQ $64, R10
	ADDQ $64, R11
	ADDQ $64, R14
	ADDQ $128, BX
	SUBQ $16, CX
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

	// The flags' OR as the 4 int64 of p.bad (any nonzero lane counts).
	VEXTRACTI64X4 $1, Z30, Y0
	VPORD Y0, Y30, Y0
	VMOVDQU Y0, 72(DI)
	VZEROUPPER
	RET

masked:
	KNOTW K1, K2
	VMOVDQU32 Z4, K2, (R10)
	JMP next

// func maxCodesAVX512(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16, rows int)
// maxCodesAVX2 with 32 columns a chunk (AVX-512 BW).
TEXT ·maxCodesAVX512(SB), NOSPLIT, $0-56
	MOVQ acode+0(FP), SI
	MOVQ k+16(FP), CX
	MOVQ stride+24(FP), R8
	MOVQ out+40(FP), DI
	MOVQ rows+48(FP), R11
row:
	MOVQ bc+8(FP), BX
	MOVQ chunks+32(FP), R9
chunk:
	VPXORD Z0, Z0, Z0
	MOVQ SI, AX
	MOVQ BX, DX
	MOVQ CX, R10
kloop:
	VPBROADCASTW (AX), Z1
	VPADDW (DX), Z1, Z1
	VPMAXUW Z1, Z0, Z0
	ADDQ $2, AX
	ADDQ R8, DX
	DECQ R10
	JNZ kloop
	VMOVDQU16 Z0, (DI)
	ADDQ $64, BX
	ADDQ $64, DI
	DECQ R9
	JNZ chunk
	LEAQ (SI)(CX*2), SI
	DECQ R11
	JNZ row
	VZEROUPPER
	RET

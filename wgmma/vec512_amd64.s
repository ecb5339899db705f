//go:build amd64 && !purego

#include "textflag.h"

// func rowKernelAVX512(p *vecKernel)
// rowKernelAVX2 with the float64 work of eight elements in one ZMM
// register instead of two YMM halves (the int32 lanes stay in YMM, VEX):
// the same operations on the same values, so the same bits. Z16-Z18 hold
// the splat float64 constants (sigMask, absF64, sticky).
TEXT ·rowKernelAVX512(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), DI
	VPXOR Y14, Y14, Y14
	VPBROADCASTQ 576(DI), Z16 // sigMask
	VPBROADCASTQ 608(DI), Z17 // absF64
	VPBROADCASTQ 640(DI), Z18 // sticky
	VMOVDQU 288(DI), Y15      // floor
	MOVQ 64(DI), R13          // stride

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

	// s = 2^(w-Emax): Z2
	VMOVDQU 320(DI), Y10
	VPSUBD Y1, Y10, Y10
	VPMOVZXDQ Y10, Z2
	VPSLLQ $52, Z2, Z2

	// Products, truncated to int32; partial sums for even k (Y0) and odd
	// k (Y6).
	VPXOR Y0, Y0, Y0
	VPXOR Y6, Y6, Y6
	MOVQ SI, AX
	MOVQ BX, DX
kloop:
	VBROADCASTSD (AX), Z8
	VMULPD (DX), Z8, Z10
	VMULPD Z2, Z10, Z10
	VCVTTPD2DQ Z10, Y10
	VPADDD Y10, Y0, Y0
	VBROADCASTSD 8(AX), Z11
	VMULPD (DX)(R13*1), Z11, Z11
	VMULPD Z2, Z11, Z11
	VCVTTPD2DQ Z11, Y11
	VPADDD Y11, Y6, Y6
	ADDQ $16, AX
	LEAQ (DX)(R13*2), DX
	CMPQ AX, R12
	JNE kloop

	// The accumulator as float64 (Z10), aligned.
	CMPQ 104(DI), $0
	JNE cf16
	VCVTPS2PD Y5, Z10
	JMP cdone
cf16:
	VPMOVDW Y5, X8             // the f16 bits alone
	VCVTPH2PS X8, Y8
	VCVTPS2PD Y8, Z10
cdone:
	VMULPD Z2, Z10, Z10
	VCVTTPD2DQ Z10, Y10

	// The exact sum as float64: Z0.
	VCVTDQ2PD Y0, Z0
	VCVTDQ2PD Y6, Z6
	VADDPD Z6, Z0, Z0
	VCVTDQ2PD Y10, Z10
	VADDPD Z10, Z0, Z0

	// inv = 2^(Emax-w); the values.
	VPADDD 352(DI), Y1, Y1
	VPMOVZXDQ Y1, Z2
	VPSLLQ $52, Z2, Z2
	VMULPD Z2, Z0, Z0

	CMPQ 104(DI), $0
	JNE of16
	VPANDQ Z16, Z0, Z0         // truncated to sig bits
	JMP odone
of16:
	VPANDQ Z16, Z0, Z1         // truncated to 24 bits
	VCMPPD $4, Z1, Z0, K1      // lost bits
	VPORQ Z18, Z1, K1, Z1      // rounded to odd
	VMOVDQA64 Z1, Z0
odone:

	// Normal f32 range or zero, else the reference path.
	VPANDQ Z17, Z0, Z6
	VPSRLQ $52, Z6, Z6
	VPMOVQD Z6, Y6             // biased exponents, 8 x int32
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

	VCVTPD2PS Z0, Y0           // 8 x f32
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

package kname

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cutlassEntry is the .entry name of a real CUTLASS 3.x GEMM
// (GemmUniversal with a warp-specialized fp8 mainloop and a fused epilogue,
// as SGLang's fp8_scaled_mm kernel is named in a PyTorch profile).
const cutlassEntry = "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiiEEENS1_10collective13CollectiveMmaINS1_35MainloopSm100TmaUmmaWarpSpecializedILi13ELi2ELi4ENS5_IJNS4_1CILi1EEESB_SB_EEEEENS5_IJNSA_ILi64EEESE_NSA_ILi128EEEEEENS_12float_e4m3_tENS5_IJlSB_lEEESH_SI_NS4_8TiledMMAINS4_8MMA_AtomIJNS4_10MMA_TraitsINS4_19SM100_MMA_F8F6F4_SSEJSH_SH_fSE_SE_NS4_17integral_constantINS4_4UMMA5MajorELSP_0EEESQ_NSN_INSO_7ScaleInELSR_0EEESS_EEEEEENS4_6LayoutISC_NS5_IJNSA_ILi0EEESW_SW_EEEEENS5_IJNS4_10UnderscoreESZ_SZ_EEEEENS4_13SM90_TMA_LOADENS4_14ComposedLayoutINS4_7SwizzleILi3ELi4ELi3EEENS4_18smem_ptr_flag_bitsILi8EEENSV_INS5_IJNSA_ILi8EEESF_EEENS5_IJSF_SB_EEEEEEEvNS4_8identityES12_S1C_vS1D_EENS_8epilogue10collective18CollectiveEpilogueINS1F_23Sm100TmaWarpSpecializedILi1ELi1ELi32ELb0ELb1EEEJSG_NS5_IJNSV_ISE_SB_EES1K_EEEvSI_NS_10bfloat16_tESI_NS1F_6fusion15Sm90TreeVisitorINS1N_11Sm90ComputeINS_10multipliesES1M_fLNS_15FloatRoundStyleE2EvEEJNS1N_16Sm90ColBroadcastILi0ESG_ffNS5_IJSB_SW_SW_EEELi4ELb1EEENS1O_INS1P_IS1Q_ffLS1R_2EvEEJNS1N_16Sm90RowBroadcastILi0ESG_ffNS5_IJSW_SB_SW_EEELi4ELb1EEENS1N_12Sm90AccFetchEEEEEEENS4_5SM1004TMEM4LOAD26SM100_TMEM_LOAD_16dp256b8xES12_NS13_IS15_NS16_ILi16EEENSV_INS5_IJS18_SE_EEENS5_IJSE_SB_EEEEEEENS4_17SM75_U32x4_LDSM_NENS4_14SM90_TMA_STOREES2B_NS4_17SM90_U32x4_STSM_NENS4_39AutoVectorizingCopyWithAssumedAlignmentILi128EEEEEEvvEEEEvNT_6ParamsE"

// The expected strings are GNU c++filt's (binutils 2.40; the CUTLASS name
// needs --no-recurse-limit): an independent demangler.
func TestDemangled(t *testing.T) {
	for mangled, want := range map[string]string{
		"_Z11gemm_kernelIfLi128EEvPKT_S2_PS0_i": "void gemm_kernel<float, 128>(float const*, float const*, float*, int)",
		"_Z3fooPf":                              "foo(float*)",
		"_ZltRK1AS1_":                           "operator<(A const&, A const&)",
		"_ZN1XIiEltIfEEbT_":                     "bool X<int>::operator< <float>(float)",
		"_Z6hopperPf14CUtensorMap_st":           "hopper(float*, CUtensorMap_st)",
		"triton_mm_kernel":                      "triton_mm_kernel",
		"gemm_wgmma":                            "gemm_wgmma",
	} {
		assert.Equal(t, want, Demangled(mangled), mangled)
	}
	d := Demangled(cutlassEntry)
	assert.Len(t, d, 6182)
	assert.True(t, strings.HasPrefix(d, "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::tuple<int, int, int, int>, cutlass::gemm::collective::CollectiveMma<"), d[:200])
	assert.True(t, strings.HasSuffix(d, "cute::AutoVectorizingCopyWithAssumedAlignment<128> >, void, void>::Params)"), d[len(d)-200:])
}

func TestShort(t *testing.T) {
	for name, want := range map[string]string{
		"_Z11gemm_kernelIfLi128EEvPKT_S2_PS0_i": "gemm_kernel<float, 128>",
		"_ZN1XIiEltIfEEbT_":                     "X<int>::operator< <float>",
		"_Z3fooIN1AIiEEEvv":                     "foo<A<int> >",
		"triton_mm_kernel":                      "triton_mm_kernel",
		// c++filt -p gives 3096 characters; keeping two levels of template
		// arguments takes 188 (GemmUniversal<cute::tuple<…>, ...CollectiveMma<…>,
		// ...CollectiveEpilogue<…>, void, void>), so only the first is kept.
		cutlassEntry: "cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<…> >",
	} {
		assert.Equal(t, want, Short(name), name)
	}
	long := strings.Repeat("x", 130)
	s := Short(long)
	assert.Equal(t, MaxShort, utf8.RuneCountInString(s))
	assert.Equal(t, strings.Repeat("x", 119)+"…", s)
}

func TestCollapse(t *testing.T) {
	s := "void a::f<b<c<int> >, d<e> >::g<h>(x->y)"
	assert.Equal(t, 3, maxDepth(s))
	assert.Equal(t, "void a::f<…>::g<…>(x->y)", collapse(s, 0))
	assert.Equal(t, "void a::f<b<…>, d<…> >::g<h>(x->y)", collapse(s, 1))
	assert.Equal(t, "void a::f<b<c<…> >, d<e> >::g<h>(x->y)", collapse(s, 2))
	assert.Equal(t, s, collapse(s, 3))
	assert.Equal(t, "X<…>::operator< <…>", collapse("X<int>::operator< <float>", 0))
	assert.Equal(t, "operator<<=", collapse("operator<<=", 0))
}

func TestParam(t *testing.T) {
	assert.Equal(t, "…_param_0", Param(cutlassEntry+"_param_0"))
	assert.Equal(t, "gemm_wgmma_param_2", Param("gemm_wgmma_param_2"))
	assert.Equal(t, "out", Param("out"))
}

var entries = []string{
	"_Z11gemm_kernelIfLi128EEvPKT_S2_PS0_i",
	"_Z11gemm_kernelIfLi64EEvPKT_S2_PS0_i",
	cutlassEntry,
	"triton_mm_kernel",
	"_Z3fooPi",
	"_Z3fooPf",
}

func TestMatch(t *testing.T) {
	for query, want := range map[string]string{
		"_Z11gemm_kernelIfLi64EEvPKT_S2_PS0_i":                                 "_Z11gemm_kernelIfLi64EEvPKT_S2_PS0_i",
		"gemm_kernel<float, 128>":                                              "_Z11gemm_kernelIfLi128EEvPKT_S2_PS0_i",
		"void gemm_kernel<float, 64>(float const*, float const*, float*, int)": "_Z11gemm_kernelIfLi64EEvPKT_S2_PS0_i",
		"foo(float*)": "_Z3fooPf",
		"cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<…> >": cutlassEntry,
		"GemmUniversal":         cutlassEntry,
		"^triton":               "triton_mm_kernel",
		"gemm_kernel<float, 6":  "_Z11gemm_kernelIfLi64EEvPKT_S2_PS0_i",
		cutlassEntry[:60]:       cutlassEntry,
		"Ppp|triton_mm_kernel$": "triton_mm_kernel",
	} {
		got, err := Match(entries, query)
		require.NoError(t, err, query)
		assert.Equal(t, want, got, query)
	}
}

func TestMatchErrors(t *testing.T) {
	all := "gemm_kernel<float, 128>, gemm_kernel<float, 64>, cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<…> >, triton_mm_kernel, foo(int*), foo(float*)"
	for query, want := range map[string]string{
		"foo":         `"foo" names 2 entries (foo(int*), foo(float*)); give the mangled name`,
		"gemm_kernel": `"gemm_kernel" matches 2 entries (gemm_kernel<float, 128>, gemm_kernel<float, 64>); make it match one`,
		"nothing":     `no .entry matches "nothing" (entries: ` + all + ")",
		"foo(":        `"foo(" is no .entry name and not a regular expression (missing closing ): ` + "`foo(`" + `); entries: ` + all,
	} {
		_, err := Match(entries, query)
		assert.EqualError(t, err, want, query)
	}
}

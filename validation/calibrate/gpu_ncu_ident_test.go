package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/internal/kname"
)

// kernelIdent: ncu's "Kernel Name" and the .entry's name agree on the
// name up to template arguments or parameters. The cutlass pair is the
// one the device printed for coop25_k256 (2026-11-29, ncu 2025.3.1: its
// parameters as "(T1::Params)", which the demangler writes otherwise),
// which the first matching (whole names) refused.
func TestKernelIdent(t *testing.T) {
	ncu := "void cutlass::device_kernel<cutlass::GemmUniversal<cute::tuple<int, int, int>, cutlass::CollectiveMma<cutlass::MainloopSm90TmaGmmaWarpSpecialized<7, cute::tuple<cute::C<2>, cute::C<1>, cute::C<1>>, cutlass::KernelTmaWarpSpecializedCooperative>, cute::tuple<cute::C<128>, cute::C<128>, cute::C<32>>, float, cute::tuple<long, cute::C<1>, long>, float, cute::tuple<long, cute::C<1>, long>, cute::TiledMMA<cute::MMA_Atom<cute::MMA_64x128x8_F32TF32TF32_SS_TN<1, 1>>, cute::Layout<cute::tuple<cute::C<2>, cute::C<1>, cute::C<1>>, cute::tuple<cute::C<1>, cute::C<0>, cute::C<0>>>, cute::tuple<cute::Underscore, cute::Underscore, cute::Underscore>>, cute::SM90_TMA_LOAD, cute::ComposedLayout<cute::Swizzle<3, 4, 3>, cute::smem_ptr_flag_bits<32>, cute::Layout<cute::tuple<cute::C<8>, cute::C<32>>, cute::tuple<cute::C<32>, cute::C<1>>>>, void, cute::identity, cute::SM90_TMA_LOAD_MULTICAST, cute::ComposedLayout<cute::Swizzle<3, 4, 3>, cute::smem_ptr_flag_bits<32>, cute::Layout<cute::tuple<cute::C<8>, cute::C<32>>, cute::tuple<cute::C<32>, cute::C<1>>>>, void, cute::identity>, cutlass::Sm90TmaWarpSpecializedAdapter<cutlass::DefaultEpilogue<float, cute::tuple<cute::C<1>, long, long>, cute::tuple<cute::C<1>, long, long>, cutlass::LinearCombination<float, 1, float, float, 0, 2, float>, cutlass::EpilogueDefault>>, void, void>>(T1::Params)"
	mangled := "_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiEEENS1_10collective13CollectiveMmaINS1_34MainloopSm90TmaGmmaWarpSpecializedILi7ENS5_IJNS4_1CILi2EEENSA_ILi1EEESC_EEENS1_35KernelTmaWarpSpecializedCooperativeEEENS5_IJNSA_ILi128EEESG_NSA_ILi32EEEEEEfNS5_IJlSC_lEEEfSJ_NS4_8TiledMMAINS4_8MMA_AtomIJNS4_4SM904GMMA30MMA_64x128x8_F32TF32TF32_SS_TNILNSN_7ScaleInE1ELSP_1EEEEEENS4_6LayoutISD_NS5_IJSC_NSA_ILi0EEEST_EEEEENS5_IJNS4_10UnderscoreESW_SW_EEEEENS4_13SM90_TMA_LOADENS4_14ComposedLayoutINS4_7SwizzleILi3ELi4ELi3EEENS4_18smem_ptr_flag_bitsILi32EEENSS_INS5_IJNSA_ILi8EEESH_EEENS5_IJSH_SC_EEEEEEEvNS4_8identityENS4_23SM90_TMA_LOAD_MULTICASTES19_vS1A_EENS_8epilogue10collective6detail29Sm90TmaWarpSpecializedAdapterINS1E_15DefaultEpilogueIfNS5_IJSC_llEEES1I_NS1D_6thread17LinearCombinationIfLi1EffLNS1J_9ScaleType4KindE0ELNS_15FloatRoundStyleE2EfEENS1_15EpilogueDefaultEEEEEvvEEEEvNT_6ParamsE"
	assert.Equal(t, "cutlass::device_kernel", kernelIdent(ncu))
	assert.Equal(t, kernelIdent(ncu), kernelIdent(kname.Demangled(mangled)))
	assert.Equal(t, "flushj_kernel", kernelIdent("flushj_kernel(unsigned long long*)"))
	assert.Equal(t, kernelIdent("flushj_kernel"), kernelIdent("flushj_kernel(unsigned long long*)"))
	assert.NotEqual(t, kernelIdent("flushj_kernel"), kernelIdent("other_kernel(int)"))
}

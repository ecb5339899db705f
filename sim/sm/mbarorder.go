package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// An mbarrier operation issued right behind a global store of the SM gets
// its result no earlier than MbarAfterStoreCycles after that store's issue:
// straight-line test_wait, selp, st.global triples take 47.3 cycles each
// on the H200 (microbench mbtput_test_st) against a dependent test_wait
// chain's 42.8 (xchain_mbar_test), though nothing in the triple waits for
// the store. Shared loads behind stores show no such wait (microbench
// smst_all_s1, smgst_ld_*), so only mbarrier operations are held.

// mbarAfterStore is the earliest result cycle of an mbarrier operation.
func (s *SM) mbarAfterStore() engine.Cycle {
	if s.cfg.MbarAfterStoreCycles <= 0 || s.lastStore == 0 {
		return 0
	}
	return s.lastStore + engine.Cycle(s.cfg.MbarAfterStoreCycles)
}

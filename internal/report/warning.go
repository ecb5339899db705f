package report

// Warning is one hazard warning rule broken at one PTX line (exec.Warning).
type Warning struct {
	Rule    string      `json:"rule"`
	Line    int         `json:"line"`
	Source  string      `json:"source"` // .cu position from .loc ("kernel.cu:42"), "" without line info
	First   WarningSite `json:"first"`  // where it happened first, in serial CTA order
	Count   int64       `json:"count"`  // how often (per warp, or per warpgroup wgmma)
	Message string      `json:"message"`
	Fix     string      `json:"fix"`
}

// WarningSite is a warning's first CTA and warp.
type WarningSite struct {
	CTA  [3]int `json:"cta"`
	Warp int    `json:"warp"`
}

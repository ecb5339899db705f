package exec

// compileTensorCopy handles cp.async.bulk.tensor and friends (tma*.go).
func compileTensorCopy(c *compiler, x *xinst) error { return errUnsupported(x.in) }

package arkham

import "miskatonic/internal/cputime"

// CPUTime is the process CPU time, for the host-blind benchmarks.
var CPUTime = cputime.Used

// DealArranged is DealAudited (blind_arranged.go), by its test name.
var DealArranged = DealAudited

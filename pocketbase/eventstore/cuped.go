package eventstore

// CupedCell is one variant and stratum's sums for a goal ("revenue": revenue) over the exposures
// recorded with a window. A goal's post and pre are 0/1, so its squares equal its sums.
type CupedCell struct {
	Variant     string
	Device      string
	VisitorType string
	Count       float64
	Post        float64
	PostSquares float64
	Pre         float64
	PreSquares  float64
	Products    float64
}

// CovariateSums are one variant's CUPED sums over its exposed visitors: post is the metric after
// the first exposure (converted the goal: 0 or 1; revenue since), pre the same behaviour in the
// window before it (converted the goal in the window: 0 or 1; revenue in the window).
type CovariateSums struct {
	Variant     string  `db:"variant" json:"variant"`
	Stratum     string  `db:"stratum" json:"stratum,omitempty"` // the post-stratification cell
	Count       float64 `db:"n" json:"count"`
	Post        float64 `db:"post" json:"post"`
	PostSquares float64 `db:"post2" json:"post_squares"`
	Pre         float64 `db:"pre" json:"pre"`
	PreSquares  float64 `db:"pre2" json:"pre_squares"`
	Products    float64 `db:"prod" json:"post_pre_products"`
}

// Add is s and o's sums (s's variant and stratum).
func (s CovariateSums) Add(o CovariateSums) CovariateSums {
	s.Count += o.Count
	s.Post += o.Post
	s.PostSquares += o.PostSquares
	s.Pre += o.Pre
	s.PreSquares += o.PreSquares
	s.Products += o.Products
	return s
}

// The post-stratification dimensions CovariateSums are grouped by (any other: none, one stratum "").
const (
	StratumDevice      = "device"       // the device class of the visitor's latest session by the exposure
	StratumVisitorType = "visitor_type" // new (that session is their only one so far) or returning
)

// CovariateStore is an event store that sums CUPED's cells (variant × device × new/returning) for
// a goal (q.Revenue: revenue) and window in its own query engine (ClickHouse).
type CovariateStore interface {
	ExperimentCovariates(q ExperimentQuery, windowDays int) ([]CupedCell, error)
}

// CovariatePairStore computes a goal's CUPED cells and revenue's together (ClickHouse: the exposed
// visitors and their sessions are read once for both).
type CovariatePairStore interface {
	ExperimentCovariatesWithRevenue(q ExperimentQuery, windowDays int) (goal, revenue []CupedCell, err error)
}

// StratumCovariateStore is an event store that answers CUPED's sums per variant and stratum of a
// dimension directly (SQLite: from the sums kept at ingest, or per visitor while those do not
// cover every exposure yet). exposed is the experiment's exposed visitors as its figures count them.
type StratumCovariateStore interface {
	CovariateSums(q ExperimentQuery, windowDays int, dimension string, exposed float64) ([]CovariateSums, error)
}

// ExperimentPinner is a store whose reads of an experiment's figures can share one check of what
// it holds (ClickHouse: the strata snapshot each read takes first): experiments.Results reads a
// page's figures through PinExperiments' view, one snapshot a page instead of one a figure.
type ExperimentPinner interface {
	PinExperiments() Store
}

// Pinned is store's pinned view when it has one, else store.
func Pinned(store Store) Store {
	if p, ok := store.(ExperimentPinner); ok {
		return p.PinExperiments()
	}
	return store
}

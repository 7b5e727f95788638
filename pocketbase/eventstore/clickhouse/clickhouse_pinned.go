package clickhouse

import (
	"sync"

	"cro/pocketbase/eventstore"
)

// A results page reads many figures of one experiment (each goal's results and CUPED sums, the
// guardrails, each ratio metric), and each store call took its own strata snapshot (strataState):
// about 3 round trips a page, 7 with guardrails or a ratio goal, most of a steady read's time.
// PinExperiments is a view of the store whose experiment reads take the snapshot once per
// experiment and share it, as one request's reads of one moment; the store's other readers, and
// the checks before keeping a computed day (strataState read again), take their own.

// strataPin is a pinned view's snapshots by site and experiment.
type strataPin struct {
	mu    sync.Mutex // held while the first read takes it: the view's reads at once wait and share it
	snaps map[string]pinnedStrata
}

type pinnedStrata struct {
	versions []string
	st       strataSnapshot
}

// strata is the snapshot of the experiment taken first by the view (take, on its first read).
func (p *strataPin) strata(siteID, expID string, take func() ([]string, strataSnapshot, error)) ([]string, strataSnapshot, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := siteID + "\x00" + expID
	if got, ok := p.snaps[k]; ok {
		return got.versions, got.st, nil
	}
	versions, st, err := take()
	if err == nil {
		p.snaps[k] = pinnedStrata{versions: versions, st: st}
	}
	return versions, st, err
}

// chPinned is the store with its experiment reads through a pinned client.
type chPinned struct {
	*chStore
	pinned *Client
}

// PinExperiments implements eventstore.ExperimentPinner.
func (s *chStore) PinExperiments() eventstore.Store {
	c := *s.db
	c.pin = &strataPin{snaps: map[string]pinnedStrata{}}
	return &chPinned{chStore: s, pinned: &c}
}

func (p *chPinned) ExperimentResults(q eventstore.ExperimentQuery) (eventstore.ExperimentFigures, error) {
	return p.experimentResults(p.pinned, q)
}

func (p *chPinned) ExperimentCovariates(q eventstore.ExperimentQuery, windowDays int) ([]eventstore.CupedCell, error) {
	return p.experimentCovariates(p.pinned, q, windowDays)
}

func (p *chPinned) ExperimentCovariatesWithRevenue(q eventstore.ExperimentQuery, windowDays int) (goal, revenue []eventstore.CupedCell, err error) {
	return p.covariatesWithRevenue(p.pinned, q, windowDays)
}

func (p *chPinned) ExperimentGuardrails(siteID, experimentID string) ([]eventstore.GuardrailFigures, error) {
	return p.experimentGuardrails(p.pinned, siteID, experimentID)
}

func (p *chPinned) RatioSums(q eventstore.RatioQuery) ([]eventstore.RatioSums, error) {
	return p.ratioSums(p.pinned, q)
}

package sqlite

import (
	"cro/pocketbase/eventstore"
	"database/sql"
	"log"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The read side of the CUPED sums (exposure_covariates.go), the experiments' windows the ingest
// records with, and the catch-up that records exposures the sums do not cover yet.

const (
	cupedCellsSQL = `SELECT goal, variant, device, visitor_type, n, post, post2, pre, pre2, prod FROM experiment_cuped_sums
		WHERE experiment = {:exp} AND window_days = {:window} AND goal IN ('', {:goal})`
	// Exposures whose covariates are missing or were recorded with another window.
	uncoveredExposuresSQL = `SELECT x.visitor FROM experiment_exposures x LEFT JOIN experiment_covariates c
		ON c.experiment = x.experiment AND c.visitor = x.visitor
		WHERE x.experiment = {:exp} AND (c.visitor IS NULL OR c.window_days != {:window}) LIMIT 500`
)

// CupedCells reads an experiment's sums for a goal and window. complete is false while they do
// not cover the experiment's exposed visitors (exposed, as its results count them): exposures
// recorded before the sums existed, or with another window. The caller then reads the figures
// another way, and a catch-up is started so that a later read is complete.
func CupedCells(app core.App, experiment string, window int, goal string, exposed float64) (cells []eventstore.CupedCell, complete bool, err error) {
	var rows []struct {
		Goal     string  `db:"goal"`
		Variant  string  `db:"variant"`
		Device   string  `db:"device"`
		Vtype    string  `db:"visitor_type"`
		N        float64 `db:"n"`
		Post     float64 `db:"post"`
		Post2    float64 `db:"post2"`
		Pre      float64 `db:"pre"`
		Pre2     float64 `db:"pre2"`
		Products float64 `db:"prod"`
	}
	p := dbx.Params{"exp": experiment, "window": window, "goal": goal}
	if err := app.DB().NewQuery(cupedCellsSQL).Bind(p).All(&rows); err != nil {
		return nil, false, err
	}
	type key struct{ variant, device, vtype string }
	byKey := map[key]*eventstore.CupedCell{}
	var order []key
	covered := 0.0
	for _, r := range rows {
		k := key{r.Variant, r.Device, r.Vtype}
		c := byKey[k]
		if c == nil {
			c = &eventstore.CupedCell{Variant: r.Variant, Device: r.Device, VisitorType: r.Vtype}
			byKey[k] = c
			order = append(order, k)
		}
		if r.Goal == "" {
			c.Count += r.N
			covered += r.N
			continue
		}
		c.Post, c.PostSquares, c.Pre, c.PreSquares, c.Products = r.Post, r.Post2, r.Pre, r.Pre2, r.Products
	}
	if covered != exposed {
		catchUpLater(app, experiment, window)
		return nil, false, nil
	}
	for _, k := range order {
		if c := byKey[k]; c.Count != 0 {
			cells = append(cells, *c)
		}
	}
	return cells, true, nil
}

var catchUps sync.Map // experiment id → true while its catch-up runs

// catchUpLater starts a catch-up in the background (tests run it themselves).
var catchUpLater = startCatchUp

func startCatchUp(app core.App, experiment string, window int) {
	if _, running := catchUps.LoadOrStore(experiment, true); running {
		return
	}
	go func() {
		defer catchUps.Delete(experiment)
		if err := CatchUpCovariates(app, experiment, window); err != nil {
			log.Printf("analytics: covariates of experiment %s: %v", experiment, err)
		}
	}()
}

// CatchUpCovariates records the covariates of the experiment's exposures not covered for the
// window, 500 a transaction, so that the ingest's writer waits at most one chunk.
func CatchUpCovariates(app core.App, experiment string, window int) error {
	db, ok := app.NonconcurrentDB().(*dbx.DB)
	if !ok {
		return nil
	}
	for {
		var visitors []string
		if err := app.DB().NewQuery(uncoveredExposuresSQL).Bind(dbx.Params{"exp": experiment, "window": window}).Column(&visitors); err != nil {
			return err
		}
		if len(visitors) == 0 {
			return nil
		}
		err := db.Transactional(func(tx *dbx.Tx) error {
			t := newCovariateTracker(dbxRunner{tx}, nil)
			for _, v := range visitors {
				if err := t.recordWithWindow(experiment, v, window); err != nil {
					return err
				}
			}
			return t.flush()
		})
		if err != nil {
			return err
		}
	}
}

// dbxRunner runs the covariate bookkeeping's statements in a dbx transaction.
type dbxRunner struct{ tx *dbx.Tx }

func (r dbxRunner) row(q string, p map[string]any, dest ...any) error {
	err := r.tx.NewQuery(q).Bind(dbx.Params(p)).Row(dest...)
	return err
}

func (r dbxRunner) query(q string, p map[string]any) (*sql.Rows, error) {
	rows, err := r.tx.NewQuery(q).Bind(dbx.Params(p)).Rows()
	if err != nil {
		return nil, err
	}
	return rows.Rows, nil
}

func (r dbxRunner) exec(q string, p map[string]any) error {
	_, err := r.tx.NewQuery(q).Bind(dbx.Params(p)).Execute()
	return err
}

// cupedWindows caches each experiment's CUPED window for the ingest; a change is picked up within
// windowTTL (an exposure recorded with the old window meanwhile is recorded again by the catch-up).
type cupedWindows struct {
	mu sync.Mutex
	m  map[string]cachedWindow
}

type cachedWindow struct {
	days int
	at   time.Time
}

const windowTTL = 10 * time.Second

var experimentWindows = &cupedWindows{m: map[string]cachedWindow{}}

func (c *cupedWindows) of(app core.App, experiment string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if w, ok := c.m[experiment]; ok && time.Since(w.at) < windowTTL {
		return w.days
	}
	days := 0
	if rec, err := app.FindRecordById("experiments", experiment); err == nil {
		days = rec.GetInt("cuped_window_days")
	}
	c.m[experiment] = cachedWindow{days: days, at: time.Now()}
	return days
}

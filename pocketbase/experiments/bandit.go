package experiments

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
	"cro/pocketbase/periodic"
)

// Bandits: a running experiment with `bandit` moves its weights every bandit_interval_hours to
// each arm's exact probability of being best on the primary goal (stats.AnalyzeV2, category
// bandit: Thompson sampling's allocation computed by quadrature), never below bandit_min_weight.
// Each allocation is a period (experiment_bandit_periods) so that the sample-ratio check compares
// each period's first exposures with that period's weights. The tracker keeps an exposed visitor
// in the variant first shown. A bandit never declares a winner: the owner does, with the checks.

// registerBandits reallocates due bandits on a loop (CRO_BANDIT_CHECK_SECONDS, default 10 minutes).
func registerBandits(app *pocketbase.PocketBase, store eventstore.Store) {
	every := periodic.Interval("CRO_BANDIT_CHECK_SECONDS", 10*time.Minute)
	periodic.Run(app, every, every, func() { reallocateDue(app, store, time.Now()) })
}

func reallocateDue(app core.App, store eventstore.Store, now time.Time) {
	running, err := app.FindAllRecords("experiments", dbx.HashExp{"status": "running", "bandit": true})
	if err != nil {
		log.Printf("experiments: listing bandits failed: %v", err)
		return
	}
	for _, exp := range running {
		periods, err := banditPeriods(app, exp)
		if err != nil {
			continue
		}
		last := exp.GetDateTime("started_at").Time()
		if n := len(periods); n > 0 {
			last = periods[n-1].GetDateTime("started_at").Time()
		}
		hours := exp.GetFloat("bandit_interval_hours")
		if now.Sub(last) < time.Duration(hours*float64(time.Hour)) {
			continue
		}
		if _, err := reallocate(app, store, exp, now); err != nil {
			log.Printf("experiments: reallocating bandit %s failed: %v", exp.Id, err)
		}
	}
}

func banditPeriods(app core.App, exp *core.Record) ([]*core.Record, error) {
	return app.FindRecordsByFilter("experiment_bandit_periods", "experiment_id = {:exp}", "started_at", 0, 0, dbx.Params{"exp": exp.Id})
}

// reallocate closes the current period and opens one with the weights the engine gives now (the
// same weights while an arm has fewer than stats.MinBanditUnits visitors).
func reallocate(app core.App, store eventstore.Store, exp *core.Record, now time.Time) (*stats.Bandit, error) {
	defs := variantDefsOf(exp)
	goal := exp.GetString("primary_goal")
	in, err := readGoal(app, store, exp, defs, goal, false)
	if err != nil {
		return nil, err
	}
	variants, weights := orderedVariants(defs, in.figures)
	c := stats.CaseV2{Category: stats.CategoryBandit, Metric: stats.MetricBinomial}
	for _, v := range variants {
		if goal == revenueGoal {
			sum, sq := v.Revenue.Sum, v.Revenue.SumSquares
			c.Metric = stats.MetricMean
			c.Variants = append(c.Variants, stats.VariantV2{Count: v.Users, Sum: &sum, SumSquares: &sq})
		} else {
			conv := v.Conversions
			c.Variants = append(c.Variants, stats.VariantV2{Count: v.Users, Sum: &conv})
		}
	}
	c.Settings.MinVariationWeight = exp.GetFloat("bandit_min_weight")
	c.Settings.CurrentWeights = weights
	c.Settings.Reweight = true
	res, err := stats.AnalyzeV2(c)
	if err != nil {
		return nil, err
	}
	b := res.Bandit
	periods, err := banditPeriods(app, exp)
	if err != nil {
		return nil, err
	}
	at := types.NowDateTime()
	if !now.IsZero() {
		at, _ = types.ParseDateTime(now.UTC())
	}
	err = app.RunInTransaction(func(tx core.App) error {
		col, err := tx.FindCollectionByNameOrId("experiment_bandit_periods")
		if err != nil {
			return err
		}
		if len(periods) == 0 {
			// The first period: from the start, with the weights the test started with.
			first := core.NewRecord(col)
			first.Set("site_id", exp.GetString("site_id"))
			first.Set("experiment_id", exp.Id)
			first.Set("started_at", exp.GetDateTime("started_at"))
			first.Set("weights", weights)
			periods = append(periods, first)
		}
		current := periods[len(periods)-1]
		current.Set("ended_at", at)
		current.Set("best_probabilities", b.BestArmProbabilities)
		current.Set("update_message", b.UpdateMessage)
		if err := tx.Save(current); err != nil {
			return err
		}
		next := core.NewRecord(col)
		next.Set("site_id", exp.GetString("site_id"))
		next.Set("experiment_id", exp.Id)
		next.Set("started_at", at)
		next.Set("weights", b.UpdatedWeights)
		if err := tx.Save(next); err != nil {
			return err
		}
		fresh, err := tx.FindRecordById("experiments", exp.Id)
		if err != nil {
			return err
		}
		var raw []map[string]any
		data, _ := json.Marshal(fresh.Get("variants"))
		_ = json.Unmarshal(data, &raw)
		before := make([]float64, len(raw))
		for i := range raw {
			before[i] = weights[i]
			raw[i]["weight"] = b.UpdatedWeights[i]
		}
		fresh.Set("variants", raw)
		if err := tx.Save(fresh); err != nil {
			return err
		}
		entry := core.NewRecord(mustCollection(tx, "optimization_audit_log"))
		entry.Set("site_id", exp.GetString("site_id"))
		entry.Set("experiment_id", exp.Id)
		entry.Set("action", "bandit_reallocated")
		entry.Set("changes", map[string]any{"weights": map[string]any{"from": before, "to": b.UpdatedWeights}})
		entry.Set("reason", fmt.Sprintf("Bandit %q: %s", exp.GetString("name"), b.UpdateMessage))
		return tx.Save(entry)
	})
	return b, err
}

func mustCollection(app core.App, name string) *core.Collection {
	c, _ := app.FindCollectionByNameOrId(name)
	return c
}

// reallocateHandler answers POST /api/cro/experiments/{id}/reallocate (editors and up): a running
// bandit's reallocation now, as the loop does when its interval is due.
func reallocateHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if e.Auth == nil {
			return e.UnauthorizedError("Sign in to reallocate a bandit.", nil)
		}
		exp, err := e.App.FindRecordById("experiments", e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("Experiment not found.", nil)
		}
		if _, err := access.RequireSiteRole(e, exp.GetString("site_id"), access.Editor, access.Messages{
			NotFound: "Experiment not found.", Forbidden: "Only editors, admins and owners can reallocate a bandit.", Superusers: true,
		}); err != nil {
			return err
		}
		if !exp.GetBool("bandit") || exp.GetString("status") != "running" {
			return e.JSON(http.StatusConflict, conflict("Only a running bandit can be reallocated."))
		}
		b, err := reallocate(e.App, store, exp, time.Time{})
		if err != nil {
			return e.InternalServerError("Could not reallocate the bandit.", err)
		}
		return e.JSON(http.StatusOK, map[string]any{"experimentId": exp.Id, "bandit": b})
	}
}

// banditPeriod is one allocation as the results show it: its weights, the first exposures in it per
// variant and the sample-ratio check of those against these weights.
type banditPeriod struct {
	StartedAt            string    `json:"started_at"`
	EndedAt              string    `json:"ended_at"`
	Weights              []float64 `json:"weights"`
	BestArmProbabilities []float64 `json:"best_arm_probabilities"`
	UpdateMessage        string    `json:"update_message"`
	Observed             []float64 `json:"observed"`
	SRMPValue            float64   `json:"srm_p_value"`
}

// banditHistory is a bandit's periods (one open period from the start before any reallocation)
// and whether every period's split matches its weights (the first exposures read from the event store).
func banditHistory(app core.App, store eventstore.Store, exp *core.Record, defs []variantDef) ([]banditPeriod, bool, error) {
	records, err := banditPeriods(app, exp)
	if err != nil {
		return nil, false, err
	}
	var out []banditPeriod
	var bounds [][2]time.Time // each period's start and end (zero: still open)
	if len(records) == 0 {
		bounds = append(bounds, [2]time.Time{exp.GetDateTime("started_at").Time()})
		weights := make([]float64, len(defs))
		for i, d := range defs {
			weights[i] = d.Weight
		}
		out = append(out, banditPeriod{StartedAt: exp.GetString("started_at"), Weights: weights})
	}
	for _, r := range records {
		p := banditPeriod{StartedAt: r.GetString("started_at"), EndedAt: r.GetString("ended_at"), UpdateMessage: r.GetString("update_message")}
		raw, _ := json.Marshal(r.Get("weights"))
		_ = json.Unmarshal(raw, &p.Weights)
		raw, _ = json.Marshal(r.Get("best_probabilities"))
		_ = json.Unmarshal(raw, &p.BestArmProbabilities)
		out = append(out, p)
		bounds = append(bounds, [2]time.Time{r.GetDateTime("started_at").Time(), r.GetDateTime("ended_at").Time()})
	}
	ok := true
	for i := range out {
		counts, err := store.FirstExposures(exp.GetString("site_id"), exp.Id, bounds[i][0], bounds[i][1])
		if err != nil {
			return nil, false, err
		}
		out[i].Observed = make([]float64, len(defs))
		for j, d := range defs {
			out[i].Observed[j] = float64(counts[d.Key])
		}
		out[i].SRMPValue = 1
		if len(out[i].Weights) == len(defs) {
			out[i].SRMPValue = stats.SRMPValue(out[i].Observed, out[i].Weights)
		}
		if out[i].SRMPValue < srmThreshold {
			ok = false
		}
	}
	return out, ok, nil
}

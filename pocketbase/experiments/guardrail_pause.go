package experiments

import (
	"encoding/json"
	"log"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/notify"
	"cro/pocketbase/periodic"
)

// registerGuardrails checks the guardrails of every running experiment once the server runs and
// then every CRO_GUARDRAIL_INTERVAL_SECONDS (default 300; tests use a second).
func registerGuardrails(app *pocketbase.PocketBase, store eventstore.Store) {
	every := periodic.Interval("CRO_GUARDRAIL_INTERVAL_SECONDS", 5*time.Minute)
	periodic.Run(app, every, every, func() { checkAllGuardrails(app, store) })
}

func checkAllGuardrails(app core.App, store eventstore.Store) {
	running, err := app.FindAllRecords("experiments", dbx.HashExp{"status": "running"})
	if err != nil {
		log.Printf("experiments: listing running experiments failed: %v", err)
		return
	}
	for _, exp := range running {
		if len(guardrailDefs(exp.Get("guardrails"))) == 0 {
			continue
		}
		results, err := guardrailResults(app, store, exp)
		if err != nil {
			log.Printf("experiments: guardrails of %s failed: %v", exp.Id, err)
			continue
		}
		for _, r := range results {
			if r.Status == guardrailBreached {
				if err := pauseForGuardrail(app, exp, r); err != nil {
					log.Printf("experiments: pausing %s failed: %v", exp.Id, err)
				}
				break
			}
		}
	}
}

// guardrailResults reads an experiment's guardrail figures from the event store and judges them.
func guardrailResults(app core.App, store eventstore.Store, exp *core.Record) ([]guardrailResult, error) {
	defs := guardrailDefs(exp.Get("guardrails"))
	if len(defs) == 0 {
		return []guardrailResult{}, nil
	}
	var variants []variantDef
	raw, _ := json.Marshal(exp.Get("variants"))
	_ = json.Unmarshal(raw, &variants)
	figures, err := store.ExperimentGuardrails(exp.GetString("site_id"), exp.Id)
	if err != nil {
		return nil, err
	}
	revenue, err := store.ExperimentResults(eventstore.ExperimentQuery{SiteID: exp.GetString("site_id"), ExperimentID: exp.Id, Revenue: true})
	if err != nil {
		return nil, err
	}
	arms := guardrailArms(variants, figures, revenue)
	if err := withRatioSums(store, exp, defs, arms); err != nil {
		return nil, err
	}
	return judgeGuardrails(defs, arms), nil
}

// pauseForGuardrail pauses the experiment the way a rule is rolled back automatically: in one
// transaction the status, a rollback record, an audit entry and the owner's notification. An
// experiment no longer running (paused or completed meanwhile) is left as it is.
func pauseForGuardrail(app core.App, exp *core.Record, breach guardrailResult) error {
	return app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById("experiments", exp.Id)
		if err != nil || fresh.GetString("status") != "running" {
			return err
		}
		site, err := tx.FindRecordById("sites", fresh.GetString("site_id"))
		if err != nil {
			return err
		}
		reason := "Guardrail breached in \"" + fresh.GetString("name") + "\": " + breach.Reason
		fresh.Set("status", "paused")
		if err := tx.Save(fresh); err != nil {
			return err
		}
		details := map[string]any{"guardrail": breach.Metric, "threshold": breach.Threshold, "variants": breach.Variants}
		if err := saveRecord(tx, "optimization_rollbacks", map[string]any{"site_id": site.Id, "experiment_id": fresh.Id,
			"rollback_type": "automatic", "trigger_reason": reason, "details": details}); err != nil {
			return err
		}
		if err := saveRecord(tx, "optimization_audit_log", map[string]any{"site_id": site.Id, "experiment_id": fresh.Id,
			"action": "paused", "changes": map[string]any{"status": "paused"}, "previous": map[string]any{"status": "running"},
			"reason": reason}); err != nil {
			return err
		}
		return notify.Create(tx, notify.Notification{User: site.GetString("user_id"), Site: site.Id, Type: "alert",
			Title: "A/B test paused automatically", Message: fresh.GetString("name") + " on " + site.GetString("domain") + ": " + breach.Reason,
			Link: "/dashboard/tests"})
	})
}

func saveRecord(tx core.App, collection string, fields map[string]any) error {
	c, err := tx.FindCollectionByNameOrId(collection)
	if err != nil {
		return err
	}
	r := core.NewRecord(c)
	for k, v := range fields {
		r.Set(k, v)
	}
	return tx.Save(r)
}

// lastPause is the newest automatic pause of a paused experiment, for the detail view; nil otherwise.
func lastPause(app core.App, exp *core.Record) map[string]any {
	if exp.GetString("status") != "paused" {
		return nil
	}
	rows, err := app.FindRecordsByFilter("optimization_rollbacks", "experiment_id = {:id}", "-created_at", 1, 0, dbx.Params{"id": exp.Id})
	if err != nil || len(rows) == 0 {
		return nil
	}
	return map[string]any{"reason": rows[0].GetString("trigger_reason"), "at": rows[0].GetString("created_at"),
		"type": rows[0].GetString("rollback_type")}
}

package experiments

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// completeSplitTest declares a split-URL test's winner: its variant is another page of the site,
// not changes a rule could carry, so no rule is made (one without changes would only report
// exposures on every page); the test completes with its winner and an audit entry, in one
// transaction, and sending the original's visitors to the winning page is the owner's.
func completeSplitTest(app core.App, exp *core.Record, winner variantDef, actorID string) error {
	return app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById("experiments", exp.Id)
		if err != nil {
			return err
		}
		fresh.Set("status", "completed")
		fresh.Set("winner", winner.Key)
		fresh.Set("ended_at", time.Now().UTC())
		if err := tx.Save(fresh); err != nil {
			return err
		}
		logs, err := tx.FindCollectionByNameOrId("optimization_audit_log")
		if err != nil {
			return err
		}
		entry := core.NewRecord(logs)
		entry.Set("site_id", exp.GetString("site_id"))
		entry.Set("experiment_id", exp.Id)
		entry.Set("action", "winner_declared")
		entry.Set("changes", map[string]any{"status": "completed", "winner": winner.Key})
		entry.Set("previous", map[string]any{"status": exp.GetString("status")})
		entry.Set("reason", fmt.Sprintf("Winner of split URL test %q: %s", exp.GetString("name"), winner.Name))
		entry.Set("actor_id", actorID)
		return tx.Save(entry)
	})
}

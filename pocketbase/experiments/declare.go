package experiments

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"cro/pocketbase/access"
	"cro/pocketbase/analytics"
	"cro/pocketbase/experiments/stats"
)

// declareWinnerHandler answers POST /api/cro/experiments/{id}/declare-winner {variant}: when the
// engine's verdict allows it, the winning variant's changes become an optimization rule for every
// visitor, under the automatic rollback like any deployed change, and the experiment completes.
func declareWinnerHandler(store analytics.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		if e.Auth == nil {
			return e.UnauthorizedError("Sign in to declare a winner.", nil)
		}
		exp, err := e.App.FindRecordById("experiments", e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("Experiment not found.", nil)
		}
		if _, err := access.RequireSiteRole(e, exp.GetString("site_id"), access.Editor, access.Messages{
			NotFound: "Experiment not found.", Forbidden: "Only editors, admins and owners can declare a winner.", Superusers: true,
		}); err != nil {
			return err
		}
		var body struct {
			Variant string `json:"variant"`
		}
		if err := e.BindBody(&body); err != nil {
			return e.BadRequestError("The body must be JSON with the winning variant's key.", nil)
		}
		var defs []variantDef
		raw, _ := json.Marshal(exp.Get("variants"))
		_ = json.Unmarshal(raw, &defs)
		index := -1
		for i, d := range defs {
			if i > 0 && d.Key == body.Variant {
				index = i
			}
		}
		if index < 0 {
			return e.BadRequestError("The winner must be one of the experiment's variants other than the control.", nil)
		}
		if exp.GetString("status") != "running" {
			return e.JSON(http.StatusConflict, conflict("Only a running experiment can have a winner declared."))
		}
		_, verdict, err := results(e.App, store, exp, exp.GetString("primary_goal"))
		if err != nil {
			return e.InternalServerError("Could not read the experiment's results.", err)
		}
		if !verdict.SRMOk {
			return e.JSON(http.StatusConflict, conflict("Sample ratio mismatch: results are not trustworthy, so no winner can be declared."))
		}
		if !verdict.canDeclareWinner("running", index) {
			s := verdict.Primary[index]
			if s == nil {
				return e.JSON(http.StatusConflict, conflict(fmt.Sprintf(
					"%s has no results yet: a winner needs visitors in both arms and at least a 95%% chance to beat the control.", defs[index].Name)))
			}
			if s.Status == stats.StatusOK && s.ChanceToBeat >= winnerChance && s.PValueAdjusted != nil {
				return e.JSON(http.StatusConflict, conflict(fmt.Sprintf(
					"%s has an adjusted p-value of %.3f (%s over %d comparisons); a winner needs at most 0.100, the same 95%% bar after the correction.",
					defs[index].Name, *s.PValueAdjusted, correctionLabels[verdict.Correction.Method], verdict.Correction.FamilySize)))
			}
			return e.JSON(http.StatusConflict, conflict(fmt.Sprintf(
				"%s has a %.1f%% chance to beat the control; a winner needs at least 95%%.", defs[index].Name, math.Floor(s.ChanceToBeat*1000)/10)))
		}
		if exp.GetString("test_type") == "split_url" {
			if err := completeSplitTest(e.App, exp, defs[index], e.Auth.Id); err != nil {
				return e.InternalServerError("Could not declare the winner.", err)
			}
			return e.JSON(http.StatusOK, map[string]any{"experimentId": exp.Id, "winner": defs[index].Key, "ruleId": ""})
		}
		rule, err := deployWinner(e.App, exp, defs[index], e.Auth.Id)
		if err != nil {
			return e.InternalServerError("Could not deploy the winning variant.", err)
		}
		return e.JSON(http.StatusOK, map[string]any{"experimentId": exp.Id, "winner": defs[index].Key, "ruleId": rule.Id})
	}
}

func conflict(message string) map[string]any {
	return map[string]any{"status": http.StatusConflict, "message": message, "data": map[string]any{}}
}

// deployWinner creates the rule, its audit entry and completes the experiment in one transaction.
func deployWinner(app core.App, exp *core.Record, winner variantDef, actorID string) (*core.Record, error) {
	var defs []struct {
		Key     string `json:"key"`
		Changes any    `json:"changes"`
	}
	raw, _ := json.Marshal(exp.Get("variants"))
	_ = json.Unmarshal(raw, &defs)
	var changes any = []any{}
	for _, d := range defs {
		if d.Key == winner.Key && d.Changes != nil {
			changes = d.Changes
		}
	}
	var rule *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		rules, err := tx.FindCollectionByNameOrId("optimization_rules")
		if err != nil {
			return err
		}
		rule = core.NewRecord(rules)
		rule.Set("site_id", exp.GetString("site_id"))
		rule.Set("name", fmt.Sprintf("%s: %s", exp.GetString("name"), winner.Name))
		rule.Set("description", "Winner of the A/B test. "+exp.GetString("hypothesis"))
		rule.Set("rule_type", "experiment_winner")
		rule.Set("url_pattern", exp.GetString("url_pattern"))
		rule.Set("selector", exp.GetString("selector"))
		rule.Set("changes", changes)
		rule.Set("rollout_percentage", 100)
		rule.Set("auto_rollback_enabled", true)
		rule.Set("health_status", "healthy")
		rule.Set("seed", security.RandomString(16))
		rule.Set("enabled", true)
		if err := tx.Save(rule); err != nil {
			return err
		}
		logs, err := tx.FindCollectionByNameOrId("optimization_audit_log")
		if err != nil {
			return err
		}
		entry := core.NewRecord(logs)
		entry.Set("site_id", exp.GetString("site_id"))
		entry.Set("rule_id", rule.Id)
		entry.Set("action", "created")
		entry.Set("changes", map[string]any{"enabled": true, "rollout_percentage": 100, "experiment_id": exp.Id, "winner": winner.Key})
		entry.Set("previous", map[string]any{})
		entry.Set("reason", fmt.Sprintf("Winner of A/B test %q: %s", exp.GetString("name"), winner.Name))
		entry.Set("actor_id", actorID)
		if err := tx.Save(entry); err != nil {
			return err
		}
		fresh, err := tx.FindRecordById("experiments", exp.Id)
		if err != nil {
			return err
		}
		fresh.Set("status", "completed")
		fresh.Set("winner", winner.Key)
		fresh.Set("ended_at", time.Now().UTC())
		return tx.Save(fresh)
	})
	return rule, err
}

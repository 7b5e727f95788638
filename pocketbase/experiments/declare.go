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
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"
	"cro/pocketbase/expparts"
)

// declareWinnerHandler answers POST /api/cro/experiments/{id}/declare-winner {variant}: when the
// engine's verdict allows it, the winning variant's changes become an optimization rule for every
// visitor, under the automatic rollback like any deployed change, and the experiment completes.
func declareWinnerHandler(store eventstore.Store) func(*core.RequestEvent) error {
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

// deployWinner creates the winner's rules (one per page or section that it changes, for a
// multi-page or multivariate test; one for an A/B test), their audit entries, and completes the
// experiment, in one transaction. It returns the first rule.
func deployWinner(app core.App, exp *core.Record, winner variantDef, actorID string) (*core.Record, error) {
	parts := expparts.Of(exp)
	var first *core.Record
	err := app.RunInTransaction(func(tx core.App) error {
		for j, part := range parts {
			changes := part.Changes[winner.Key]
			if len(parts) > 1 && string(changes) == "[]" {
				continue
			}
			name := fmt.Sprintf("%s: %s", exp.GetString("name"), winner.Name)
			if len(parts) > 1 {
				name = fmt.Sprintf("%s (part %d)", name, j+1)
			}
			rule, err := createWinnerRule(tx, exp, winner, part, name, actorID)
			if err != nil {
				return err
			}
			if first == nil {
				first = rule
			}
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
	return first, err
}

// createWinnerRule is one enabled rule with the winner's changes on a part's page and element.
func createWinnerRule(tx core.App, exp *core.Record, winner variantDef, part expparts.Part, name, actorID string) (*core.Record, error) {
	var changes any = []any{}
	_ = json.Unmarshal(part.Changes[winner.Key], &changes)
	rules, err := tx.FindCollectionByNameOrId("optimization_rules")
	if err != nil {
		return nil, err
	}
	rule := core.NewRecord(rules)
	rule.Set("site_id", exp.GetString("site_id"))
	rule.Set("name", name)
	rule.Set("description", "Winner of the A/B test. "+exp.GetString("hypothesis"))
	rule.Set("rule_type", "experiment_winner")
	rule.Set("url_pattern", part.URL)
	rule.Set("selector", part.Selector)
	rule.Set("changes", changes)
	rule.Set("rollout_percentage", 100)
	rule.Set("auto_rollback_enabled", true)
	rule.Set("health_status", "healthy")
	rule.Set("seed", security.RandomString(16))
	rule.Set("enabled", true)
	if err := tx.Save(rule); err != nil {
		return nil, err
	}
	logs, err := tx.FindCollectionByNameOrId("optimization_audit_log")
	if err != nil {
		return nil, err
	}
	entry := core.NewRecord(logs)
	entry.Set("site_id", exp.GetString("site_id"))
	entry.Set("rule_id", rule.Id)
	entry.Set("action", "created")
	entry.Set("changes", map[string]any{"enabled": true, "rollout_percentage": 100, "experiment_id": exp.Id, "winner": winner.Key})
	entry.Set("previous", map[string]any{})
	entry.Set("reason", fmt.Sprintf("Winner of A/B test %q: %s", exp.GetString("name"), winner.Name))
	entry.Set("actor_id", actorID)
	return rule, tx.Save(entry)
}

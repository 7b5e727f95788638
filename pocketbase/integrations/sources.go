package integrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
)

// listen turns saved records into events. The after-success hooks of a record saved inside a
// transaction run once it has committed, so a rolled-back change never reaches a customer's Slack.
func (b *Bus) listen(app core.App) {
	app.OnRecordAfterCreateSuccess("optimization_rollbacks").BindFunc(func(e *core.RecordEvent) error {
		if ev, ok := rollbackEvent(e.App, e.Record); ok {
			b.Publish(ev)
		}
		return e.Next()
	})
	app.OnRecordAfterUpdateSuccess("experiments").BindFunc(func(e *core.RecordEvent) error {
		if ev, ok := winnerEvent(e.App, e.Record); ok {
			b.Publish(ev)
		}
		return e.Next()
	})
}

// rollbackEvent: a rule's rollback, or an A/B test paused by a guardrail (a rollback record that
// names an experiment).
func rollbackEvent(app core.App, rb *core.Record) (Event, bool) {
	site, err := app.FindRecordById("sites", rb.GetString("site_id"))
	if err != nil {
		return Event{}, false
	}
	domain := site.GetString("domain")
	ev := Event{
		ID: "rollback_" + rb.Id, Kind: EventRollback, SiteID: site.Id, Domain: domain, At: rb.GetDateTime("created_at").Time(),
		Text: rb.GetString("trigger_reason"), Link: "/dashboard/safety",
		Data: map[string]any{
			"rollback_id": rb.Id, "rollback_type": rb.GetString("rollback_type"), "reason": rb.GetString("trigger_reason"),
		},
	}
	if expID := rb.GetString("experiment_id"); expID != "" {
		name := expID
		if x, err := app.FindRecordById("experiments", expID); err == nil {
			name = x.GetString("name")
		}
		ev.Kind = EventGuardrailPause
		ev.Title = fmt.Sprintf("A/B test paused by a guardrail on %s: %s", domain, name)
		ev.Data["experiment_id"], ev.Data["experiment_name"] = expID, name
		return ev, true
	}
	name := rb.GetString("rule_id")
	if rule, err := app.FindRecordById("optimization_rules", name); err == nil {
		if name = rule.GetString("name"); name == "" {
			name = rule.GetString("rule_type")
		}
	}
	how := "rolled back"
	if rb.GetString("rollback_type") == "automatic" {
		how = "rolled back automatically"
	}
	ev.Title = fmt.Sprintf("Optimization %s on %s: %s", how, domain, name)
	ev.Data["rule_id"], ev.Data["rule_name"] = rb.GetString("rule_id"), name
	return ev, true
}

// winnerEvent: an experiment that has just become completed with a winner.
func winnerEvent(app core.App, x *core.Record) (Event, bool) {
	before := x.Original()
	winner := x.GetString("winner")
	if x.GetString("status") != "completed" || winner == "" || before.GetString("status") == "completed" {
		return Event{}, false
	}
	site, err := app.FindRecordById("sites", x.GetString("site_id"))
	if err != nil {
		return Event{}, false
	}
	domain := site.GetString("domain")
	return Event{
		ID: "winner_" + x.Id, Kind: EventWinner, SiteID: site.Id, Domain: domain, At: x.GetDateTime("ended_at").Time(),
		Title: fmt.Sprintf("Winner declared on %s: %s", domain, x.GetString("name")),
		Text:  fmt.Sprintf("Variant %q won and now runs for every visitor.", winner), Link: "/dashboard/tests",
		Data: map[string]any{"experiment_id": x.Id, "experiment_name": x.GetString("name"), "winner": winner},
	}, true
}

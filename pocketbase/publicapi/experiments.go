package publicapi

import (
	"encoding/json"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/experiments"
)

// maxListedExperiments bounds one answer of GET /v1/experiments (a site rarely has more).
const maxListedExperiments = 200

var experimentStatuses = map[string]bool{"draft": true, "running": true, "paused": true, "completed": true}

// publicExperiment is an experiment as the API lists it: its definition and state, not its seed.
type publicExperiment struct {
	ID             string          `json:"id"`
	Name           string          `json:"name"`
	Hypothesis     string          `json:"hypothesis"`
	Status         string          `json:"status"`
	URLPattern     string          `json:"url_pattern"`
	Traffic        float64         `json:"traffic"`
	PrimaryGoal    string          `json:"primary_goal"`
	SecondaryGoals json.RawMessage `json:"secondary_goals"`
	Variants       []variantInfo   `json:"variants"`
	Winner         string          `json:"winner"`
	StartedAt      string          `json:"started_at"`
	EndedAt        string          `json:"ended_at"`
	CreatedAt      string          `json:"created_at"`
	// The statistics settings, as the results route applies them (experiments.Settings).
	experiments.Settings
}

type variantInfo struct {
	Key    string  `json:"key"`
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
}

// getExperiments is GET /v1/experiments?site_id=&status=: the site's experiments, newest first.
func (s *server) getExperiments(e *core.RequestEvent, key *apiKey) error {
	q := e.Request.URL.Query()
	if ok, err := siteOf(e, key, q.Get("site_id")); !ok {
		return err
	}
	where := dbx.HashExp{"site_id": key.siteID}
	if status := q.Get("status"); status != "" {
		if !experimentStatuses[status] {
			return badRequest(e, "status must be draft, running, paused or completed.")
		}
		where["status"] = status
	}
	recs := []*core.Record{}
	err := e.App.RecordQuery("experiments").AndWhere(where).OrderBy("created_at DESC").Limit(maxListedExperiments).All(&recs)
	if err != nil {
		return err
	}
	out := make([]publicExperiment, len(recs))
	for i, r := range recs {
		out[i] = toPublic(r)
	}
	return e.JSON(http.StatusOK, map[string]any{"site_id": key.siteID, "experiments": out})
}

func toPublic(r *core.Record) publicExperiment {
	var variants []variantInfo
	raw, _ := json.Marshal(r.Get("variants"))
	_ = json.Unmarshal(raw, &variants)
	if variants == nil {
		variants = []variantInfo{}
	}
	secondary, _ := json.Marshal(r.Get("secondary_goals"))
	if len(secondary) == 0 || string(secondary) == "null" {
		secondary = []byte("[]")
	}
	return publicExperiment{
		ID: r.Id, Name: r.GetString("name"), Hypothesis: r.GetString("hypothesis"), Status: r.GetString("status"),
		URLPattern: r.GetString("url_pattern"), Traffic: r.GetFloat("traffic"), PrimaryGoal: r.GetString("primary_goal"),
		SecondaryGoals: secondary, Variants: variants, Winner: r.GetString("winner"),
		StartedAt: r.GetString("started_at"), EndedAt: r.GetString("ended_at"), CreatedAt: r.GetString("created_at"),
		Settings: experiments.SettingsOf(r),
	}
}

// getExperimentResults is GET /v1/experiments/{id}/results?site_id=&goal=: the figures and the
// statistics engine's verdict per variant, the same as the dashboard's detail view. Another
// site's experiment is not found, like one that does not exist.
func (s *server) getExperimentResults(e *core.RequestEvent, key *apiKey) error {
	q := e.Request.URL.Query()
	if ok, err := siteOf(e, key, q.Get("site_id")); !ok {
		return err
	}
	exp, err := e.App.FindRecordById("experiments", e.Request.PathValue("id"))
	if err != nil || exp.GetString("site_id") != key.siteID {
		return fail(e, http.StatusNotFound, "not_found", "Experiment not found.")
	}
	body, ok, err := experiments.Results(e.App, s.store, exp, q.Get("goal"))
	if !ok {
		return badRequest(e, experiments.GoalNotInExperiment)
	}
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, body)
}

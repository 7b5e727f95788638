package surveys

import (
	"encoding/json"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// maxSurveys bounds the surveys inlined into one site's script.
const maxSurveys = 20

// widgetSurvey is one active survey as the widget reads it (src/survey/types.ts).
type widgetSurvey struct {
	ID       string   `json:"i"`
	Kind     string   `json:"k"`
	Question string   `json:"q"`
	Options  []string `json:"o,omitempty"`
	Thanks   string   `json:"t,omitempty"`
	Pages    []string `json:"p,omitempty"`
	Device   string   `json:"d,omitempty"`
	Delay    int      `json:"a,omitempty"`
	Exit     bool     `json:"x,omitempty"`
	Goal     *goalRef `json:"g,omitempty"`
	Share    int      `json:"h"`
}

// goalRef is the goal a survey waits for: its type and match, as the tracker's goals read them.
type goalRef struct {
	Type  string `json:"t"`
	Match string `json:"m"`
}

type widgetConfig struct {
	URL     string         `json:"u"`
	Surveys []widgetSurvey `json:"s"`
}

// scriptConfig is the site's `y`: nil unless its plan has surveys and at least one is active.
func scriptConfig(app core.App, site *core.Record) json.RawMessage {
	if !surveyPlans[site.GetString("plan_tier")] {
		return nil
	}
	rows, err := app.FindRecordsByFilter("surveys", "site_id = {:site} && active = true", "-created", maxSurveys, 0, dbx.Params{"site": site.Id})
	if err != nil || len(rows) == 0 {
		return nil
	}
	cfg := widgetConfig{URL: chunkPath()}
	for _, r := range rows {
		s := widgetSurvey{ID: r.Id, Kind: r.GetString("kind"), Question: r.GetString("question"), Thanks: r.GetString("thanks"),
			Pages: lines(r.GetString("pages")), Delay: r.GetInt("delay_seconds"), Exit: r.GetBool("exit_intent"), Share: r.GetInt("share")}
		if d := r.GetString("device"); d != "any" {
			s.Device = d
		}
		if raw, err := json.Marshal(r.Get("options")); err == nil {
			_ = json.Unmarshal(raw, &s.Options)
		}
		if id := r.GetString("goal_id"); id != "" {
			if g, err := app.FindRecordById("goals", id); err == nil && g.GetBool("enabled") {
				s.Goal = &goalRef{Type: g.GetString("type"), Match: g.GetString("match")}
			} else {
				continue // its goal is gone or off: nobody can reach it
			}
		}
		cfg.Surveys = append(cfg.Surveys, s)
	}
	if len(cfg.Surveys) == 0 {
		return nil
	}
	raw, _ := json.Marshal(cfg)
	return raw
}

// lines splits the survey's pages (one URL pattern per line, checked by src/lib/surveys).
func lines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

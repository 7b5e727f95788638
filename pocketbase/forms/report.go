package forms

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"time"

	"cro/pocketbase/access"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// FieldFigures are one field of a form over the range. Touched counts the started views that
// touched it, Abandoned the views started, not submitted, whose last field it was (the drop-off).
type FieldFigures struct {
	Key               string  `json:"key"`
	Label             string  `json:"label"`
	Touched           int     `json:"touched"`
	AvgSeconds        float64 `json:"avgSeconds"`
	AvgHesitationSecs float64 `json:"avgHesitationSeconds"`
	Refills           int     `json:"refills"`
	Errors            int     `json:"errors"`
	Abandoned         int     `json:"abandoned"`
	order             float64
}

// FormFigures are one form (selector on a page) over the range.
type FormFigures struct {
	Selector        string         `json:"selector"`
	Path            string         `json:"path"`
	Views           int            `json:"views"`
	Starts          int            `json:"starts"`
	Submissions     int            `json:"submissions"`
	Abandoned       int            `json:"abandoned"`
	AbandonmentRate float64        `json:"abandonmentRate"` // of starts, 0-1
	Fields          []FieldFigures `json:"fields"`
}

type row struct {
	Selector  string `db:"selector"`
	Path      string `db:"path"`
	Started   bool   `db:"started"`
	Submitted bool   `db:"submitted"`
	Last      string `db:"last_field"`
	Fields    string `db:"fields"`
}

// maxRows bounds one report's read (a form view is one row; the newest are kept).
const maxRows = 200000

// Report reads the site's form views since from into figures per form, most abandoned first.
func Report(app core.App, siteID string, from time.Time) ([]FormFigures, error) {
	var rows []row
	err := app.DB().NewQuery(`SELECT selector, path, started, submitted, last_field, fields FROM form_views
		WHERE site_id = {:site} AND seen_at >= {:from} ORDER BY seen_at DESC LIMIT {:max}`).
		Bind(dbx.Params{"site": siteID, "from": from.UTC().Format("2006-01-02 15:04:05.000Z"), "max": maxRows}).All(&rows)
	if err != nil {
		return nil, err
	}
	type acc struct {
		form   *FormFigures
		fields map[string]*FieldFigures
		time   map[string]float64
		hes    map[string]float64
	}
	byForm := map[[2]string]*acc{}
	for _, r := range rows {
		k := [2]string{r.Selector, r.Path}
		a := byForm[k]
		if a == nil {
			a = &acc{form: &FormFigures{Selector: r.Selector, Path: r.Path}, fields: map[string]*FieldFigures{},
				time: map[string]float64{}, hes: map[string]float64{}}
			byForm[k] = a
		}
		a.form.Views++
		var fields []field
		_ = json.Unmarshal([]byte(r.Fields), &fields)
		for _, f := range fields {
			ff := a.fields[f.Key]
			if ff == nil {
				ff = &FieldFigures{Key: f.Key, Label: f.Label, order: 1e9}
				a.fields[f.Key] = ff
			}
			if f.Order > 0 {
				ff.Touched++
				ff.order = min(ff.order, float64(f.Order))
				a.time[f.Key] += f.Time
				a.hes[f.Key] += f.Hes
			}
			ff.Refills += f.Refil
			ff.Errors += f.Errs
		}
		if !r.Started {
			continue
		}
		a.form.Starts++
		if r.Submitted {
			a.form.Submissions++
		} else {
			a.form.Abandoned++
			if ff := a.fields[r.Last]; ff != nil {
				ff.Abandoned++
			}
		}
	}
	out := make([]FormFigures, 0, len(byForm))
	for _, a := range byForm {
		f := a.form
		if f.Starts > 0 {
			f.AbandonmentRate = float64(f.Abandoned) / float64(f.Starts)
		}
		f.Fields = []FieldFigures{}
		for key, ff := range a.fields {
			if ff.Touched > 0 {
				ff.AvgSeconds = round1(a.time[key] / float64(ff.Touched) / 1000)
				ff.AvgHesitationSecs = round1(a.hes[key] / float64(ff.Touched) / 1000)
			}
			f.Fields = append(f.Fields, *ff)
		}
		// The order visitors fill it in: the earliest position each field was touched at.
		sort.Slice(f.Fields, func(i, j int) bool {
			if f.Fields[i].order != f.Fields[j].order {
				return f.Fields[i].order < f.Fields[j].order
			}
			return f.Fields[i].Key < f.Fields[j].Key
		})
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.AbandonmentRate != b.AbandonmentRate {
			return a.AbandonmentRate > b.AbandonmentRate
		}
		if a.Starts != b.Starts {
			return a.Starts > b.Starts
		}
		return a.Path+a.Selector < b.Path+b.Selector
	})
	return out, nil
}

func round1(v float64) float64 { return float64(int(v*10+0.5)) / 10 }

func reportHandler(e *core.RequestEvent) error {
	if e.Auth == nil {
		return e.UnauthorizedError("Sign in to view form analytics.", nil)
	}
	site, err := access.RequireSiteRole(e, e.Request.PathValue("site"), access.Viewer, access.Messages{Superusers: true})
	if err != nil {
		return err
	}
	if !formPlans[site.GetString("plan_tier")] {
		return e.ForbiddenError(planRequired, nil)
	}
	days := 30
	if raw := e.Request.URL.Query().Get("days"); raw != "" {
		days, err = strconv.Atoi(raw)
		if err != nil || days < 1 || days > 90 {
			return e.BadRequestError("Days must be a whole number from 1 to 90.", nil)
		}
	}
	forms, err := Report(e.App, site.Id, time.Now().Add(-time.Duration(days)*24*time.Hour))
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, map[string]any{"days": days, "forms": forms})
}

package frustration

import (
	"encoding/json"
	"time"

	"cro/pocketbase/analytics"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The background job: each run reads the sessions of sites with session signals (plans with
// recordings) whose last event is newer than the previous run, once their events have settled,
// computes their signals from the stored events and writes the session's session_frustration row
// and, when it has one, its recording's figures. A session active across runs is computed again
// (its last event moved), so its figures always cover all of its events; a session is never read
// per query.

const (
	// settle: events this recent may still have a batch in flight (the tracker sends at idle
	// time and on page hide); their session is read on a later run.
	settle = 3 * time.Second
	// maxSessionAge bounds how long before now a session may have started (a session ends after
	// 30 idle minutes; a day covers any real one) so the read stays on the sessions index.
	maxSessionAge = 24 * time.Hour
	// perRun bounds the sessions of one site per run; the rest wait for the next run.
	perRun = 2000
)

type job struct {
	app    core.App
	trails analytics.SessionTrails
	// cursor is the last-event time read up to, per site; a restart reads the last hour again.
	cursor map[string]time.Time
}

func newJob(app core.App, trails analytics.SessionTrails) *job {
	return &job{app: app, trails: trails, cursor: map[string]time.Time{}}
}

// run is one pass over every site with signals.
func (j *job) run(now time.Time) {
	sites, err := j.app.FindRecordsByFilter("sites", "plan_tier = 'growth' || plan_tier = 'enterprise'", "", 0, 0)
	if err != nil {
		j.app.Logger().Warn("frustration: listing sites failed", "error", err)
		return
	}
	for _, site := range sites {
		if _, err := j.site(site.Id, now); err != nil {
			j.app.Logger().Warn("frustration: computing a site's signals failed", "site", site.Id, "error", err)
		}
	}
}

// site computes the signals of the site's sessions seen since its cursor; it returns how many.
func (j *job) site(siteID string, now time.Time) (int, error) {
	after, ok := j.cursor[siteID]
	if !ok {
		after = now.Add(-time.Hour)
	}
	until := now.Add(-settle)
	if !until.After(after) {
		return 0, nil
	}
	refs, err := j.trails.SessionsSeen(siteID, after, until, maxSessionAge, perRun)
	if err != nil {
		return 0, err
	}
	if len(refs) == perRun {
		until = refs[len(refs)-1].LastSeenAt // the rest on the next run, from here
	}
	for _, ref := range refs {
		if !ref.LastSeenAt.After(until) {
			if err := j.session(siteID, ref); err != nil {
				return 0, err
			}
		}
	}
	j.cursor[siteID] = until
	return len(refs), nil
}

// session computes and writes one session's signals.
func (j *job) session(siteID string, ref analytics.SessionRef) error {
	trail, err := j.trails.SessionTrail(siteID, ref.Session)
	if err != nil {
		return err
	}
	sig := Compute(trail)
	list, pages := sig.List, sig.Pages
	if list == nil {
		list = []Signal{}
	}
	if pages == nil {
		pages = []string{}
	}
	rec, err := j.app.FindFirstRecordByFilter("session_frustration", "site_id = {:site} && session_id = {:session}",
		dbx.Params{"site": siteID, "session": ref.Session})
	if err != nil && sig.Score == 0 {
		rec = nil // only sessions with a signal have a row
	} else if err != nil {
		col, cerr := j.app.FindCachedCollectionByNameOrId("session_frustration")
		if cerr != nil {
			return cerr
		}
		rec = core.NewRecord(col)
		rec.Set("site_id", siteID)
		rec.Set("session_id", ref.Session)
	}
	if rec != nil {
		rec.Set("started_at", ref.StartedAt)
		setSignals(rec, sig, list)
		rec.Set("frustrated_pages", pages)
		if err := j.app.Save(rec); err != nil {
			return err
		}
	}
	recording, err := j.app.FindFirstRecordByFilter("session_recordings", "site_id = {:site} && session_id = {:session}",
		dbx.Params{"site": siteID, "session": ref.Session})
	if err != nil {
		return nil // not recorded
	}
	setSignals(recording, sig, list)
	recording.Set("source", ref.Source)
	return j.app.Save(recording)
}

// setSignals writes the figures both rows share (what the recordings list filters and sorts by,
// and the player's marks). Rage and dead clicks are the click maps' rule on recordings too.
func setSignals(rec *core.Record, sig Signals, list []Signal) {
	rec.Set("rage_clicks", sig.Rage)
	rec.Set("dead_clicks", sig.Dead)
	rec.Set("error_clicks", sig.ErrorClicks)
	rec.Set("quick_backs", sig.QuickBacks)
	rec.Set("excessive_scrolls", sig.ExcessiveScrolls)
	rec.Set("frustration_score", sig.Score)
	rec.Set("signals", list)
}

// copyToRecording puts a session's stored signals on its recording's row, created after them.
func copyToRecording(recording, frustration *core.Record) {
	for _, f := range []string{"rage_clicks", "dead_clicks", "error_clicks", "quick_backs", "excessive_scrolls", "frustration_score"} {
		recording.Set(f, frustration.GetInt(f))
	}
	var list []Signal
	_ = frustration.UnmarshalJSONField("signals", &list)
	if list == nil {
		list = []Signal{}
	}
	raw, _ := json.Marshal(list)
	recording.Set("signals", json.RawMessage(raw))
}

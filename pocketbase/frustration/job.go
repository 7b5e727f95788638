package frustration

import (
	"cro/pocketbase/eventstore"
	"encoding/json"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The background job: each run reads the sessions of sites with session signals (plans with
// recordings) whose last event is newer than the previous run, once their events have settled,
// computes their signals from the stored events and writes the session's session_frustration row
// and, when it has one, its recording's figures. A session active across runs is computed again
// (its last event moved), so its figures always cover all of its events; a session is never read
// per query. Event times are the browser's: a batch may arrive with times a little before the
// previous run's end, so each run looks back `lookback` and skips the sessions whose last event
// it has already computed.

const (
	// settle: events this recent may still have a batch in flight (the tracker sends within a
	// second); their session is read on a later run.
	settle = 2 * time.Second
	// lookback: how late (by its own time) a batch may arrive and still be counted.
	lookback = 10 * time.Minute
	// maxSessionAge bounds how long before now a session may have started (a session ends after
	// 30 idle minutes; a day covers any real one) so the read stays on the sessions index.
	maxSessionAge = 24 * time.Hour
	// page is how many sessions one read lists.
	page = 1000
)

type job struct {
	app    core.App
	trails eventstore.FeatureReads
	// cursor is the last-event time read up to, per site; a restart reads the last hour again.
	cursor map[string]time.Time
	// done is the last event time each recently computed session was computed at.
	done map[string]time.Time
}

func newJob(app core.App, trails eventstore.FeatureReads) *job {
	return &job{app: app, trails: trails, cursor: map[string]time.Time{}, done: map[string]time.Time{}}
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
	for k, at := range j.done { // forget what the look-back no longer reaches
		if at.Before(now.Add(-2 * lookback)) {
			delete(j.done, k)
		}
	}
}

// site computes the signals of the site's sessions seen since its cursor (less the look-back)
// that changed since they were last computed; it returns how many it computed.
func (j *job) site(siteID string, now time.Time) (int, error) {
	after, ok := j.cursor[siteID]
	if !ok {
		after = now.Add(-time.Hour)
	}
	until := now.Add(-settle)
	if !until.After(after) {
		return 0, nil
	}
	from, n := after.Add(-lookback), 0
	for {
		refs, err := j.trails.SessionsSeen(siteID, from, until, maxSessionAge, page)
		if err != nil {
			return n, err
		}
		// Reads first, then one transaction for the page's writes (a commit per session cost
		// 37 ms per session on the shared 2-core machine).
		var todo []eventstore.SessionRef
		var sigs []Signals
		for _, ref := range refs {
			if at, ok := j.done[siteID+"|"+ref.Session]; ok && at.Equal(ref.LastSeenAt) {
				continue
			}
			trail, err := j.trails.SessionTrail(siteID, ref.Session)
			if err != nil {
				return n, err
			}
			todo, sigs = append(todo, ref), append(sigs, Compute(trail))
		}
		err = j.app.RunInTransaction(func(tx core.App) error {
			for i, ref := range todo {
				if err := write(tx, siteID, ref, sigs[i]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		for _, ref := range todo {
			j.done[siteID+"|"+ref.Session] = ref.LastSeenAt
		}
		n += len(todo)
		if len(refs) < page {
			break
		}
		from = refs[len(refs)-1].LastSeenAt
	}
	j.cursor[siteID] = until
	return n, nil
}

// write stores one session's signals: its session_frustration row (only sessions with a signal
// have one) and its recording's figures.
func write(app core.App, siteID string, ref eventstore.SessionRef, sig Signals) error {
	list, pages := sig.List, sig.Pages
	if list == nil {
		list = []Signal{}
	}
	if pages == nil {
		pages = []string{}
	}
	rec, err := app.FindFirstRecordByFilter("session_frustration", "site_id = {:site} && session_id = {:session}",
		dbx.Params{"site": siteID, "session": ref.Session})
	if err != nil && sig.Score == 0 {
		rec = nil // only sessions with a signal have a row
	} else if err != nil {
		col, cerr := app.FindCachedCollectionByNameOrId("session_frustration")
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
		if err := app.Save(rec); err != nil {
			return err
		}
	}
	recording, err := app.FindFirstRecordByFilter("session_recordings", "site_id = {:site} && session_id = {:session}",
		dbx.Params{"site": siteID, "session": ref.Session})
	if err != nil {
		return nil // not recorded
	}
	setSignals(recording, sig, list)
	recording.Set("source", ref.Source)
	return app.Save(recording)
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

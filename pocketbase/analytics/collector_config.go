package analytics

import (
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// A stateless collector (collector_run.go) reads each site's config from the main server: the
// routes below, open only when CRO_COLLECTOR_TOKEN is set and only to a request bearing it.

// siteSnapshot is what a collector needs of a site: siteInfo as JSON.
type siteSnapshot struct {
	ID          string                        `json:"id"`
	Key         string                        `json:"key"`
	Domain      string                        `json:"domain"`
	Staging     string                        `json:"staging"`
	IgnoreDNT   bool                          `json:"ignoreDnt"`
	ConsentFree bool                          `json:"consentFree"`
	Zone        string                        `json:"zone"`
	Goals       []goalSnapshot                `json:"goals"`
	Rules       []eventstore.RuleConfig       `json:"rules"`
	Experiments []eventstore.ExperimentConfig `json:"experiments"`
	Recording   json.RawMessage               `json:"recording,omitempty"`
	TagManager  bool                          `json:"tagManager"`
}

type goalSnapshot struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Type  string  `json:"type"`
	Match string  `json:"match"`
	Value float64 `json:"value"`
	Micro bool    `json:"micro"`
}

func snapshotOf(s *eventstore.Site) siteSnapshot {
	out := siteSnapshot{ID: s.ID, Key: s.Key, Domain: s.Domain, Staging: s.Staging, IgnoreDNT: s.IgnoreDNT,
		ConsentFree: s.ConsentFree, Zone: "UTC", Rules: s.Rules, Experiments: s.ExperimentList, Recording: s.Recording, TagManager: s.TagManager}
	if s.Zone != nil {
		out.Zone = s.Zone.String()
	}
	for _, g := range s.Goals {
		out.Goals = append(out.Goals, goalSnapshot(g))
	}
	return out
}

// info is the snapshot as the collector's site cache holds it.
func (snap siteSnapshot) info() *eventstore.Site {
	info := &eventstore.Site{ID: snap.ID, Key: snap.Key, Domain: snap.Domain, Staging: snap.Staging, IgnoreDNT: snap.IgnoreDNT,
		ConsentFree: snap.ConsentFree, Zone: time.UTC, Rules: snap.Rules, RuleIDs: map[string]bool{},
		Experiments: map[string]*eventstore.ExperimentConfig{}, ExperimentList: snap.Experiments, Recording: snap.Recording, TagManager: snap.TagManager}
	if z, err := time.LoadLocation(snap.Zone); err == nil {
		info.Zone = z
	}
	for _, g := range snap.Goals {
		info.Goals = append(info.Goals, eventstore.Goal(g))
	}
	for _, r := range info.Rules {
		info.RuleIDs[r.ID] = true
	}
	for i := range info.ExperimentList {
		info.Experiments[info.ExperimentList[i].ID] = &info.ExperimentList[i]
	}
	return info
}

// collectorAuthorized says whether a request bears the collectors' token (constant time).
func collectorAuthorized(r *http.Request, token string) bool {
	got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	return token != "" && subtle.ConstantTimeCompare([]byte(got), []byte(token)) == 1
}

// registerCollectorConfig adds GET /api/cro/collector/sites/{key} (a site's snapshot) and
// GET /api/cro/collector/source-key (the secret client sources are hashed with, so that every
// collector names a client as the main server does).
func registerCollectorConfig(se *core.ServeEvent, sites *siteCache, sourceKey func() []byte) {
	token := os.Getenv("CRO_COLLECTOR_TOKEN")
	if token == "" {
		return
	}
	se.Router.GET("/api/cro/collector/sites/{key}", func(e *core.RequestEvent) error {
		if !collectorAuthorized(e.Request, token) {
			return fail(e, http.StatusUnauthorized, "A collector token is required.")
		}
		site := sites.get(e.Request.PathValue("key"))
		if site == nil {
			return fail(e, http.StatusNotFound, "Unknown site key.")
		}
		return e.JSON(http.StatusOK, snapshotOf(site))
	})
	se.Router.GET("/api/cro/collector/source-key", func(e *core.RequestEvent) error {
		if !collectorAuthorized(e.Request, token) {
			return fail(e, http.StatusUnauthorized, "A collector token is required.")
		}
		return e.JSON(http.StatusOK, map[string]string{"key": base64.StdEncoding.EncodeToString(sourceKey())})
	})
}

package analytics

import (
	"encoding/base64"
	"errors"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/collect"
	"cro/pocketbase/visitorhash"
)

// Consent-free sites on a collector: their visitor ids are keyed by a salt per UTC day kept in
// the main database (visitor_salts). A collector gets the day's key derived from it
// (visitorhash.DayKey), never the salt, over the authenticated config channel, for yesterday and
// today only, not cached by anything between (no-store), and keeps it in memory only: so it names
// visitors exactly as the main server does, and a leaked key is worth one day of one install.

// registerCollectorVisitorKey adds GET /api/cro/collector/visitor-key?day=YYYY-MM-DD (with
// CRO_COLLECTOR_TOKEN only, as the other collector routes).
func registerCollectorVisitorKey(se *core.ServeEvent) {
	token := os.Getenv("CRO_COLLECTOR_TOKEN")
	if token == "" {
		return
	}
	se.Router.GET("/api/cro/collector/visitor-key", func(e *core.RequestEvent) error {
		if !collectorAuthorized(e.Request, token) {
			return fail(e, http.StatusUnauthorized, "A collector token is required.")
		}
		day := e.Request.URL.Query().Get("day")
		today := time.Now().UTC().Format(time.DateOnly)
		yesterday := time.Now().UTC().AddDate(0, 0, -1).Format(time.DateOnly)
		if day != today && day != yesterday {
			return fail(e, http.StatusBadRequest, "day must be today or yesterday (UTC), as YYYY-MM-DD.")
		}
		h := collect.Visitors.Load()
		var key []byte
		if h != nil {
			key = h.DayKey(day)
		}
		if key == nil {
			return fail(e, http.StatusServiceUnavailable, "The visitor key cannot be read now.")
		}
		e.Response.Header().Set("Cache-Control", "no-store")
		return e.JSON(http.StatusOK, map[string]string{"day": day, "key": base64.StdEncoding.EncodeToString(key)})
	})
}

// remoteDayKeys is a collector's visitorhash store: the day keys from the main server. After a
// failure it does not ask again for a few seconds (consent-free batches get 503 meanwhile, and
// the tracker sends them again).
type remoteDayKeys struct {
	config   *configClient
	mu       sync.Mutex
	failedAt time.Time
}

const dayKeyRetry = 5 * time.Second

func (r *remoteDayKeys) Salt(day string) ([]byte, error) {
	r.mu.Lock()
	recent := time.Since(r.failedAt) < dayKeyRetry
	r.mu.Unlock()
	if recent {
		return nil, errors.New("visitor key: the main server failed moments ago")
	}
	var out struct {
		Key string `json:"key"`
	}
	_, err := r.config.get("/api/cro/collector/visitor-key?day="+day, &out)
	var key []byte
	if err == nil {
		key, err = base64.StdEncoding.DecodeString(out.Key)
	}
	if err == nil && len(key) != 32 {
		err = errors.New("visitor key: malformed")
	}
	if err != nil {
		r.mu.Lock()
		r.failedAt = time.Now()
		r.mu.Unlock()
		return nil, err
	}
	return key, nil
}

// Forget: the main server deletes old salts; the Hasher drops old keys from memory itself.
func (r *remoteDayKeys) Forget(string) error { return nil }

// collectorVisitors names consent-free visitors on a collector as the main server does.
func collectorVisitors(config *configClient) *visitorhash.Hasher {
	return visitorhash.NewFromDayKeys(&remoteDayKeys{config: config}, nil)
}

package publicapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
)

const (
	maxConversionBody = 4 << 10
	maxGoal           = 100
	maxValue          = 1e9
	maxIdempotencyKey = 255
)

// The visitor id is the tracker's (window.cro's visitor id), so the same rule as the collect endpoint.
var visitorPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)
var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

type conversionInput struct {
	SiteID    string   `json:"site_id"`
	VisitorID string   `json:"visitor_id"`
	Goal      string   `json:"goal"`
	Value     *float64 `json:"value"`
	Currency  string   `json:"currency"`
}

func (in *conversionInput) check() string {
	switch {
	case !visitorPattern.MatchString(in.VisitorID):
		return "visitor_id must be the tracker's visitor id: 8-64 characters of A-Z a-z 0-9 _ -."
	case strings.TrimSpace(in.Goal) == "" || utf8.RuneCountInString(in.Goal) > maxGoal || strings.ContainsFunc(in.Goal, isControl):
		return "goal must be a name of 1 to 100 characters."
	case in.Value != nil && (math.IsNaN(*in.Value) || *in.Value < 0 || *in.Value > maxValue):
		return "value must be a number from 0 to 1000000000."
	case in.Currency != "" && !currencyPattern.MatchString(in.Currency):
		return "currency must be a three-letter ISO 4217 code such as USD."
	}
	return ""
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// postConversion is POST /v1/conversions. With an Idempotency-Key header the first answer is kept
// for a day and repeated requests get it again without recording anything new.
func (s *server) postConversion(e *core.RequestEvent, key *apiKey) error {
	body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, maxConversionBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return fail(e, http.StatusRequestEntityTooLarge, "too_large", "The request body is larger than 4 KB.")
		}
		return badRequest(e, "Could not read the request body.")
	}
	var in conversionInput
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return badRequest(e, "The body must be a JSON object with site_id, visitor_id, goal and optionally value and currency.")
	}
	if ok, err := siteOf(e, key, in.SiteID); !ok {
		return err
	}
	if msg := in.check(); msg != "" {
		return badRequest(e, msg)
	}
	idem := e.Request.Header.Get("Idempotency-Key")
	if idem == "" {
		status, out, err := s.record(key.siteID, &in)
		if err != nil {
			return err
		}
		return e.JSON(status, out)
	}
	if len(idem) > maxIdempotencyKey || strings.ContainsFunc(idem, isControl) {
		return badRequest(e, "Idempotency-Key must be 1 to 255 printable characters.")
	}
	return s.recordOnce(e, key.siteID, idem, body, &in)
}

// record stores the conversion through the event store and returns the API's answer.
func (s *server) record(siteID string, in *conversionInput) (int, map[string]any, error) {
	now := time.Now().UTC()
	value := 0.0
	if in.Value != nil {
		value = math.Round(*in.Value*100) / 100
	}
	c := eventstore.ServerConversion{
		ID: "cnv_" + security.RandomStringWithAlphabet(16, "abcdefghijklmnopqrstuvwxyz0123456789"), Visitor: in.VisitorID,
		Goal: strings.TrimSpace(in.Goal), Value: value, Currency: in.Currency, At: now,
	}
	c.GoalID = eventGoalID(s.app, siteID, c.Goal)
	if err := analytics.RecordServerConversion(s.store, siteID, zones.SiteByID(s.app, siteID), c); err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{
		"id": c.ID, "site_id": siteID, "visitor_id": c.Visitor, "goal": c.Goal, "value": c.Value, "currency": c.Currency,
		"source": eventstore.ServerConversionSource, "verified": true, "created_at": now.Format(time.RFC3339),
		// Experiments do not exist on this install yet, so no conversion is attributed to one.
		"attributed_experiments": []string{},
	}, nil
}

// recordOnce claims the idempotency key with a row first (the unique index makes concurrent
// requests with the same key wait on one another), records, then stores the answer in that row.
func (s *server) recordOnce(e *core.RequestEvent, siteID, idem string, body []byte, in *conversionInput) error {
	sum := sha256.Sum256(body)
	reqHash := hex.EncodeToString(sum[:])
	col, err := e.App.FindCollectionByNameOrId("api_idempotency")
	if err != nil {
		return err
	}
	claim := core.NewRecord(col)
	claim.Set("site_id", siteID)
	claim.Set("idem_key", idem)
	claim.Set("request_hash", reqHash)
	claim.Set("status", 0)
	if err := e.App.SaveNoValidate(claim); err != nil {
		prev, findErr := e.App.FindFirstRecordByFilter("api_idempotency", "site_id = {:site} && idem_key = {:key}", dbx.Params{"site": siteID, "key": idem})
		if findErr != nil {
			return err
		}
		return replay(e, prev, reqHash)
	}
	status, out, err := s.record(siteID, in)
	if err != nil {
		_ = e.App.Delete(claim) // nothing was recorded: a retry with the same key may try again
		return err
	}
	claim.Set("status", status)
	claim.Set("response", out)
	if err := e.App.SaveNoValidate(claim); err != nil {
		e.App.Logger().Warn("api idempotency: could not store the answer", "error", err)
	}
	return e.JSON(status, out)
}

func replay(e *core.RequestEvent, prev *core.Record, reqHash string) error {
	if prev.GetString("request_hash") != reqHash {
		return fail(e, http.StatusUnprocessableEntity, "idempotency_mismatch", "This Idempotency-Key was used with a different request body.")
	}
	status := prev.GetInt("status")
	if status == 0 {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusConflict, "idempotency_in_progress", "A request with this Idempotency-Key is still being processed.")
	}
	e.Response.Header().Set("Idempotent-Replayed", "true")
	var out any
	if err := prev.UnmarshalJSONField("response", &out); err != nil {
		return err
	}
	return e.JSON(status, out)
}

// eventGoalID is the id of the site's enabled custom-event goal (not a micro goal) named like the
// conversion, or "": the experiments the visitor was exposed to then count it as that goal.
func eventGoalID(app core.App, siteID, name string) string {
	g, err := app.FindFirstRecordByFilter("goals", "site_id = {:site} && type = 'event' && enabled = true && micro = false && match = {:name}",
		dbx.Params{"site": siteID, "name": name})
	if err != nil {
		return ""
	}
	return g.Id
}

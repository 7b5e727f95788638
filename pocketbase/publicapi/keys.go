package publicapi

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
	"github.com/pocketbase/pocketbase/tools/types"

	"cro/pocketbase/access"
)

// Key format: a fixed tag that secret scanners can recognise, then 40 random characters
// (about 238 bits), so the SHA-256 of the key is enough at rest: nothing to guess, no salt needed.
const (
	keyTag        = "upl_"
	keyRandomLen  = 40
	keyPrefixLen  = len(keyTag) + 8 // shown in Settings to tell keys apart
	maxKeyName    = 60
	maxActiveKeys = 25
)

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

func newKey() string { return keyTag + security.RandomString(keyRandomLen) }

// keyManagement: the site's owners and admins create and revoke keys; members of lower roles and
// strangers get the same answers as for any other site setting.
var keyManagement = access.Messages{NotFound: "Site not found.", Forbidden: "Only the site's owner and admins can manage API keys."}

// createKey is POST /api/cro/sites/{siteId}/api-keys {name, scope}: the one answer that carries
// the secret key; afterwards only its prefix is ever shown.
func createKey(e *core.RequestEvent) error {
	site, err := access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Admin, keyManagement)
	if err != nil {
		return err
	}
	if !apiPlans[site.GetString("plan_tier")] {
		return e.ForbiddenError(planRequired, nil)
	}
	var body struct {
		Name  string `json:"name"`
		Scope string `json:"scope"`
	}
	if err := e.BindBody(&body); err != nil {
		return e.BadRequestError("Invalid request body.", nil)
	}
	name := strings.TrimSpace(body.Name)
	if name == "" || utf8.RuneCountInString(name) > maxKeyName {
		return e.BadRequestError("Give the key a name of 1 to 60 characters.", nil)
	}
	if body.Scope != "read" && body.Scope != "write" {
		return e.BadRequestError("Scope must be read or write.", nil)
	}
	active, err := e.App.CountRecords("api_keys", dbx.HashExp{"site_id": site.Id, "revoked_at": ""})
	if err != nil {
		return err
	}
	if active >= maxActiveKeys {
		return e.BadRequestError("A site can have at most 25 active API keys: revoke one first.", nil)
	}
	col, err := e.App.FindCollectionByNameOrId("api_keys")
	if err != nil {
		return err
	}
	key := newKey()
	rec := core.NewRecord(col)
	rec.Set("site_id", site.Id)
	rec.Set("name", name)
	rec.Set("prefix", key[:keyPrefixLen])
	rec.Set("key_hash", hashKey(key))
	rec.Set("scope", body.Scope)
	if e.Auth.Collection().Name == "users" {
		rec.Set("created_by", e.Auth.Id)
	}
	if err := e.App.Save(rec); err != nil {
		return err
	}
	return e.JSON(http.StatusCreated, map[string]any{
		"id": rec.Id, "site_id": site.Id, "name": name, "prefix": rec.GetString("prefix"), "scope": body.Scope,
		"created_at": rec.GetString("created_at"), "key": key,
	})
}

// revokeKey is POST /api/cro/api-keys/{id}/revoke: the key stops working at once (every request
// looks the key up); revoking twice keeps the first time.
func revokeKey(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById("api_keys", e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("API key not found.", nil)
	}
	if _, err := access.RequireSiteRole(e, rec.GetString("site_id"), access.Admin, access.Messages{
		NotFound: "API key not found.", Forbidden: keyManagement.Forbidden,
	}); err != nil {
		return err
	}
	if rec.GetDateTime("revoked_at").IsZero() {
		rec.Set("revoked_at", types.NowDateTime())
		if err := e.App.Save(rec); err != nil {
			return err
		}
	}
	return e.JSON(http.StatusOK, rec)
}

// apiKey is an authenticated request's key.
type apiKey struct {
	id, siteID, scope string
}

// findKey returns the active key of a bearer token, or nil.
func findKey(app core.App, token string) (*apiKey, *core.Record) {
	if !strings.HasPrefix(token, keyTag) || len(token) != len(keyTag)+keyRandomLen {
		return nil, nil
	}
	rec, err := app.FindFirstRecordByData("api_keys", "key_hash", hashKey(token))
	if err != nil || !rec.GetDateTime("revoked_at").IsZero() {
		return nil, nil
	}
	return &apiKey{id: rec.Id, siteID: rec.GetString("site_id"), scope: rec.GetString("scope")}, rec
}

// usage writes a key's last use at most once a minute, so that a busy key costs no write per request.
type usage struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

func newUsage() *usage { return &usage{seen: map[string]time.Time{}} }

func (u *usage) touch(app core.App, rec *core.Record, now time.Time) {
	u.mu.Lock()
	last, ok := u.seen[rec.Id]
	due := !ok || now.Sub(last) >= time.Minute
	if due {
		u.seen[rec.Id] = now
		if len(u.seen) > 10000 {
			u.seen = map[string]time.Time{rec.Id: now}
		}
	}
	u.mu.Unlock()
	if !due {
		return
	}
	rec.Set("last_used_at", now)
	if err := app.SaveNoValidate(rec); err != nil {
		app.Logger().Warn("api key: could not record its last use", "key", rec.Id, "error", err)
	}
}

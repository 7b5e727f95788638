// Package visitorhash names the visitors of consent-free sites without storing anything on their
// device, as cookieless analytics tools do: the visitor id is a keyed hash of (site, client
// address, User-Agent) under a random salt per UTC day, so the same browser is the same visitor
// within a day and a new one the next day, and nobody (not even the server, once the salt is
// deleted) can link days or recover the address. Sessions are derived here too, by the same
// 30-minute idle rule as the tracker's (src/tracker/ids.ts).
package visitorhash

import (
	"crypto/hmac"
	"crypto/sha256"
	"strconv"
	"sync"
	"time"
)

// IDLength is the length of a visitor id: the tracker's id alphabet [a-z0-9], as long as its own ids.
const IDLength = 20

// SessionIdle ends a session after this long without a request (the tracker's SESSION_IDLE).
const SessionIdle = 30 * time.Minute

// maxSessions bounds the session map; beyond it idle entries are swept, then the oldest half.
const maxSessions = 200_000

// Hasher computes visitor and session ids. Sessions live in memory only: a restart starts a new
// session for each visitor active across it (visitor ids, from the stored salts, stay the same).
type Hasher struct {
	store SaltStore
	now   func() time.Time
	// derived: the store gives day keys (DayKey of the salts: a collector's), not salts.
	derived bool

	mu       sync.Mutex
	salts    map[string][]byte
	sessions map[string]session
}

type session struct {
	id   string
	last time.Time
}

// New makes a Hasher on a salt store; now is the clock (time.Now when nil).
func New(store SaltStore, now func() time.Time) *Hasher {
	if now == nil {
		now = time.Now
	}
	return &Hasher{store: store, now: now, salts: map[string][]byte{}, sessions: map[string]session{}}
}

// NewFromDayKeys makes a Hasher on a store that gives each day's DayKey instead of its salt (a
// collector's, which never holds a salt): it names visitors exactly as a Hasher on the salts.
func NewFromDayKeys(store SaltStore, now func() time.Time) *Hasher {
	h := New(store, now)
	h.derived = true
	return h
}

// DayKey is the key visitor ids are computed with on a day, derived from its salt: what a
// collector is given, so that the stored salt itself never leaves the main server.
func DayKey(salt []byte) []byte {
	m := hmac.New(sha256.New, salt)
	m.Write([]byte("cro visitor id day key v1"))
	return m.Sum(nil)
}

// DayKey gives the day's key (creating the day's salt when there is none yet), nil when the salt
// cannot be had.
func (h *Hasher) DayKey(day string) []byte { return h.salt(day) }

// Visitor is the visitor id of a request to a site today (UTC), "" when the salt cannot be had.
func (h *Hasher) Visitor(site, ip, ua string) string {
	salt := h.salt(h.now().UTC().Format(time.DateOnly))
	if salt == nil {
		return ""
	}
	m := hmac.New(sha256.New, salt)
	m.Write([]byte(site + "\x00" + ip + "\x00" + ua))
	return alphabet(m.Sum(nil))
}

// Session is the visitor's current session id on a site: the same while requests come less than
// SessionIdle apart, a new one after.
func (h *Hasher) Session(site, visitor string) string {
	now := h.now()
	key := site + "|" + visitor
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[key]
	if !ok || now.Sub(s.last) >= SessionIdle {
		if !ok && len(h.sessions) >= maxSessions {
			h.sweep(now)
		}
		// The visitor id (unique per site and day) and the start time: unique, and as short as the tracker's.
		s.id = visitor[:12] + strconv.FormatInt(now.UnixMilli(), 36)
	}
	s.last = now
	h.sessions[key] = s
	return s.id
}

// sweep drops idle sessions, and if the map is still full, half of the rest (the caller holds mu).
func (h *Hasher) sweep(now time.Time) {
	for k, s := range h.sessions {
		if now.Sub(s.last) >= SessionIdle {
			delete(h.sessions, k)
		}
	}
	for k := range h.sessions {
		if len(h.sessions) < maxSessions/2 {
			break
		}
		delete(h.sessions, k)
	}
}

// salt gives the day's key (DayKey of its salt), from memory or the store; a new day's first call also deletes the
// salts older than yesterday (yesterday's is kept for requests in flight across midnight).
func (h *Hasher) salt(day string) []byte {
	h.mu.Lock()
	s := h.salts[day]
	h.mu.Unlock()
	if s != nil {
		return s
	}
	s, err := h.store.Salt(day)
	if err != nil {
		return nil
	}
	if !h.derived {
		s = DayKey(s)
	}
	t, _ := time.Parse(time.DateOnly, day)
	yesterday := t.AddDate(0, 0, -1).Format(time.DateOnly)
	_ = h.store.Forget(yesterday)
	h.mu.Lock()
	for d := range h.salts {
		if d < yesterday {
			delete(h.salts, d)
		}
	}
	h.salts[day] = s
	h.mu.Unlock()
	return s
}

// alphabet writes a digest as IDLength characters of [a-z0-9].
func alphabet(sum []byte) string {
	b := make([]byte, IDLength)
	for i := range b {
		b[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[int(sum[i])%36]
	}
	return string(b)
}

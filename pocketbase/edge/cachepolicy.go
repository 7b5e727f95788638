package edge

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pquerna/cachecontrol/cacheobject"
)

// storableStatus are the statuses a shared cache may keep by default; 206 is left out because
// the edge forwards range requests rather than assembling parts.
var storableStatus = map[int]bool{200: true, 203: true, 204: true, 300: true, 301: true, 308: true, 404: true, 405: true, 410: true, 414: true, 501: true}

// cacheableRequest: only a GET or HEAD without credentials, without a range and without
// Cache-Control: no-store can be answered from, or fill, a cache shared by every visitor.
func cacheableRequest(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if r.Header.Get("Authorization") != "" || r.Header.Get("Range") != "" {
		return false
	}
	dir, err := cacheobject.ParseRequestCacheControl(r.Header.Get("Cache-Control"))
	return err == nil && !dir.NoStore
}

// freshUntil says whether an answer to r may be stored in a shared cache and until when it is
// fresh. The Cache-Control rules (s-maxage over max-age over Expires, private, no-store, the
// Last-Modified heuristic) are the cachecontrol library's shared-cache reading; on top of it the
// edge never keeps pages (they are rewritten per visitor), answers that set a cookie, or answers
// varying on anything but the encoding (which is part of the key). An answer that must be
// revalidated before each use (no-cache, or no freshness at all) is kept only with a validator.
func freshUntil(r *http.Request, status int, header http.Header, now time.Time) (time.Time, bool) {
	if r.Method != http.MethodGet || !storableStatus[status] || len(header.Values("Set-Cookie")) > 0 || isHTML(header.Get("Content-Type")) {
		return time.Time{}, false
	}
	for _, v := range header.Values("Vary") {
		for _, name := range strings.Split(v, ",") {
			if name = strings.TrimSpace(name); name != "" && !strings.EqualFold(name, "Accept-Encoding") {
				return time.Time{}, false
			}
		}
	}
	reasons, expires, _, obj, err := cacheobject.UsingRequestResponseWithObject(r, status, header, false)
	if err != nil || len(reasons) > 0 {
		return time.Time{}, false
	}
	if obj.RespDirectives.NoCachePresent {
		expires = now
	}
	if age, err := strconv.Atoi(strings.TrimSpace(header.Get("Age"))); err == nil && age > 0 {
		expires = expires.Add(-time.Duration(age) * time.Second)
	}
	if !expires.After(now) && header.Get("ETag") == "" && header.Get("Last-Modified") == "" {
		return time.Time{}, false
	}
	return expires, true
}

// mustAskOrigin: the visitor asked for an answer no older than its max-age (a reload sends 0) or
// for none from a cache at all (no-cache); the entry is then revalidated first.
func mustAskOrigin(r *http.Request, age time.Duration) bool {
	cc := r.Header.Get("Cache-Control")
	if cc == "" {
		return strings.Contains(strings.ToLower(r.Header.Get("Pragma")), "no-cache")
	}
	dir, err := cacheobject.ParseRequestCacheControl(cc)
	if err != nil {
		return true
	}
	return dir.NoCache || (dir.MaxAge != -1 && age > time.Duration(dir.MaxAge)*time.Second)
}

// notModified: the visitor already has this version (If-None-Match, else If-Modified-Since).
func notModified(r *http.Request, e *entry) bool {
	if e.status != http.StatusOK {
		return false
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		etag := strings.TrimPrefix(e.header.Get("ETag"), "W/")
		if etag == "" {
			return false
		}
		for _, candidate := range strings.Split(inm, ",") {
			candidate = strings.TrimSpace(candidate)
			if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
				return true
			}
		}
		return false
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	if err != nil {
		return false
	}
	modified, err := http.ParseTime(e.header.Get("Last-Modified"))
	return err == nil && !modified.After(since)
}

// hopHeaders belong to one connection and are never stored.
var hopHeaders = []string{"Connection", "Keep-Alive", "Proxy-Connection", "Proxy-Authenticate", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

func storedHeader(h http.Header) http.Header {
	out := h.Clone()
	for _, f := range out.Values("Connection") {
		for _, name := range strings.Split(f, ",") {
			out.Del(strings.TrimSpace(name))
		}
	}
	for _, name := range hopHeaders {
		out.Del(name)
	}
	out.Del(cacheHeader)
	return out
}

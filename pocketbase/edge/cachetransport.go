package edge

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"time"
)

// cacheHeader tells visitors, owners and tests where an answer came from: HIT (the edge's copy),
// REVALIDATED (the edge's copy, confirmed by the origin with a 304) or MISS (the origin's answer).
const cacheHeader = "X-Cache"

// caching answers the proxy's origin requests from the cache when it can, revalidates stale
// entries with their validators, and keeps the storable answers it fetches.
type caching struct {
	cache *Cache
	next  http.RoundTripper
}

func (t *caching) RoundTrip(r *http.Request) (*http.Response, error) {
	req, _ := r.Context().Value(ctxKey{}).(*request)
	if req == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return t.next.RoundTrip(r)
	}
	if !cacheableRequest(r) {
		return t.fetch(r, req, "", time.Time{})
	}
	key := cacheKey(req.site.ID, req.host, r.Header.Get("Accept-Encoding"), r.URL)
	now := time.Now()
	e := t.cache.get(key)
	if e == nil {
		return t.fetch(r, req, key, now)
	}
	if now.Before(e.expires) && !mustAskOrigin(r, e.age(now)) {
		return t.answer(r, req, e, now, "HIT"), nil
	}
	etag, modified := e.header.Get("ETag"), e.header.Get("Last-Modified")
	if etag == "" && modified == "" {
		return t.fetch(r, req, key, now)
	}
	// Ask with the entry's own validators (not the visitor's): a 304 then means the entry is
	// still right, and the visitor's conditions are answered from it.
	out := r.Clone(r.Context())
	for _, h := range []string{"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range"} {
		out.Header.Del(h)
	}
	if etag != "" {
		out.Header.Set("If-None-Match", etag)
	}
	if modified != "" {
		out.Header.Set("If-Modified-Since", modified)
	}
	res, err := t.next.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusNotModified {
		return t.keep(res, r, req, key, now), nil
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4<<10))
	res.Body.Close()
	return t.answer(r, req, t.refresh(key, e, res.Header, r, now), now, "REVALIDATED"), nil
}

// fetch asks the origin; key is where a storable answer is kept ("" for none).
func (t *caching) fetch(r *http.Request, req *request, key string, now time.Time) (*http.Response, error) {
	res, err := t.next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if key == "" {
		t.cache.count(req.site.ID, false, 0)
		res.Header.Set(cacheHeader, "MISS")
		return res, nil
	}
	return t.keep(res, r, req, key, now), nil
}

// keep passes the origin's answer on and, when it may be stored and fits, copies its body as
// it streams to the visitor; the entry is stored once the whole body has arrived.
func (t *caching) keep(res *http.Response, r *http.Request, req *request, key string, now time.Time) *http.Response {
	t.cache.count(req.site.ID, false, 0)
	header := storedHeader(res.Header)
	res.Header.Set(cacheHeader, "MISS")
	expires, ok := freshUntil(r, res.StatusCode, header, now)
	if !ok || res.ContentLength > t.cache.maxEntry {
		return res
	}
	e := &entry{site: req.site.ID, path: r.URL.Path, status: res.StatusCode, header: header, storedAt: now, expires: expires, ageAtGet: originAge(header)}
	res.Body = &filling{ReadCloser: res.Body, limit: t.cache.maxEntry, done: func(body []byte) {
		e.body = body
		e.size = entrySize(key, e)
		t.cache.put(key, e)
	}}
	return res
}

// refresh takes the 304's fresher headers into the entry (its body is unchanged) and stores it
// again, or drops it when the origin now forbids keeping it.
func (t *caching) refresh(key string, old *entry, update http.Header, r *http.Request, now time.Time) *entry {
	header := old.header.Clone()
	for name, values := range storedHeader(update) {
		if name != "Content-Length" {
			header[name] = values
		}
	}
	e := &entry{site: old.site, path: old.path, status: old.status, header: header, body: old.body, storedAt: now, ageAtGet: originAge(header)}
	expires, ok := freshUntil(r, e.status, header, now)
	if !ok {
		t.cache.drop(key) // the origin no longer allows keeping it: served this once, then gone
		return e
	}
	e.expires = expires
	e.size = entrySize(key, e)
	t.cache.put(key, e)
	return e
}

// answer builds the visitor's answer from an entry: 304 when the visitor's own copy is current.
func (t *caching) answer(r *http.Request, req *request, e *entry, now time.Time, state string) *http.Response {
	h := e.header.Clone()
	h.Set("Age", strconv.FormatInt(int64(e.age(now)/time.Second), 10))
	h.Set(cacheHeader, state)
	status, body := e.status, e.body
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if notModified(r, e) {
		status, body = http.StatusNotModified, nil
		h.Del("Content-Length")
	}
	length := int64(len(body))
	if r.Method == http.MethodHead {
		body = nil
	}
	t.cache.count(req.site.ID, true, len(body))
	return &http.Response{
		Status:        strconv.Itoa(status) + " " + http.StatusText(status),
		StatusCode:    status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        h,
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: length,
		Request:       r,
	}
}

func (e *entry) age(now time.Time) time.Duration { return e.ageAtGet + now.Sub(e.storedAt) }

func originAge(h http.Header) time.Duration {
	age, err := strconv.Atoi(h.Get("Age"))
	if err != nil || age < 0 {
		return 0
	}
	return time.Duration(age) * time.Second
}

// entrySize is what an entry holds in memory, roughly: its body, headers and key.
func entrySize(key string, e *entry) int64 {
	n := len(key) + len(e.body) + len(e.path) + 128
	for name, values := range e.header {
		n += len(name)
		for _, v := range values {
			n += len(v) + 16
		}
	}
	return int64(n)
}

// filling copies a body as it is read, up to limit bytes, and hands the copy over once the body
// ended cleanly (a cut connection or a body over the limit stores nothing).
type filling struct {
	io.ReadCloser
	buf   []byte
	limit int64
	over  bool
	done  func([]byte)
}

func (f *filling) Read(p []byte) (int, error) {
	n, err := f.ReadCloser.Read(p)
	if !f.over {
		if int64(len(f.buf)+n) > f.limit {
			f.over, f.buf = true, nil
		} else {
			f.buf = append(f.buf, p[:n]...)
		}
	}
	if err == io.EOF && !f.over && f.done != nil {
		f.done(f.buf)
		f.done = nil
	}
	return n, err
}

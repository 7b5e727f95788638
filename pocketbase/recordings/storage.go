package recordings

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"time"
)

// storage keeps each recording's chunks as the browser compressed them (gzip of a JSON array of
// rrweb events), one file per chunk under <data dir>/recordings/<site id>/<session id>/. This
// package is their one owner: ingest writes them, the events route reads them, retention and
// deletes remove them. The index row (session_recordings) says what they hold.
type storage struct{ dir string }

// idPattern: site ids, session ids and visitor ids as the tracker makes them; also what makes a
// path component safe.
var idPattern = regexp.MustCompile(`^[a-z0-9]{1,64}$`)

func (s storage) sessionDir(site, session string) (string, error) {
	if !idPattern.MatchString(site) || !idPattern.MatchString(session) {
		return "", errors.New("invalid site or session id")
	}
	return filepath.Join(s.dir, site, session), nil
}

// write stores one chunk; names sort by arrival.
func (s storage) write(site, session string, gz []byte) (string, error) {
	dir, err := s.sessionDir(site, session)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", err
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	path := filepath.Join(dir, fmt.Sprintf("%019d-%s.json.gz", time.Now().UnixNano(), hex.EncodeToString(suffix)))
	if err := os.WriteFile(path+".tmp", gz, 0o640); err != nil {
		return "", err
	}
	return path, os.Rename(path+".tmp", path)
}

// maxEventsBytes bounds the uncompressed events one recording returns.
const maxEventsBytes = 200 << 20

// events returns every stored event of a recording in time order (stable: events with the same
// time keep their recorded order), as one JSON array.
func (s storage) events(site, session string) ([]byte, error) {
	dir, err := s.sessionDir(site, session)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json.gz"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	type timed struct {
		at  float64
		raw json.RawMessage
	}
	var all []timed
	total := 0
	for _, f := range files {
		gz, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		raw, err := gunzip(gz, maxEventsBytes-total)
		if err != nil {
			return nil, err
		}
		total += len(raw)
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, err
		}
		for _, ev := range list {
			var t struct {
				Timestamp float64 `json:"timestamp"`
			}
			_ = json.Unmarshal(ev, &t)
			all = append(all, timed{t.Timestamp, ev})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].at < all[j].at })
	var out bytes.Buffer
	out.Grow(total + 2)
	out.WriteByte('[')
	for i, ev := range all {
		if i > 0 {
			out.WriteByte(',')
		}
		out.Write(ev.raw)
	}
	out.WriteByte(']')
	return out.Bytes(), nil
}

func (s storage) removeSession(site, session string) error {
	dir, err := s.sessionDir(site, session)
	if err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func (s storage) removeSite(site string) error {
	if !idPattern.MatchString(site) {
		return errors.New("invalid site id")
	}
	return os.RemoveAll(filepath.Join(s.dir, site))
}

var errTooLarge = errors.New("too large")

// gunzip decompresses at most limit bytes; more is errTooLarge.
func gunzip(gz []byte, limit int) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	out, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(out) > limit {
		return nil, errTooLarge
	}
	return out, nil
}

// isGzip checks the magic bytes before anything is decompressed.
func isGzip(b []byte) bool { return len(b) > 18 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 8 }

package sqlite

import "encoding/binary"

// blobReader reads the varint blobs of stored days (funnel_days_codec.go, click_days_codec.go).
// After the first malformed read every read returns zero and failed is set, so a decoder checks
// once, at the end (done).
type blobReader struct {
	b      []byte
	at     int
	failed bool
	seen   map[string]string // values that repeat (breakdowns): one string each
}

func (r *blobReader) fail() { r.failed, r.at = true, len(r.b) }

func (r *blobReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b[r.at:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.at += n
	return v
}

func (r *blobReader) varint() int64 {
	v, n := binary.Varint(r.b[r.at:])
	if n <= 0 {
		r.fail()
		return 0
	}
	r.at += n
	return v
}

func (r *blobReader) bytes(n uint64) []byte {
	if r.failed || n > uint64(len(r.b)-r.at) {
		r.fail()
		return nil
	}
	out := r.b[r.at : r.at+int(n)]
	r.at += int(n)
	return out
}

// str reads a length-prefixed string.
func (r *blobReader) str() string { return string(r.bytes(r.uvarint())) }

func (r *blobReader) interned(b []byte) string {
	if s, ok := r.seen[string(b)]; ok {
		return s
	}
	if r.seen == nil {
		r.seen = map[string]string{}
	}
	s := string(b)
	r.seen[s] = s
	return s
}

// done: every read was well formed and the blob is used up.
func (r *blobReader) done() bool { return !r.failed && r.at == len(r.b) }

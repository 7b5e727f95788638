package clickhouse

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
)

// A spool segment (clickhouse_wal.go) is a sequence of records, one per acknowledged batch:
//
//	u32 body length | u32 CRC-32C of the body | body
//	body: u32 event rows | site | events | outcomes | counters (each u32 length + bytes)
//
// where events, outcomes and counters are the batch's rows as JSONEachRow, the bytes the insert
// sends. A record is appended whole and fsynced before the batch is acknowledged, so only the
// last record of a segment can be torn (a crash mid-append): reading stops at the first record
// whose length or checksum does not hold, and what follows it was never acknowledged.

var walCRC = crc32.MakeTable(crc32.Castagnoli)

// walRecord is one batch's rows, encoded.
type walRecord struct {
	site                       string
	nEvents                    int
	events, outcomes, counters []byte
}

// encodeWALRecord encodes a job's rows as a segment record, in one buffer sized for them.
func encodeWALRecord(j *chJob) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(32 + len(j.site) + 480*(len(j.rows)+len(j.outcomes)) + 80*len(j.counters))
	buf.Write(make([]byte, 12)) // length, checksum, event rows: filled in below
	binary.LittleEndian.PutUint32(buf.Bytes()[8:], uint32(len(j.rows)))
	buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(j.site))))
	buf.WriteString(j.site)
	enc := json.NewEncoder(&buf)
	for _, rows := range [][]any{j.rows, j.outcomes, j.counters} {
		at := buf.Len()
		buf.Write(make([]byte, 4))
		for _, r := range rows {
			if err := enc.Encode(r); err != nil {
				return nil, err
			}
		}
		binary.LittleEndian.PutUint32(buf.Bytes()[at:], uint32(buf.Len()-at-4))
	}
	out := buf.Bytes()
	binary.LittleEndian.PutUint32(out[0:], uint32(len(out)-8))
	binary.LittleEndian.PutUint32(out[4:], crc32.Checksum(out[8:], walCRC))
	return out, nil
}

var errTornRecord = errors.New("torn spool record")

// decodeWALSegment returns a segment's whole records and how many bytes after them were torn.
func decodeWALSegment(data []byte) (recs []walRecord, torn int) {
	for len(data) > 0 {
		r, n, err := decodeWALRecord(data)
		if err != nil {
			return recs, len(data)
		}
		recs = append(recs, r)
		data = data[n:]
	}
	return recs, 0
}

func decodeWALRecord(data []byte) (walRecord, int, error) {
	var r walRecord
	if len(data) < 8 {
		return r, 0, errTornRecord
	}
	n := binary.LittleEndian.Uint32(data)
	if uint64(n) > uint64(len(data)-8) || n < 4 || crc32.Checksum(data[8:8+n], walCRC) != binary.LittleEndian.Uint32(data[4:]) {
		return r, 0, errTornRecord
	}
	body := data[8 : 8+n]
	r.nEvents = int(binary.LittleEndian.Uint32(body))
	body = body[4:]
	var parts [4][]byte
	for i := range parts {
		if len(body) < 4 || uint64(binary.LittleEndian.Uint32(body)) > uint64(len(body)-4) {
			return r, 0, errTornRecord
		}
		l := binary.LittleEndian.Uint32(body)
		parts[i], body = body[4:4+l], body[4+l:]
	}
	r.site, r.events, r.outcomes, r.counters = string(parts[0]), parts[1], parts[2], parts[3]
	return r, int(8 + n), nil
}

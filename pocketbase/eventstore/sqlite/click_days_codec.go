package sqlite

import (
	"cro/pocketbase/eventstore/clickmap"
	"encoding/binary"
	"errors"
)

// A click day as one compact blob, read back on every click map: a plain varint encoding. The
// day's texts once, then per selector: the selector, rage bursts, dead clicks and its cells (bin
// x, bin y, clicks, the index of the cell's text).

const clickDayVersion = 1

var errClickDay = errors.New("click day: malformed blob")

func encodeClickDay(d *clickDay) []byte {
	texts := map[string]int{}
	var textList []string
	for _, c := range d.Cells {
		if _, ok := texts[c.Text]; !ok {
			texts[c.Text] = len(textList)
			textList = append(textList, c.Text)
		}
	}
	b := []byte{clickDayVersion}
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(textList)))
	for _, t := range textList {
		str(t)
	}
	// Cells are sorted by selector: each selector's cells are one run.
	var runs [][]clickmap.Cell
	for i, c := range d.Cells {
		if i == 0 || c.Selector != d.Cells[i-1].Selector {
			runs = append(runs, nil)
		}
		runs[len(runs)-1] = append(runs[len(runs)-1], c)
	}
	b = binary.AppendUvarint(b, uint64(len(runs)))
	for _, run := range runs {
		sel := run[0].Selector
		str(sel)
		b = binary.AppendUvarint(b, uint64(d.Rage[sel]))
		b = binary.AppendUvarint(b, uint64(d.Dead[sel]))
		b = binary.AppendUvarint(b, uint64(len(run)))
		for _, c := range run {
			b = binary.AppendVarint(b, int64(c.BX))
			b = binary.AppendVarint(b, int64(c.BY))
			b = binary.AppendUvarint(b, uint64(c.Clicks))
			b = binary.AppendUvarint(b, uint64(texts[c.Text]))
		}
	}
	return b
}

func decodeClickDay(b []byte) (*clickDay, error) {
	if len(b) == 0 || b[0] != clickDayVersion {
		return nil, errClickDay
	}
	r := blobReader{b: b, at: 1}
	d := &clickDay{Rage: map[string]int{}, Dead: map[string]int{}}
	textList := make([]string, min(r.uvarint(), uint64(len(b))))
	for i := range textList {
		textList[i] = r.str()
	}
	runs := r.uvarint()
	for k := uint64(0); k < runs && !r.failed; k++ {
		sel := r.str()
		if rage := r.uvarint(); rage > 0 {
			d.Rage[sel] = int(rage)
		}
		if dead := r.uvarint(); dead > 0 {
			d.Dead[sel] = int(dead)
		}
		n := r.uvarint()
		for i := uint64(0); i < n && !r.failed; i++ {
			c := clickmap.Cell{Selector: sel, BX: int(r.varint()), BY: int(r.varint()), Clicks: int(r.uvarint())}
			if t := r.uvarint(); t < uint64(len(textList)) {
				c.Text = textList[t]
			} else {
				r.fail()
			}
			d.Cells = append(d.Cells, c)
		}
	}
	if !r.done() {
		return nil, errClickDay
	}
	return d, nil
}

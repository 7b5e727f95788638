package docs

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/docs/docstest"
)

// Decompression bombs, each read as the server reads it (a child process): every one ends with
// text cut at the limit or a failure saying why, within the deadline, the child's peak memory
// under 300 MB and this process's under 300 MB. Before the bounds, each took its reader past
// 1.5 GB or past a minute (the server was killed).
func TestBombsEndClearlyWithinMemoryAndTime(t *testing.T) {
	want := map[string]struct {
		err  string // the error, or "" for text cut at MaxTextChars
		text string // text expected in what was read
	}{
		"far-cell.xlsx":               {"", "far away"},
		"far-cell-every-row.xlsx":     {"", "far away"},
		"ten-million-rows.xlsx":       {"", "1"},
		"ten-million-empty-rows.xlsx": {ErrTooManyCells.Error(), ""},
		"stream-of-2-GB.pdf":          {ErrPageTooLarge.Error(), ""},
		"xref-of-4-billion.pdf":       {ErrTooMuchMemory.Error(), ""},
		"member-of-4-GB.docx":         {ErrUnpacked.Error(), ""},
		"slide-of-2-GB.pptx":          {"", "Free shipping on every order."},
	}
	for _, bomb := range docstest.Bombs {
		c, ok := want[bomb.Name]
		if !ok {
			t.Fatalf("no expectation for %s", bomb.Name)
		}
		t.Run(bomb.Name, func(t *testing.T) {
			data := bomb.Build()
			format, err := Check(bomb.Name, data)
			if err != nil {
				t.Fatalf("refused on upload (%d bytes): %v", len(data), err)
			}
			text, stats, err := ExtractIsolated(format, data)
			t.Logf("%d bytes: %d characters, error %v, child peak RSS %d MB, %v", len(data), len(text), err, stats.PeakRSSKB>>10, stats.Took)
			if c.err != "" && (err == nil || err.Error() != c.err) {
				t.Fatalf("error %v, want %q", err, c.err)
			}
			if c.err == "" && (err != nil || !strings.Contains(text, c.text) || len(text) > MaxTextChars) {
				t.Fatalf("error %v, %d characters", err, len(text))
			}
			if stats.PeakRSSKB > 300<<10 {
				t.Fatalf("the child peaked at %d MB", stats.PeakRSSKB>>10)
			}
			if stats.Took > ExtractTimeout {
				t.Fatalf("took %v", stats.Took)
			}
		})
	}
	if peak := selfPeakMB(t); peak > 300 {
		t.Fatalf("this process peaked at %d MB", peak)
	}
}

func TestTheSameBoundsApplyInProcess(t *testing.T) {
	text, err := Extract(PPTX, docstest.BombPPTX(1<<30))
	if err != nil || len(text) < MaxTextChars-100 || len(text) > MaxTextChars {
		t.Fatalf("pptx: %v, %d characters", err, len(text))
	}
	if _, err := Extract(DOCX, docstest.BombDOCX(1<<30)); err != ErrUnpacked {
		t.Fatalf("docx: %v", err)
	}
	if _, err := extract(XLSX, docstest.RowsXLSX("<row><c><v>1</v></c></row>", 1_000_000), time.Nanosecond); err != ErrTimeout {
		t.Fatalf("past the deadline: %v", err)
	}
}

func TestAReadWaitsForAFreeSlotThenSaysBusy(t *testing.T) {
	saved := queueWait
	queueWait = 50 * time.Millisecond
	defer func() { queueWait = saved }()
	for range cap(slots) {
		slots <- struct{}{}
	}
	_, _, err := ExtractIsolated(TXT, []byte("hello"))
	for range cap(slots) {
		<-slots
	}
	if err != ErrBusy {
		t.Fatalf("all slots taken: %v", err)
	}
	if text, _, err := ExtractIsolated(TXT, []byte("hello")); err != nil || text != "hello" {
		t.Fatalf("a free slot: %q %v", text, err)
	}
}

func TestAChildPastItsTimeIsKilled(t *testing.T) {
	saved := killAfter
	killAfter = time.Millisecond
	defer func() { killAfter = saved }()
	if _, _, err := ExtractIsolated(TXT, []byte("hello")); err != ErrTimeout {
		t.Fatalf("a child killed at its deadline: %v", err)
	}
}

func selfPeakMB(t *testing.T) int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc")
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
	kb, _ := strconv.Atoi(string(m[1]))
	return kb >> 10
}

package docs

import (
	"errors"
	"io"
	"strings"
	"time"
)

// Bounds on the work of reading one document. A 20 MB upload can unpack to gigabytes (zip members
// and PDF streams compress a thousand to one), so every reader stops at these instead of at the end
// of the file. Reaching one keeps the text read so far; only a document that yields no text before
// its bound fails, with the bound's reason.
const (
	// MaxTextChars bounds the text kept per document (the analysis reads no more).
	MaxTextChars = 100000
	// maxRawText is the text gathered before tidying (which folds runs of spaces and blank lines).
	maxRawText = 4 * MaxTextChars
	// MaxUnpacked bounds the bytes decompressed from a document's zip members and PDF streams.
	MaxUnpacked = 64 << 20
	// maxPageContent bounds one PDF page's content stream; a larger page is skipped.
	maxPageContent = 16 << 20
	// MaxRows, MaxColumns and MaxCells bound the spreadsheet rows and cells read (Excel's own
	// column limit is 16,384).
	MaxRows    = 200000
	MaxColumns = 16384
	MaxCells   = 2000000
	// maxSharedStrings bounds the bytes of a workbook's shared strings kept for its cells.
	maxSharedStrings = 16 << 20
	// ExtractTimeout is the time one document may take to read.
	ExtractTimeout = 20 * time.Second
)

// Reasons a document stopped before any text.
var (
	ErrUnpacked     = errors.New("This document unpacks to more than 64 MB, more than can be analysed. Upload a smaller document.")
	ErrTooManyCells = errors.New("This spreadsheet has more than 200,000 rows or 2,000,000 cells before any text, more than can be analysed. Upload a smaller sheet.")
	ErrTimeout      = errors.New("Reading this document took longer than 20 seconds. Upload a smaller or simpler document.")
	ErrPageTooLarge = errors.New("The pages of this PDF unpack to more than 16 MB each, more than can be analysed. Upload a smaller document.")
)

// errFull stops a reader once the text is long enough.
var errFull = errors.New("text limit reached")

// budget is one extraction's bounds: decompressed bytes left, the deadline and the text so far.
// The first bound reached is kept in stop; skipped says why some content was passed over (the
// reason given when nothing else yielded text).
type budget struct {
	unpacked int64
	deadline time.Time
	text     strings.Builder
	stop     error
	skipped  error
}

func newBudget(timeout time.Duration) *budget {
	return &budget{unpacked: MaxUnpacked, deadline: time.Now().Add(timeout)}
}

// halt records why reading stopped (the first reason wins) and returns it.
func (b *budget) halt(err error) error {
	if b.stop == nil {
		b.stop = err
	}
	return b.stop
}

// check is called in every reader's loop: the deadline, then whether the text is long enough.
func (b *budget) check() error {
	if b.stop != nil {
		return b.stop
	}
	if time.Now().After(b.deadline) {
		return b.halt(ErrTimeout)
	}
	if b.text.Len() >= maxRawText {
		return b.halt(errFull)
	}
	return nil
}

func (b *budget) write(s string) error {
	if err := b.check(); err != nil {
		return err
	}
	b.text.WriteString(s[:min(len(s), maxRawText-b.text.Len())])
	return nil
}

func (b *budget) writeByte(c byte) { _ = b.write(string(c)) }

// reader counts what r yields against the unpacked bytes left and the deadline.
func (b *budget) reader(r io.Reader) io.Reader { return &countingReader{r: r, b: b} }

type countingReader struct {
	r io.Reader
	b *budget
}

func (c *countingReader) Read(p []byte) (int, error) {
	if err := c.b.check(); err != nil && err != errFull {
		return 0, err
	}
	if c.b.unpacked <= 0 {
		return 0, c.b.halt(ErrUnpacked)
	}
	if int64(len(p)) > c.b.unpacked {
		p = p[:c.b.unpacked]
	}
	n, err := c.r.Read(p)
	c.b.unpacked -= int64(n)
	return n, err
}

// stopped tells a bound (stop reading, keep the text) from a broken file.
func stopped(err error, b *budget) bool { return err != nil && b.stop != nil && errors.Is(err, b.stop) }

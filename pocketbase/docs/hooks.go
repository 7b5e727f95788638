package docs

import (
	"fmt"
	"io"
	"regexp"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// Register checks every document upload before it is stored: one file, an accepted extension,
// at most 20 MB and content of the kind its name says. The server, not the browser, then fills
// the file's name, size, type and path, and the pending analysis state.
func Register(app core.App) {
	app.OnRecordCreateRequest("documents").BindFunc(func(e *core.RecordRequestEvent) error {
		files := e.Record.GetUnsavedFiles("file")
		if len(files) == 0 && e.HasSuperuserAuth() {
			return e.Next() // a record written by an administrator (admin UI, seeding), as given
		}
		if len(files) != 1 {
			return e.BadRequestError("Choose one file to upload.", nil)
		}
		f := files[0]
		if f.Size > MaxSize {
			return e.BadRequestError(ErrTooLarge.Error(), nil)
		}
		data, err := readAll(f)
		if err != nil {
			return e.BadRequestError("The file could not be read.", nil)
		}
		format, err := Check(f.OriginalName, data)
		if err != nil {
			return e.BadRequestError(err.Error(), nil)
		}
		e.Record.Set("file_name", f.OriginalName)
		e.Record.Set("file_size", len(data))
		e.Record.Set("file_type", format.MIME())
		e.Record.Set("file_path", filePath(e.Record.GetString("user_id"), f.OriginalName, time.Now()))
		// The analysis is the server's to write, whatever the request carried.
		e.Record.Set("analysis_status", "pending")
		e.Record.Set("analysis_result", nil)
		e.Record.Set("analysis_summary", "")
		e.Record.Set("language", "")
		e.Record.Set("extracted_text", "")
		return e.Next()
	})
}

func readAll(f *filesystem.File) ([]byte, error) {
	rc, err := f.Reader.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, MaxSize+1))
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// filePath is the document's logical path, user id / timestamp_filename.
func filePath(userID, name string, now time.Time) string {
	return fmt.Sprintf("%s/%d_%s", userID, now.UnixMilli(), unsafeName.ReplaceAllString(name, "_"))
}

// ReadStored reads a document record's stored file.
func ReadStored(app core.App, rec *core.Record) ([]byte, error) {
	fs, err := app.NewFilesystem()
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.GetReader(rec.BaseFilesPath() + "/" + rec.GetString("file"))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, MaxSize+1))
}

// Read is a stored document's text and language, or the reason it cannot be read. Busy says the
// server had no free reader: the document is not at fault and can be read again later.
type Read struct {
	OK       bool   `json:"ok"`
	Format   string `json:"format"`
	Text     string `json:"text"`
	Language string `json:"language"`
	Error    string `json:"error"`
	Busy     bool   `json:"busy"`
}

// ReadRecord checks and extracts a stored document, in a child process (isolate.go).
func ReadRecord(app core.App, rec *core.Record) Read {
	data, err := ReadStored(app, rec)
	if err != nil {
		return Read{Error: "The stored file could not be read."}
	}
	format, err := Check(rec.GetString("file_name"), data)
	if err != nil {
		return Read{Format: string(format), Error: err.Error()}
	}
	text, stats, err := ExtractIsolated(format, data)
	app.Logger().Info("docs: read", "document", rec.Id, "format", format, "bytes", len(data),
		"peakRSSKB", stats.PeakRSSKB, "ms", stats.Took.Milliseconds(), "error", errText(err))
	if err != nil {
		return Read{Format: string(format), Error: err.Error(), Busy: err == ErrBusy}
	}
	return Read{OK: true, Format: string(format), Text: text, Language: Language(text)}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

package docs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The server reads every document in a child process of its own binary (main calls RunChild
// first): the parsers of PDF and Office formats are third-party code that a crafted file can drive
// to gigabytes before any of our bounds applies (a PDF cross-reference table sized by the file, a
// word held whole). The child has a data-segment limit, one CPU thread and a deadline, and at
// most extractConcurrency run at once, so a bomb ends as a failed document while the server's
// memory stays its own.

// childEnv names the format to read in a child; its stdin is the file, its stdout the result.
const childEnv = "CRO_DOCS_EXTRACT_CHILD"

const (
	// childDataLimit is the child's RLIMIT_DATA: its writable private memory, the Go heap included
	// (not RLIMIT_AS: the Go runtime reserves over a gigabyte of address space it never touches).
	childDataLimit = 512 << 20
	// childSoftMemory is the heap the child's garbage collector aims to stay under.
	childSoftMemory = 256 << 20
)

var (
	// queueWait is how long a read waits for a free slot before the server says it is busy.
	queueWait = 10 * time.Second
	// killAfter ends a child that outlives its own deadline (ExtractTimeout) by a parser stuck
	// inside a library call, where no bound is checked.
	killAfter = ExtractTimeout + 5*time.Second
)

// Reasons a child's read gave no text.
var (
	ErrBusy          = errors.New("Too many documents are being read right now. Try again in a minute.")
	ErrTooMuchMemory = errors.New("Reading this document needs more memory than is allowed. Upload a smaller or simpler document.")
)

// extractConcurrency is how many documents are read at once (CRO_DOCS_CONCURRENCY, default 2).
var extractConcurrency = envInt("CRO_DOCS_CONCURRENCY", 2)

var slots = make(chan struct{}, extractConcurrency)

// childReady is set by RunChild in a binary that can serve as the child; other binaries (tools,
// tests without TestMain) read in process.
var childReady bool

// RunChild makes this process an extraction child when it was started as one: it reads the file
// from stdin, writes {text, error} to stdout and returns true (main then exits). Otherwise it only
// records that the binary can be re-executed as a child, and returns false.
func RunChild() bool {
	format := os.Getenv(childEnv)
	if format == "" {
		childReady = true
		return false
	}
	limit := &syscall.Rlimit{Cur: childDataLimit, Max: childDataLimit}
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, limit); err != nil {
		fmt.Fprintln(os.Stderr, "docs: memory limit:", err)
		os.Exit(3)
	}
	debug.SetMemoryLimit(childSoftMemory)
	runtime.GOMAXPROCS(1)
	var res childResult
	data, err := io.ReadAll(io.LimitReader(os.Stdin, MaxSize+1))
	if err == nil {
		res.Text, err = Extract(Format(format), data)
	}
	if err != nil {
		res.Error = err.Error()
	}
	res.PeakRSSKB = peakRSSKB()
	_ = json.NewEncoder(os.Stdout).Encode(res)
	return true
}

type childResult struct {
	Text      string `json:"text"`
	Error     string `json:"error"`
	PeakRSSKB int64  `json:"peakRSSKB"`
}

// peakRSSKB is this process's resident high-water mark (VmHWM), 0 where /proc is missing.
func peakRSSKB() int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	_, rest, ok := strings.Cut(string(status), "VmHWM:")
	if !ok {
		return 0
	}
	kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.Fields(rest)[0], "kB"), 10, 64)
	return kb
}

// Stats describe one child's read: its peak resident memory as it reported it (0 when it died
// first: the kernel's rusage figure is no substitute, it counts the server's size at the fork)
// and how long it took.
type Stats struct {
	PeakRSSKB int64
	Took      time.Duration
}

// ExtractIsolated is Extract in a child process, within the child's limits and ExtractTimeout.
func ExtractIsolated(f Format, data []byte) (string, Stats, error) {
	if !childReady {
		start := time.Now()
		text, err := Extract(f, data)
		return text, Stats{Took: time.Since(start)}, err
	}
	select {
	case slots <- struct{}{}:
	case <-time.After(queueWait):
		return "", Stats{}, ErrBusy
	}
	defer func() { <-slots }()

	exe, err := os.Executable()
	if err != nil {
		return "", Stats{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), killAfter)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = []string{childEnv + "=" + string(f)} // nothing of the server's environment (keys)
	cmd.Stdin = bytes.NewReader(data)
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = 8*maxRawText, 64<<10
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	runErr := cmd.Run()
	stats := Stats{Took: time.Since(start)}
	if ctx.Err() != nil {
		return "", stats, ErrTimeout
	}
	if runErr != nil {
		slog.Warn("docs: the extraction child failed", "format", f, "error", runErr, "peakRSSKB", stats.PeakRSSKB,
			"stderr", firstLine(stderr.String()))
		if strings.Contains(stderr.String(), "out of memory") || strings.Contains(stderr.String(), "cannot allocate memory") {
			return "", stats, ErrTooMuchMemory
		}
		return "", stats, fmt.Errorf("The .%s file could not be read.", f)
	}
	var res childResult
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return "", stats, fmt.Errorf("The .%s file could not be read.", f)
	}
	if res.PeakRSSKB > 0 {
		stats.PeakRSSKB = res.PeakRSSKB
	}
	if res.Error != "" {
		return "", stats, errors.New(res.Error)
	}
	return res.Text, stats, nil
}

// limitedBuffer keeps the first max bytes written to it and drops the rest.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.Len(); room > 0 {
		l.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func envInt(name string, fallback int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return fallback
}

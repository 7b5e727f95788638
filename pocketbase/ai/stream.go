package ai

import (
	"encoding/json"
	"net/http"
)

// StreamWriter writes the browser's stream: one `data:` line per piece of the answer, an error
// line when the answer breaks off, and `data: [DONE]` at its end. Headers are sent with the first
// line, so that until then a failure can still be an ordinary HTTP error.
type StreamWriter struct {
	w       http.ResponseWriter
	started bool
}

// NewStreamWriter wraps a response.
func NewStreamWriter(w http.ResponseWriter) *StreamWriter { return &StreamWriter{w: w} }

// Started reports whether the stream's headers (and so its 200 status) have been sent.
func (s *StreamWriter) Started() bool { return s.started }

func (s *StreamWriter) start() {
	if s.started {
		return
	}
	s.started = true
	h := s.w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache, no-transform")
	h.Set("X-Accel-Buffering", "no") // proxies must not hold the stream back
	s.w.WriteHeader(http.StatusOK)
}

func (s *StreamWriter) line(payload string) error {
	s.start()
	if _, err := s.w.Write([]byte("data: " + payload + "\n\n")); err != nil {
		return err
	}
	return http.NewResponseController(s.w).Flush()
}

type deltaLine struct {
	Choices [1]struct {
		Delta struct {
			Content string `json:"content"`
		} `json:"delta"`
	} `json:"choices"`
}

// Delta sends one piece of the answer.
func (s *StreamWriter) Delta(content string) error {
	var d deltaLine
	d.Choices[0].Delta.Content = content
	body, _ := json.Marshal(d)
	return s.line(string(body))
}

// Error tells the browser the answer broke off; the stream ends without [DONE].
func (s *StreamWriter) Error(message string) error {
	body, _ := json.Marshal(map[string]string{"error": message})
	return s.line(string(body))
}

// Done ends the answer.
func (s *StreamWriter) Done() error { return s.line("[DONE]") }

package ai

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Message is one chat turn as the chat-completions API takes it.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// The answers the browser shows for upstream refusals (it maps 429 and 402 itself as well).
const (
	MsgRateLimited = "Rate limit exceeded. Please try again in a moment."
	MsgPayment     = "Payment required. Please add credits to continue."
	MsgTimeout     = "The AI model did not answer in time. Please try again."
	MsgUnavailable = "The AI model is unavailable right now. Please try again."
	MsgInterrupted = "The AI response was interrupted. Please try again."
)

// Result is how one chat call ended.
type Result struct {
	// Status is 200 once the stream started (whatever happened later), else the HTTP status
	// the caller should answer with Error.
	Status    int
	Error     string
	Started   bool // the browser received at least one piece of the answer
	Completed bool // the answer ended with [DONE]
	Tokens    int  // the model's usage when it reported it, else an estimate (4 characters a token)
	Attempts  int
	chars     int // characters relayed, for the estimate
}

// Client calls one OpenAI-compatible endpoint.
type Client struct {
	cfg  Config
	http *http.Client
}

// NewClient builds a client; its HTTP client has no overall timeout because the context bounds each call.
func NewClient(cfg Config) *Client {
	return &Client{cfg: cfg, http: &http.Client{Transport: &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		ResponseHeaderTimeout: cfg.FirstTokenTimeout,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       90 * time.Second,
	}}}
}

// errRetry marks a failure before the first token that another attempt may cure.
type errRetry struct{ status int }

func (e errRetry) Error() string { return fmt.Sprintf("upstream status %d", e.status) }

// Stream sends the conversation and relays the answer to out. It retries transient failures
// (network errors, 5xx, a stream that ends before its first token) only while nothing has been
// sent to the browser, and stops when ctx ends (the browser went away or the timeout passed).
func (c *Client) Stream(ctx context.Context, messages []Message, out *StreamWriter) Result {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	promptChars := 0
	for _, m := range messages {
		promptChars += len(m.Content)
	}
	var res Result
	for attempt := 0; attempt <= c.cfg.Retries; attempt++ {
		res.Attempts = attempt + 1
		if attempt > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(time.Duration(attempt) * 250 * time.Millisecond):
			}
		}
		if ctx.Err() != nil {
			break
		}
		err := c.attempt(ctx, messages, out, &res)
		var retry errRetry
		if err == nil || res.Started || !errors.As(err, &retry) {
			if err != nil && !res.Started && res.Status == 0 {
				res.Status, res.Error = http.StatusGatewayTimeout, MsgTimeout
			}
			break
		}
		res.Status, res.Error = http.StatusBadGateway, MsgUnavailable
	}
	if !res.Started && res.Status == 0 {
		res.Status, res.Error = http.StatusGatewayTimeout, MsgTimeout
	}
	if res.Tokens == 0 && res.Started {
		res.Tokens = (promptChars + res.chars) / 4
	}
	return res
}

type chunk struct {
	Choices []struct {
		Delta struct {
			Content string `json:"content"`
		} `json:"delta"`
	} `json:"choices"`
	Usage *struct {
		TotalTokens int `json:"total_tokens"`
	} `json:"usage"`
}

func (c *Client) attempt(ctx context.Context, messages []Message, out *StreamWriter, res *Result) error {
	body, _ := json.Marshal(map[string]any{
		"model":          c.cfg.Model,
		"messages":       messages,
		"stream":         true,
		"stream_options": map[string]bool{"include_usage": true},
	})
	// The first token must come within FirstTokenTimeout; after it only the overall timeout applies.
	first, cancelFirst := context.WithCancel(ctx)
	defer cancelFirst()
	timer := time.AfterFunc(c.cfg.FirstTokenTimeout, cancelFirst)
	defer timer.Stop()

	req, err := http.NewRequestWithContext(first, http.MethodPost, c.cfg.BaseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	resp, err := c.http.Do(req)
	if err != nil {
		if first.Err() != nil && ctx.Err() == nil {
			res.Status, res.Error = http.StatusGatewayTimeout, MsgTimeout
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return errRetry{status: 0}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		res.Status, res.Error = http.StatusTooManyRequests, MsgRateLimited
		return errors.New("rate limited")
	case resp.StatusCode == http.StatusPaymentRequired:
		res.Status, res.Error = http.StatusPaymentRequired, MsgPayment
		return errors.New("payment required")
	case resp.StatusCode >= 500:
		return errRetry{status: resp.StatusCode}
	case resp.StatusCode != http.StatusOK:
		// The upstream's own wording may name our account or configuration: it stays in the log.
		res.Status, res.Error = http.StatusBadGateway, fmt.Sprintf("The AI model refused the request (HTTP %d).", resp.StatusCode)
		return errors.New(res.Error)
	}

	scanner := bufio.NewScanner(resp.Body)
	scanner.Buffer(make([]byte, 64<<10), 1<<20)
	for scanner.Scan() {
		line := strings.TrimRight(scanner.Text(), "\r")
		if !strings.HasPrefix(line, "data:") {
			continue // comments, event names and blank separators
		}
		data := strings.TrimSpace(strings.TrimPrefix(line, "data:"))
		if data == "[DONE]" {
			if !res.Started {
				return errRetry{status: http.StatusOK} // an empty answer: nothing reached the browser yet
			}
			res.Completed = true
			_ = out.Done()
			return nil
		}
		var ch chunk
		if json.Unmarshal([]byte(data), &ch) != nil {
			continue
		}
		if ch.Usage != nil && ch.Usage.TotalTokens > 0 {
			res.Tokens = ch.Usage.TotalTokens
		}
		if len(ch.Choices) == 0 || ch.Choices[0].Delta.Content == "" {
			continue
		}
		if !res.Started {
			timer.Stop()
			res.Started, res.Status = true, http.StatusOK
		}
		res.chars += len(ch.Choices[0].Delta.Content)
		if err := out.Delta(ch.Choices[0].Delta.Content); err != nil {
			return err // the browser went away
		}
	}
	if !res.Started {
		if first.Err() != nil && ctx.Err() == nil {
			res.Status, res.Error = http.StatusGatewayTimeout, MsgTimeout
			return errors.New("first token timeout")
		}
		return errRetry{status: http.StatusOK}
	}
	if ctx.Err() == nil || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		_ = out.Error(MsgInterrupted)
	}
	return errors.New("stream ended before [DONE]")
}

package ai

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Structured is how one JSON-schema request ended: Content is the model's answer (JSON text,
// not yet validated: the caller checks it against its own rules) when OK.
type Structured struct {
	OK      bool   `json:"ok"`
	Content string `json:"content"`
	Status  int    `json:"status"`
	Error   string `json:"error"`
	Tokens  int    `json:"tokens"`
}

type completion struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
	Usage *struct {
		TotalTokens int `json:"total_tokens"`
	} `json:"usage"`
}

// CompleteJSON asks for one answer shaped by a JSON schema (response_format json_schema, as
// OpenAI-compatible APIs take it), without streaming. Network errors and 5xx are retried.
func (c *Client) CompleteJSON(ctx context.Context, messages []Message, name string, schema any) Structured {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	body, _ := json.Marshal(map[string]any{
		"model":    c.cfg.Model,
		"messages": messages,
		"stream":   false,
		"response_format": map[string]any{
			"type":        "json_schema",
			"json_schema": map[string]any{"name": name, "strict": true, "schema": schema},
		},
	})
	out := Structured{Status: http.StatusBadGateway, Error: MsgUnavailable}
	for attempt := 0; attempt <= c.cfg.Retries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(time.Duration(attempt) * 250 * time.Millisecond):
			}
		}
		if ctx.Err() != nil {
			return Structured{Status: http.StatusGatewayTimeout, Error: MsgTimeout}
		}
		res, retry := c.completeOnce(ctx, body)
		if !retry {
			return res
		}
		out = res
	}
	return out
}

func (c *Client) completeOnce(ctx context.Context, body []byte) (Structured, bool) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return Structured{Status: http.StatusBadGateway, Error: MsgUnavailable}, false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return Structured{Status: http.StatusGatewayTimeout, Error: MsgTimeout}, false
		}
		return Structured{Status: http.StatusBadGateway, Error: MsgUnavailable}, true
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return Structured{Status: http.StatusTooManyRequests, Error: MsgRateLimited}, false
	case resp.StatusCode == http.StatusPaymentRequired:
		return Structured{Status: http.StatusPaymentRequired, Error: MsgPayment}, false
	case resp.StatusCode >= 500:
		return Structured{Status: http.StatusBadGateway, Error: MsgUnavailable}, true
	case resp.StatusCode != http.StatusOK:
		return Structured{Status: http.StatusBadGateway, Error: fmt.Sprintf("The AI model refused the request (HTTP %d).", resp.StatusCode)}, false
	}
	var cmp completion
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4<<20)).Decode(&cmp); err != nil || len(cmp.Choices) == 0 {
		return Structured{Status: http.StatusBadGateway, Error: "The AI model's answer could not be read."}, false
	}
	out := Structured{OK: true, Status: http.StatusOK, Content: cmp.Choices[0].Message.Content}
	if cmp.Usage != nil {
		out.Tokens = cmp.Usage.TotalTokens
	}
	return out, false
}

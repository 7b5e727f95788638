// Package ai is the product's access to a language model: an OpenAI-compatible chat-completions
// client that streams, and the writer of the one stream format the browser reads (server-sent
// `data:` lines carrying choices[0].delta.content, ended by `data: [DONE]`). The chat hook
// (pb_hooks/ai_chat.pb.js) calls it through $ai (jsvm.go) after checking the plan and the quota;
// with no key configured the hook answers with the built-in analyst instead, through the same writer.
package ai

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// Defaults point at Gemini 2.5 Flash's OpenAI-compatible endpoint; only the key must be supplied.
const (
	DefaultBaseURL = "https://generativelanguage.googleapis.com/v1beta/openai"
	DefaultModel   = "gemini-2.5-flash"
)

// Config comes from the environment (documented in the README). The key never leaves the server.
type Config struct {
	BaseURL           string        // AI_BASE_URL: the API root; /chat/completions is appended
	APIKey            string        // AI_API_KEY: bearer key; empty means no model is configured
	Model             string        // AI_MODEL
	FirstTokenTimeout time.Duration // AI_FIRST_TOKEN_TIMEOUT_MS: longest wait for the first token
	Timeout           time.Duration // AI_TIMEOUT_MS: longest whole answer
	Retries           int           // AI_RETRIES: extra attempts, only before the first token
}

func envMs(name string, def time.Duration) time.Duration {
	if v, err := strconv.Atoi(strings.TrimSpace(os.Getenv(name))); err == nil && v > 0 {
		return time.Duration(v) * time.Millisecond
	}
	return def
}

// LoadConfig reads the configuration with its defaults.
func LoadConfig() Config {
	c := Config{
		BaseURL:           strings.TrimRight(strings.TrimSpace(os.Getenv("AI_BASE_URL")), "/"),
		APIKey:            strings.TrimSpace(os.Getenv("AI_API_KEY")),
		Model:             strings.TrimSpace(os.Getenv("AI_MODEL")),
		FirstTokenTimeout: envMs("AI_FIRST_TOKEN_TIMEOUT_MS", 30*time.Second),
		Timeout:           envMs("AI_TIMEOUT_MS", 120*time.Second),
		Retries:           2,
	}
	if v, err := strconv.Atoi(strings.TrimSpace(os.Getenv("AI_RETRIES"))); err == nil && v >= 0 && v <= 5 {
		c.Retries = v
	}
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Model == "" {
		c.Model = DefaultModel
	}
	return c
}

// Configured reports whether a model can be called (a key is set).
func (c Config) Configured() bool { return c.APIKey != "" }

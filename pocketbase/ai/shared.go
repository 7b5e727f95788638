package ai

import "sync"

var (
	sharedMu     sync.Mutex
	sharedClient *Client
	sharedCfg    Config
)

// shared returns one client per configuration, so that connections to the model are reused
// across requests (each hook runtime would otherwise build its own).
func shared() *Client {
	cfg := LoadConfig()
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if sharedClient == nil || cfg != sharedCfg {
		sharedClient, sharedCfg = NewClient(cfg), cfg
	}
	return sharedClient
}

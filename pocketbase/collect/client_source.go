package collect

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// sourceKeyFile holds the server secret that client sources are hashed with, in the data directory
// so that a client keeps its source across restarts (the health evaluation counts distinct sources
// over a day).
const sourceKeyFile = "client_source.key"

// LoadSourceKey reads the secret, or creates it on first start. Without a writable data directory
// the secret lives in memory only: sources then change at each restart, which only weakens the
// distinct-source count for the day of a restart.
func LoadSourceKey(dataDir string) []byte {
	path := filepath.Join(dataDir, sourceKeyFile)
	if b, err := os.ReadFile(path); err == nil {
		if k, err := hex.DecodeString(strings.TrimSpace(string(b))); err == nil && len(k) >= 32 {
			return k
		}
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic(err) // the system has no randomness: nothing secret can be made
	}
	if err := os.WriteFile(path, []byte(hex.EncodeToString(k)+"\n"), 0o600); err != nil {
		log.Printf("analytics: client source key kept in memory only: %v", err)
	}
	return k
}

// ClientSource is the stored name of the client an event came from: a keyed hash of its address
// (IPv4 whole, IPv6 by /64, as the rate limits key clients). Without the server's secret it cannot
// be turned back into an address, nor matched against a list of guessed ones. 64 bits (16 hex
// characters) tell a site's clients of a day apart (two of a million sources collide with odds of
// 1 in 37 million) at half the bytes of 128 on every stored event; migration 1763905500 cut the
// stored ones to the same prefix.
func ClientSource(key []byte, ip string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(ClientPrefix(ip)))
	return hex.EncodeToString(m.Sum(nil)[:SourceBytes])
}

// SourceBytes is the length of a client source's hash in bytes.
const SourceBytes = 8

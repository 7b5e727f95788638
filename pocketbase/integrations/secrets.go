// Package integrations connects a site to outside services: credentials sealed at rest, outbound
// deliveries of the product's events (alerts to Slack and signed webhooks; exposures and
// conversions to analytics and ad platforms) and inbound, signature-verified orders from shops.
package integrations

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// secretsKeyFile holds the key credentials are sealed with when CRO_SECRETS_KEY is unset, in the
// data directory beside the database, so a copy of the database alone does not reveal them.
const secretsKeyFile = "secrets.key"

// sealedPrefix versions the format, so a later key rotation can tell old and new apart.
const sealedPrefix = "v1:"

// Secrets seals and opens integration credentials with AES-256-GCM. The key is loaded on first
// use: the data directory is known only once the app has bootstrapped.
type Secrets struct {
	dataDir func() string
	once    sync.Once
	aead    cipher.AEAD
	err     error
}

// NewSecrets returns the sealer of an app whose data directory dataDir reports.
func NewSecrets(dataDir func() string) *Secrets { return &Secrets{dataDir: dataDir} }

func (s *Secrets) cipher() (cipher.AEAD, error) {
	s.once.Do(func() {
		key := keyFromEnv(os.Getenv("CRO_SECRETS_KEY"))
		if key == nil {
			key = loadOrCreateKey(filepath.Join(s.dataDir(), secretsKeyFile))
		}
		block, err := aes.NewCipher(key)
		if err != nil {
			s.err = err
			return
		}
		s.aead, s.err = cipher.NewGCM(block)
	})
	return s.aead, s.err
}

// keyFromEnv accepts 32 bytes as hex or base64; any other non-empty value is a passphrase whose
// SHA-256 is the key, so a typo cannot leave secrets unencrypted.
func keyFromEnv(v string) []byte {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	if b, err := hex.DecodeString(v); err == nil && len(b) == 32 {
		return b
	}
	if b, err := base64.StdEncoding.DecodeString(v); err == nil && len(b) == 32 {
		return b
	}
	sum := sha256.Sum256([]byte(v))
	return sum[:]
}

func loadOrCreateKey(path string) []byte {
	if b, err := os.ReadFile(path); err == nil {
		if k, err := hex.DecodeString(strings.TrimSpace(string(b))); err == nil && len(k) == 32 {
			return k
		}
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic(err) // no randomness: nothing secret can be made
	}
	if err := os.WriteFile(path, []byte(hex.EncodeToString(k)+"\n"), 0o600); err != nil {
		// Secrets sealed with a key that is lost at restart cannot be opened again: say so loudly.
		log.Printf("integrations: could not store %s (credentials saved now will not open after a restart): %v", path, err)
	}
	return k
}

// Seal encrypts a credentials object into the stored form.
func (s *Secrets) Seal(values map[string]string) (string, error) {
	aead, err := s.cipher()
	if err != nil {
		return "", err
	}
	plain, err := json.Marshal(values)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := aead.Seal(nonce, nonce, plain, nil)
	return sealedPrefix + base64.StdEncoding.EncodeToString(out), nil
}

// Open decrypts what Seal made; an empty string opens to no credentials.
func (s *Secrets) Open(sealed string) (map[string]string, error) {
	values := map[string]string{}
	if sealed == "" {
		return values, nil
	}
	if !strings.HasPrefix(sealed, sealedPrefix) {
		return nil, errors.New("credentials are not in the sealed format")
	}
	aead, err := s.cipher()
	if err != nil {
		return nil, err
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(sealed, sealedPrefix))
	if err != nil || len(raw) < aead.NonceSize() {
		return nil, errors.New("credentials are damaged")
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	if err != nil {
		return nil, errors.New("credentials cannot be opened with this server's key")
	}
	if err := json.Unmarshal(plain, &values); err != nil {
		return nil, err
	}
	return values, nil
}

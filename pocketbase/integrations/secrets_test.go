package integrations

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecretsSealAndOpenWithTheDataDirectoryKey(t *testing.T) {
	t.Setenv("CRO_SECRETS_KEY", "")
	dir := t.TempDir()
	s := NewSecrets(func() string { return dir })
	sealed, err := s.Seal(map[string]string{"api_key": "secret-key-1"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sealed, "v1:") || strings.Contains(sealed, "secret-key-1") {
		t.Fatalf("sealed %q", sealed)
	}
	info, err := os.Stat(filepath.Join(dir, "secrets.key"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file %v %v", info, err)
	}
	// A restarted server reads the same key.
	again := NewSecrets(func() string { return dir })
	if v, err := again.Open(sealed); err != nil || v["api_key"] != "secret-key-1" {
		t.Fatalf("%v %v", v, err)
	}
	// Another install's key cannot open it.
	other := t.TempDir()
	if _, err := NewSecrets(func() string { return other }).Open(sealed); err == nil {
		t.Fatal("opened with another key")
	}
}

func TestSecretsKeyFromTheEnvironment(t *testing.T) {
	t.Setenv("CRO_SECRETS_KEY", strings.Repeat("ab", 32))
	dir := t.TempDir()
	sealed, err := NewSecrets(func() string { return dir }).Seal(map[string]string{"k": "v"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "secrets.key")); !os.IsNotExist(err) {
		t.Fatal("no key file is written when the environment holds the key")
	}
	if v, err := NewSecrets(func() string { return t.TempDir() }).Open(sealed); err != nil || v["k"] != "v" {
		t.Fatalf("%v %v", v, err)
	}
}

package integrations

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
)

// The credentials field holds {"sealed": "v1:..."}; it is hidden from every API answer anyway, and
// sealed so that a copy of the database (a backup, a leaked file) does not hand out the secrets.
const credentialsField = "credentials"

// CredentialsOf opens a record's credentials. A plain object (written before sealing existed) is
// read as it is; SealLegacy rewrites such records at start.
func (s *Secrets) CredentialsOf(r *core.Record) (map[string]string, error) {
	var stored map[string]any
	raw, _ := json.Marshal(r.Get(credentialsField))
	_ = json.Unmarshal(raw, &stored)
	if sealed, ok := stored["sealed"].(string); ok {
		return s.Open(sealed)
	}
	plain := map[string]string{}
	for k, v := range stored {
		if str, ok := v.(string); ok {
			plain[k] = str
		}
	}
	return plain, nil
}

// SealInto stores values, sealed, in the record (not saved).
func (s *Secrets) SealInto(r *core.Record, values map[string]string) error {
	sealed, err := s.Seal(values)
	if err != nil {
		return err
	}
	r.Set(credentialsField, map[string]any{"sealed": sealed})
	return nil
}

// SealLegacy seals the credentials of records still holding them in plain text.
func (s *Secrets) SealLegacy(app core.App) error {
	records, err := app.FindAllRecords("integrations")
	if err != nil {
		return err
	}
	for _, r := range records {
		var stored map[string]any
		raw, _ := json.Marshal(r.Get(credentialsField))
		if json.Unmarshal(raw, &stored) != nil || len(stored) == 0 {
			continue
		}
		if _, ok := stored["sealed"]; ok {
			continue
		}
		plain, _ := s.CredentialsOf(r)
		if err := s.SealInto(r, plain); err != nil {
			return err
		}
		if err := app.Save(r); err != nil {
			return err
		}
	}
	return nil
}

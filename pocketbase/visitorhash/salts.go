package visitorhash

import (
	"crypto/rand"
	"encoding/hex"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// SaltStore keeps one random salt per UTC day ("2006-01-02").
type SaltStore interface {
	// Salt returns the day's salt, creating it when there is none yet.
	Salt(day string) ([]byte, error)
	// Forget deletes the salts of days before this one.
	Forget(before string) error
}

// RecordStore keeps the salts in the `visitor_salts` collection (superusers only), so that a
// restart does not split a day's visitors in two.
type RecordStore struct{ App core.App }

const saltCollection = "visitor_salts"

func (s RecordStore) Salt(day string) ([]byte, error) {
	if salt, err := s.find(day); err == nil {
		return salt, nil
	}
	col, err := s.App.FindCollectionByNameOrId(saltCollection)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Set("day", day)
	rec.Set("salt", hex.EncodeToString(b))
	if err := s.App.Save(rec); err != nil {
		// Another writer made the day's salt first (the unique index on day): use theirs.
		if salt, ferr := s.find(day); ferr == nil {
			return salt, nil
		}
		return nil, err
	}
	return b, nil
}

func (s RecordStore) find(day string) ([]byte, error) {
	rec, err := s.App.FindFirstRecordByData(saltCollection, "day", day)
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(rec.GetString("salt"))
	if err != nil || len(b) != 32 {
		return nil, errors.New("visitorhash: malformed salt for " + day)
	}
	return b, nil
}

func (s RecordStore) Forget(before string) error {
	_, err := s.App.DB().NewQuery("DELETE FROM " + saltCollection + " WHERE day < {:day}").Bind(dbx.Params{"day": before}).Execute()
	return err
}

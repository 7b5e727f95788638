package reports

import (
	"encoding/json"
	"fmt"
	"net/mail"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// MaxRecipients bounds the addresses one report goes to.
const MaxRecipients = 20

// CheckRecipients normalises a report's recipients (trimmed, lower case, each once) and refuses
// anything but a list of 1 to 20 valid addresses, all in allowed: a report goes only to people
// the site already knows, so the product cannot be used to send mail to strangers.
func CheckRecipients(raw any, allowed []string) ([]string, error) {
	list, ok := asStrings(raw)
	if !ok {
		return nil, fmt.Errorf("Recipients must be a list of email addresses.")
	}
	out := []string{}
	for _, r := range list {
		addr := strings.ToLower(strings.TrimSpace(r))
		if addr == "" {
			continue
		}
		parsed, err := mail.ParseAddress(addr)
		if err != nil || parsed.Address != addr || !strings.Contains(addr[strings.LastIndex(addr, "@"):], ".") {
			return nil, fmt.Errorf("%q is not a valid email address.", strings.TrimSpace(r))
		}
		if !slices.Contains(out, addr) {
			out = append(out, addr)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("Add at least one recipient.")
	}
	if len(out) > MaxRecipients {
		return nil, fmt.Errorf("A report can go to at most %d recipients.", MaxRecipients)
	}
	for _, addr := range out {
		if !slices.Contains(allowed, addr) {
			return nil, fmt.Errorf("Not a member of this site: %s. Reports go only to the site's members; invite them on the Team page first.", addr)
		}
	}
	return out, nil
}

func asStrings(raw any) ([]string, bool) {
	switch v := raw.(type) {
	case types.JSONRaw:
		if len(v) == 0 {
			return []string{}, true
		}
		var decoded any
		if err := json.Unmarshal(v, &decoded); err != nil {
			return nil, false
		}
		return asStrings(decoded)
	case nil:
		return []string{}, true
	case []string:
		return v, true
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// AllowedRecipients are the addresses of a site's owner and its active members, lower case.
func AllowedRecipients(app core.App, site *core.Record) []string {
	ids := []any{site.GetString("user_id")}
	members, _ := app.FindAllRecords("site_members", dbx.HashExp{"site_id": site.Id, "status": "active"})
	for _, m := range members {
		ids = append(ids, m.GetString("user_id"))
	}
	users, _ := app.FindAllRecords("users", dbx.In("id", ids...))
	out := make([]string, 0, len(users))
	for _, u := range users {
		out = append(out, strings.ToLower(u.Email()))
	}
	return out
}

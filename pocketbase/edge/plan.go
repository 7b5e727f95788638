package edge

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/andybalholm/cascadia"

	"cro/pocketbase/audience"
	"cro/pocketbase/eventstore/urlpattern"
	"cro/pocketbase/experiments"
)

// trackerConfig is the part of the tracker's config (src/tracker/types.ts Config) the edge
// applies: the same JSON the site's script is served with, so both decide alike.
type trackerConfig struct {
	RespectDNT bool `json:"dnt"`
	// ConsentFree is present (1) for consent-free sites: no cookie, the server's daily visitor id.
	ConsentFree json.RawMessage `json:"c"`
	Rules       []struct {
		ID       string   `json:"i"`
		Seed     string   `json:"s"`
		Pct      float64  `json:"p"`
		URL      string   `json:"u"`
		Selector string   `json:"q"`
		Changes  []change `json:"c"`
		Testing  bool     `json:"x"`
		Except   []string `json:"xu"`
		Audience string   `json:"a"`
		Holdout  float64  `json:"h"`
	} `json:"r"`
	Experiments []struct {
		ID       string  `json:"i"`
		Seed     string  `json:"s"`
		Traffic  float64 `json:"p"`
		URL      string  `json:"u"`
		Selector string  `json:"q"`
		Device   string  `json:"d"`
		Visitor  string  `json:"n"`
		Audience string  `json:"a"`
		// Group: the exclusive group's seed and this test's range of its namespace.
		Group *struct {
			Seed  string  `json:"s"`
			Start float64 `json:"a"`
			End   float64 `json:"b"`
		} `json:"g"`
		Variants []struct {
			Key     string   `json:"k"`
			Weight  float64  `json:"w"`
			Changes []change `json:"c"`
			URL     string   `json:"l"` // a split-URL test's variant address (redirect.go)
		} `json:"v"`
	} `json:"x"`
	// Audiences the rules and tests target (src/lib/contracts/audience.ts), and the site's zone.
	Audiences map[string]audience.Definition `json:"au"`
	TimeZone  string                         `json:"tz"`
	// Holdout: the global holdout's seed and percent; those visitors see no rule and no test.
	Holdout *holdout `json:"ho"`
}

// change is one stored change (src/lib/contracts/rule-change.ts RuleChange).
type change struct {
	Type  string `json:"type"`
	Value string `json:"value"`
	Name  string `json:"name"`
}

// changeSet is a rule, or an experiment's assigned variant, that the edge applies to every
// element its selector matches. An experiment's control has no changes: its elements are only
// marked, so that both arms reach the tracker alike.
type changeSet struct {
	id      string
	sel     cascadia.Sel
	changes []change
	text    *string // set_text: the element's content is replaced, so it is held until complete
}

// unstreamable are selectors that need what follows an element (later siblings, its content):
// the edge decides at the start tag, so sets with them are left to the tracker.
var unstreamable = regexp.MustCompile(`(?i):(last-child|last-of-type|only-child|only-of-type|nth-last-|empty|has\(|contains|matches)`)

// selectors keeps compiled selectors (nil for those the edge leaves to the tracker).
var selectors sync.Map // string -> cascadia.Sel

// compileSelector is the selector's matcher, or nil when the edge cannot decide it while streaming.
func compileSelector(q string) cascadia.Sel {
	if s, ok := selectors.Load(q); ok {
		sel, _ := s.(cascadia.Sel)
		return sel
	}
	var sel cascadia.Sel
	if t := strings.TrimSpace(q); t != "" && !unstreamable.MatchString(t) {
		sel, _ = cascadia.Parse(t)
	}
	selectors.Store(q, sel)
	return sel
}

// newChangeSet builds the set, or nil when one of its changes cannot be applied to the HTML as
// written (set_html, insertions, CSS and redirects stay with the tracker, which sanitizes HTML
// on the browser's own parse): a set is applied whole or not at all.
func newChangeSet(id, selector string, changes []change) *changeSet {
	sel := compileSelector(selector)
	if sel == nil {
		return nil
	}
	s := &changeSet{id: id, sel: sel, changes: changes}
	for i, c := range changes {
		switch c.Type {
		case "set_text":
			s.text = &changes[i].Value
		case "set_attribute":
			if !safeAttribute(c.Name, c.Value) {
				return nil
			}
		case "set_style":
			if !safeStyle(c.Name, c.Value) {
				return nil
			}
		case "hide":
		default:
			return nil
		}
	}
	return s
}

// The stored changes were checked by the change policy (src/lib/contracts/change-sanitizer.ts)
// when they were saved; these guards keep the edge from writing script into a page if a record
// ever bypassed it or was saved before the policy (policy.go; each element is checked again in
// Apply, where it is known).
var (
	attrName  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_:.-]*$`)
	styleName = regexp.MustCompile(`^(--)?[a-zA-Z][a-zA-Z0-9-]*$`)
)

func safeAttribute(name, value string) bool {
	n := strings.ToLower(name)
	return attrName.MatchString(name) && n != "style" && n != "data-cro-on" && attributeProblem(name, value, "") == ""
}

func safeStyle(name, value string) bool {
	v := strings.ToLower(value)
	return styleName.MatchString(name) && !strings.ContainsAny(value, ";{}<>\\") && !strings.Contains(v, "url(") && !strings.Contains(v, "expression")
}

// visitorInfo is what the edge knows of the visitor when it decides.
type visitorInfo struct {
	id      string // '' when the visitor may not be tracked
	fresh   bool   // the id was made for this request
	device  string
	href    string
	preview []string // ?cro_preview=<rule ids>
	// context gives the audience context of the request (nil: none, so no audience matches).
	context func(zone string) *audience.Context
}

// inAudience decides an audience-targeted rule or test at the edge: decided says whether the edge
// can (the audience asks only what the request tells), in whether the visitor is in it.
func (cfg *trackerConfig) inAudience(id string, who visitorInfo, ctx **audience.Context) (decided, in bool) {
	def, ok := cfg.Audiences[id]
	if !ok || !decidable(def) || who.context == nil {
		return false, false
	}
	if *ctx == nil {
		*ctx = who.context(cfg.TimeZone)
	}
	return true, audience.Matches(def, *ctx)
}

// plan is the change sets for one page and visitor, decided exactly as src/tracker/rules.ts and
// experiments.ts decide in the browser: URL pattern, exclusions, testing mode, rollout by the
// visitor id and the rule's seed, and each running experiment's variant by experiments.Assign.
// Experiments targeting new or returning visitors are left to the tracker (it alone knows the
// session), as is any experiment one of whose arms the edge cannot apply.
func (cfg *trackerConfig) plan(who visitorInfo) (sets []*changeSet, perVisitor bool) {
	var ctx *audience.Context
	held := cfg.Holdout.holds(who.id)
	perVisitor = cfg.Holdout != nil && who.id != ""
	for _, r := range cfg.Rules {
		if !urlpattern.Matches(r.URL, who.href) || anyMatch(r.Except, who.href) || (held && !contains(who.preview, r.ID)) {
			continue
		}
		// A rule for an audience (a personalization): decided here when the request tells all its
		// audience asks (device, country, language, page, cookies, attributes, day and hour), for
		// tracked visitors only, less its holdout, exactly as the tracker decides; an audience about
		// the session (campaign, landing page, sessions) is left to the tracker.
		if r.Audience != "" && !contains(who.preview, r.ID) {
			if who.id == "" || r.Testing {
				continue
			}
			decided, in := cfg.inAudience(r.Audience, who, &ctx)
			perVisitor = perVisitor || decided
			if !decided || !in || (r.Pct < 100 && !experiments.InRollout(who.id, r.Seed, r.Pct)) ||
				(r.Holdout > 0 && experiments.InRollout(who.id, r.Seed+":h", r.Holdout)) {
				continue
			}
			if s := newChangeSet(r.ID, r.Selector, r.Changes); s != nil {
				sets = append(sets, s)
			}
			continue
		}
		switch {
		case contains(who.preview, r.ID):
		case r.Testing:
			continue
		case r.Pct >= 100:
		case r.Pct <= 0 || who.id == "":
			continue
		default:
			perVisitor = true
			if !experiments.InRollout(who.id, r.Seed, r.Pct) {
				continue
			}
		}
		if s := newChangeSet(r.ID, r.Selector, r.Changes); s != nil {
			sets = append(sets, s)
		}
	}
	for _, x := range cfg.Experiments {
		if held {
			break
		}
		if x.Group != nil && who.id != "" {
			perVisitor = true
			if !experiments.InGroupRange(who.id, x.Group.Seed, x.Group.Start, x.Group.End) {
				continue
			}
		}
		if x.Audience != "" && who.id != "" {
			decided, in := cfg.inAudience(x.Audience, who, &ctx)
			perVisitor = perVisitor || decided
			if !decided || !in {
				continue
			}
		}
		if who.id == "" || x.Visitor != "" || !urlpattern.Matches(x.URL, who.href) || (x.Device != "" && x.Device != who.device) {
			continue
		}
		perVisitor = true
		weights := make([]float64, len(x.Variants))
		whole := true
		for i, v := range x.Variants {
			weights[i] = v.Weight
			whole = whole && newChangeSet(x.ID, x.Selector, v.Changes) != nil
		}
		k := experiments.Assign(who.id, x.Seed, x.Traffic/100, weights)
		if k >= 0 && whole {
			sets = append(sets, newChangeSet(x.ID, x.Selector, x.Variants[k].Changes))
		}
	}
	return sets, perVisitor
}

func anyMatch(patterns []string, href string) bool {
	for _, p := range patterns {
		if urlpattern.Matches(p, href) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s && s != "" {
			return true
		}
	}
	return false
}

// previewIDs are the rule ids of the page's ?cro_preview= parameter (testing mode).
func previewIDs(rawQuery string) []string {
	q, _ := url.ParseQuery(rawQuery)
	if v := q.Get("cro_preview"); v != "" {
		return strings.Split(v, ",")
	}
	return nil
}

// configs keeps each site's parsed config while its JSON is unchanged.
var configs sync.Map // key -> *parsedConfig

type parsedConfig struct {
	raw string
	cfg *trackerConfig
}

// siteConfig is the site's tracker config, parsed; nil when the key is unknown.
func siteConfig(key string, load func(string) []byte) *trackerConfig {
	raw := load(key)
	if raw == nil {
		return nil
	}
	if p, ok := configs.Load(key); ok && p.(*parsedConfig).raw == string(raw) {
		return p.(*parsedConfig).cfg
	}
	cfg := &trackerConfig{}
	if json.Unmarshal(raw, cfg) != nil {
		return nil
	}
	configs.Store(key, &parsedConfig{raw: string(raw), cfg: cfg})
	return cfg
}

package whitelabel

import (
	"html"
	"os"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// BrandHeader names the brand a mail is sent for (set by whoever builds a mail about a site: the
// reports, the team invitation); it is removed before sending.
const BrandHeader = "X-Cro-Brand"

// bindMail brands every mail the install sends (PocketBase's own account mails included) whose
// brand is known: by BrandHeader, else by its one recipient (ForUser).
func bindMail(app core.App) {
	app.OnMailerSend().BindFunc(func(e *core.MailerEvent) error {
		Apply(e.App, e.Message)
		return e.Next()
	})
}

// Apply rewrites msg for its brand, if it has one.
func Apply(app core.App, msg *mailer.Message) {
	if msg == nil {
		return
	}
	var b *Brand
	if id := msg.Headers[BrandHeader]; id != "" {
		b = Load(app, id)
	} else if len(msg.To) == 1 && len(msg.Cc) == 0 && len(msg.Bcc) == 0 {
		if user, err := app.FindAuthRecordByEmail("users", msg.To[0].Address); err == nil {
			b = ForUser(app, user.Id)
		}
	}
	delete(msg.Headers, BrandHeader)
	if b == nil {
		return
	}
	product := ProductName()
	origin := strings.TrimRight(strings.TrimSpace(os.Getenv("APP_URL")), "/")
	plain := func(s string) string {
		if target := b.Origin(); target != "" && origin != "" {
			s = strings.ReplaceAll(s, origin, target)
		}
		return strings.ReplaceAll(s, product, b.Name)
	}
	msg.Subject = plain(msg.Subject)
	msg.Text = plain(msg.Text)
	msg.HTML = strings.ReplaceAll(plain(msg.HTML), html.EscapeString(product), html.EscapeString(b.Name))
	msg.From.Name = b.Name
	if from := strings.TrimSpace(os.Getenv("CRO_WHITE_LABEL_FROM_ADDRESS")); from != "" {
		msg.From.Address = from
		if id := msg.Headers["Message-ID"]; id != "" {
			if at := strings.LastIndex(id, "@"); at > 0 {
				msg.Headers["Message-ID"] = id[:at+1] + from[strings.LastIndex(from, "@")+1:] + ">"
			}
		}
	}
	if b.SupportEmail != "" {
		if msg.Headers == nil {
			msg.Headers = map[string]string{}
		}
		if _, set := msg.Headers["Reply-To"]; !set {
			msg.Headers["Reply-To"] = b.SupportEmail
		}
	}
}

// ProductName is the name the install's mails use (APP_NAME, lib/mail.js).
func ProductName() string {
	if n := strings.TrimSpace(os.Getenv("APP_NAME")); n != "" {
		return n
	}
	return "Upliftly"
}

package reports

import (
	"cro/pocketbase/eventstore/zones"
	"cro/pocketbase/whitelabel"
	"fmt"
	"net/http"
	"net/mail"
	"slices"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"cro/pocketbase/access"
)

// sendNowHandler: POST /api/cro/reports/{id}/send makes the report now, over the days up to and
// including today (as the Analytics screen counts them), and sends it. Editors and up; the answer
// is the history entry, pending until the mail queue has tried. Past the limits of sendlimit.go
// it answers 429 with Retry-After and makes nothing.
func sendNowHandler(svc *Service) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		report, err := e.App.FindRecordById("scheduled_reports", e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("Report not found.", nil)
		}
		site, err := access.RequireSiteRole(e, report.GetString("site_id"), access.Editor,
			access.Messages{NotFound: "Report not found.", Forbidden: "Only editors, admins and owners can send reports.", Superusers: true})
		if err != nil {
			return err
		}
		if msg := planRefusal(site, report); msg != "" {
			return e.ForbiddenError(msg, nil)
		}
		now := time.Now()
		if wait, why := svc.sendNow.take(site.Id, report.Id, now); why != "" {
			e.Response.Header().Set("Retry-After", retryAfter(wait))
			return e.TooManyRequestsError(why, nil)
		}
		hist, err := svc.Produce(report, now.In(zones.OfSite(site)), now)
		if err != nil {
			return e.InternalServerError("The report could not be made.", err)
		}
		return e.JSON(http.StatusAccepted, map[string]any{"id": hist.Id, "status": hist.GetString("status"), "error": hist.GetString("error")})
	}
}

// exportHandler: POST /api/cro/sites/{siteId}/export-report {format, days} answers the Analytics
// screen's range (7, 30 or 90 days up to today) as a full report file (pdf, csv, excel), or mails
// its summary to the member asking (email). Members only.
func exportHandler(svc *Service) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		site, err := access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Viewer, access.Messages{NotFound: "Site not found.", Superusers: true})
		if err != nil {
			return err
		}
		var body struct {
			Format string `json:"format"`
			Days   int    `json:"days"`
		}
		if err := e.BindBody(&body); err != nil {
			return e.BadRequestError("Send the format and the days of the report.", nil)
		}
		if !slices.Contains(formats, body.Format) {
			return e.BadRequestError("Format must be one of: pdf, csv, excel, email.", nil)
		}
		if body.Days != 7 && body.Days != 30 && body.Days != 90 {
			return e.BadRequestError("days must be 7, 30 or 90.", nil)
		}
		now := time.Now()
		content, err := Gather(e.App, svc.store, site, Full, "Analytics report", body.Days, now.In(zones.OfSite(site)), now)
		if err != nil {
			return e.InternalServerError("The report could not be made.", err)
		}
		content.FileBase = fmt.Sprintf("analytics-%s-%dd-%s", unsafeName.ReplaceAllString(content.Domain, "_"), body.Days, content.To)
		file, err := Render(content, body.Format)
		if err != nil {
			return e.InternalServerError("The report could not be made.", err)
		}
		if body.Format == FormatEmail {
			if e.Auth == nil || e.Auth.Email() == "" {
				return e.BadRequestError("Your account has no address to mail the report to.", nil)
			}
			meta := e.App.Settings().Meta
			msg := &mailer.Message{
				From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
				To:      []mail.Address{{Address: e.Auth.Email()}},
				Subject: fmt.Sprintf("Analytics report: %s (%s)", content.Domain, content.Period()),
				HTML:    string(file.Data),
				Headers: map[string]string{whitelabel.BrandHeader: site.GetString("brand_id")},
			}
			if !svc.mail.SendThen(msg, "analytics export", nil) {
				return e.TooManyRequestsError("Mail is busy; try again in a minute.", nil)
			}
			return e.JSON(http.StatusAccepted, map[string]any{"sentTo": e.Auth.Email()})
		}
		e.Response.Header().Set("Content-Type", file.ContentType)
		e.Response.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, file.Name))
		e.Response.Header().Set("Cache-Control", "no-store")
		e.Response.WriteHeader(http.StatusOK)
		_, err = e.Response.Write(file.Data)
		return err
	}
}

package edge

import (
	"html/template"
	"net/http"
)

var errorPage = template.Must(template.New("down").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="30"><title>{{.Host}} is not answering</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:32rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{font-size:1.25rem}small{color:#64748b}</style></head>
<body><main><h1>{{.Host}} is not answering right now</h1>
<p>{{.Reason}} This page tries again every 30 seconds.</p>
<p><small>Served by {{.Brand}}, which sits in front of {{.Host}}. Nothing is wrong with your connection.</small></p></main></body></html>
`))

// writeErrorPage tells the visitor honestly that the site's own server did not answer.
func writeErrorPage(w http.ResponseWriter, status int, host, reason, brand string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Retry-After", "30")
	w.WriteHeader(status)
	_ = errorPage.Execute(w, map[string]string{"Host": host, "Reason": reason, "Brand": brand})
}

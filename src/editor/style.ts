/** The editor's stylesheet, inside its shadow root: the page's CSS cannot reach it, nor it the page. */
export const CSS = `
:host{all:initial}
*{box-sizing:border-box;font:13px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111827}
.box{position:fixed;pointer-events:none;z-index:2147483646;border:2px solid #2563eb;border-radius:2px;display:none}
.hover{border-style:dashed;border-color:#60a5fa}
.target{border-color:#16a34a}
.drop{position:fixed;pointer-events:none;z-index:2147483646;height:4px;background:#2563eb;border-radius:2px;display:none}
.panel{position:fixed;right:12px;bottom:12px;width:340px;max-height:calc(100vh - 24px);overflow:auto;z-index:2147483647;
background:#fff;border:1px solid #d1d5db;border-radius:10px;box-shadow:0 10px 30px rgba(0,0,0,.2);padding:12px}
h2{font-size:14px;font-weight:700;margin:0 0 8px}
h3{font-size:12px;font-weight:700;margin:10px 0 4px;text-transform:uppercase;letter-spacing:.04em;color:#374151}
p{margin:4px 0}
button{border:1px solid #9ca3af;background:#f9fafb;border-radius:6px;padding:4px 8px;cursor:pointer;margin:2px 2px 2px 0}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #2563eb;outline-offset:1px}
button[aria-pressed=true]{background:#dbeafe;border-color:#2563eb}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8}
button:disabled{opacity:.55;cursor:default}
code{font-family:ui-monospace,Menlo,monospace;font-size:12px;background:#f3f4f6;padding:1px 4px;border-radius:4px;word-break:break-all}
.row{display:flex;align-items:center;gap:6px;margin:4px 0}
.row label{flex:1}
input,select,textarea{border:1px solid #9ca3af;border-radius:6px;padding:3px 6px;background:#fff}
input[type=number]{width:80px}
textarea{width:100%;font-family:ui-monospace,Menlo,monospace;font-size:12px}
label{display:block}
.row label{display:inline}
details{margin-top:8px}
summary{cursor:pointer;font-weight:600}
input[type=color]{width:44px;height:28px;padding:1px}
.crumbs button{font-size:12px;padding:2px 6px}
.warn{color:#92400e;background:#fef3c7;border-radius:6px;padding:6px}
.ok{color:#166534}
.status{min-height:1.4em}
ul{margin:4px 0;padding-left:18px}
.frame{position:fixed;top:12px;left:12px;bottom:12px;z-index:2147483645;background:#fff;border:1px solid #6b7280;box-shadow:0 10px 30px rgba(0,0,0,.3)}
.frame iframe{width:100%;height:100%;border:0}
`;

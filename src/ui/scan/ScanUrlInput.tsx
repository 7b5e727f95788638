/** The URL box of both scan forms: typed as a URL for mobile keyboards, locked while a scan runs. */
export default function ScanUrlInput({
  id,
  url,
  busy,
  onUrl,
  className,
}: {
  id: string;
  url: string;
  busy: boolean;
  onUrl: (url: string) => void;
  className: string;
}) {
  return (
    <input
      id={id}
      type="url"
      inputMode="url"
      placeholder="https://yourwebsite.com"
      value={url}
      disabled={busy}
      onChange={(e) => onUrl(e.target.value)}
      className={`${className} rounded-lg border border-slate-300 px-3 py-2.5 text-base text-ink shadow-sm focus:border-brand-500 disabled:bg-slate-50`}
    />
  );
}

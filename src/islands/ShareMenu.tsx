/**
 * Share menu: X, LinkedIn and Facebook in a popup, the browser's
 * share sheet where available, and copy link ('Copied!' for 2 seconds). Shares this page's URL
 * unless told otherwise.
 */
import { useEffect, useRef, useState } from 'react';
import { useDismiss } from '../ui/useDismiss';
import { Check, Copy, Share2 } from 'lucide-react';
import { notify } from '../ui/toast';
import { MENU_SHARE_POPUP, popupFeatures, shareUrl, type ShareNetwork } from '../lib/share';
import { useBrowserValue } from '../ui/useBrowserValue';

export const COPY_FEEDBACK_MS = 2000;

const readCanShare = () => typeof navigator.share === 'function';

interface Props {
  /** Text shared with the link (X and the share sheet). */
  text: string;
  /** Absolute or site-relative URL; the current page when omitted. */
  url?: string;
  label?: string;
  /** 'light' for use on dark backgrounds. */
  tone?: 'default' | 'light';
}

const NETWORKS: { id: ShareNetwork; label: string }[] = [
  { id: 'x', label: 'Share on X' },
  { id: 'linkedin', label: 'Share on LinkedIn' },
  { id: 'facebook', label: 'Share on Facebook' },
];

export default function ShareMenu({ text, url, label = 'Share', tone = 'default' }: Props) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const canShare = useBrowserValue(readCanShare, false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  useDismiss(open, root, setOpen);

  const target = () => new URL(url ?? window.location.href, window.location.origin).href;

  function openNetwork(network: ShareNetwork) {
    window.open(shareUrl(network, target(), text), '_blank', popupFeatures(MENU_SHARE_POPUP));
    setOpen(false);
  }

  async function nativeShare() {
    try {
      await navigator.share({ title: document.title, text, url: target() });
      notify('Shared successfully!', undefined, 'success');
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) notify('Failed to share', undefined, 'destructive');
    }
    setOpen(false);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(target());
      setCopied(true);
      notify('Copied to clipboard!', undefined, 'success');
    } catch {
      notify('Failed to copy', undefined, 'destructive');
    }
  }

  const item = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-slate-100';
  const trigger = tone === 'light' ? 'btn border border-white/40 text-white hover:bg-white/10' : 'btn btn-secondary';

  return (
    <div ref={root} className="relative inline-block text-left">
      <button type="button" className={trigger} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Share2 aria-hidden="true" className="size-4" /> {label}
      </button>
      {open && (
        <div
          role="menu"
          aria-label="Share this page"
          className="absolute left-1/2 z-30 mt-2 w-56 -translate-x-1/2 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {NETWORKS.map((n) => (
            <button key={n.id} type="button" role="menuitem" className={item} onClick={() => openNetwork(n.id)}>
              {n.label}
            </button>
          ))}
          {canShare && (
            <button type="button" role="menuitem" className={item} onClick={nativeShare}>
              Share via…
            </button>
          )}
          <button type="button" role="menuitem" className={item} onClick={copyLink}>
            {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? 'Copied!' : 'Copy link'}
          </button>
        </div>
      )}
    </div>
  );
}

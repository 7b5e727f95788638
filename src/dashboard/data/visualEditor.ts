/**
 * Opens the visual editor: asks the server for a short-lived, single-use edit token for a rule or a
 * test's variant (POST /api/cro/edit-tokens; viewers get 403) and opens the customer's page with the
 * token in the URL fragment (src/lib/visual-editor.ts), in the tab the caller opened synchronously
 * (a tab opened after an await would be blocked as a popup).
 */
import { pb } from '../../client/pb';
import { editorPageUrl, type EditTargetKind } from '../../lib/visual-editor';

export interface EditTarget {
  kind: EditTargetKind;
  id: string;
  variant?: string;
}

/** Opens `tab` (from window.open in the click handler) on the page to edit; throws the server's refusal. */
export async function openVisualEditor(tab: Window | null, domain: string, pageUrl: string, target: EditTarget): Promise<void> {
  try {
    const { token } = await pb.send<{ token: string }>('/api/cro/edit-tokens', { method: 'POST', body: target, requestKey: null });
    const url = editorPageUrl(domain, pageUrl, token);
    if (!url) throw new Error('Enter the page to edit as an http(s) address.');
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** The page the editor opens by default: the URL pattern's literal path on the site's domain. */
export function defaultEditPage(domain: string, urlPattern: string): string {
  const path = (urlPattern || '/').split('*')[0] || '/';
  return `https://${domain}${path.startsWith('/') ? path : '/' + path}`;
}

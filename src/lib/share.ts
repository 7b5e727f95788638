/** Share links for the share menu and the insights cards. */

export type ShareNetwork = 'x' | 'linkedin' | 'facebook';

export interface PopupSize {
  width: number;
  height: number;
}

/** The insights cards' popup size. */
export const ARTICLE_SHARE_POPUP: PopupSize = { width: 600, height: 400 };
/** The share menu's popup size. */
export const MENU_SHARE_POPUP: PopupSize = { width: 600, height: 600 };

/** Suffix of the text shared for an insights article: title + ' - CRO Insights'. */
export const INSIGHTS_SHARE_SUFFIX = ' - CRO Insights';

/** The page that shares `url` (with `text` where the network takes one) on a network. */
export function shareUrl(network: ShareNetwork, url: string, text = ''): string {
  const u = encodeURIComponent(url);
  switch (network) {
    case 'x':
      return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
  }
}

/** The text an insights article is shared with on X / Twitter. */
export function articleShareText(title: string): string {
  return `${title}${INSIGHTS_SHARE_SUFFIX}`;
}

/** window.open features for a centred-size popup without access back to this page. */
export function popupFeatures(size: PopupSize): string {
  return `width=${size.width},height=${size.height},noopener,noreferrer`;
}

/** A link that moves inside the dashboard without a page load; other targets load normally. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../../dashboard/data/router';

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (href === '/dashboard' || href.startsWith('/dashboard/')) {
      e.preventDefault();
      navigate(href);
    }
  };
  return <a href={href} onClick={handle} {...rest} />;
}

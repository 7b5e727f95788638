/**
 * The product's mark in the sidebar, or under white label the brand's logo and name; and the
 * brand's colours and name on the whole page (the theme's brand hues, the document title). While
 * the brand loads nothing of either is shown, so a client never glimpses the product's.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { BrandLink } from '../../ui/BrandLink';
import { $brand, type Brand } from '../data/brand';

/** The theme's brand hues (src/styles/global.css) from the brand's primary colour. */
function hues(primary: string): Record<string, string> {
  const mix = (share: number, other: string) => `color-mix(in srgb, ${primary} ${share}%, ${other})`;
  return {
    '--color-brand-50': mix(8, 'white'),
    '--color-brand-100': mix(16, 'white'),
    '--color-brand-200': mix(32, 'white'),
    '--color-brand-500': primary,
    '--color-brand-600': primary,
    '--color-brand-700': mix(85, 'black'),
    '--color-brand-800': mix(70, 'black'),
  };
}

function useBrandTheme(brand: Brand | null | undefined) {
  useEffect(() => {
    if (!brand) return;
    const root = document.documentElement.style;
    const set = brand.primary_color ? hues(brand.primary_color) : {};
    if (brand.accent_color) set['--color-brand-accent'] = brand.accent_color;
    for (const [k, v] of Object.entries(set)) root.setProperty(k, v);
    const title = document.title;
    document.title = `Dashboard | ${brand.name}`;
    return () => {
      for (const k of Object.keys(set)) root.removeProperty(k);
      document.title = title;
    };
  }, [brand]);
}

/** Applies the brand's colours and name to the page (rendered once by the shell). */
export function BrandTheme() {
  useBrandTheme(useStore($brand));
  return null;
}

export function ShellBrand() {
  const brand = useStore($brand);
  if (brand === undefined) return <span className="h-6 w-24" aria-hidden />;
  if (brand === null) return <BrandLink />;
  return (
    <a href="/dashboard" className="inline-flex min-w-0 items-center gap-2 font-bold tracking-tight text-slate-900" data-testid="brand">
      {brand.logo && <img src={brand.logo} alt="" className="h-6 w-auto" />}
      <span className="truncate">{brand.name}</span>
    </a>
  );
}

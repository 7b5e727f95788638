/** The product's mark and name, linking to the home page. */
import company from '../../content/company.json';

export function BrandLink() {
  return (
    <a href="/" className="inline-flex items-center gap-2 font-bold tracking-tight text-slate-900">
      <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <rect x="7" y="17" width="4" height="8" rx="1.5" fill="#c7d2fe" />
        <rect x="14" y="12" width="4" height="13" rx="1.5" fill="#e0e7ff" />
        <rect x="21" y="7" width="4" height="18" rx="1.5" fill="#fff" />
      </svg>
      {company.name}
    </a>
  );
}

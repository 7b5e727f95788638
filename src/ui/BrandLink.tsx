/** The product's mark and name, linking to the home page. */
import company from '../../content/company.json';
import { BrandMark } from './BrandMark';

export function BrandLink() {
  return (
    <a href="/" className="inline-flex items-center gap-2 font-bold tracking-tight text-slate-900">
      <BrandMark size={24} />
      {company.name}
    </a>
  );
}

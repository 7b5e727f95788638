/**
 * Pattern Library (/dashboard/library): the seeded CRO patterns with search, the first 2 featured,
 * category tabs with counts, Deploy (a rule from the pattern's template) and Request Pattern.
 */
import { Library, MessageSquarePlus, Search } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { notify } from '../../../ui/toast';
import { EmptyState } from '../../../ui/EmptyState';
import { Button } from '../../../ui/Button';
import { SearchInput } from '../../../ui/SearchInput';
import { TabList } from '../../../ui/TabList';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { useSiteContext } from '../../data/siteContext';
import { DeployPatternDialog } from '../../../ui/dashboard/DeployPatternDialog';
import { PatternCard } from './PatternCard';
import { $patterns, $patternsFailed } from '../../data/patterns';
import type { PatternRecord } from '../../data/records';
import { RequestPatternDialog } from './RequestPatternDialog';

export const FEATURED_COUNT = 2;
const TABS = [
  { id: 'all', label: 'All' },
  { id: 'conversion', label: 'Conversion' },
  { id: 'trust', label: 'Trust' },
  { id: 'form', label: 'Forms' },
  { id: 'checkout', label: 'Checkout' },
  { id: 'mobile', label: 'Mobile' },
  { id: 'pricing', label: 'Pricing' },
] as const;

export function matchesSearch(p: PatternRecord, q: string): boolean {
  if (!q) return true;
  const hay = `${p.name} ${p.description} ${(p.tags ?? []).join(' ')} ${p.category}`.toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

export default function LibraryScreen() {
  const { user, site, canEdit } = useSiteContext();
  const patterns = useStore($patterns) ?? null;
  const failed = useStore($patternsFailed);
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('all');
  const [deploying, setDeploying] = useState<PatternRecord | null>(null);
  const [requesting, setRequesting] = useState(false);

  useEffect(() => {
    if (failed) notify('Error loading patterns', 'Could not load CRO patterns. Please try again.', 'destructive');
  }, [failed]);

  const matching = useMemo(() => (patterns ?? []).filter((p) => matchesSearch(p, query.trim())), [patterns, query]);
  const featured = matching.filter((p) => p.featured).slice(0, FEATURED_COUNT);
  const shown = tab === 'all' ? matching : matching.filter((p) => p.category === tab);
  const count = (id: string) => (id === 'all' ? matching.length : matching.filter((p) => p.category === id).length);
  const deployDisabled = !site
    ? 'Add your domain in Settings first'
    : !canEdit
      ? 'Only editors, admins and owners can deploy optimizations'
      : undefined;

  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Pattern Library"
        subtitle="Proven CRO patterns ready to deploy"
        actions={
          user && (
            <Button variant="outline" onClick={() => setRequesting(true)}>
              <MessageSquarePlus className="h-4 w-4" aria-hidden />
              Request Pattern
            </Button>
          )
        }
      />
      <SearchInput label="Search patterns" value={query} onValue={setQuery} className="max-w-md" />

      {patterns === null ? (
        <Spinner />
      ) : failed ? (
        <EmptyState icon={Library} title="Error loading patterns">
          Could not load CRO patterns. Please try again.
        </EmptyState>
      ) : patterns.length === 0 ? (
        <EmptyState icon={Library} title="No patterns found">
          The pattern library is empty.
        </EmptyState>
      ) : (
        <>
          {featured.length > 0 && (
            <section aria-labelledby="featured-heading">
              <h2 id="featured-heading" className="mb-3 text-lg font-semibold">
                Featured Patterns
              </h2>
              <div className="grid gap-4 md:grid-cols-2" data-testid="featured-patterns">
                {featured.map((p) => (
                  <PatternCard key={p.id} pattern={p} featured onDeploy={() => setDeploying(p)} deployDisabled={deployDisabled} />
                ))}
              </div>
            </section>
          )}
          <div>
            <TabList label="Categories" tabs={TABS} active={tab} onSelect={setTab} renderLabel={(t) => `${t.label} (${count(t.id)})`} />
            <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
              {shown.length === 0 ? (
                <EmptyState icon={Search} title="No patterns found">
                  No pattern matches your search in this category.
                </EmptyState>
              ) : (
                <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="pattern-grid">
                  {shown.map((p) => (
                    <PatternCard key={p.id} pattern={p} onDeploy={() => setDeploying(p)} deployDisabled={deployDisabled} />
                  ))}
                </div>
              )}
            </div>
          </div>
        </>
      )}

      {deploying && site && <DeployPatternDialog pattern={deploying} site={site} onClose={() => setDeploying(null)} />}
      {requesting && user && <RequestPatternDialog userId={user.id} siteId={site?.id ?? null} onClose={() => setRequesting(false)} />}
    </div>
  );
}

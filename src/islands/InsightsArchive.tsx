/**
 * Insights archive of /insights. Three month tabs; a tab fetches its prerendered month file
 * (/insights/<YYYY-MM>.json) the first time it is opened. States per month: empty, loading,
 * loaded; a failed fetch shows a destructive toast and goes back to empty.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ExternalLink, Loader2 } from 'lucide-react';
import { notify } from '../ui/toast';
import { INSIGHT_MONTHS, insightPreview, type InsightArticle, type InsightMonth } from '../lib/insights';
import { ARTICLE_SHARE_POPUP, articleShareText, popupFeatures, shareUrl, type ShareNetwork } from '../lib/share';

type MonthState = { status: 'empty' | 'loading' | 'loaded'; articles: InsightArticle[] };

async function fetchMonth(month: InsightMonth): Promise<InsightArticle[]> {
  const res = await fetch(`/insights/${month.key}.json`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data: unknown = await res.json();
  if (!Array.isArray(data)) throw new Error('not a list');
  return data as InsightArticle[];
}

export default function InsightsArchive() {
  const [active, setActive] = useState(0);
  const [months, setMonths] = useState<Record<string, MonthState>>(() =>
    Object.fromEntries(INSIGHT_MONTHS.map((m) => [m.key, { status: 'empty', articles: [] }])),
  );
  const opened = useRef(new Set<string>());
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  async function load(month: InsightMonth) {
    setMonths((s) => ({ ...s, [month.key]: { status: 'loading', articles: [] } }));
    try {
      const articles = await fetchMonth(month);
      setMonths((s) => ({ ...s, [month.key]: { status: 'loaded', articles } }));
    } catch {
      notify('Error', `Failed to fetch CRO articles for ${month.label}. Please try again later.`, 'destructive');
      setMonths((s) => ({ ...s, [month.key]: { status: 'empty', articles: [] } }));
    }
  }

  // A tab loads its articles the first time it is opened (the default tab on page open).
  const current = INSIGHT_MONTHS[active] ?? INSIGHT_MONTHS[0]!;
  useEffect(() => {
    if (opened.current.has(current.key)) return;
    opened.current.add(current.key);
    void load(current);
  }, [current]);

  function onKeyDown(event: KeyboardEvent) {
    const last = INSIGHT_MONTHS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : event.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  }

  const state = months[current.key] ?? { status: 'empty', articles: [] };

  return (
    <div>
      <div role="tablist" aria-label="Months" className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1" onKeyDown={onKeyDown}>
        {INSIGHT_MONTHS.map((m, i) => (
          <button
            key={m.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            id={`tab-${m.key}`}
            type="button"
            role="tab"
            aria-selected={i === active}
            aria-controls={`panel-${m.key}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            className={`min-h-11 rounded-lg px-4 py-2 text-sm font-semibold ${i === active ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink'}`}
          >
            {m.label}
          </button>
        ))}
      </div>
      <div
        id={`panel-${current.key}`}
        role="tabpanel"
        aria-labelledby={`tab-${current.key}`}
        className="mt-8"
        aria-busy={state.status === 'loading'}
      >
        {state.status === 'loading' && (
          <div className="flex items-center justify-center gap-3 py-16 text-slate-600" role="status">
            <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-600" /> Loading articles…
          </div>
        )}
        {state.status !== 'loading' && state.articles.length === 0 && (
          <div className="card py-12 text-center">
            <p className="text-slate-700">No articles found for {current.label}. Click to load articles.</p>
            <button type="button" className="btn btn-primary mt-5" onClick={() => void load(current)}>
              Load Articles
            </button>
          </div>
        )}
        {state.status === 'loaded' && state.articles.length > 0 && (
          <ul className="grid gap-6 md:grid-cols-2">
            {state.articles.map((a) => (
              <li key={a.url}>
                <ArticleCard article={a} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const SHARE_BUTTONS: { id: ShareNetwork; label: string }[] = [
  { id: 'x', label: 'Twitter' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'facebook', label: 'Facebook' },
];

function ArticleCard({ article }: { article: InsightArticle }) {
  const href = new URL(article.url, window.location.origin).href;
  const share = (network: ShareNetwork) =>
    window.open(shareUrl(network, href, articleShareText(article.title)), '_blank', popupFeatures(ARTICLE_SHARE_POPUP));

  return (
    <article className="card flex h-full flex-col">
      <h2 className="text-lg font-bold text-ink">{article.title}</h2>
      {article.description && <p className="mt-2 font-medium text-slate-700">{article.description}</p>}
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{insightPreview(article.markdown)}</p>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <a href={href} target="_blank" rel="noopener noreferrer" className="link inline-flex items-center gap-1 text-sm">
          Read article<span className="sr-only">: {article.title} (opens in a new tab)</span>{' '}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
        <div className="flex gap-1" aria-label={`Share ${article.title}`} role="group">
          {SHARE_BUTTONS.map((b) => (
            <button
              key={b.id}
              type="button"
              onClick={() => share(b.id)}
              className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-100"
            >
              {b.label}
            </button>
          ))}
        </div>
      </div>
    </article>
  );
}

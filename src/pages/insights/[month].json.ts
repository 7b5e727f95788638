/**
 * One prerendered JSON file per archive month (/insights/2025-10.json): the articles of that month,
 * newest first, as the archive island reads them: [{ title, url, description, markdown }].
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { INSIGHT_MONTHS, type InsightArticle } from '../../lib/insights';

export const getStaticPaths = (() => INSIGHT_MONTHS.map((m) => ({ params: { month: m.key } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const entries = await getCollection('insights', (entry) => entry.data.month === params.month);
  entries.sort((a, b) => b.data.publishedAt.getTime() - a.data.publishedAt.getTime());
  const articles: InsightArticle[] = entries.map((entry) => ({
    title: entry.data.title,
    url: entry.data.url,
    ...(entry.data.description ? { description: entry.data.description } : {}),
    markdown: (entry.body ?? '').trim(),
  }));
  return new Response(JSON.stringify(articles), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};

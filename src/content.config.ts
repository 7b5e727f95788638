/**
 * Content collections: everything an editor changes on the public site lives in content/ as
 * markdown or JSON, validated here at build time so that a typo fails the build, not the page.
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Legal pages (privacy, terms, cookies, gdpr): one markdown file each, rendered as prose. */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/legal' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    updated: z.string(), // shown as written, e.g. "January 2025"
  }),
});

const careers = defineCollection({
  loader: file('./content/careers.json'),
  schema: z.object({
    title: z.string(),
    department: z.string(),
    location: z.string(),
    type: z.string(),
    summary: z.string(),
    order: z.number(),
  }),
});

const changelog = defineCollection({
  loader: file('./content/changelog.json'),
  schema: z.object({
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    date: z.coerce.date(),
    title: z.string(),
    items: z.array(z.object({ type: z.enum(['feature', 'improvement', 'fix']), text: z.string() })).min(1),
  }),
});

const caseStudies = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/case-studies' }),
  schema: z.object({
    company: z.string(),
    industry: z.string(),
    headline: z.string(),
    metric: z.string(), // e.g. "+127%"
    metricLabel: z.string(), // e.g. "revenue"
    summary: z.string(),
    order: z.number(),
  }),
});

const helpCategories = defineCollection({
  loader: file('./content/help/categories.json'),
  schema: z.object({ title: z.string(), description: z.string(), icon: z.string(), order: z.number() }),
});

const help = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/help/articles' }),
  schema: z.object({
    title: z.string(),
    category: z.string(), // id of an entry in content/help/categories.json
    summary: z.string(),
    popular: z.boolean().default(false),
    order: z.number(),
  }),
});

/** Downloadable press assets; `file` is a path under public/. */
const press = defineCollection({
  loader: file('./content/press.json'),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    file: z.string().startsWith('/press/'),
    format: z.string(),
    order: z.number(),
  }),
});

const testimonials = defineCollection({
  loader: file('./content/testimonials.json'),
  schema: z.object({
    name: z.string(),
    role: z.string(),
    company: z.string(),
    rating: z.number().int().min(1).max(5),
    revenue: z.string(),
    period: z.string(),
    review: z.string(),
    verified: z.boolean(),
    order: z.number(),
  }),
});

/** Integration logos on the landing page; `logo` is a local SVG under public/integrations/. */
const integrations = defineCollection({
  loader: file('./content/integrations.json'),
  schema: z.object({ name: z.string(), logo: z.string().startsWith('/integrations/'), order: z.number() }),
});

/** CRO insights articles, one markdown file each, grouped by month (filled by the insights work). */
const insights = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/insights' }),
  schema: z.object({
    title: z.string(),
    url: z.string(), // the article's canonical link
    description: z.string().optional(),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    publishedAt: z.coerce.date(),
  }),
});

export const collections = { legal, careers, changelog, caseStudies, helpCategories, help, press, testimonials, integrations, insights };

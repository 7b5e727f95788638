import { attr } from '../page';
import { fieldType, linksMatching, type Signals } from '../signals';
import type { Check } from '../types';
import type { PageElement } from '../page';

function labelled(field: PageElement, signals: Signals): boolean {
  return (
    (field.attrs.id !== undefined && signals.labelFor.has(field.attrs.id)) ||
    field.ancestors.includes('label') ||
    !!attr(field, 'aria-label') ||
    !!attr(field, 'aria-labelledby') ||
    !!attr(field, 'title')
  );
}

const AUTOCOMPLETE_HINT = /e-?mail|name|phone|tel|address|zip|postal|city|country/i;

export const formChecks: Check[] = [
  {
    id: 'form-too-many-fields',
    category: 'Form Optimization',
    title: 'Cut the form down to the essential fields',
    description: 'A form asks for more than five fields. Every extra field costs completions; ask only what you need now.',
    impact: 'High',
    difficulty: 'Medium',
    lift: [10, 25],
    confidence: 85,
    timeToImplement: '2-4 hours',
    run: ({ signals }) => {
      const biggest = Math.max(0, ...signals.forms.map((f) => f.fields.filter((x) => fieldType(x) !== 'radio').length));
      return biggest > 5 ? { evidence: { element: '<form>', count: biggest } } : null;
    },
  },
  {
    id: 'form-unlabelled-fields',
    category: 'Form Optimization',
    title: 'Give every form field a visible label',
    description:
      'Fields that rely on placeholder text alone lose their meaning as soon as the visitor starts typing, and are invisible to screen readers.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [3, 8],
    confidence: 88,
    timeToImplement: '1 hour',
    run: ({ signals }) => {
      const bare = signals.fields.filter((f) => !labelled(f, signals) && fieldType(f) !== 'radio');
      return bare[0] ? { evidence: { element: `<${bare[0].tag}>`, count: bare.length, missing: '<label>' } } : null;
    },
  },
  {
    id: 'form-wrong-input-type',
    category: 'Form Optimization',
    title: 'Use email and phone input types',
    description: 'Email or phone fields are plain text inputs, so phones show the wrong keyboard and browsers cannot validate them.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 6],
    confidence: 86,
    timeToImplement: '15 minutes',
    run: ({ signals }) => {
      const wrong = signals.fields.filter((f) => {
        const t = fieldType(f);
        const hint = attr(f, 'name') + ' ' + attr(f, 'placeholder') + ' ' + attr(f, 'id');
        return (t === '' || t === 'text') && (/e-?mail/i.test(hint) || /phone|tel\b|mobile/i.test(hint));
      });
      return wrong.length ? { evidence: { element: '<input type="text">', count: wrong.length } } : null;
    },
  },
  {
    id: 'form-no-autocomplete',
    category: 'Form Optimization',
    title: 'Let browsers autofill the form',
    description:
      'Name, email, phone and address fields have no autocomplete attributes, so visitors type by hand what the browser could fill in.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [2, 5],
    confidence: 80,
    timeToImplement: '15 minutes',
    run: ({ signals }) => {
      const missing = signals.fields.filter(
        (f) => !attr(f, 'autocomplete') && (fieldType(f) === 'email' || fieldType(f) === 'tel' || AUTOCOMPLETE_HINT.test(attr(f, 'name'))),
      );
      return missing.length >= 2 ? { evidence: { element: '<input>', count: missing.length, missing: 'autocomplete attribute' } } : null;
    },
  },
  {
    id: 'form-no-lead-capture',
    category: 'Form Optimization',
    title: 'Add a short lead-capture form',
    description: 'There is no form and no demo or contact request on the page, so interested B2B visitors cannot leave their details.',
    impact: 'High',
    difficulty: 'Medium',
    lift: [8, 16],
    confidence: 75,
    timeToImplement: '2-4 hours',
    siteTypes: ['b2b'],
    run: ({ signals }) =>
      signals.forms.length || linksMatching(signals, /demo|contact|quote|get started|sign ?up|trial/i).length
        ? null
        : { evidence: { missing: '<form>', count: 0 } },
  },
];

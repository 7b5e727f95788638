import type { PageField, PageForm } from '../page';
import { realLinksMatching } from '../signals';
import { CTA_WORDS } from '../words';
import { defineChecks } from './define';

const visibleFields = (f: PageForm): PageField[] => f.fields.filter((x) => x.type !== 'checkbox' && x.type !== 'radio');
const hint = (x: PageField): string => `${x.name} ${x.label} ${x.placeholder}`;
const isEmail = (x: PageField): boolean => x.type === 'email' || /e-?mail/i.test(hint(x));
const isPhone = (x: PageField): boolean => x.type === 'tel' || /\b(phone|tel|telephone|mobile)\b|phone/i.test(hint(x));
const fieldName = (x: PageField): string => x.label || x.placeholder || x.name || x.type;

const AUTOCOMPLETE_HINT = /e-?mail|name|phone|tel|address|zip|postal|city|country/i;

export const formChecks = defineChecks({
  'form-too-many-fields': ({ signals }) => {
    const biggest = [...signals.forms].sort((a, b) => visibleFields(b).length - visibleFields(a).length)[0];
    const n = biggest ? visibleFields(biggest).length : 0;
    return biggest && n > 5
      ? {
          evidence: {
            element: '<form>',
            count: n,
            selector: biggest.selector,
            sample: visibleFields(biggest).map(fieldName).slice(0, 8).join(', '),
          },
        }
      : null;
  },

  'form-unlabelled-fields': ({ signals }) => {
    const bare = signals.forms.flatMap((f) =>
      f.fields.filter((x) => !x.label && x.type !== 'radio' && x.type !== 'checkbox').map((x) => ({ f, x })),
    );
    const first = bare[0];
    return first
      ? {
          evidence: {
            element: `<${first.x.tag}>`,
            count: bare.length,
            missing: '<label>',
            selector: first.f.selector,
            sample: fieldName(first.x),
          },
        }
      : null;
  },

  'form-wrong-input-type': ({ signals }) => {
    const wrong = signals.forms.flatMap((f) => f.fields.filter((x) => x.type === 'text' && (isEmail(x) || isPhone(x))));
    return wrong[0] ? { evidence: { element: '<input type="text">', count: wrong.length, sample: fieldName(wrong[0]) } } : null;
  },

  'form-no-autocomplete': ({ signals }) => {
    const missing = signals.forms.flatMap((f) =>
      f.fields.filter((x) => !x.autocomplete && (x.type === 'email' || x.type === 'tel' || AUTOCOMPLETE_HINT.test(x.name))),
    );
    return missing.length >= 2
      ? {
          evidence: {
            element: '<input>',
            count: missing.length,
            missing: 'autocomplete attribute',
            sample: missing.map(fieldName).slice(0, 4).join(', '),
          },
        }
      : null;
  },

  'form-required-phone': ({ signals }) => {
    for (const f of signals.forms) {
      const phone = f.fields.find((x) => isPhone(x) && x.required);
      if (phone) return { evidence: { element: '<input type="tel" required>', selector: f.selector, sample: fieldName(phone) } };
    }
    return null;
  },

  'form-no-privacy-link': ({ signals }) => {
    const bare = signals.forms.filter((f) => !f.privacyLink && f.fields.some((x) => isEmail(x) || isPhone(x)));
    const first = bare[0];
    return first
      ? { evidence: { element: '<form>', selector: first.selector, count: bare.length, missing: 'privacy policy link next to the form' } }
      : null;
  },

  'form-no-lead-capture': ({ signals }) =>
    signals.forms.length ||
    signals.ctas.some((c) => CTA_WORDS.test(c.text) && c.region !== 'nav') ||
    realLinksMatching(signals, /\b(demo|contact|quote|get started|sign ?up|trial)\b/i).length
      ? null
      : { evidence: { missing: '<form>', count: 0 } },
});

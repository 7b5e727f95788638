import { attr } from '../page';
import { fieldType, linksMatching, type Signals } from '../signals';
import { defineChecks } from './define';
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

export const formChecks = defineChecks({
  'form-too-many-fields': ({ signals }) => {
    const biggest = Math.max(0, ...signals.forms.map((f) => f.fields.filter((x) => fieldType(x) !== 'radio').length));
    return biggest > 5 ? { evidence: { element: '<form>', count: biggest } } : null;
  },

  'form-unlabelled-fields': ({ signals }) => {
    const bare = signals.fields.filter((f) => !labelled(f, signals) && fieldType(f) !== 'radio');
    return bare[0] ? { evidence: { element: `<${bare[0].tag}>`, count: bare.length, missing: '<label>' } } : null;
  },

  'form-wrong-input-type': ({ signals }) => {
    const wrong = signals.fields.filter((f) => {
      const t = fieldType(f);
      const hint = attr(f, 'name') + ' ' + attr(f, 'placeholder') + ' ' + attr(f, 'id');
      return (t === '' || t === 'text') && (/e-?mail/i.test(hint) || /phone|tel\b|mobile/i.test(hint));
    });
    return wrong.length ? { evidence: { element: '<input type="text">', count: wrong.length } } : null;
  },

  'form-no-autocomplete': ({ signals }) => {
    const missing = signals.fields.filter(
      (f) => !attr(f, 'autocomplete') && (fieldType(f) === 'email' || fieldType(f) === 'tel' || AUTOCOMPLETE_HINT.test(attr(f, 'name'))),
    );
    return missing.length >= 2 ? { evidence: { element: '<input>', count: missing.length, missing: 'autocomplete attribute' } } : null;
  },

  'form-no-lead-capture': ({ signals }) =>
    signals.forms.length || linksMatching(signals, /demo|contact|quote|get started|sign ?up|trial/i).length
      ? null
      : { evidence: { missing: '<form>', count: 0 } },
});

/**
 * What the recorder never captures, whatever the site's settings say: every input value is masked,
 * and these elements are blocked (recorded as an empty box of the same size, no content, no
 * value): anything marked `cro-block`, password fields and payment fields (autocomplete cc-*, or
 * names and ids that say card, cvc, cvv, iban).
 */
export const BLOCK_CLASS = 'cro-block';

export const ALWAYS_BLOCKED = [
  'input[type=password]',
  '[autocomplete^="cc-" i]',
  'input[name*=card i]',
  'input[id*=card i]',
  'input[name*=cvc i]',
  'input[name*=cvv i]',
  'input[id*=cvc i]',
  'input[id*=cvv i]',
  'input[name*=iban i]',
  'input[data-cro-block]',
].join(',');

/** An input's masked value: a fixed run of stars, so not even its length reaches the server. */
export const maskInput = (): string => '•••';

/** Masked text keeps its shape (the page's layout) but none of its letters. */
export const maskText = (text: string): string => text.replace(/\S/g, '*');

import { describe, expect, it } from 'vitest';
import { isValidEmail, validateContact } from '../../src/lib/contact';

const good = {
  name: ' Ada Lovelace ',
  email: 'ada@example.com',
  subject: 'Pricing question',
  message: 'Do you offer annual billing for Growth?',
};

describe('validateContact', () => {
  it('accepts a complete message, trims it and drops unknown fields', () => {
    const result = validateContact({ ...good, id: 'x', created_at: '2000-01-01', admin: true });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Pricing question',
        message: 'Do you offer annual billing for Growth?',
      },
    });
  });

  it('names every missing field', () => {
    expect(validateContact({})).toEqual({
      ok: false,
      errors: {
        name: 'Please enter your name.',
        email: 'Please enter your email address.',
        subject: 'Please enter a subject.',
        message: 'Please enter a message.',
      },
    });
    expect(validateContact(null)).toMatchObject({ ok: false });
    expect(validateContact({ ...good, name: '   ' })).toEqual({ ok: false, errors: { name: 'Please enter your name.' } });
  });

  it('rejects an invalid email', () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com', 'a..b@example.com']) {
      expect(validateContact({ ...good, email })).toEqual({ ok: false, errors: { email: 'Please enter a valid email address.' } });
    }
  });

  it('enforces length limits', () => {
    expect(validateContact({ ...good, name: 'x'.repeat(101) })).toEqual({
      ok: false,
      errors: { name: 'Name must be at most 100 characters.' },
    });
    expect(validateContact({ ...good, subject: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { subject: 'Subject must be at most 200 characters.' },
    });
    expect(validateContact({ ...good, message: 'x'.repeat(5001) })).toEqual({
      ok: false,
      errors: { message: 'Message must be at most 5000 characters.' },
    });
    expect(validateContact({ ...good, message: 'Hi there' })).toEqual({
      ok: false,
      errors: { message: 'Message must be at least 10 characters.' },
    });
    expect(validateContact({ ...good, subject: 'Hi' })).toEqual({
      ok: false,
      errors: { subject: 'Subject must be at least 3 characters.' },
    });
    expect(validateContact({ ...good, message: 'x'.repeat(5000) }).ok).toBe(true);
  });

  it('rejects values that are not text', () => {
    expect(validateContact({ ...good, message: { $gt: '' }, name: 42 })).toEqual({
      ok: false,
      errors: { name: 'Name must be text.', message: 'Message must be text.' },
    });
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('first.last+tag@sub.example.co.uk')).toBe(true);
    expect(isValidEmail(`${'a'.repeat(250)}@x.se`)).toBe(false);
  });
});

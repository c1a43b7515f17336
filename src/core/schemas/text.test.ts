import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanText, optionalText, requiredText, textMessages, uniqueList } from './text.js';

const name = requiredText('Nom requis', { min: 2, max: 20, tooLong: 'Trop long' });
const body = requiredText('Message requis', { max: 50, tooLong: 'Trop long', multiline: true });
const note = optionalText({ max: 10, tooLong: 'Trop long' });
const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('user text', () => {
  it('normalises to NFC and trims', () => {
    // "é" as e + combining acute (macOS) becomes the single character.
    expect(name.parse('  Rene\u0301 ')).toBe('René');
    expect(name.parse('René')).toBe(name.parse('Rene\u0301'));
  });

  it('refuses control characters, NUL first of all, in every field', () => {
    for (const bad of ['Jean\u0000', '\u0007bip', 'a\u001bb', 'x\u007fy', 'c1\u0085']) {
      expect(messageOf(name.safeParse(bad))).toBe(textMessages.control);
      expect(messageOf(body.safeParse(bad))).toBe(textMessages.control);
    }
  });

  it('allows newlines and tabs only where several lines make sense', () => {
    expect(messageOf(name.safeParse('Jean\nRoutier'))).toBe(textMessages.control);
    expect(messageOf(name.safeParse('Jean\tRoutier'))).toBe(textMessages.control);
    expect(body.parse('Bonjour,\r\n\tà demain')).toBe('Bonjour,\n\tà demain');
  });

  it('removes bidirectional overrides', () => {
    expect(name.parse('fac\u202Eture.pdf')).toBe('facture.pdf');
    expect(body.parse('\u2066ok\u2069')).toBe('ok');
  });

  it('counts a field of invisible characters only as empty', () => {
    expect(messageOf(name.safeParse('\u200B\u200B\u200B'))).toBe('Nom requis');
    expect(messageOf(name.safeParse('\u3164\uFEFF \u00A0'))).toBe('Nom requis');
    expect(messageOf(body.safeParse('\u2800\n\u200D'))).toBe('Message requis');
    expect(note.parse('\u200B')).toBeNull();
    expect(note.parse(' ')).toBeNull();
    expect(note.parse(null)).toBeNull();
    expect(note.parse(undefined)).toBeUndefined();
  });

  it('keeps visible text that contains joiners (emoji sequences), also at its end', () => {
    expect(body.parse('👩‍🚒 ok')).toBe('👩‍🚒 ok');
    expect(body.parse('Merci ❤️')).toBe('Merci ❤️');
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(body.parse(`Allez ${scotland}`)).toBe(`Allez ${scotland}`);
    expect(body.parse('Ok\u200B\u200B')).toBe('Ok');
  });

  it('refuses unpaired surrogates', () => {
    expect(cleanText('a\uD800b')).toEqual({ ok: false });
    expect(cleanText('😀')).toEqual({ ok: true, text: '😀' });
  });

  it('checks the length after cleaning, and refuses a huge raw input early', () => {
    expect(name.parse(`${'a'.repeat(20)}\u200B\u200B`)).toBe('a'.repeat(20));
    expect(messageOf(name.safeParse('a'.repeat(21)))).toBe('Trop long');
    expect(messageOf(name.safeParse(' '.repeat(100_000)))).toBe('Trop long');
    expect(messageOf(name.safeParse('a'))).toBe('Nom requis');
    expect(messageOf(name.safeParse(42))).toBe('Nom requis');
  });
});

describe('unique lists', () => {
  const list = uniqueList(z.enum(['a', 'b', 'c']), 3, 'Trop');
  it('drops repeated entries, keeping the first order', () => {
    expect(list.parse(['b', 'a', 'b', 'b', 'a'])).toEqual(['b', 'a']);
  });
  it('still refuses more distinct entries than allowed', () => {
    expect(messageOf(uniqueList(z.string(), 2, 'Trop').safeParse(['x', 'y', 'z']))).toBe('Trop');
  });
});

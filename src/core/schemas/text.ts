import { z } from 'zod';
import './locale.js';

/**
 * The one schema for text that people type (names, titles, descriptions, messages, reasons…), shared by the
 * forms and the API. It cleans what a user cannot see and refuses what no person types:
 * - NFC normalisation (an "é" typed on a Mac and on Windows is the same text), surrounding blanks trimmed;
 * - control characters refused (NUL, escape…); newline and tab only in multi-line fields (CRLF becomes LF);
 * - bidirectional override characters removed (they make "gnp.exe" read as "exe.png");
 * - unpaired surrogates refused (not text);
 * - a field made only of invisible characters (zero-width spaces, fillers…) counts as empty.
 */

export const textMessages = {
  control: 'Ce texte contient des caractères non autorisés',
  type: 'Texte attendu',
} as const;

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Characters with no visible mark of their own, that stand alone (fillers, zero-width spaces, marks). */
const STANDALONE_INVISIBLE =
  '\\u00AD\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B-\\u200F\\u2060-\\u2064\\u206A-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0';
/** Those that modify the character before them (variation selectors, emoji tags): invisible alone only. */
const COMBINING_INVISIBLE = '\\u034F\\u180B-\\u180D\\u180F\\uFE00-\\uFE0F\\u{E0000}-\\u{E007F}';
const INVISIBLE = STANDALONE_INVISIBLE + COMBINING_INVISIBLE;
// Combining joiners and variation selectors are listed on purpose: alone, they are invisible.
// eslint-disable-next-line no-misleading-character-class
const ONLY_INVISIBLE = new RegExp(`^[\\s${INVISIBLE}]*$`, 'u');
// At the ends, only what stands alone is trimmed: "Merci ❤️" keeps the selector that makes its heart red.
// eslint-disable-next-line no-misleading-character-class
const EDGE_BLANKS = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${STANDALONE_INVISIBLE}]+$`, 'gu');
/** C0 and C1 controls and DEL, except tab and newline (decided per field). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\n\t\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type CleanedText = { ok: true; text: string } | { ok: false };

/** The cleaning behind every text field; '' when nothing visible is left. */
export function cleanText(raw: string, multiline = false): CleanedText {
  let text = raw.replace(/\r\n?/g, '\n');
  if (LONE_SURROGATE.test(text) || CONTROLS.test(text)) return { ok: false };
  text = text.normalize('NFC').replace(BIDI_CONTROLS, '');
  if (multiline) text = text.replace(/[\u2028\u2029]/g, '\n');
  else if (LINE_BREAKS.test(text)) return { ok: false };
  if (ONLY_INVISIBLE.test(text)) return { ok: true, text: '' };
  return { ok: true, text: text.replace(EDGE_BLANKS, '') };
}

export interface TextOptions {
  /** At most this many characters (after cleaning). */
  max: number;
  /** Shown when the text is longer than `max`. */
  tooLong: string;
  /** Fewer characters than this is refused with `required` (default 1). */
  min?: number;
  /** Newlines and tabs allowed (descriptions, messages). */
  multiline?: boolean;
}

/** Raw input is bounded before it is cleaned (a megabyte of spaces is not a name). */
const rawLimit = (max: number) => max * 4 + 64;

function cleaned(options: TextOptions, ctx: z.RefinementCtx, value: string): string | typeof z.NEVER {
  const result = cleanText(value, options.multiline);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: textMessages.control });
    return z.NEVER;
  }
  return result.text;
}

/** A text that must be given: empty, blank or invisible-only gets `required`. */
export function requiredText(required: string, options: TextOptions) {
  const min = options.min ?? 1;
  return z
    .string({ error: required })
    .max(rawLimit(options.max), options.tooLong)
    .transform((value, ctx) => {
      const text = cleaned(options, ctx, value);
      if (text === z.NEVER) return z.NEVER;
      if (text.length < min) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      if (text.length > options.max) {
        ctx.addIssue({ code: 'custom', message: options.tooLong });
        return z.NEVER;
      }
      return text;
    });
}

/** A text that may be left out: missing stays undefined, null or nothing visible becomes null. */
export function optionalText(options: TextOptions & { invalid?: string }) {
  return z
    .string({ error: options.invalid ?? textMessages.type })
    .max(rawLimit(options.max), options.tooLong)
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null) return null;
      const text = cleaned(options, ctx, value);
      if (text === z.NEVER) return z.NEVER;
      if (text.length > options.max) {
        ctx.addIssue({ code: 'custom', message: options.tooLong });
        return z.NEVER;
      }
      return text === '' ? null : text;
    });
}

/** A list whose repeated entries are dropped (first one kept), e.g. the same document ticked twice. */
export function uniqueList<T extends z.ZodType>(item: T, max: number, tooMany: string) {
  return z
    .array(item, { error: 'Liste attendue' })
    .max(max * 4, tooMany)
    .transform((values, ctx) => {
      const unique = [...new Set(values as Array<z.output<T>>)];
      if (unique.length > max) {
        ctx.addIssue({ code: 'custom', message: tooMany });
        return z.NEVER;
      }
      return unique;
    });
}

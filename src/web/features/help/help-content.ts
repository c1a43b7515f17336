/**
 * The help pages' content model (decision 020): plain data, no React, so a unit test can read every link and the
 * search can read every word. Text is French with a tiny markup: `[words](/path#anchor)` is a link (a page of the
 * app, an anchor of the same page with `#id`, or `mailto:`); nothing else is interpreted.
 */

/** One block of an answer: a paragraph, numbered steps, a bulleted list, or a line the page fills in live. */
export type HelpBlock =
  | string
  | { steps: string[] }
  | { list: string[] }
  /** Drawn by the page from what the server says (the payment mode, the contact address); `text` is searched. */
  | { live: 'paymentMode' | 'contact'; text: string };

interface HelpQuestion {
  /** The anchor of the question: `/documentation#documents-rappels`. */
  id: string;
  question: string;
  /** Words people type that the text does not hold ("carte grise", "abonnement"). */
  keywords?: string;
  body: HelpBlock[];
}

export interface HelpSection {
  /** The anchor of the section: `/documentation#documents`. */
  id: string;
  title: string;
  keywords?: string;
  questions: HelpQuestion[];
}

export interface HelpGuide {
  role: 'driver' | 'transporter';
  title: string;
  intro: string;
  sections: HelpSection[];
}

/** A piece of a paragraph: text, or a link. */
export type Inline = { text: string } | { text: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** French spacing: a no-break space before « : ; ? ! » and after «, and “e-mail” kept on one line. */
export function frenchSpacing(text: string): string {
  return text
    .replace(/ ([:;?!»])/g, '\u00a0$1')
    .replace(/« /g, '«\u00a0')
    .replace(/\be-mail/g, 'e\u2011mail');
}

/** "Ouvrez [vos documents](/documents)." → text, link, text. */
export function parseInline(source: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of source.matchAll(LINK)) {
    if (match.index > last) parts.push({ text: frenchSpacing(source.slice(last, match.index)) });
    parts.push({ text: frenchSpacing(match[1]!), href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < source.length) parts.push({ text: frenchSpacing(source.slice(last)) });
  return parts;
}

/** Every string of a block (paragraph, each step, each item, a live block's searchable text). */
export function blockTexts(block: HelpBlock): string[] {
  if (typeof block === 'string') return [block];
  if ('steps' in block) return block.steps;
  if ('list' in block) return block.list;
  return [block.text];
}

/** Every link of a guide, where it sits: what the links test reads. */
export function guideLinks(guide: HelpGuide): Array<{ where: string; href: string }> {
  const links: Array<{ where: string; href: string }> = [];
  for (const section of guide.sections)
    for (const question of section.questions)
      for (const block of question.body)
        for (const text of blockTexts(block))
          for (const part of parseInline(text))
            if ('href' in part) links.push({ where: `${section.id} › ${question.id}`, href: part.href });
  return links;
}

/** Lower case, without accents, typographic apostrophes and dashes as typed on a phone, markup removed. */
export function normalizeForSearch(text: string): string {
  return text
    .replace(LINK, '$1')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[œ]/g, 'oe')
    .replace(/[æ]/g, 'ae')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ');
}

const words = (query: string) => normalizeForSearch(query).trim().split(' ').filter(Boolean);

function haystack(section: HelpSection, question: HelpQuestion): string {
  return normalizeForSearch(
    [
      section.title,
      section.keywords ?? '',
      question.question,
      question.keywords ?? '',
      ...question.body.flatMap(blockTexts),
    ].join(' '),
  );
}

/**
 * The sections and questions that hold every word of the query (accents, case and apostrophes aside), in their
 * order; the whole guide for an empty query. A word typed matches the start of a longer one ("vehic" finds
 * "véhicule") and anywhere inside it ("facture" finds "autofacturation").
 */
export function searchGuide(guide: HelpGuide, query: string): { sections: HelpSection[]; count: number } {
  const wanted = words(query);
  if (wanted.length === 0)
    return {
      sections: guide.sections,
      count: guide.sections.reduce((sum, section) => sum + section.questions.length, 0),
    };
  const sections: HelpSection[] = [];
  let count = 0;
  for (const section of guide.sections) {
    const questions = section.questions.filter((question) => {
      const text = haystack(section, question);
      return wanted.every((word) => text.includes(word));
    });
    if (questions.length > 0) {
      sections.push({ ...section, questions });
      count += questions.length;
    }
  }
  return { sections, count };
}

/** "1 réponse", "12 réponses". */
export function answersLabel(count: number): string {
  return `${count} réponse${count > 1 ? 's' : ''}`;
}

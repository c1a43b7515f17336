import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideRoute } from '#web/lib/route-rules.js';
import { DRIVER_GUIDE } from './driver-help.js';
import {
  blockTexts,
  guideLinks,
  normalizeForSearch,
  parseInline,
  searchGuide,
  type HelpGuide,
} from './help-content.js';
import { TRANSPORTER_GUIDE } from './transporter-help.js';

const GUIDES: HelpGuide[] = [DRIVER_GUIDE, TRANSPORTER_GUIDE];

/** Every `id="…"` written in the web app's screens: where a link's #anchor on another page may land. */
function screenIds(): Set<string> {
  const root = path.resolve(import.meta.dirname, '../..');
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.tsx'))
        for (const match of readFileSync(full, 'utf8').matchAll(/\bid="([\w-]+)"/g)) ids.add(match[1]!);
    }
  };
  walk(root);
  return ids;
}

const anchorsOf = (guide: HelpGuide) =>
  guide.sections.flatMap((section) => [section.id, ...section.questions.map((question) => question.id)]);

describe('help links', () => {
  const ids = screenIds();

  for (const guide of GUIDES)
    describe(guide.title, () => {
      it('has links into the app', () => {
        expect(guideLinks(guide).length).toBeGreaterThan(10);
      });

      it('points only to pages a signed-in member opens (no unknown page, no redirect)', () => {
        for (const { where, href } of guideLinks(guide)) {
          if (href.startsWith('mailto:') || href.startsWith('#')) continue;
          expect(href, where).toMatch(/^\/[^/]/);
          const url = new URL(href, 'https://relais.invalid');
          const decision = decideRoute(url.pathname, { isAdmin: false });
          // The user area, or a public page they also reach (the install guide).
          expect(['sidebar', 'public'], `${where}: ${href}`).toContain(
            'layout' in decision && decision.layout,
          );
          expect(decision, `${where}: ${href}`).not.toHaveProperty('notFound');
        }
      });

      it('lands each #anchor on an element that exists', () => {
        const own = new Set(anchorsOf(guide));
        for (const { where, href } of guideLinks(guide)) {
          const anchor = href.split('#')[1];
          if (anchor === undefined) continue;
          if (href.startsWith('#')) expect(own.has(anchor), `${where}: ${href}`).toBe(true);
          else expect(ids.has(anchor), `${where}: ${href} (no id="${anchor}" in src/web)`).toBe(true);
        }
      });

      it('gives every section and question its own anchor', () => {
        const anchors = anchorsOf(guide);
        expect(new Set(anchors).size).toBe(anchors.length);
        for (const anchor of anchors) expect(anchor).toMatch(/^[a-z][a-z0-9-]*$/);
      });

      it('writes French with the typographic apostrophe', () => {
        for (const section of guide.sections)
          for (const question of section.questions)
            for (const text of [question.question, ...question.body.flatMap(blockTexts)])
              expect(text, `${question.id}: ${text}`).not.toMatch(/[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/);
      });
    });

  it('sends each role to its own tracking page', () => {
    const hrefs = (guide: HelpGuide) => guideLinks(guide).map((link) => link.href.split('#')[0]);
    expect(hrefs(DRIVER_GUIDE)).not.toContain('/delivery-tracking');
    expect(hrefs(TRANSPORTER_GUIDE)).not.toContain('/driver-map');
  });
});

describe('help search', () => {
  it('ignores accents, case and apostrophes', () => {
    expect(normalizeForSearch('Véhicule l’ÉTÉ')).toBe("vehicule l'ete");
    const found = searchGuide(DRIVER_GUIDE, 'vehicule');
    expect(found.count).toBeGreaterThan(0);
    expect(found.sections.map((section) => section.id)).toContain('trouver-postuler');
    expect(searchGuide(DRIVER_GUIDE, 'VÉHICULE').count).toBe(found.count);
    expect(searchGuide(DRIVER_GUIDE, "qu'est-ce que la validation").count).toBe(1);
  });

  it('needs every word, and keeps only the matching questions', () => {
    const found = searchGuide(DRIVER_GUIDE, 'document rappel');
    expect(found.sections.map((section) => section.id)).toEqual(['documents']);
    expect(found.sections[0]!.questions.map((question) => question.id)).toContain('documents-rappels');
    expect(found.count).toBe(found.sections[0]!.questions.length);
  });

  it('gives the whole guide for an empty query, nothing for an unknown word', () => {
    const all = searchGuide(TRANSPORTER_GUIDE, '  ');
    expect(all.sections).toHaveLength(TRANSPORTER_GUIDE.sections.length);
    expect(searchGuide(TRANSPORTER_GUIDE, 'zzzyx').sections).toEqual([]);
  });

  it('reads the link markup', () => {
    expect(parseInline('Voir [vos documents](/documents#consultations).')).toEqual([
      { text: 'Voir ' },
      { text: 'vos documents', href: '/documents#consultations' },
      { text: '.' },
    ]);
  });
});

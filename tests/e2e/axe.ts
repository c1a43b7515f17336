import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the page as it stands, once the network is quiet, in one scan: no violation of WCAG 2.1 A and AA, nor of
 * the heading order (a best practice, not a WCAG criterion, that screen-reader users navigate by; a rule enabled by
 * name runs beside the tags), by name.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  // options() replaces every option, withTags() only the tags: in this order, both hold.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'heading-order': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, label).toEqual([]);
}

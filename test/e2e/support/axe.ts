import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as the site promises it (docs/architecture.md#the-website: AA contrast, phone first). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and returns one readable line per failing element:
 * "rule (impact): what is wrong — selector — axe's summary". An empty list means no violations,
 * so `expect(await axeViolations(page)).toEqual([])` prints every problem when it fails.
 */
export async function axeViolations(page: Page, label = page.url()): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${node.target.join(' ')} — ${(
          node.failureSummary ?? ''
        ).replace(/\s+/g, ' ')}`,
    ),
  );
}

/** Waits until no CSS transition or animation is running (a fading modal has its final colours). */
export async function waitForAnimationsToEnd(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

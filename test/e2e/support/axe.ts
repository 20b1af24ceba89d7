import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as the site promises it (docs/architecture.md#the-website: AA contrast, phone first). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page as it is now and returns one readable line per failing element:
 * "rule (impact): what is wrong — selector — axe's summary". An empty list means no violations,
 * so `expect(await axeViolations(page)).toEqual([])` prints every problem when it fails.
 * `skipFrames`: frames left out, where no script may run (a preview's `sandbox`), which axe would
 * wait for forever; axe then checks neither them nor their element, so a caller checks its title.
 */
export async function axeViolations(page: Page, label = page.url(), skipFrames: string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of skipFrames) builder.exclude(selector);
  const results = await builder.analyze();
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

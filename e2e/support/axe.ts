/**
 * The accessibility check of every browser suite (issue 31): every axe rule of WCAG 2.0/2.1 A and AA
 * and best practice, the experimental ones among them included (axe leaves those out by default;
 * `p-as-heading`, `css-orientation-lock`, `table-fake-caption`, `td-has-header`, `focus-order-semantics`
 * and `hidden-content` among them), and no rule disabled.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** The browser runs the same axe-core the rule list comes from (@axe-core/playwright bundles its own, older one). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** Rule ids the tags select, experimental ones included. */
export const AXE_RULES: string[] = axe
  .getRules([...AXE_TAGS])
  .map((rule) => rule.ruleId)
  .sort();

/**
 * An AxeBuilder that runs every rule of AXE_TAGS (and only those). Every rule still runs on every
 * element; only violations are reported node by node (`resultTypes`): axe otherwise makes a CSS
 * selector for each node that passed too, thousands on an editor screen, which took half of each
 * run (General Settings: 8.9 against 4.1 s in Chromium on CI's two cores, same violations).
 * `options` comes first: it replaces what withRules sets.
 *
 * Legacy mode runs axe.run in the page itself, axe injected into its frames first (it reaches the
 * same-origin ones). The default mode runs axe.runPartial in each frame, then opens a blank page,
 * injects axe there again and finishes the run in it: the same rules over the same elements, but
 * 3.4–4.5 s against 0.7–0.8 s a run on General Settings (Chromium, CI's two cores); the browser
 * suites' time fell from 1,544 to 1,207 s with it. What legacy mode leaves out is cross-origin
 * frames: the only one our pages hold is a video host's player (the <iframe> element itself, its
 * title included, is still checked in our page).
 */
export function fullAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource: AXE_SOURCE }).options({ resultTypes: ['violations'] }).withRules(AXE_RULES).setLegacyMode(true);
}

export type Violation = string;

/** Every violation, whatever its impact, as 'rule: targets' (details logged). */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<Violation[]> {
  const builder = fullAxe(page);
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  for (const v of results.violations) console.log(v.id, v.impact, v.nodes.map((n) => n.target.join(' ')).slice(0, 3));
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

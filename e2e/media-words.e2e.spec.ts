/**
 * Issue 12 point 5 in Chromium: the admin reads words, not paths: where a file is used ('Merch ›
 * item 1 (Canvas Tote) › Image', from 'Used in 1 place' and in the delete-blocked alert), and the
 * image field names its library file. At 1280 and 390 px, axe clean.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { seriousAxeViolations } from './support/admin';
import { DESKTOP, horizontalOverflow } from './support/browser';
import { browserSuite } from './support/suite';

const PHONE_390 = { width: 390, height: 844 } as const;

const suite = browserSuite();

function signIn(path: string, viewport: { width: number; height: number }): Promise<Page> {
  return suite.signIn(path, { viewport });
}

beforeAll(async () => {
  // One used file: a merch product's image, saved into the draft.
  const page = await signIn('/admin/media', DESKTOP);
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c83c28' } }).png().toBuffer();
  await page.locator('.md-header__upload input[type=file]').setInputFiles({ name: 'tote.png', mimeType: 'image/png', buffer: bytes });
  await page.getByText('Uploaded “tote.png”.').waitFor();
  const status = await page.evaluate(async () => {
    const headers = { 'content-type': 'application/json' };
    await fetch('/api/settings/lock/acquire', { method: 'POST', headers, body: '{"ttlSeconds":300}' });
    const saved = await fetch('/api/settings?stage=draft', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ merch_items: [{ title: 'Canvas Tote', price: '20', description: '', image_url: '/api/storage/proxy?bucket=media&path=tote.png', buy_url: '' }] }),
    });
    await fetch('/api/settings/lock/release', { method: 'POST', headers, body: '{}' });
    return saved.status;
  });
  expect(status).toBe(200);
  await page.context().close();
});

test('uploading the same bytes again offers the existing file, and uploads a copy only when asked (issue 12 point 6)', async () => {
  const page = await signIn('/admin/media', DESKTOP);
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c83c28' } }).png().toBuffer();
  await page.locator('.md-header__upload input[type=file]').setInputFiles({ name: 'Tote again.png', mimeType: 'image/png', buffer: bytes });
  await page.getByText('This file is already in the library as “tote.png”.').waitFor();
  expect(await page.locator('.md-card').count()).toBe(1);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE_390);
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Upload a copy anyway' }).click();
  await page.getByText('Uploaded “tote-again.png”.').waitFor();
  await page.locator('.md-card', { hasText: 'tote-again.png' }).waitFor();
  // Leave the library as the other tests expect it.
  const card = page.locator('.md-card', { hasText: 'tote-again.png' });
  await card.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText('Deleted “tote-again.png”.').waitFor();
});

test.each([
  ['1280', DESKTOP],
  ['390', PHONE_390],
])('where a file is used reads in words, and the image field names the file (%s px)', async (_w, viewport) => {
  const page = await signIn('/admin/media', viewport);
  const card = page.locator('.md-card', { hasText: 'tote.png' });
  await card.getByText('Used in 1 place').click();
  await card.getByText('Draft: Merch › item 1 (Canvas Tote) › Image').waitFor();
  await card.getByRole('button', { name: /Delete/ }).click();
  await page.locator('.md-usage-list').getByText('Draft: Merch › item 1 (Canvas Tote) › Image').waitFor();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto(`${suite.app.baseUrl}/admin/page-configurations`);
  await page.getByRole('tab', { name: 'Merch' }).click();
  await page.getByText('tote.png · from the media library').waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

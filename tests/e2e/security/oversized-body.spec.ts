import { expect, test } from '@playwright/test';
import { DEMO, logIn } from '../support/auth';

/**
 * A body over the API's limit gets the API's 413 through the BFF, also when it is large enough to be
 * streamed (over 4 MB) and the API answers before the BFF has sent it all.
 */
test('an oversized JSON body through the BFF gets 413, not 502', async ({ page }) => {
  await logIn(page, DEMO);
  const answers = await page.evaluate(async () => {
    const out: { size: number; status: number; body: string }[] = [];
    for (const mb of [3, 5, 5, 5, 5, 8]) {
      const body = JSON.stringify({ name: 'x'.repeat(mb * 1024 * 1024) });
      const res = await fetch('/api/playlists', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      out.push({ size: mb, status: res.status, body: await res.text() });
    }
    return out;
  });
  for (const answer of answers) {
    expect(answer, `${answer.size} MB`).toEqual({ size: answer.size, status: 413, body: JSON.stringify({ message: 'A kérés túl nagy.' }) });
  }
});

import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../support/auth';

test.setTimeout(90_000);

/**
 * The largest image of /channels (the first featured slide) and of /channels/{id} (the landscape
 * header) must come in the server's HTML, with a high fetch priority and a reserved box, not waiting
 * for the page's script. /channels streams: its frame and heading are the first paint, and the
 * catalogue follows in the same answer (React's `<div hidden id="S:…">`, revealed by its inline
 * script at the next frame), so its image is looked for in the whole answer, after the heading.
 * /channels/{id} is one piece (its heading is the channel's own record): its image must not be in
 * such a deferred part.
 */

/** The HTML before the first out-of-place part, which is what the browser paints first. */
function inPlace(html: string): string {
  const outlined = html.search(/<div hidden id="S:/);
  return outlined === -1 ? html : html.slice(0, outlined);
}

/** The first <img> with a class naming it the landscape, or undefined. */
function landscapeImg(html: string): string | undefined {
  return /<img\b[^>]*class="[^"]*landscape[^"]*"[^>]*>/.exec(html)?.[0];
}

function expectPriorityImage(img: string | undefined) {
  expect(img, 'the landscape <img> in the server HTML, outside any deferred part').toBeDefined();
  const tag = img ?? '';
  expect(tag).toMatch(/\bfetchpriority="high"/i);
  expect(tag).not.toMatch(/\bloading="lazy"/);
  // A reserved box: explicit width and height (or sizes with a srcset).
  expect(tag.match(/\bwidth="\d+"/) && tag.match(/\bheight="\d+"/) ? true : /\bsizes="[^"]+"/.test(tag)).toBe(true);
  expect(tag).toMatch(/\bsrc="[^"]+"/);
}

/** The page's HTML as the server sends it (fetched by the page itself: its cookie, its host). */
async function serverHtml(page: Page, path: string): Promise<string> {
  const answer = await page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { Accept: 'text/html' } });
    return { status: res.status, text: await res.text() };
  }, path);
  expect(answer.status, path).toBe(200);
  return answer.text;
}

test('the first featured slide and the channel header are high-priority images of the first HTML', async ({ page }) => {
  await logIn(page);

  const channelsHtml = await serverHtml(page, '/channels');
  // The heading is in place (the first paint); the carousel is in the answer, its first slide's
  // landscape the first landscape after it.
  expect(inPlace(channelsHtml)).toContain('>Csatornák</h1>');
  const carousel = channelsHtml.indexOf('aria-label="Legújabb csatornáink"');
  expect(carousel, 'the featured carousel in the server HTML').toBeGreaterThan(-1);
  const firstSlide = landscapeImg(channelsHtml.slice(carousel));
  expectPriorityImage(firstSlide);

  const href = /href="\/channels\/(\d+)"/.exec(channelsHtml.slice(carousel))?.[1];
  expect(href).toBeDefined();
  expectPriorityImage(landscapeImg(inPlace(await serverHtml(page, `/channels/${href}`))));
});

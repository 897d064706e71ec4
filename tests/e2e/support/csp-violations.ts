import type { BrowserContext, Page } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation the pages of a browser context see: the
 * `securitypolicyviolation` events of each document, and Chromium's console errors about the
 * policy (a blocked worker or socket may only show there).
 */
export async function collectCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__pulzusCspViolation', ({ page }, text: string) => {
    violations.push(`${page?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __pulzusCspViolation?: (text: string) => void }).__pulzusCspViolation;
        report?.(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
      },
      true,
    );
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        violations.push(`${page.url()}: console: ${message.text()}`);
      }
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A collector for the Content-Security-Policy reports Chromium posts (CSP_REPORT_URI), so the whole
 * suite runs with the policy on and fails on a violation, whichever spec's page caused it.
 */
export interface CspReports {
  readonly url: string;
  /** What the browser reported: directive, blocked source, page. */
  readonly received: string[];
  stop(): Promise<void>;
}

export async function startCspReportCollector(): Promise<CspReports> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        const report = (JSON.parse(text) as { 'csp-report'?: Record<string, unknown> })['csp-report'] ?? {};
        received.push(
          `${report['effective-directive']} blocked ${report['blocked-uri'] || '(inline)'} on ${report['document-uri']}`,
        );
      } catch {
        received.push(text);
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/csp`,
    received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

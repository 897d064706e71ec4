/**
 * Which browser origins are the web app's: `WEB_URL` with any tenant in place of `{tenant}`, and
 * the same host without the tenant label (plain `localhost` serves the default tenant). Media
 * answers name such an origin in `Access-Control-Allow-Origin`, so the audio elements can load with
 * `crossorigin="anonymous"` and the player's service worker can keep whole files; no credentials
 * travel, as the signed URL is the credential.
 */
const TENANT_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

export function webOriginMatcher(webUrl: string): (origin: string | undefined) => boolean {
  let origin: string;
  try {
    // The template's own origin, with the placeholder kept (URL would lowercase and encode it).
    const m = /^(https?:\/\/[^/]+)/i.exec(webUrl);
    origin = (m?.[1] ?? '').toLowerCase();
  } catch {
    return () => false;
  }
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const withTenant = escape(origin).replace(escape('{tenant}'), TENANT_LABEL);
  const withoutTenant = escape(origin.replace('{tenant}.', ''));
  const pattern = new RegExp(`^(?:${withTenant}|${withoutTenant})$`);
  return (value) => typeof value === 'string' && value.length < 300 && pattern.test(value.toLowerCase());
}

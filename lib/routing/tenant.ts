/** Tenant selection from the Host header and the upstream URL: pure, shared by proxy.ts and the BFF. */

export const TENANT_HEADER = 'x-pulzus-tenant';

const SLUG = /^[a-z0-9-]{1,63}$/;

export function isValidSlug(value: string): boolean {
  return SLUG.test(value);
}

/** Host without port, lower-case, brackets of an IPv6 literal removed. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h.slice(1) : h.slice(1, end);
  }
  // More than one colon without brackets: a bare IPv6 literal, which has no port.
  if (h.indexOf(':') !== h.lastIndexOf(':')) return h;
  return h.replace(/:\d*$/, '').replace(/\.$/, '');
}

function isIpAddress(name: string): boolean {
  // Hex groups and colons only (an IPv4 tail allowed): `evil.example:1:2` is no address.
  if (name.includes(':')) return /^[0-9a-f:]+(:\d{1,3}(\.\d{1,3}){3})?$/.test(name);
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name);
}

/**
 * The tenant slug for a Host header, or null when the host is not one of ours or names an invalid
 * tenant (the caller answers 404 rather than guessing another shop).
 *
 * `demo.localhost:3000` → demo; `localhost`, an IP address or a bare domain of `appDomains` → the
 * default; a sub-domain of one of `appDomains` → its label. Any other host is refused: served as the
 * default shop, a foreign domain pointed at us (or a forged Host) would get that shop's pages.
 */
export function tenantFromHost(
  host: string | null | undefined,
  opts: { appDomains: readonly string[]; defaultTenant: string },
): string | null {
  if (!host) return opts.defaultTenant;
  const name = hostName(host);
  if (name === 'localhost' || isIpAddress(name)) return opts.defaultTenant;
  for (const raw of opts.appDomains) {
    const domain = raw.toLowerCase();
    if (name === domain) return opts.defaultTenant;
    if (name.endsWith(`.${domain}`)) {
      const label = name.slice(0, -(domain.length + 1));
      return isValidSlug(label) ? label : null;
    }
  }
  return null;
}

/** The upstream base URL (no trailing slash) for a tenant; `{tenant}` in the template is replaced. */
export function upstreamBaseUrl(template: string, tenant: string): string {
  if (!isValidSlug(tenant)) throw new Error(`Invalid tenant slug: ${JSON.stringify(tenant)}`);
  return template.replaceAll('{tenant}', tenant).replace(/\/+$/, '');
}

/** Joins the upstream base and a path that starts with `/` (query string kept). */
export function upstreamUrl(base: string, pathAndQuery: string): string {
  const p = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
  return `${base}${p}`;
}

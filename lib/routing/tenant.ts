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
  if (name.includes(':')) return true;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name);
}

/**
 * The tenant slug for a Host header, or null when the host names an invalid tenant (the caller
 * answers 400 rather than guessing another shop).
 *
 * `demo.localhost:3000` → demo; `localhost`, an IP, the bare APP_DOMAIN or a one-label host → the
 * default. A host outside APP_DOMAIN with at least three labels (`demo.shop.example`) uses its first
 * label, so that a deployment behind another domain still routes by sub-domain.
 */
export function tenantFromHost(
  host: string | null | undefined,
  opts: { appDomain: string; defaultTenant: string },
): string | null {
  if (!host) return opts.defaultTenant;
  const name = hostName(host);
  if (name === '' || isIpAddress(name)) return opts.defaultTenant;
  const domain = opts.appDomain.toLowerCase();
  if (name === domain) return opts.defaultTenant;
  let label: string;
  if (name.endsWith(`.${domain}`)) {
    label = name.slice(0, -(domain.length + 1));
  } else {
    const labels = name.split('.');
    if (labels.length < 3) return opts.defaultTenant;
    label = labels[0] ?? '';
  }
  return isValidSlug(label) ? label : null;
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

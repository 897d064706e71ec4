/**
 * Module hooks for the BFF code the web server loads itself (lib/bff/proxy.ts through tsx): `server-only`
 * resolves to its empty module there, as it does in Next's server bundles (the `react-server`
 * condition). Only this one specifier is touched, so Next's own modules resolve as always.
 */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (specifier !== 'server-only') return resolved;
  return { ...resolved, url: new URL('./empty.js', resolved.url).href };
}

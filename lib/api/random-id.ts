/**
 * A random id made in the browser (a play report's id, a command's idempotency key). `randomUUID`
 * exists only on secure pages (https, localhost); `getRandomValues` everywhere.
 */
export function randomId(): string {
  if (typeof crypto === 'undefined') return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forwardedClient, normalizeIp, type TrustedProxies } from '../../../contracts/trusted-proxies';
import { TENANT_SLUG, type Config } from '../env';
import type { Db } from '../db/client';
import { getCustomerBySlug, type CustomerRow } from '../db/queries/customers';
import { safeEqual } from '../security/crypto';
import { HttpError, messages } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer this request acts for; every query is scoped to it. */
    tenant: CustomerRow;
    /** True when X-BFF-Secret matched: only then are X-Tenant and X-Forwarded-* believed. */
    fromTrustedProxy: boolean;
    clientIp: string;
    isHttps: boolean;
    /**
     * The browser's lasting id (the web app's signed `pulzus_device` cookie, checked by the BFF),
     * from X-Device-Id; null unless the BFF sent it. It spares a known browser the account-wide
     * login limit, so a client must not be able to name one itself.
     */
    deviceId: string | null;
  }
  interface FastifyContextConfig {
    /** false for routes that need no customer (signed media links). */
    tenant?: boolean;
  }
}

/** The web app's ids are random bytes in base64url (16 of them today); anything else names no device. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The browser's address as the BFF sent it: the last entry of its X-Forwarded-For that a trusted
 * proxy did not add after it (undefined when none is an IP address).
 */
export function bffClient(forwardedFor: string | undefined, proxies: TrustedProxies): string | undefined {
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  while (chain.length > 1 && isIP(chain.at(-1)!) && proxies.contains(chain.at(-1)!)) chain.pop();
  const last = chain.at(-1);
  return last && isIP(last) ? last : undefined;
}

export function registerTenantResolution(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  app.decorateRequest('tenant', null as unknown as CustomerRow);
  app.decorateRequest('fromTrustedProxy', false);
  app.decorateRequest('clientIp', '');
  app.decorateRequest('isHttps', false);
  app.decorateRequest('deviceId', null);

  app.addHook('onRequest', async (req) => {
    const secret = header(req, 'x-bff-secret');
    const trusted = secret !== undefined && safeEqual(secret, config.bffSecret);
    req.fromTrustedProxy = trusted;

    // The client's address keys the login and reset-link throttles and the request limit.
    // Through the BFF: the address it sent, the last entry of X-Forwarded-For once the hops added
    // after it by trusted proxies (a load balancer between the BFF and this instance) are skipped;
    // earlier entries are whatever the client claimed. Without the BFF secret (a browser's media
    // link, through the load balancer): the connection's address, or, when that is a trusted proxy,
    // the address the proxies say they had the request from. Only an IP address counts.
    const forwarded = header(req, 'x-forwarded-for');
    const peer = normalizeIp(req.socket.remoteAddress) ?? req.socket.remoteAddress ?? req.ip;
    req.clientIp = trusted
      ? bffClient(forwarded, config.trustedProxies) || peer
      : forwardedClient(peer, forwarded, config.trustedProxies);
    const forwardedProto = trusted ? header(req, 'x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
    req.isHttps = (forwardedProto ?? req.protocol) === 'https';
    const deviceId = trusted ? header(req, 'x-device-id')?.trim() : undefined;
    req.deviceId = deviceId && DEVICE_ID.test(deviceId) ? deviceId : null;

    if (req.routeOptions.config?.tenant === false) return;

    const requested = header(req, 'x-tenant');
    if (requested !== undefined && !trusted) throw new HttpError(403, messages.badProxy);
    const slug = (requested ?? config.defaultTenant).trim().toLowerCase();
    const customer = TENANT_SLUG.test(slug) ? await getCustomerBySlug(db, { slug }) : undefined;
    if (!customer) throw new HttpError(404, messages.unknownTenant);
    req.tenant = customer;
  });
}

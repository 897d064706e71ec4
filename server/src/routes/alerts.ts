import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_BANNER_KINDS,
  alertMessages,
  alertReadAnswerSchema,
  alertReadBodySchema,
  alertSettingsBodySchema,
  alertSettingsSchema,
  alertsPageSchema,
  ALERTS_PER_PAGE,
  alertTestAnswerSchema,
  pushConfigSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionDeleteBodySchema,
  type AlertSettings,
  type AlertsPage,
} from '../../../contracts/alerts';
import { okAnswerSchema } from '../../../contracts/answers';
import { messageSchema } from '../../../contracts/errors';
import { pageParamSchema } from '../../../contracts/pagination';
import { alertResource, enqueueNotice, getAlertSettings, putAlertSettings, unreadCount } from '../alerts/model';
import { isAllowedPushEndpoint } from '../alerts/push';
import type { AppContext } from '../context';
import { alerts, customers, pushSubscriptions } from '../db/schema';
import { HttpError, messages, ValidationError } from '../http/errors';

/**
 * Alerts (issue 40): the bell's list and its read marks, the shop's alert settings, this device's
 * push subscription, and the test notice. The bundled API's own calls (contracts/alerts.ts).
 */

/** The test notice ('Próba értesítés küldése'). */
export const TEST_NOTICE_TITLE = 'Próba értesítés';
export const TEST_NOTICE_BODY = 'Így érkeznek a Pulzus értesítései erre az eszközre és e-mailben.';

const pageQuerySchema = z.object({ page: pageParamSchema.shape.page.optional() });

export function registerAlertRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  const loginOf = (req: FastifyRequest) => {
    const session = req.session;
    if (!session || !req.user) throw new HttpError(401, messages.unauthenticated);
    return { sessionId: session.sessionId, userId: req.user.id };
  };

  // The web app shows the bell, the settings and push where the API answers them (an API without
  // them answers 404).
  const optional = { webApp: 'optional' } as const;

  app.get(
    '/api/alerts',
    { config: optional, schema: { querystring: pageQuerySchema, response: { 200: alertsPageSchema } } },
    async (req): Promise<AlertsPage> => {
      const customerId = req.tenant.id;
      const page = req.query.page ?? 1;
      const [totalRow] = await db.select({ n: count() }).from(alerts).where(eq(alerts.customerId, customerId));
      const total = Number(totalRow?.n ?? 0);
      const rows = await db
        .select()
        .from(alerts)
        .where(eq(alerts.customerId, customerId))
        .orderBy(desc(alerts.id))
        .limit(ALERTS_PER_PAGE)
        .offset((page - 1) * ALERTS_PER_PAGE);
      const open = await db
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.customerId, customerId),
            isNull(alerts.closedAt),
            inArray(alerts.kind, [...ALERT_BANNER_KINDS]),
          ),
        )
        .orderBy(desc(alerts.id));
      return {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / ALERTS_PER_PAGE)),
        data: rows.map(alertResource),
        unread: await unreadCount(db, customerId),
        open: open.map(alertResource),
      };
    },
  );

  /** `{ids}`: those (each must be this shop's, else 404); no ids: all of the shop's. */
  app.post(
    '/api/alerts/read',
    {
      config: optional,
      schema: { body: alertReadBodySchema, response: { 200: alertReadAnswerSchema, 404: messageSchema } },
    },
    async (req): Promise<{ unread: number }> => {
      const customerId = req.tenant.id;
      const ids = req.body.ids;
      if (ids && ids.length) {
        const unique = [...new Set(ids)];
        const [found] = await db
          .select({ n: count() })
          .from(alerts)
          .where(and(eq(alerts.customerId, customerId), inArray(alerts.id, unique)));
        if (Number(found?.n ?? 0) !== unique.length) throw new HttpError(404, messages.notFound);
        await db
          .update(alerts)
          .set({ readAt: sql`now()` })
          .where(and(eq(alerts.customerId, customerId), inArray(alerts.id, unique), isNull(alerts.readAt)));
      } else if (!ids) {
        await db
          .update(alerts)
          .set({ readAt: sql`now()` })
          .where(and(eq(alerts.customerId, customerId), isNull(alerts.readAt)));
      }
      return { unread: await unreadCount(db, customerId) };
    },
  );

  app.get(
    '/api/alert-settings',
    { config: optional, schema: { response: { 200: alertSettingsSchema } } },
    async (req): Promise<AlertSettings> => getAlertSettings(db, req.tenant.id),
  );

  app.post(
    '/api/alert-settings',
    { config: optional, schema: { body: alertSettingsBodySchema, response: { 200: alertSettingsSchema } } },
    async (req): Promise<AlertSettings> => {
      const settings: AlertSettings = { kinds: req.body.kinds, delay: req.body.delay, email: req.body.email };
      await putAlertSettings(db, req.tenant.id, settings);
      return getAlertSettings(db, req.tenant.id);
    },
  );

  /** One notice each enabled way: a mail to the caller (when e-mail is on), a push to this device. */
  app.post(
    '/api/alert-settings/test',
    { config: optional, schema: { response: { 200: alertTestAnswerSchema } } },
    async (req): Promise<{ sent: { mail: number; push: number } }> => {
      const login = loginOf(req);
      const customerId = req.tenant.id;
      const settings = await getAlertSettings(db, customerId);
      const [shop] = await db
        .select({ id: customers.id, name: customers.name, slug: customers.slug, timeZone: customers.timezone })
        .from(customers)
        .where(eq(customers.id, customerId));
      const mine = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.sessionId, login.sessionId)));
      const sent = await db.transaction((tx) =>
        enqueueNotice(tx, {
          shop: shop!,
          webUrl: config.webUrl,
          alertId: null,
          key: `test:${randomUUID()}`,
          notice: { title: TEST_NOTICE_TITLE, body: TEST_NOTICE_BODY, at: new Date(), steps: false },
          email: settings.email,
          steps: [],
          userIds: [login.userId],
          subscriptionIds: mine.map((s) => s.id),
        }),
      );
      ctx.alerts.outbox.kick();
      return { sent };
    },
  );

  app.get(
    '/api/push-config',
    { config: optional, schema: { response: { 200: pushConfigSchema } } },
    async (): Promise<{ public_key: string }> => ({ public_key: ctx.alerts.push.publicKey }),
  );

  /** This device login's subscription (the same endpoint again replaces its keys and owner). */
  app.post(
    '/api/push-subscriptions',
    { config: optional, schema: { body: pushSubscriptionBodySchema, response: { 201: okAnswerSchema } } },
    async (req, reply): Promise<{ ok: true }> => {
      const login = loginOf(req);
      const { endpoint, keys } = req.body;
      if (!isAllowedPushEndpoint(endpoint, config.pushServiceHosts)) {
        throw new ValidationError({ endpoint: [alertMessages.endpoint] });
      }
      const values = {
        customerId: req.tenant.id,
        userId: login.userId,
        sessionId: login.sessionId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } });
      reply.code(201);
      return { ok: true };
    },
  );

  /** Deletes this device login's subscription; another's (or another shop's) is a 404. */
  app.post(
    '/api/push-subscriptions/delete',
    {
      config: optional,
      schema: { body: pushSubscriptionDeleteBodySchema, response: { 200: okAnswerSchema, 404: messageSchema } },
    },
    async (req): Promise<{ ok: true }> => {
      const login = loginOf(req);
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, req.body.endpoint));
      if (!row) return { ok: true };
      if (row.customerId !== req.tenant.id || row.sessionId !== login.sessionId) {
        throw new HttpError(404, messages.notFound);
      }
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
      return { ok: true };
    },
  );
}

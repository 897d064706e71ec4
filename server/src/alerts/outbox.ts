import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { alertOutbox, pushSubscriptions } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { PushSender, SendOutcome } from './push';

/**
 * The outbox: every alert mail and push is a row first (written in the transaction that opens or
 * closes the alert), and any instance's worker sends it. A worker claims due rows with
 * FOR UPDATE SKIP LOCKED, so two instances never take the same row; the claim is committed
 * ('sending') before the send, so a crash mid-send leaves the row 'sending' and a later sweep calls
 * it 'unknown' rather than sending it again. A failure (an error answer, or no connection) is
 * retried up to ALERT_SEND_RETRIES times with growing waits; an unknown outcome (no answer in time
 * after the message went out) is not. The evaluator only writes rows: a slow or failing mail
 * server or push service never holds up an evaluation.
 */

/** A failed send is tried again at most this many times (so ALERT_SEND_RETRIES + 1 attempts). */
export const ALERT_SEND_RETRIES = 3;
/** Rows one claim takes. */
const CLAIM_BATCH = 50;
/** A row still 'sending' this long after its claim belonged to an instance that died: unknown. */
const STUCK_SENDING_MS = 10 * 60_000;

export interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

export type OutboxRow = typeof alertOutbox.$inferInsert;

export interface OutboxWorker {
  /** Sends what is due now, claiming as it goes, until nothing due is left; how many rows it handled. */
  drain(): Promise<number>;
  /** Asks the loop to drain soon (after an evaluation wrote rows). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export interface OutboxLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The wait before retry `attempt` (1-based): base, 3×base, 9×base. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return baseMs * 3 ** (attempt - 1);
}

/** Mail errors: an SMTP answer or no connection is a failure; no answer in time is unknown. */
function mailOutcome(err: unknown): SendOutcome {
  const e = err as { code?: string; responseCode?: number; message?: string };
  const error = `${e.responseCode ?? e.code ?? ''} ${e.message ?? String(err)}`.trim().slice(0, 500);
  if (typeof e.responseCode === 'number') return { kind: 'failed', error };
  if (err instanceof SendTimeout || e.code === 'ETIMEDOUT') return { kind: 'unknown', error };
  return { kind: 'failed', error };
}

class SendTimeout extends Error {
  code = 'ETIMEDOUT';
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SendTimeout(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createOutboxWorker({
  db,
  mailer,
  push,
  instance,
  retryBaseMs,
  sendTimeoutMs,
  pollMs = 2_000,
  log,
}: {
  db: Db;
  mailer: Mailer;
  push: PushSender;
  instance: string;
  retryBaseMs: number;
  sendTimeoutMs: number;
  pollMs?: number;
  log: OutboxLog;
}): OutboxWorker {
  async function claim(): Promise<Array<typeof alertOutbox.$inferSelect>> {
    const result = await db.execute(sql`
      UPDATE ${alertOutbox} SET status = 'sending', claimed_by = ${instance}, claimed_at = now(),
        attempts = ${alertOutbox.attempts} + 1
      WHERE ${alertOutbox.id} IN (
        SELECT id FROM ${alertOutbox}
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY id LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = (result as unknown as { rows: Array<{ id: string | number }> }).rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return db.select().from(alertOutbox).where(inArray(alertOutbox.id, ids));
  }

  async function sendOne(row: typeof alertOutbox.$inferSelect): Promise<void> {
    let outcome: SendOutcome;
    if (row.channel === 'mail') {
      try {
        await withTimeout(mailer.send(row.payload as unknown as MailPayload), sendTimeoutMs);
        outcome = { kind: 'sent' };
      } catch (err) {
        outcome = mailOutcome(err);
      }
    } else {
      const [sub] = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, Number(row.recipient)));
      // Unsubscribed (a logout, a 410 meanwhile) since the row was written: nothing to send to.
      outcome = sub ? await push.send(sub, row.payload) : { kind: 'gone', error: 'subscription deleted' };
      if (outcome.kind === 'gone' && sub) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    }
    const set: Partial<typeof alertOutbox.$inferInsert> = {};
    if (outcome.kind === 'sent') Object.assign(set, { status: 'sent', sentAt: new Date(), lastError: null });
    else if (outcome.kind === 'failed' && row.attempts <= ALERT_SEND_RETRIES) {
      Object.assign(set, {
        status: 'pending',
        lastError: outcome.error,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(retryBaseMs, row.attempts)),
      });
    } else Object.assign(set, { status: outcome.kind, lastError: outcome.error });
    if (outcome.kind !== 'sent') {
      log.warn({ outboxId: row.id, channel: row.channel, attempt: row.attempts, outcome }, 'alerts: send not done');
    }
    await db
      .update(alertOutbox)
      .set(set)
      .where(and(eq(alertOutbox.id, row.id), eq(alertOutbox.claimedBy, instance)));
  }

  async function sweep() {
    await db.execute(sql`
      UPDATE ${alertOutbox} SET status = 'unknown', last_error = 'the sending instance stopped mid-send'
      WHERE status = 'sending' AND claimed_at < now() - make_interval(secs => ${STUCK_SENDING_MS / 1000})`);
  }

  let draining: Promise<number> | undefined;
  async function drainOnce(): Promise<number> {
    let handled = 0;
    await sweep();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return handled;
      await Promise.all(
        rows.map((row) =>
          sendOne(row).catch((err: unknown) => log.error({ err, outboxId: row.id }, 'alerts: outbox send crashed')),
        ),
      );
      handled += rows.length;
    }
  }
  function drain(): Promise<number> {
    // One drain at a time per instance; a call during one waits for it and then drains again.
    const next = (draining ?? Promise.resolve(0)).then(
      () => drainOnce(),
      () => drainOnce(),
    );
    draining = next;
    return next;
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<unknown> | undefined;
  const schedule = (ms: number) => {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      loop = drain()
        .catch((err: unknown) => log.error({ err }, 'alerts: outbox drain failed'))
        .finally(() => schedule(pollMs));
    }, ms);
    timer.unref();
  };
  return {
    drain,
    kick: () => schedule(0),
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await loop;
    },
  };
}

import type { ZodType } from 'zod';
import { getApiBase } from './api-base-state';
import { noteAppVersion } from './app-version';
import { randomId } from './random-id';
import { resolveMediaUrls } from './media-urls';
import { noteLocalWrite } from './seed-time';
import { getSocketId } from './socket-id';

export type FieldErrors = Record<string, string[]>;

/** A non-2xx answer, with Laravel's `message` and per-field `errors` when the body had them. */
export class BrowserApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'BrowserApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects go as JSON; FormData is sent as is (uploads). */
  body?: unknown;
  /**
   * Optional check of the answer. The app's own calls leave it out and name the type instead
   * (`apiFetch<Player>(…)`): a contract schema here would pull zod into the browser bundle, and the
   * BFF's JSON is the contract's already.
   */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /**
   * The longest the call may take, answer and body included; past it the call rejects with a
   * `DeadlineError` (a hung server is then told from a slow one by the caller, as one that is away).
   */
  deadlineMs?: number;
  /**
   * A command that must be applied once (a player press): sent with a fresh `Idempotency-Key`, so a
   * repeat of this request (the browser or a proxy sending it again after a lost connection) is
   * answered by the API with the first answer instead of being applied again.
   */
  once?: boolean;
  /** The idempotency key itself, when several tries of one action must share it. */
  key?: string;
}

/** A call that got no whole answer within its `deadlineMs`. */
export class DeadlineError extends Error {
  constructor(path: string, ms: number) {
    super(`${path}: no answer within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readErrors(body: unknown): FieldErrors {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

/** A Laravel resource may arrive wrapped as `{data: …}`; paginators keep their other keys. */
function unwrap(body: unknown): unknown {
  if (isRecord(body) && Object.keys(body).length === 1 && 'data' in body) return body.data;
  return body;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(response.status, response.status === 204 ? '' : await response.text());
}

/** The one browser fetch wrapper: same origin (the BFF), cookies, JSON, version watch. */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, deadlineMs, once, key } = request;
  // A page seeded by a render read before this change must not write it over the cache (lib/api/seeded.ts).
  if (method !== 'GET') noteLocalWrite();
  const headers = apiHeaders();
  if (key !== undefined || once) headers.set('Idempotency-Key', key ?? randomId());

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  if (deadlineMs === undefined) {
    const response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
    noteAppVersion(response.headers.get('x-app-version'));
    return settle<T>(response.status, response.statusText, await readBody(response), schema);
  }
  // The deadline aborts the request (and frees the connection) as well as ending the wait.
  const deadline = new AbortController();
  const stop = () => deadline.abort();
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new DeadlineError(path, deadlineMs));
      deadline.abort();
    }, deadlineMs);
  });
  try {
    const answer = (async () => {
      const response = await fetch(path, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: deadline.signal,
      });
      noteAppVersion(response.headers.get('x-app-version'));
      return settle<T>(response.status, response.statusText, await readBody(response), schema);
    })();
    // The aborted request's own rejection, after the deadline's, is nobody's business.
    answer.catch(() => {});
    return await Promise.race([answer, expired]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** The request headers of every browser call: JSON answers, and this tab's socket (so its own echo is skipped). */
export function apiHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const socketId = getSocketId();
  if (socketId) headers.set('X-Socket-ID', socketId);
  return headers;
}

/** Reads an answer's body text: JSON when it parses, the text otherwise, null when empty. */
export function parseBody(status: number, text: string): unknown {
  if (status === 204 || !text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Turns an answer into the caller's value, or an BrowserApiError with Laravel's message and field errors. */
export function settle<T>(status: number, statusText: string, raw: unknown, schema?: ZodType<T>): T {
  const ok = status >= 200 && status < 300;
  // Media URLs an API sent relative to itself point at the API, not at this origin.
  const parsed = ok ? resolveMediaUrls(raw, getApiBase()) : raw;
  if (!ok) {
    const message = isRecord(parsed) && typeof parsed.message === 'string' ? parsed.message : statusText;
    throw new BrowserApiError(status, message, readErrors(parsed), parsed);
  }
  if (!schema) return unwrap(parsed) as T;
  const direct = schema.safeParse(parsed);
  if (direct.success) return direct.data;
  return schema.parse(unwrap(parsed));
}

/** The first message for a field, as every form shows it (SPEC.md §8). */
export function firstError(errors: FieldErrors | undefined, field: string): string | undefined {
  return errors?.[field]?.[0];
}

/** Field errors from anything a call threw; a network failure or non-422 gives a general message. */
export function errorsFrom(error: unknown, fallbackMessage: string): FieldErrors {
  if (error instanceof BrowserApiError && Object.keys(error.errors).length > 0) return error.errors;
  return { _general: [fallbackMessage] };
}

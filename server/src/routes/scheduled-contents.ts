import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PREVIEW_ENTRIES_MAX,
  SCHEDULED_CONTENTS_MAX,
  scheduledContentBodySchema,
  scheduledContentListSchema,
  scheduledContentMessages,
  scheduledContentSchema,
  schedulePreviewQuerySchema,
  schedulePreviewSchema,
  type ScheduledContent,
  type ScheduledContentInput,
  type SchedulePreview,
  type SchedulePreviewEntry,
  type SchedulerFrequency,
} from '../../../contracts/scheduled-contents';
import { trueAnswerSchema } from '../../../contracts/answers';
import { messageSchema } from '../../../contracts/errors';
import { idParamsSchema } from '../../../contracts/fields';
import type { MusicSourceType } from '../../../contracts/music-plan';
import { zoneMessages } from '../../../contracts/zones';
import type { AppContext } from '../context';
import { firstZone } from '../db/queries/zones';
import { transaction, type Db } from '../db/client';
import {
  countScheduledContentsLocked,
  createScheduledContent,
  deleteScheduledContent,
  getScheduledContent,
  listScheduledContents,
  lockScheduledContent,
  missingLinks,
  toggleScheduledContent,
  updateScheduledContent,
  type Links,
  type ScheduledContentBase,
  type ScheduledContentFields,
  type ReadInTurn,
  type ScheduledContentRow,
} from '../db/queries/scheduled-contents';
import { HttpError, messages, ValidationError, type FieldErrors } from '../http/errors';
import { sendJson } from '../http/json';
import { rowBeforeBody } from '../http/params';
import { laravelDate } from '../resources';
import {
  type CompiledHours,
  compileHours,
  firesBetween,
  isOpenAt,
  isoWithOffset,
  nextFireAt,
  openingBoundaries,
  type ScheduleRule,
  timeZoneOf,
} from '../../../contracts/time';
import { slices } from '../scheduler/slices';
import { blockRule, compilePlan, nextFireWhileOpen } from '../scheduler/day-plan';
import { musicEvents, type PreviewPlan, type PreviewSource } from '../scheduler/music-preview';
import {
  getMusicPlan,
  getOpeningHours,
  listMusicBlocks,
  sourceKey,
  sourceNames,
  type SourceRef,
} from '../db/queries/day-plan';
import { createPreviewCache, previewSlots } from '../scheduler/preview-cache';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** No opening hours set: always open. */
const ALWAYS_OPEN = compileHours({ week: [], exceptions: [] });

/** How long the item's spots play one after another. */
const spotsMs = (row: ScheduledContentRow) => row.spots.reduce((sum, s) => sum + s.duration, 0) * 1000;

export function ruleOf(row: ScheduledContentBase): ScheduleRule {
  return {
    frequency: row.frequency as SchedulerFrequency,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    between_from: row.betweenFrom,
    between_to: row.betweenTo,
    unless_between_from: row.unlessBetweenFrom,
    unless_between_to: row.unlessBetweenTo,
    monday: row.monday,
    tuesday: row.tuesday,
    wednesday: row.wednesday,
    thursday: row.thursday,
    friday: row.friday,
    saturday: row.saturday,
    sunday: row.sunday,
  };
}

/**
 * `hours`: the shop's compiled opening hours, which an item 'Csak nyitvatartási időben' fires only
 * inside (its `next_play_at` skips the closed minutes, as the runner does).
 */
function scheduledContentResource(
  row: ScheduledContentRow,
  now: number,
  timeZone: string,
  hours: CompiledHours,
  /** Next plays already found for the same rule (a list's items often share theirs). */
  memo = new Map<string, number | null>(),
): ScheduledContent {
  const rule = ruleOf(row);
  let next: number | null = null;
  if (row.active) {
    const key = `${row.onlyOpen ? 'open' : 'any'}:${JSON.stringify(rule)}`;
    const known = memo.get(key);
    next =
      known !== undefined
        ? known
        : row.onlyOpen
          ? nextFireWhileOpen(rule, now, timeZone, hours)
          : nextFireAt(rule, now, timeZone);
    memo.set(key, next);
  }
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    ...ruleOf(row),
    spots: row.spots.map(({ id, name }) => ({ id, name })),
    slideshows: row.slideshows,
    screens: row.screens,
    only_open: row.onlyOpen,
    all_zones: row.allZones,
    zones: row.zones,
    no_zone_left: !row.allZones && row.zones.length === 0,
    next_play_at: next === null ? null : isoWithOffset(next, timeZone),
    created_at: laravelDate(row.createdAt),
  };
}

/**
 * What fires in [now, now + hours), in time order (ties by item id), the earliest
 * PREVIEW_ENTRIES_MAX. `same_minute`: another item fires in that minute too; else `overrun`: the
 * item's spots play longer than the gap to the next fire of any item (itself included), a fire
 * just past the window counting too. An `only_open` item's fire in a minute the shop is closed
 * (`hours`, the shop's compiled opening hours) is listed `skipped`: it plays nothing, so it clashes
 * with nothing and no other fire clashes with it.
 *
 * A shop's items are many (up to SCHEDULED_CONTENTS_MAX) and may fire every minute, so the work is
 * bounded and sliced: fires are collected per minute of the window (no sort of every fire), and
 * the event loop gets a turn between slices (`pause`), so one shop's preview never holds the API.
 */
export async function buildPreview(
  rows: ScheduledContentRow[],
  now: number,
  windowHours: number,
  timeZone: string,
  pause: () => Promise<void> = slices(),
  hours: CompiledHours = ALWAYS_OPEN,
): Promise<SchedulePreviewEntry[]> {
  const until = now + windowHours * HOUR_MS;
  // The fires just past the window judge the last entries' overruns: look as far beyond it as the
  // longest spot list plays (spot lengths are real and capped). One past the cap per item is
  // enough to know every listed entry's next.
  const longestMs = Math.max(0, ...rows.map((row) => spotsMs(row)));
  const first = Math.ceil(now / MINUTE_MS) * MINUTE_MS;
  const end = until + longestMs + MINUTE_MS;
  const windowMinutes = Math.ceil((until - first) / MINUTE_MS);
  const byId = [...rows].sort((a, b) => a.id - b.id);
  // Items with the same rule fire at the same minutes: walk each rule once. Fires are kept as
  // minute indexes from `first`.
  const firesOfRule = new Map<string, Int32Array>();
  const firesOf: Int32Array[] = [];
  for (const row of byId) {
    const rule = ruleOf(row);
    const key = JSON.stringify(rule);
    let fires = firesOfRule.get(key);
    if (!fires) {
      const at = firesBetween(rule, now, end, timeZone, PREVIEW_ENTRIES_MAX + 1);
      fires = Int32Array.from(at, (ms) => Math.round((ms - first) / MINUTE_MS));
      firesOfRule.set(key, fires);
    }
    firesOf.push(fires);
    await pause();
  }
  const minutes = Math.max(1, Math.ceil((end - first) / MINUTE_MS) + 1);
  // Which minutes the shop is closed in (only asked when some item cares).
  const closed = new Uint8Array(minutes);
  if (!hours.alwaysOpen && byId.some((row) => row.onlyOpen)) {
    let open = isOpenAt(hours, first - MINUTE_MS, timeZone);
    let m = 0;
    for (const boundary of openingBoundaries(hours, first, first + minutes * MINUTE_MS, timeZone)) {
      const at = Math.round((boundary.at - first) / MINUTE_MS);
      if (!open) closed.fill(1, m, at);
      m = at;
      open = boundary.kind === 'open';
    }
    if (!open) closed.fill(1, m, minutes);
  }
  const skips = (row: ScheduledContentRow, m: number) => row.onlyOpen && closed[m] === 1;
  // How many items play in each minute (skipped fires do not), and how many are listed, over the
  // window and the look beyond it.
  const perMinute = new Int32Array(minutes);
  const listedPerMinute = new Int32Array(minutes);
  for (let r = 0; r < firesOf.length; r++) {
    const fires = firesOf[r]!;
    const row = byId[r]!;
    for (let i = 0; i < fires.length; i++) {
      listedPerMinute[fires[i]!]! += 1;
      if (!skips(row, fires[i]!)) perMinute[fires[i]!]! += 1;
    }
    await pause();
  }
  // The minute that holds the last listed entry: nothing after it is listed.
  let lastListed = -1;
  for (let m = 0, listed = 0; m < windowMinutes && listed < PREVIEW_ENTRIES_MAX; m++) {
    listed += listedPerMinute[m]!;
    if (listedPerMinute[m]! > 0) lastListed = m;
  }
  const nextFiring = (m: number): number | undefined => {
    for (let n = m + 1; n < perMinute.length; n++) if (perMinute[n]! > 0) return n;
    return undefined;
  };
  // The listed fires, minute by minute, each minute's items in id order.
  const listedAt = new Map<number, ScheduledContentRow[]>();
  byId.forEach((row, i) => {
    const fires = firesOf[i]!;
    for (let k = 0; k < fires.length && fires[k]! <= lastListed; k++) {
      const bucket = listedAt.get(fires[k]!);
      if (bucket) bucket.push(row);
      else listedAt.set(fires[k]!, [row]);
    }
  });
  const entries: SchedulePreviewEntry[] = [];
  for (const m of [...listedAt.keys()].sort((x, y) => x - y)) {
    const bucket = listedAt.get(m)!;
    const next = nextFiring(m);
    const gapMs = next === undefined ? Infinity : (next - m) * MINUTE_MS;
    const iso = isoWithOffset(first + m * MINUTE_MS, timeZone);
    for (const row of bucket) {
      if (entries.length >= PREVIEW_ENTRIES_MAX) break;
      const skipped = skips(row, m);
      entries.push({
        at: iso,
        scheduled_content_id: row.id,
        name: row.name,
        spots: row.spots,
        slideshows: row.slideshows,
        clash: skipped ? null : perMinute[m]! > 1 ? 'same_minute' : spotsMs(row) > gapMs ? 'overrun' : null,
        ...(skipped ? { skipped: true } : {}),
      });
    }
    await pause();
  }
  return entries;
}

/** The shop's music plan as the preview reads it; null while its switch is off. */
async function previewPlan(db: Db, customerId: number): Promise<PreviewPlan | null> {
  // The preview shows the first zone's plan (the shop's music as a client without zones knows it).
  const zone = await firstZone(db, { customerId });
  if (!zone) return null;
  const plan = await getMusicPlan(db, { customerId, zoneId: zone.id });
  if (!plan.enabled) return null;
  const blocks = await listMusicBlocks(db, { customerId, zoneId: zone.id });
  const fallbackRef: SourceRef | undefined =
    plan.defaultSourceType && plan.defaultSourceId !== null
      ? { type: plan.defaultSourceType as MusicSourceType, id: plan.defaultSourceId }
      : undefined;
  const refs: SourceRef[] = blocks.map((b) => ({ type: b.sourceType as MusicSourceType, id: b.sourceId }));
  const names = await sourceNames(db, { customerId, sources: fallbackRef ? [...refs, fallbackRef] : refs });
  const named = (ref: SourceRef | undefined): PreviewSource | undefined => {
    const name = ref && names.get(sourceKey(ref.type, ref.id));
    return ref && name !== undefined ? { ...ref, name } : undefined;
  };
  const fallback = named(fallbackRef);
  return {
    plan: compilePlan(blocks.map(blockRule)),
    // A block whose playlist was deleted plays the default source.
    blocks: new Map(blocks.map((b, i) => [b.id, { source: named(refs[i]) ?? fallback, volume: b.volume }])),
    fallback,
  };
}

/**
 * Scheduled content ('Ütemezés', SPEC.md §3, §7): list, preview, create, update, toggle, delete.
 * The body's rules are `scheduledContentBodySchema` (contracts); whether the linked ids are this
 * shop's is checked in the writing transaction, with the linked rows share-locked. The runner
 * (scheduler/) reads the same tables to fire them.
 */
export function registerScheduledContentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const byId = <T extends z.ZodType>(answer: T) => ({
    schema: { params: idParamsSchema, response: { 200: answer, 404: messageSchema } },
  });
  const previews = createPreviewCache(db, previewSlots({ db, kind: ctx.databaseKind }));

  /** The shop's opening hours when an item of `rows` needs them for its next play, else always open. */
  const hoursFor = async (customerId: number, rows: ScheduledContentRow[]): Promise<CompiledHours> =>
    rows.some((row) => row.active && row.onlyOpen)
      ? compileHours(await getOpeningHours(db, { customerId }))
      : ALWAYS_OPEN;

  const answer = async (req: FastifyRequest, id: number): Promise<ScheduledContent> => {
    const row = await getScheduledContent(db, { customerId: req.tenant.id, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return scheduledContentResource(row, ctx.clock(), timeZoneOf(req.tenant), await hoursFor(req.tenant.id, [row]));
  };

  /** 422 under each list holding an id that is not this shop's (inside the transaction: it rolls back). */
  const checkLinks = async (tx: Db, customerId: number, links: Links) => {
    const missing = await missingLinks(tx, { customerId, links });
    const errors: FieldErrors = {};
    for (const key of ['spots', 'slideshows', 'screens'] as const) {
      if (missing[key].length) errors[key] = [scheduledContentMessages.unknown];
    }
    if (missing.zones.length) errors.zones = [zoneMessages.zoneUnknown];
    if (Object.keys(errors).length) throw new ValidationError(errors);
  };

  /**
   * 'Zónák': `all_zones` absent means every zone on a new item, as it was on an update (a list of
   * zones sent alone means those zones); not every zone needs at least one (422 under zones).
   */
  const zonesOf = (
    body: ScheduledContentInput,
    current: { allZones: boolean; zones: number[] } | undefined,
  ): { allZones: boolean; zones: number[] } => {
    const allZones = body.all_zones ?? (body.zones?.length ? false : (current?.allZones ?? true));
    const zones = allZones ? [] : (body.zones ?? current?.zones ?? []);
    if (!allZones && !zones.length) throw new ValidationError({ zones: [zoneMessages.zonesEmpty] });
    return { allZones, zones };
  };

  const parse = (body: ScheduledContentInput) => {
    const fields: Omit<ScheduledContentFields, 'active' | 'onlyOpen' | 'allZones'> = {
      name: body.name,
      frequency: body.frequency,
      dateFrom: body.date_from,
      dateTo: body.date_to,
      betweenFrom: body.between_from,
      betweenTo: body.between_to,
      unlessBetweenFrom: body.unless_between_from,
      unlessBetweenTo: body.unless_between_to,
      monday: body.monday,
      tuesday: body.tuesday,
      wednesday: body.wednesday,
      thursday: body.thursday,
      friday: body.friday,
      saturday: body.saturday,
      sunday: body.sunday,
    };
    const links: Omit<Links, 'zones'> = { spots: body.spots, slideshows: body.slideshows, screens: body.screens };
    return { fields, active: body.active, onlyOpen: body.only_open, links };
  };

  app.get(
    '/api/scheduled-contents',
    { schema: { response: { 200: scheduledContentListSchema } } },
    async (req): Promise<ScheduledContent[]> => {
      const rows = await listScheduledContents(db, { customerId: req.tenant.id });
      const now = ctx.clock();
      const timeZone = timeZoneOf(req.tenant);
      const hours = await hoursFor(req.tenant.id, rows);
      const memo = new Map<string, number | null>();
      return rows.map((row) => scheduledContentResource(row, now, timeZone, hours, memo));
    },
  );

  /**
   * Each of the preview's reads after a turn of the event loop; on PGlite, which runs every query
   * on this thread, also one preview read at a time: two builds' reads queued together would run
   * back to back as one block, with no other request's turn between them.
   */
  let readQueue: Promise<unknown> = Promise.resolve();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const inTurn: ReadInTurn =
    ctx.databaseKind === 'pglite'
      ? (read) => {
          const run = readQueue.then(turn).then(read);
          readQueue = run.catch(() => undefined);
          return run;
        }
      : (read) => turn().then(read);

  /**
   * The window's fires and music events, as every request within its first minute sees them (each
   * read in its turn, and the event loop gets turns while the fires are collected).
   */
  const readPreview = async (customerId: number, timeZone: string, startMinute: number, hours: number) => {
    const rows = await listScheduledContents(db, { customerId, activeOnly: true, inTurn });
    const opening = compileHours(await inTurn(() => getOpeningHours(db, { customerId })));
    const plan = await inTurn(() => previewPlan(db, customerId));
    const fires = await buildPreview(rows, startMinute, hours, timeZone, undefined, opening);
    return { fires, music: musicEvents(opening, plan, startMinute, startMinute + hours * HOUR_MS, timeZone) };
  };

  /**
   * `from` and `until` are the request's; the fires and music events are those of the window's first
   * minute (the same within it: fires and boundaries fall on whole minutes), answered through the
   * preview cache: kept per shop and window while the shop's schedule version stands, at most
   * PREVIEW_SLOTS builds of a shop at once across every instance, else 429 (scheduler/preview-cache.ts).
   */
  app.get(
    '/api/scheduled-contents/preview',
    // 429: the shop's preview builds are all taken (scheduler/preview-cache.ts).
    { schema: { querystring: schedulePreviewQuerySchema, response: { 200: schedulePreviewSchema } } },
    async (req, reply) => {
      const { hours } = req.query;
      const customerId = req.tenant.id;
      const timeZone = timeZoneOf(req.tenant);
      const now = ctx.clock();
      const startMinute = Math.ceil(now / MINUTE_MS) * MINUTE_MS;
      const json = await previews.answer({ customerId, timeZone, startMinute, hours }, () =>
        readPreview(customerId, timeZone, startMinute, hours),
      );
      const window: Pick<SchedulePreview, 'from' | 'until'> = {
        from: isoWithOffset(now, timeZone),
        until: isoWithOffset(now + hours * HOUR_MS, timeZone),
      };
      // `{"from":…,"until":…,` and the kept `{"fires":…,"music":…}` without its opening brace.
      return (
        reply
          .type('application/json; charset=utf-8')
          // Already JSON (the schema's shape): sent as it is, not through the schema's serializer.
          .send(
            Buffer.concat([
              Buffer.from(`${JSON.stringify(window).slice(0, -1)},`),
              json.subarray(1),
            ]) as unknown as SchedulePreview,
          )
      );
    },
  );

  app.post(
    '/api/scheduled-contents',
    { schema: { body: scheduledContentBodySchema, response: { 201: scheduledContentSchema } } },
    async (req, reply): Promise<ScheduledContent> => {
      const { fields, active, onlyOpen, links } = parse(req.body);
      const customerId = req.tenant.id;
      const row = await transaction(db, async (tx) => {
        // Under the name: the form's first field, where the refusal is seen.
        if ((await countScheduledContentsLocked(tx, { customerId })) >= SCHEDULED_CONTENTS_MAX) {
          throw new ValidationError({ name: [scheduledContentMessages.limit] });
        }
        const { allZones, zones } = zonesOf(req.body, undefined);
        await checkLinks(tx, customerId, { ...links, zones });
        return createScheduledContent(tx, {
          customerId,
          fields: { ...fields, active: active ?? true, onlyOpen: onlyOpen ?? true, allZones },
          links: { ...links, zones },
        });
      });
      reply.code(201);
      return answer(req, row.id);
    },
  );

  /** Overwrites every field and list; `active` absent keeps the current state. The body's `id` is the path's. */
  // The body is judged once the row is found: a foreign id is 404 before any word about the fields.
  const update = {
    preValidation: rowBeforeBody(
      'id',
      async (req, id) => !!(await getScheduledContent(db, { customerId: req.tenant.id, id })),
    ),
    schema: {
      params: idParamsSchema,
      body: scheduledContentBodySchema,
      response: { 200: scheduledContentSchema, 404: messageSchema },
    },
  };
  app.post('/api/scheduled-contents/:id', update, async (req): Promise<ScheduledContent> => {
    const { id } = req.params;
    const customerId = req.tenant.id;
    const { fields, active, onlyOpen, links } = parse(req.body);
    await transaction(db, async (tx) => {
      const current = await lockScheduledContent(tx, { customerId, id });
      if (!current) throw new HttpError(404, messages.notFound);
      const linked = (await getScheduledContent(tx, { customerId, id }))?.zones.map((z) => z.id) ?? [];
      const { allZones, zones } = zonesOf(req.body, { allZones: current.allZones, zones: linked });
      await checkLinks(tx, customerId, { ...links, zones });
      await updateScheduledContent(tx, {
        customerId,
        id,
        fields: { ...fields, active: active ?? current.active, onlyOpen: onlyOpen ?? current.onlyOpen, allZones },
        links: { ...links, zones },
      });
    });
    return answer(req, id);
  });

  app.post(
    '/api/scheduled-contents/toggle/:id',
    byId(scheduledContentSchema),
    async (req): Promise<ScheduledContent> => {
      const row = await toggleScheduledContent(db, { customerId: req.tenant.id, id: req.params.id });
      if (!row) throw new HttpError(404, messages.notFound);
      return answer(req, row.id);
    },
  );

  /** SPEC sends the form field `id` too; the path's id is the one deleted. Bare `true`, like the other deletes. */
  app.post('/api/scheduled-contents/delete/:id', byId(trueAnswerSchema), async (req, reply) => {
    const row = await deleteScheduledContent(db, { customerId: req.tenant.id, id: req.params.id });
    if (!row) throw new HttpError(404, messages.notFound);
    return sendJson(reply, true);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Setting } from '../../../contracts/auth';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import { idParamsSchema } from '../../../contracts/fields';
import {
  SETTING_LOGO,
  SETTING_TIMEZONE,
  settingBodySchema,
  settingKeyBodySchema,
  settingListSchema,
  settingMessages,
  settingSchema,
  settingValueSchema,
} from '../../../contracts/settings';
import type { AppContext } from '../context';
import { transaction } from '../db/client';
import { setCustomerTimeZone } from '../db/queries/customers';
import { getSetting, listShopSettings, lockSetting, updateSetting, type SettingRow } from '../db/queries/settings';
import { HttpError, messages } from '../http/errors';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { settingResource } from '../resources';
import { collect, schemaErrorsOf, throwIfAny } from '../http/validation';

/**
 * The shop's settings (SPEC.md §7 Settings): every shop has `logo` (a file) and `timezone` (an IANA
 * zone, kept equal to `customers.timezone`, which the scheduler reads). A row is found within the
 * shop only, so another shop's id is a 404. The body's `id` is ignored: the path's counts.
 */
export function registerSettingRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;

  /** `customers.timezone` is what the scheduler uses, so the timezone row shows that. */
  const resource = (req: FastifyRequest, row: SettingRow): Setting => {
    const setting = settingResource(storage, row);
    return row.key === SETTING_TIMEZONE ? { ...setting, value: req.tenant.timezone } : setting;
  };

  const existsOr404 = async (req: FastifyRequest, id: number) => {
    const row = await getSetting(db, { customerId: req.tenant.id, id });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  app.get('/api/settings', { schema: { response: { 200: settingListSchema } } }, async (req): Promise<Setting[]> => {
    const rows = await listShopSettings(db, { customerId: req.tenant.id });
    return rows.map((row) => resource(req, row));
  });

  const refused = { 404: messageSchema, 422: validationErrorSchema };

  /** Form or JSON `id, key, value`; the value is judged by the row's key. Answers the Setting. */
  const update = {
    attachValidation: true,
    schema: { params: idParamsSchema, body: settingBodySchema, response: { 200: settingSchema, ...refused } },
  };
  app.post('/api/settings/:id', update, async (req): Promise<Setting> => {
    // The schema's verdict on `key` (`attachValidation`: the row is found first, a foreign id is
    // 404 before any word about the fields); a good key must also be the row's.
    const errors = schemaErrorsOf(req);
    const row = await existsOr404(req, req.params.id);
    if (!errors.key && req.body.key !== row.key) errors.key = [settingMessages.keyMismatch];
    // The value's rule is the row's key's, and the row is the database's, not the request's: the one
    // input judged in the handler, reported together with the key's errors.
    const body = collect(settingValueSchema(row.key), { value: req.body.value }, errors);
    throwIfAny(errors);
    const value = body!.value as string | null;
    const customerId = req.tenant.id;
    const saved = await transaction(db, async (tx) => {
      const updated = await updateSetting(tx, { customerId, id: row.id, value });
      if (!updated) throw new HttpError(404, messages.notFound);
      if (row.key === SETTING_TIMEZONE) await setCustomerTimeZone(tx, { customerId, timezone: value! });
      return updated;
    });
    if (row.key === SETTING_TIMEZONE) req.tenant = { ...req.tenant, timezone: value! };
    return resource(req, saved);
  });

  /**
   * Multipart `id, key, file`: the logo (JPEG or PNG by content, at most UPLOAD_IMAGE_MAX_MB). The
   * new file is stored and the row committed before the old file goes, so a refusal or a failure
   * leaves the old logo as it was. Answers the Setting with its new signed `url`. The key is the
   * schema's (a form field beside the file); the file streams to storage (http/uploads.ts) and is
   * judged here, both reported in one 422.
   */
  const upload = {
    config: { upload: 'image' },
    attachValidation: true,
    schema: { params: idParamsSchema, body: settingKeyBodySchema, response: { 200: settingSchema, ...refused } },
  } as const;
  app.post('/api/settings/file/:id', upload, async (req): Promise<Setting> => {
    // The schema's verdict on `key` (`attachValidation`: the row is found first, a foreign id is
    // 404 before any word about the fields); a good key must also be the row's.
    const errors = schemaErrorsOf(req);
    const row = await existsOr404(req, req.params.id);
    if (!errors.key && req.body.key !== row.key) errors.key = [settingMessages.keyMismatch];
    if (!errors.key && row.key !== SETTING_LOGO) errors.key = [settingMessages.notFile];
    const file = collectUpload(req, errors, { required: true });
    throwIfAny(errors);
    const customerId = req.tenant.id;
    const { saved, old } = await keepUpload(
      req,
      storage,
      file!,
      uploadPath('logos', customerId, file!.type),
      (filePath) =>
        transaction(db, async (tx) => {
          const locked = await lockSetting(tx, { customerId, id: row.id });
          if (!locked) throw new HttpError(404, messages.notFound);
          const saved = await updateSetting(tx, { customerId, id: row.id, value: null, filePath });
          return { saved: saved!, old: locked.filePath };
        }),
    );
    await removeAfterCommit(req, storage, [old]);
    return resource(req, saved);
  });
}

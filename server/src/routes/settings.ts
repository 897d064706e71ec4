import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Setting } from '../../../contracts/auth';
import {
  SETTING_LOGO,
  SETTING_TIMEZONE,
  settingKeyBodySchema,
  settingMessages,
  settingValueSchema,
} from '../../../contracts/settings';
import type { AppContext } from '../context';
import { transaction } from '../db/client';
import { setCustomerTimeZone } from '../db/queries/customers';
import { getSetting, listShopSettings, lockSetting, updateSetting, type SettingRow } from '../db/queries/settings';
import { HttpError, messages, type FieldErrors } from '../http/errors';
import { idParam } from '../http/params';
import { bodyOf } from '../http/request';
import { collectUpload, keepUpload, removeAfterCommit, uploadPath } from '../http/uploads';
import { settingResource } from '../resources';
import { collect, throwIfAny } from '../http/validation';

/**
 * The shop's settings (SPEC.md §7 Settings): every shop has `logo` (a file) and `timezone` (an IANA
 * zone, kept equal to `customers.timezone`, which the scheduler reads). A row is found within the
 * shop only, so another shop's id is a 404. The body's `id` is ignored: the path's counts.
 */
export function registerSettingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, storage } = ctx;
  type P = { Params: { id: string } };

  /** `customers.timezone` is what the scheduler uses, so the timezone row shows that. */
  const resource = (req: FastifyRequest, row: SettingRow): Setting => {
    const setting = settingResource(storage, row);
    return row.key === SETTING_TIMEZONE ? { ...setting, value: req.tenant.timezone } : setting;
  };

  const existsOr404 = async (req: FastifyRequest<P>) => {
    const row = await getSetting(db, { customerId: req.tenant.id, id: idParam(req.params.id) });
    if (!row) throw new HttpError(404, messages.notFound);
    return row;
  };

  /** The body's `key`, which must be the row's (else `errors.key`). */
  const checkKey = (req: FastifyRequest, row: SettingRow, errors: FieldErrors) => {
    const body = collect(settingKeyBodySchema, bodyOf(req), errors);
    if (body && body.key !== row.key) errors.key = [settingMessages.keyMismatch];
  };

  app.get('/api/settings', async (req): Promise<Setting[]> => {
    const rows = await listShopSettings(db, { customerId: req.tenant.id });
    return rows.map((row) => resource(req, row));
  });

  /** Form or JSON `id, key, value`; the value is judged by the row's key. Answers the Setting. */
  app.post<P>('/api/settings/:id', async (req): Promise<Setting> => {
    const row = await existsOr404(req);
    const errors: FieldErrors = {};
    checkKey(req, row, errors);
    const body = collect(settingValueSchema(row.key), { value: bodyOf(req).value }, errors);
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
   * leaves the old logo as it was. Answers the Setting with its new signed `url`.
   */
  app.post<P>('/api/settings/file/:id', { config: { upload: 'image' } }, async (req): Promise<Setting> => {
    const row = await existsOr404(req);
    const errors: FieldErrors = {};
    checkKey(req, row, errors);
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

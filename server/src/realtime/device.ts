import { UAParser } from 'ua-parser-js';
import type { Device, DeviceType } from '../../../contracts/realtime';

/**
 * The Device of a presence member from the User-Agent (the BFF forwards the browser's). Laravel
 * apps fill these fields from a browser-detect package (device type, model, family); ua-parser-js
 * is the maintained equivalent here. Desktop browsers rarely name their hardware, so the model
 * falls back to the browser and the family to the operating system, to keep both readable.
 */
const UNKNOWN = 'Ismeretlen';

export function deviceFromUserAgent(id: string, userAgent: string | undefined): Device {
  const ua = new UAParser(userAgent ?? '').getResult();
  const kind = ua.device.type;
  const type: DeviceType = kind === 'tablet' ? 'tablet' : kind === 'mobile' ? 'mobile' : 'desktop';
  const model = ua.device.model || ua.browser.name || UNKNOWN;
  const family = ua.device.vendor || ua.os.name || UNKNOWN;
  return { id, type, device_model: model, device_family: family };
}

/** The label a person reads for an unnamed device: 'Chrome · Windows' (as the web app's device list). */
export function deviceLabelOf(device: Pick<Device, 'device_model' | 'device_family'>): string {
  const model = device.device_model.trim();
  const family = device.device_family.trim();
  if (model && family && model !== family) return `${model} · ${family}`;
  return model || family || UNKNOWN;
}

import {
  ALERT_CLOSED_EVENT,
  ALERT_OPENED_EVENT,
  OUTPUT_CHANGED_EVENT,
  DEVICE_RENAMED_EVENT,
  DEVICE_ZONE_EVENT,
  PLAY_SOUND_EVENT,
  PLAY_SPOTS_EVENT,
  SCREEN_UPDATED_EVENT,
  SHOW_SLIDESHOW_EVENT,
  UPDATE_PLAYER_EVENT,
} from '@/contracts/names';

/** Echo's default event namespace (Laravel's `App\Events`). */
export const ECHO_NAMESPACE = 'App.Events';

/**
 * The names this app passes to Echo's `listen()`. Laravel broadcasts without `broadcastAs()`, so
 * the wire name is the class name and Echo adds the namespace (CONTRACTS.md §1.7).
 */
export const LISTEN = {
  updatePlayer: 'UpdatePlayer',
  playSpots: 'PlaySpots',
  playSound: 'PlaySound',
  outputChanged: 'OutputChanged',
  // Alerts, on the player channel too (the bundled API only).
  alertOpened: 'AlertOpened',
  alertClosed: 'AlertClosed',
  // On the shop's presence channel (the bundled API only).
  deviceRenamed: 'DeviceRenamed',
  // The zone a device steers (issue 43).
  deviceZone: 'DeviceZoneChanged',
  // On a screen's public channel `screen.{hash_id}`.
  screenUpdated: 'ScreenUpdated',
  showSlideshow: 'ShowSlideshow',
} as const;

/**
 * The wire name Echo binds for a `listen()` name, as Echo's EventFormatter does it: a leading `.`
 * or `\` means "exactly this name"; otherwise the namespace is prefixed and dots become
 * backslashes. Kept here so a test can prove our names match what the server sends.
 */
export function wireEventName(listenName: string, namespace: string | false = ECHO_NAMESPACE): string {
  if (listenName.startsWith('.') || listenName.startsWith('\\')) return listenName.slice(1);
  const full = namespace ? `${namespace}.${listenName}` : listenName;
  return full.replace(/\./g, '\\');
}

/** The server's wire names, keyed like LISTEN. */
export const WIRE = {
  updatePlayer: UPDATE_PLAYER_EVENT,
  playSpots: PLAY_SPOTS_EVENT,
  playSound: PLAY_SOUND_EVENT,
  outputChanged: OUTPUT_CHANGED_EVENT,
  alertOpened: ALERT_OPENED_EVENT,
  alertClosed: ALERT_CLOSED_EVENT,
  deviceRenamed: DEVICE_RENAMED_EVENT,
  deviceZone: DEVICE_ZONE_EVENT,
  screenUpdated: SCREEN_UPDATED_EVENT,
  showSlideshow: SHOW_SLIDESHOW_EVENT,
} as const;

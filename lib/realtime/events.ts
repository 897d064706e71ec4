import type { OutputChangedEvent, Player, PlayerSound } from '@/contracts';
import type { AlertEvent } from '@/contracts/alerts';

/**
 * What the transport hands its one subscriber: typed, read events and the moments to fetch the
 * state again. The transport knows nothing of what they do. Pass a stable object (memoised on the
 * store): a new one reconnects.
 */
export interface RealtimeEvents {
  /** Events may have been missed (a reconnect, a wake-up, a new subscription, a poll tick): fetch again. */
  missed(): Promise<unknown>;
  /** UpdatePlayer: a state another device caused. */
  player(player: Player): void;
  /** OutputChanged: what the audio device reports it really does (the bundled API only). */
  output(event: OutputChangedEvent): void;
  /** PlaySpots, or a PlaySound as a list of one. */
  sounds(items: PlayerSound[]): void;
  /** AlertOpened / AlertClosed: an alert of the shop opened or closed (the bundled API only). */
  alert(event: AlertEvent): void;
  /** A 4009 close after which /api/me said 401: this login is over; the page leaves once it settles. */
  loginEnded(): Promise<void>;
}

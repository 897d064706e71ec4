import { DEVICE_ZONE_EVENT, type DeviceZoneEvent } from '../../../contracts/zones';
import {
  OUTPUT_CHANGED_EVENT,
  DEVICE_RENAMED_EVENT,
  PLAY_SOUND_EVENT,
  PLAY_SPOTS_EVENT,
  privatePlayerChannel,
  UPDATE_PLAYER_EVENT,
  SCREEN_UPDATED_EVENT,
  SHOW_SLIDESHOW_EVENT,
  screenChannelName,
  type OutputChangedEvent,
  presenceCustomerChannel,
  type DeviceRenamedEvent,
  type PlayerSound,
  type PlaySoundEvent,
  type PlaySpotsEvent,
  type UpdatePlayerEvent,
} from '../../../contracts/realtime';
import type { Player } from '../../../contracts/player';
import type { ShowSlideshowEvent } from '../../../contracts/screens';
import type { PlayerService } from '../player/service';
import type { Broadcaster, BroadcastOptions } from './broadcaster';

/** The app's events, as Laravel would broadcast them (wire names App\Events\…, payload = public props). */
export interface RealtimeEvents {
  /** `App\Events\UpdatePlayer` `{player}` on `private-player.{id}`. */
  updatePlayer(player: Player, options?: BroadcastOptions): Promise<void>;
  /**
   * `App\Events\OutputChanged` `{player_id, session_id, output}` on `private-player.{id}`: the audio
   * device's report of what it does (no UpdatePlayer: the player's version stays).
   */
  outputChanged(player: Player, options?: BroadcastOptions): Promise<void>;
  /** `App\Events\PlaySpots` `{spots}` to every player of the customer (the scheduler calls this). */
  playSpots(customerId: number, spots: PlayerSound[], options?: BroadcastOptions): Promise<void>;
  /**
   * The same event to players already looked up: the scheduler reads the players of every shop
   * due in a minute with one query instead of one per item.
   */
  playSpotsToPlayers(playerIds: number[], spots: PlayerSound[], options?: BroadcastOptions): Promise<void>;
  /**
   * `App\Events\PlaySound` `{sound}` on `private-player.{playerId}`. The caller has checked that
   * the player belongs to the customer (routes go through `ctx.players.get` first).
   */
  playSound(playerId: number, sound: PlayerSound, options?: BroadcastOptions): Promise<void>;
  /**
   * `App\Events\ScreenUpdated` `{}` on the public `screen.{hashId}` of each screen: its name or
   * default slideshow (or that slideshow's images) changed, so its page refetches.
   */
  screenUpdated(hashIds: string[], options?: BroadcastOptions): Promise<void>;
  /**
   * `App\Events\ShowSlideshow` `{slideshow_ids, once: true}` on the public `screen.{hashId}` of
   * each screen (the scheduler calls this): the page plays them for one pass, then its default.
   */
  showSlideshow(hashIds: string[], slideshowIds: number[], options?: BroadcastOptions): Promise<void>;
  /**
   * `App\Events\DeviceRenamed` `{id, name}` on the shop's `presence-customer.{id}`, which every
   * device of the shop has joined: each updates its device list at once.
   */
  deviceRenamed(customerId: number, event: DeviceRenamedEvent, options?: BroadcastOptions): Promise<void>;
  /** DEVICE_ZONE_EVENT `{id, zone_id}` on the shop's presence channel: the device now steers that zone. */
  deviceZoneChanged(customerId: number, event: DeviceZoneEvent, options?: BroadcastOptions): Promise<void>;
}

export function createRealtimeEvents(broadcaster: Broadcaster, players: PlayerService): RealtimeEvents {
  return {
    async updatePlayer(player, options) {
      const payload: UpdatePlayerEvent = { player };
      await broadcaster.trigger([privatePlayerChannel(player.id)], UPDATE_PLAYER_EVENT, payload, options);
    },
    async outputChanged(player, options) {
      if (!player.output || !player.session_id) return;
      const payload: OutputChangedEvent = {
        player_id: player.id,
        session_id: player.session_id,
        output: player.output,
      };
      await broadcaster.trigger([privatePlayerChannel(player.id)], OUTPUT_CHANGED_EVENT, payload, options);
    },
    async playSpots(customerId, spots, options) {
      const list = await players.list({ customerId, sessionId: null });
      const payload: PlaySpotsEvent = { spots };
      await broadcaster.trigger(
        list.map((p) => privatePlayerChannel(p.id)),
        PLAY_SPOTS_EVENT,
        payload,
        options,
      );
    },
    async playSpotsToPlayers(playerIds, spots, options) {
      if (!playerIds.length) return;
      const payload: PlaySpotsEvent = { spots };
      await broadcaster.trigger(playerIds.map(privatePlayerChannel), PLAY_SPOTS_EVENT, payload, options);
    },
    async screenUpdated(hashIds, options) {
      if (!hashIds.length) return;
      await broadcaster.trigger(hashIds.map(screenChannelName), SCREEN_UPDATED_EVENT, {}, options);
    },
    async showSlideshow(hashIds, slideshowIds, options) {
      if (!hashIds.length || !slideshowIds.length) return;
      const payload: ShowSlideshowEvent = { slideshow_ids: slideshowIds, once: true };
      await broadcaster.trigger(hashIds.map(screenChannelName), SHOW_SLIDESHOW_EVENT, payload, options);
    },
    async playSound(playerId, sound, options) {
      const payload: PlaySoundEvent = { sound };
      await broadcaster.trigger([privatePlayerChannel(playerId)], PLAY_SOUND_EVENT, payload, options);
    },
    async deviceRenamed(customerId, event, options) {
      await broadcaster.trigger([presenceCustomerChannel(customerId)], DEVICE_RENAMED_EVENT, event, options);
    },
    async deviceZoneChanged(customerId, event, options) {
      await broadcaster.trigger([presenceCustomerChannel(customerId)], DEVICE_ZONE_EVENT, event, options);
    },
  };
}

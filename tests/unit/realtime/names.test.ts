import { EventFormatter } from 'laravel-echo';
import {
  customerChannelName,
  playerChannelName,
  presenceCustomerChannel,
  privatePlayerChannel,
  UPDATE_PLAYER_EVENT,
  PLAY_SPOTS_EVENT,
  PLAY_SOUND_EVENT,
  SCREEN_UPDATED_EVENT,
  SHOW_SLIDESHOW_EVENT,
} from '@/contracts';
import { echoOptions } from '@/lib/realtime/echo';
import { ECHO_NAMESPACE, LISTEN, WIRE, wireEventName } from '@/lib/realtime/names';

describe('event names', () => {
  test('our listen names bind exactly the wire names the server broadcasts', () => {
    expect(wireEventName(LISTEN.updatePlayer)).toBe('App\\Events\\UpdatePlayer');
    expect(wireEventName(LISTEN.updatePlayer)).toBe(UPDATE_PLAYER_EVENT);
    expect(wireEventName(LISTEN.playSpots)).toBe(PLAY_SPOTS_EVENT);
    expect(wireEventName(LISTEN.playSound)).toBe(PLAY_SOUND_EVENT);
    expect(wireEventName(LISTEN.screenUpdated)).toBe(SCREEN_UPDATED_EVENT);
    expect(wireEventName(LISTEN.showSlideshow)).toBe(SHOW_SLIDESHOW_EVENT);
  });

  test('the mapping agrees with Echo’s own formatter', () => {
    const formatter = new EventFormatter(ECHO_NAMESPACE);
    for (const key of Object.keys(LISTEN) as (keyof typeof LISTEN)[]) {
      expect(formatter.format(LISTEN[key])).toBe(WIRE[key]);
      expect(wireEventName(LISTEN[key])).toBe(formatter.format(LISTEN[key]));
    }
    expect(wireEventName('.player.updated')).toBe(formatter.format('.player.updated'));
    expect(wireEventName('\\App\\Events\\PlaySpots')).toBe(formatter.format('\\App\\Events\\PlaySpots'));
  });

  test('channel names: Echo names without prefix, wire names with it', () => {
    expect(playerChannelName(5)).toBe('player.5');
    expect(privatePlayerChannel(5)).toBe('private-player.5');
    expect(customerChannelName(3)).toBe('customer.3');
    expect(presenceCustomerChannel(3)).toBe('presence-customer.3');
  });

  test('Echo options come from the runtime config, socket only, auth through the BFF', () => {
    const options = echoOptions({
      key: 'k',
      wsHost: 'ws.test',
      wsPort: 4120,
      wssPort: 4120,
      forceTLS: false,
      cluster: '',
    });
    expect(options).toMatchObject({
      broadcaster: 'pusher',
      key: 'k',
      wsHost: 'ws.test',
      wsPort: 4120,
      wssPort: 4120,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      authEndpoint: '/broadcasting/auth',
      namespace: 'App.Events',
    });
    // pusher-js 8 throws without a cluster.
    expect(options.cluster).toBeTruthy();
  });
});

import { mediaToKeep } from '@/lib/player/media-cache';
import { aPlayer, aTrack } from './fixtures';

it('keeps the current track, the announced next ones and the queued spots, each once', () => {
  const next = [
    aTrack({ id: 8, url: 'http://media.test/8.mp3?signature=a' }),
    aTrack({ id: 9, url: 'http://media.test/9.mp3?signature=a' }),
  ];
  const player = aPlayer({ version: 2, next_tracks: next });
  expect(
    mediaToKeep(player, ['http://media.test/spot.mp3?signature=s', 'http://media.test/spot.mp3?signature=s']),
  ).toEqual([aTrack().url, next[0]!.url, next[1]!.url, 'http://media.test/spot.mp3?signature=s']);
});

it('keeps nothing without a player, and only the spots without a track', () => {
  expect(mediaToKeep(null, [])).toEqual([]);
  expect(mediaToKeep(aPlayer({ track: null }), ['http://media.test/spot.mp3'])).toEqual(['http://media.test/spot.mp3']);
});

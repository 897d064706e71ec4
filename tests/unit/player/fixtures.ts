import type { Player, Track } from '@/contracts';

export function aTrack(overrides: Partial<Track> = {}): Track {
  return {
    id: 7,
    title: 'Balatoni szellő',
    name: 'balatoni-szello.mp3',
    artist: 'Tóth Anna',
    url: 'http://media.test/balatoni-szello.mp3?signature=x',
    image_thumbnail_url: null,
    formatted_duration: '3:05',
    duration: 185,
    ...overrides,
  };
}

export function aPlayer(overrides: Partial<Player> = {}): Player {
  return {
    id: 1,
    is_repeat: true,
    is_random: false,
    is_playing: true,
    current_time: 12,
    volume: 80,
    session_id: 'device-a',
    track: aTrack(),
    playable: { type: 'App\\Models\\Channel', id: 3, name: 'Reggeli kávé' },
    playable_type: 'App\\Models\\Channel',
    playable_id: 3,
    ...overrides,
  };
}

import { fileLabel, trackArtist, trackTitle } from '@/lib/format/track';

it('shows the title when there is one', () => {
  expect(trackTitle({ title: 'Balatoni szellő', name: 'tracks/balatoni-szello.mp3' })).toBe('Balatoni szellő');
});

it('falls back to the file name without folders and .mp3', () => {
  expect(trackTitle({ title: null, name: 'tracks/2024/lassu-vasarnap.mp3' })).toBe('lassu-vasarnap');
  expect(trackTitle({ title: '  ', name: 'csillagszoro.MP3' })).toBe('csillagszoro');
  expect(trackTitle({ title: null, name: 'C:\\zene\\reggeli.mp3' })).toBe('reggeli');
  expect(fileLabel('radio.mp3.wav')).toBe('radio.mp3.wav');
  expect(trackTitle({ title: null, name: 'tracks/2024/Esti-dal.MP3' })).toBe('Esti-dal');
});

it("says 'Ismeretlen' for a missing artist", () => {
  expect(trackArtist({ artist: 'Fenyő Eszter' })).toBe('Fenyő Eszter');
  expect(trackArtist({ artist: null })).toBe('Ismeretlen');
  expect(trackArtist({ artist: '' })).toBe('Ismeretlen');
});

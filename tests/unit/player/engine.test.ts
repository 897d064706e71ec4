import { PlayerEngine, type EngineHooks } from '@/lib/player/engine';
import { aPlayer, aTrack } from './fixtures';

function hooks(): jest.Mocked<EngineHooks> {
  return {
    onPosition: jest.fn(),
    onDuration: jest.fn(),
    onNeedsTap: jest.fn(),
    requestNext: jest.fn(),
    requestReload: jest.fn(),
    report: jest.fn(),
    togglePlay: jest.fn(),
    onTrackFailed: jest.fn(),
  };
}

function setup(play: () => Promise<void> = () => Promise.resolve()) {
  const audio = document.createElement('audio');
  const playSpy = jest.spyOn(audio, 'play').mockImplementation(play);
  const pauseSpy = jest.spyOn(audio, 'pause').mockImplementation(() => {});
  jest.spyOn(audio, 'load').mockImplementation(() => {});
  const h = hooks();
  const engine = new PlayerEngine(h, audio);
  return { audio, playSpy, pauseSpy, h, engine };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => jest.useRealTimers());

it('loads the track and plays on the output device, at the server volume', () => {
  const { audio, playSpy, engine } = setup();
  engine.apply(aPlayer({ volume: 40 }), 'device-a');
  expect(audio.src).toBe(aTrack().url);
  expect(audio.volume).toBeCloseTo(0.4);
  expect(playSpy).toHaveBeenCalled();
});

it('stays silent on a remote control', () => {
  const { audio, playSpy, engine } = setup();
  engine.apply(aPlayer(), 'device-b');
  expect(audio.getAttribute('src')).toBeNull();
  expect(playSpy).not.toHaveBeenCalled();
});

it('does not reload the same track when only the signed URL changed', () => {
  const { audio, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  engine.apply(aPlayer({ track: aTrack({ url: 'http://media.test/other-signature.mp3' }) }), 'device-a');
  expect(audio.src).toBe(aTrack().url);
});

it('asks the server for the next track when one ends', () => {
  const { audio, h, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  audio.dispatchEvent(new Event('ended'));
  expect(h.requestNext).toHaveBeenCalledTimes(1);
});

it('shows the tap prompt when the browser refuses to start, and plays on the tap', async () => {
  const refusal = Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
  const { playSpy, h, engine } = setup(() => Promise.reject(refusal));
  engine.apply(aPlayer(), 'device-a');
  await flush();
  expect(h.onNeedsTap).toHaveBeenLastCalledWith(true);

  playSpy.mockImplementation(() => Promise.resolve());
  engine.startFromTap();
  expect(h.onNeedsTap).toHaveBeenLastCalledWith(false);
  expect(playSpy).toHaveBeenCalledTimes(2);
});

it('on a media error fetches the track again, then skips to the next', () => {
  const { audio, h, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  audio.dispatchEvent(new Event('error'));
  expect(h.requestReload).toHaveBeenCalledTimes(1);
  expect(h.requestNext).not.toHaveBeenCalled();

  // The answer to load-track: same track, fresh URL; it fails again.
  engine.apply(aPlayer({ track: aTrack({ url: 'http://media.test/fresh.mp3' }) }), 'device-a');
  expect(audio.src).toBe('http://media.test/fresh.mp3');
  audio.dispatchEvent(new Event('error'));
  expect(h.requestNext).toHaveBeenCalledTimes(1);
  expect(h.onTrackFailed).toHaveBeenCalledTimes(1);
});

it('reports the position every 10 s while playing', () => {
  jest.useFakeTimers();
  const { audio, h, engine } = setup();
  Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
  engine.apply(aPlayer({ volume: 70 }), 'device-a');
  jest.advanceTimersByTime(10_000);
  expect(h.report).toHaveBeenCalledWith(expect.any(Number), 70);
  engine.dispose();
});

it('pauses when the server says paused', () => {
  const { audio, pauseSpy, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
  engine.apply(aPlayer({ is_playing: false }), 'device-a');
  expect(pauseSpy).toHaveBeenCalled();
});

it('lets go of the audio when another device takes over', () => {
  const { audio, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  engine.apply(aPlayer({ session_id: 'device-b' }), 'device-a');
  expect(audio.getAttribute('src')).toBeNull();
});

import { dbToGain, equalPowerCurve, itemGainDb } from '@/lib/player/audio-graph';
import { SOUND_SETTINGS_ABSENT, soundSettingsOf } from '@/contracts/sound-settings';

const on = { normalize: true, spotGainDb: 0, crossfadeSeconds: 3 };

describe('itemGainDb: the gain an item is played at (issue 28)', () => {
  it('brings a quiet track (−20 LUFS, peak −6) and a loud spot (−8 LUFS, peak −1) to the −16 LUFS target', () => {
    expect(itemGainDb({ loudness_lufs: -20, peak_dbtp: -6 }, on, false)).toBe(4);
    expect(itemGainDb({ loudness_lufs: -8, peak_dbtp: -1 }, on, true)).toBe(-8);
  });

  it('never lifts a true peak past −1 dBTP', () => {
    // −24 LUFS would want +8 dB; the peak at −4 leaves room for 3.
    expect(itemGainDb({ loudness_lufs: -24, peak_dbtp: -4 }, on, false)).toBe(3);
    // A file already at the target but peaking over the ceiling comes down to it.
    expect(itemGainDb({ loudness_lufs: -16, peak_dbtp: -0.5 }, on, false)).toBe(-0.5);
    // The spots' own +6 dB stops at the ceiling too, and never lowers the levelled gain.
    expect(itemGainDb({ loudness_lufs: -16, peak_dbtp: -3 }, { ...on, spotGainDb: 6 }, true)).toBe(2);
    expect(itemGainDb({ loudness_lufs: -16, peak_dbtp: -0.5 }, { ...on, spotGainDb: 6 }, true)).toBe(-0.5);
    expect(itemGainDb({ loudness_lufs: -16, peak_dbtp: 0 }, { ...on, normalize: false, spotGainDb: 6 }, true)).toBe(0);
  });

  it('adds the spots’ gain to spots and sounds only', () => {
    expect(itemGainDb({ loudness_lufs: -16, peak_dbtp: -10 }, { ...on, spotGainDb: -4 }, true)).toBe(-4);
    expect(itemGainDb({ loudness_lufs: -16, peak_dbtp: -10 }, { ...on, spotGainDb: -4 }, false)).toBe(0);
  });

  it('plays an unmeasured item, or any item with levelling off, at its own level', () => {
    expect(itemGainDb({ loudness_lufs: null, peak_dbtp: null }, on, false)).toBe(0);
    expect(itemGainDb({}, on, false)).toBe(0);
    expect(itemGainDb(null, on, false)).toBe(0);
    expect(itemGainDb({ loudness_lufs: -20, peak_dbtp: -6 }, { ...on, normalize: false }, false)).toBe(0);
    expect(itemGainDb({ loudness_lufs: -20, peak_dbtp: -6 }, { ...on, normalize: false, spotGainDb: 2 }, true)).toBe(2);
  });

  it('against a Laravel API (no rows) changes nothing', () => {
    expect(soundSettingsOf([])).toEqual(SOUND_SETTINGS_ABSENT);
    expect(itemGainDb({ loudness_lufs: -8, peak_dbtp: -1 }, soundSettingsOf([]), true)).toBe(0);
  });
});

describe('the graph’s curves', () => {
  it('dB to gain', () => {
    expect(dbToGain(0)).toBe(1);
    expect(dbToGain(-6)).toBeCloseTo(0.501, 3);
  });

  it('an equal-power fade keeps in² + out² at 1 all the way', () => {
    const fadeIn = equalPowerCurve(true);
    const fadeOut = equalPowerCurve(false);
    expect(fadeIn[0]).toBe(0);
    expect(fadeOut[0]).toBe(1);
    expect(fadeIn[fadeIn.length - 1]).toBeCloseTo(1, 6);
    expect(fadeOut[fadeOut.length - 1]).toBeCloseTo(0, 6);
    for (let i = 0; i < fadeIn.length; i++) expect(fadeIn[i]! ** 2 + fadeOut[i]! ** 2).toBeCloseTo(1, 5);
  });
});

import { shouldReclaimOutput } from '@/lib/player/decisions';
import { aPlayer } from './fixtures';

describe('after the login session is renewed', () => {
  it('the device that owned the output under its old session id claims it again', () => {
    expect(shouldReclaimOutput(aPlayer({ session_id: 'old' }), 'old', 'new')).toBe(true);
  });

  it('leaves the output alone when another device has it, nobody has it, or nothing changed', () => {
    expect(shouldReclaimOutput(aPlayer({ session_id: 'other' }), 'old', 'new')).toBe(false);
    expect(shouldReclaimOutput(aPlayer({ session_id: null }), 'old', 'new')).toBe(false);
    expect(shouldReclaimOutput(aPlayer({ session_id: 'old' }), 'old', 'old')).toBe(false);
    // The first /api/me of the page is no renewal.
    expect(shouldReclaimOutput(aPlayer({ session_id: 'new' }), null, 'new')).toBe(false);
    expect(shouldReclaimOutput(null, 'old', 'new')).toBe(false);
    expect(shouldReclaimOutput(aPlayer({ session_id: 'old' }), 'old', null)).toBe(false);
  });
});

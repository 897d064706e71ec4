import { BrowserApiError, DeadlineError } from '@/lib/api/fetcher';
import { pressFailedMessage } from '@/lib/player/press-failure';

describe('pressFailedMessage', () => {
  it("says to wait when the API's request limit refused the press (429)", () => {
    expect(pressFailedMessage(new BrowserApiError(429, 'Túl sok kérés. Kérjük, próbálja újra később.'))).toBe(
      'Túl sok kérés. Kérjük, próbálja újra később.',
    );
  });

  it('says the player did not answer for anything else', () => {
    for (const error of [
      new BrowserApiError(500, 'x'),
      new BrowserApiError(422, 'x'),
      new TypeError('Failed to fetch'),
      new DeadlineError('/api/players/1/toggle-play', 5_000),
    ])
      expect(pressFailedMessage(error)).toBe('A lejátszó nem válaszolt, kérjük, próbálja újra.');
  });
});

import { BrowserApiError } from '@/lib/api/fetcher';
import { player as huPlayer } from '@/lib/i18n/hu/player';

/**
 * The toast for a player press the server did not apply: the request limit's refusal (429) says
 * to wait, anything else that the player did not answer.
 */
export function pressFailedMessage(error: unknown): string {
  return error instanceof BrowserApiError && error.status === 429 ? huPlayer.tooManyRequests : huPlayer.failed;
}

import { playerMessages } from '../../../contracts/player';
import type { PlayerRefusal } from '../player/refusals';

/** Hungarian messages of the error answers fixed in docs/decisions.md. */
export const messages = {
  unauthenticated: 'Nincs bejelentkezve.',
  csrf: 'A munkamenet lejárt, kérjük, frissítse az oldalt.',
  notFound: 'Nem található.',
  unknownTenant: 'Ismeretlen ügyfél.',
  badProxy: 'Érvénytelen proxy-azonosító.',
  forbidden: 'Hozzáférés megtagadva.',
  badRequest: 'Hibás kérés.',
  methodNotAllowed: 'A kérés módja nem megengedett.',
  tooLarge: 'A kérés túl nagy.',
  unsupportedMedia: 'Nem támogatott tartalomtípus.',
  tooManyRequests: 'Túl sok kérés. Kérjük, próbálja újra később.',
  server: 'Szerverhiba történt.',
  unavailable: 'A szolgáltatás átmenetileg nem érhető el.',
} as const;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

/** Laravel's ValidationException: answered as 422 `{message, errors}`. */
export class ValidationError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(
    readonly errors: FieldErrors,
    options: { statusCode?: number; headers?: Record<string, string> } = {},
  ) {
    super(summarize(errors));
    this.statusCode = options.statusCode ?? 422;
    this.headers = options.headers ?? {};
  }
}

/** First message, plus "(és még N hiba)" as Laravel's "(and N more errors)". */
export function summarize(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'Hibás kitöltés.';
  return all.length > 1 ? `${first} (és még ${all.length - 1} hiba)` : first;
}

/** The answer to a refusal of the player service (Laravel's 404, 422 on `track`, and our 409). */
export function httpErrorOf(refusal: PlayerRefusal): HttpError | ValidationError {
  switch (refusal.reason) {
    case 'not-found':
      return new HttpError(404, messages.notFound);
    case 'track-not-in-playable':
      return new ValidationError({ track: [playerMessages.trackNotInPlayable] });
    case 'output-taken':
      return new HttpError(409, playerMessages.outputTaken);
    case 'not-output':
      return new HttpError(409, playerMessages.notOutput);
    case 'key-reused':
      return new HttpError(422, playerMessages.keyReused);
  }
}

import { z } from 'zod';

/**
 * The one error map of both servers: zod's own texts ('Invalid input: expected object, received
 * array') in the house's Hungarian, for every issue whose schema gives no message of its own (a
 * schema's message always wins: this is only the fallback). Installed by importing this module:
 * contracts/fields.ts does, so every body schema carries it, and so do the API's app and the web
 * app's BFF. zod ships a Hungarian locale, but it names JavaScript types ('a várt érték array, a
 * kapott érték object'), which a shop manager should never read.
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_MESSAGES: Record<string, string> = {
  object: 'Az elem formátuma érvénytelen.',
  array: 'A lista formátuma érvénytelen.',
  number: 'A mező értéke csak szám lehet.',
  int: 'A mező értéke csak egész szám lehet.',
  string: 'A mező értéke csak szöveg lehet.',
  boolean: 'A mező értéke csak igaz vagy hamis lehet.',
  date: 'A dátum érvénytelen.',
};

export const INVALID_FIELD = 'A mező értéke érvénytelen.';
export const REQUIRED_FIELD = 'A mező kitöltése kötelező.';

/** The Hungarian text of one issue. */
export function hungarianIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return REQUIRED_FIELD;
      return TYPE_MESSAGES[String(issue.expected)] ?? INVALID_FIELD;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? REQUIRED_FIELD : `A mező legalább ${min} karakter legyen.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'Legalább egy elemet adjon meg.' : `Legalább ${min} elemet adjon meg.`;
      return issue.inclusive === false
        ? `A mező értéke nagyobb legyen, mint ${min}.`
        : `A mező értéke legalább ${min} legyen.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `A mező legfeljebb ${max} karakter lehet.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Legfeljebb ${max} elem adható meg.`;
      return issue.inclusive === false
        ? `A mező értéke kisebb legyen, mint ${max}.`
        : `A mező értéke legfeljebb ${max} lehet.`;
    }
    case 'invalid_format':
      return 'A mező formátuma érvénytelen.';
    case 'unrecognized_keys':
      return 'Ismeretlen mező.';
    default:
      return INVALID_FIELD;
  }
}

z.config({ customError: hungarianIssueMessage });

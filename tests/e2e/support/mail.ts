import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  mtimeMs: number;
  headers: string;
  /** Every text part, transfer-decoded (quoted-printable and base64 undone). */
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A small MIME reader: enough for the mails our API writes (single part or multipart, QP or base64). */
function decodeEntity(raw: string): { headers: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const rest = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /content-type:\s*multipart\/[^;]+;.*boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (boundary) {
    const parts = rest.split(`--${boundary}`).slice(1);
    const bodies = parts
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodeEntity(part.replace(/^\r?\n/, '')).body);
    return { headers, body: bodies.join('\n') };
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(unfolded)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return { headers, body: decodeQuotedPrintable(rest) };
  if (encoding === 'base64') return { headers, body: Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8') };
  return { headers, body: rest };
}

export function readMails(dataDir: string): Mail[] {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = path.join(dir, name);
      const { headers, body } = decodeEntity(readFileSync(file, 'utf8'));
      return { file, mtimeMs: statSync(file).mtimeMs, headers, body };
    })
    .sort((a, b) => a.mtimeMs - b.mtimeMs);
}

/** Waits for a mail to `to` (written after `since`) in DATA_DIR/mail and returns it. */
export async function waitForMail(dataDir: string, to: string, since: number, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  const recipient = new RegExp(`^to:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  for (;;) {
    const mail = readMails(dataDir)
      .filter((m) => m.mtimeMs >= since - 1000 && recipient.test(m.headers.replace(/\r?\n[ \t]+/g, ' ')))
      .pop();
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to} in ${path.join(dataDir, 'mail')} within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The password-reset link of a mail: `<web>/reset/<token>?email=…`. */
export function resetLink(mail: Mail): string {
  const match = /https?:\/\/[^\s"'<>]+\/reset\/[^\s"'<>]+/.exec(mail.body);
  if (!match) throw new Error(`no /reset/ link in ${mail.file}:\n${mail.body.slice(0, 2000)}`);
  return match[0].replace(/&amp;/g, '&');
}

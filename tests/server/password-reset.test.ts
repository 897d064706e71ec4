import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { BFF_SECRET, Client, createTestApp, decodeQuotedPrintable, type TestApp } from './helpers';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const outbox = () => path.join(t.dataDir, 'mail');

async function mails(): Promise<string[]> {
  const files = await readdir(outbox()).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.eml')).sort();
}

async function requestLink(email: string) {
  const c = new Client(t.app);
  await c.csrf();
  return c.post('/api/password-reset-link', { email });
}

/** Requests a link and reads it out of the new .eml, as a user would from the mailbox. */
async function linkFromNewMail(email: string): Promise<URL> {
  const before = await mails();
  const res = await requestLink(email);
  assert.equal(res.statusCode, 200);
  const added = (await mails()).filter((f) => !before.includes(f));
  assert.equal(added.length, 1, 'exactly one new mail');
  const eml = decodeQuotedPrintable(await readFile(path.join(outbox(), added[0]!), 'utf8'));
  assert.match(eml, /^To: demo@pulzus\.hu$/m);
  const match = /http:\/\/demo\.web\.test:3000\/reset\/[A-Za-z0-9]+\?email=[^\s"<]+/.exec(eml);
  assert.ok(match, 'the mail holds a link to the web app');
  return new URL(match[0]);
}

async function reset(token: string, body: Record<string, unknown>) {
  const c = new Client(t.app);
  await c.csrf();
  return c.post(`/api/reset-password/${token}`, { token, ...body });
}

describe('password-reset-link', () => {
  test('gives the same answer for an unknown address and sends nothing', async () => {
    const before = await mails();
    const res = await requestLink('nobody@example.com');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'passwords.sent' });
    assert.deepEqual(await mails(), before);
  });

  test('answers 422 for a malformed address', async () => {
    const res = await requestLink('not-an-email');
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().errors.email, ['Kérjük, érvényes e-mail címet adjon meg.']);
  });

  test('needs the XSRF token like every unsafe call', async () => {
    const c = new Client(t.app);
    await c.csrf();
    const res = await c.post('/api/password-reset-link', { email: 'demo@pulzus.hu' }, { xsrf: false });
    assert.equal(res.statusCode, 419);
  });

  test('writes a Hungarian .eml with the reset link, and at most one a minute per address', async () => {
    const link = await linkFromNewMail('demo@pulzus.hu');
    assert.equal(link.searchParams.get('email'), 'demo@pulzus.hu');
    const [file] = (await mails()).slice(-1);
    const eml = await readFile(path.join(outbox(), file!), 'utf8');
    assert.match(eml, /^Subject: =\?UTF-8\?.+\?=$|^Subject: Jelsz/m);

    const count = (await mails()).length;
    const again = await requestLink('demo@pulzus.hu');
    assert.deepEqual(again.json(), { status: 'passwords.sent' }, 'the same answer');
    assert.equal((await mails()).length, count, 'no second mail within a minute');

    const result = (await t.database.db.execute(sql`select token_hash from password_reset_tokens`)) as unknown as {
      rows: Array<{ token_hash: string }>;
    };
    const [row] = result.rows;
    const token = link.pathname.split('/').pop()!;
    assert.ok(row && row.token_hash !== token && row.token_hash.length === 64, 'only a hash is stored');
  });

  test('one address may ask 5 links a minute and 20 an hour per shop, whatever e-mails it names', async () => {
    const ip = '10.30.0.1';
    const ask = async (email: string, remoteAddress = ip, headers: Record<string, string> = {}) => {
      const c = new Client(t.app, { remoteAddress, headers });
      await c.csrf();
      return c.post('/api/password-reset-link', { email });
    };
    const expectThrottled = (res: Awaited<ReturnType<typeof ask>>, maxWait: number) => {
      assert.equal(res.statusCode, 429, res.body);
      const body = res.json();
      assert.match(
        body.errors.email[0],
        /^Túl sok jelszó-visszaállítási kérés\. Kérjük, próbálja újra \d+ másodperc múlva\.$/,
      );
      assert.equal(body.message, body.errors.email[0]);
      const wait = Number(res.headers['retry-after']);
      assert.ok(wait >= 1 && wait <= maxWait, `Retry-After ${res.headers['retry-after']}`);
      assert.ok(body.errors.email[0].includes(`${wait} másodperc`));
      return wait;
    };

    let answered = 0;
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await ask(`someone-${i}@example.com`);
      codes.push(res.statusCode);
      if (res.statusCode === 200) answered += 1;
    }
    assert.equal(answered, 5, codes.join(','));
    expectThrottled(await ask('demo@pulzus.hu'), 60);
    // Another address, and the same address at another shop, are counted on their own.
    assert.equal((await ask('someone@example.com', '10.30.0.2')).statusCode, 200);
    assert.equal(
      (await ask('someone@example.com', ip, { 'x-tenant': 'other', 'x-bff-secret': BFF_SECRET })).statusCode,
      200,
    );

    // The minute passes three more times: 20 in the hour, then the hour's limit answers.
    for (let round = 0; round < 3; round += 1) {
      await aMinutePasses();
      for (let i = 0; i < 5; i += 1)
        assert.equal((await ask(`round-${round}-${i}@example.com`)).statusCode, 200, `round ${round}, ${i}`);
      // After the last round both windows are full: the answer waits for the later one.
      expectThrottled(await ask(`round-${round}-over@example.com`), round < 2 ? 60 : 3600);
    }
    await aMinutePasses();
    const wait = expectThrottled(await ask('late@example.com'), 3600);
    assert.ok(wait > 60, `the hour's window: ${wait}`);
  });
});

/** The limits' clock moves on a minute: every hit of the reset-link limits is made 61 seconds older. */
async function aMinutePasses() {
  await t.database.db.execute(sql`
    update rate_limits set
      hits_at = array(select s - interval '61 seconds' from unnest(hits_at) as s order by s),
      reset_at = reset_at - interval '61 seconds'
    where key like 'reset-link-%'`);
}

describe('reset-password', () => {
  test('answers 422 per field with Hungarian messages', async () => {
    const bad = await reset('whatever', { email: 'nope', password: 'short', password_confirmation: 'other' });
    assert.equal(bad.statusCode, 422);
    const body = bad.json();
    assert.deepEqual(body.errors.email, ['Kérjük, érvényes e-mail címet adjon meg.']);
    assert.deepEqual(body.errors.password, [
      'A jelszónak legalább 8 karakterből kell állnia.',
      'A jelszó megerősítése nem egyezik.',
    ]);
    assert.equal(body.message, 'Kérjük, érvényes e-mail címet adjon meg. (és még 2 hiba)');

    const mismatch = await reset('whatever', {
      email: 'demo@pulzus.hu',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    assert.equal(mismatch.statusCode, 422);
    assert.deepEqual(mismatch.json().errors, { password: ['A jelszó megerősítése nem egyezik.'] });
  });

  test('an unknown token answers "passwords.token"', async () => {
    const res = await reset('not-a-real-token', {
      email: 'demo@pulzus.hu',
      password: 'valami-jelszo',
      password_confirmation: 'valami-jelszo',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json(), 'passwords.token');
  });

  test('success resets the password, ends every session of the user, and the token works once', async () => {
    // A token requested earlier in this file may still be inside the one-a-minute window.
    await t.database.db.execute(sql`delete from password_reset_tokens`);
    const link = await linkFromNewMail('demo@pulzus.hu');
    const token = link.pathname.split('/').pop()!;

    const elsewhere = new Client(t.app);
    await elsewhere.login('demo@pulzus.hu', 'pulzus-demo', { remember: true });
    assert.equal((await elsewhere.get('/api/me')).statusCode, 200);

    const body = {
      email: link.searchParams.get('email')!,
      password: 'uj-jelszo-123',
      password_confirmation: 'uj-jelszo-123',
    };
    const res = await reset(token, body);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.body, '"passwords.reset"', 'a bare JSON string');

    assert.equal(
      (await elsewhere.get('/api/me')).statusCode,
      401,
      'the other login, remember cookie included, is over',
    );
    assert.equal((await new Client(t.app).login('demo@pulzus.hu', 'pulzus-demo')).statusCode, 422, 'old password');
    assert.equal((await new Client(t.app).login('demo@pulzus.hu', 'uj-jelszo-123')).statusCode, 204, 'new password');

    const reused = await reset(token, { ...body, password: 'harmadik-123', password_confirmation: 'harmadik-123' });
    assert.equal(reused.json(), 'passwords.token', 'single use');
  });

  test('a token older than 60 minutes answers "passwords.token"', async () => {
    await t.database.db.execute(sql`delete from password_reset_tokens`);
    const link = await linkFromNewMail('demo@pulzus.hu');
    const token = link.pathname.split('/').pop()!;
    await t.database.db.execute(sql`update password_reset_tokens set created_at = now() - interval '61 minutes'`);
    const res = await reset(token, {
      email: 'demo@pulzus.hu',
      password: 'lejart-jelszo',
      password_confirmation: 'lejart-jelszo',
    });
    assert.equal(res.json(), 'passwords.token');
    assert.equal((await new Client(t.app).login('demo@pulzus.hu', 'uj-jelszo-123')).statusCode, 204, 'unchanged');
  });

  test('a token is bound to its customer', async () => {
    await t.database.db.execute(sql`delete from password_reset_tokens`);
    const link = await linkFromNewMail('demo@pulzus.hu');
    const token = link.pathname.split('/').pop()!;
    const c = new Client(t.app, { headers: { 'x-tenant': 'other', 'x-bff-secret': 'test-bff-secret' } });
    await c.csrf();
    const res = await c.post(`/api/reset-password/${token}`, {
      token,
      email: 'demo@pulzus.hu',
      password: 'masik-jelszo',
      password_confirmation: 'masik-jelszo',
    });
    assert.equal(res.json(), 'passwords.token');
  });
});

import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../server/src/env';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulzus-env-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('server env', () => {
  test('embedded defaults', () => {
    const config = loadConfig({ DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's' });
    assert.equal(config.port, 4000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.defaultTenant, 'demo');
    assert.equal(config.apiPublicUrl, 'http://127.0.0.1:4000');
    assert.equal(config.webUrl, 'http://{tenant}.localhost:3000');
    assert.equal(config.sessionIdleMinutes, 120);
    assert.equal(config.sessionAbsoluteHours, 24);
    assert.equal(config.databaseUrl, undefined);
    assert.match(config.appVersion, /^\d+\.\d+\.\d+/);
    assert.deepEqual(
      [config.uploadAudioMaxBytes, config.uploadImageMaxBytes, config.uploadBodyMaxBytes],
      [20 * 1024 * 1024, 10 * 1024 * 1024, 64 * 1024 * 1024],
    );
  });

  test('upload limits are configurable, and the body cap must exceed each file limit', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      APP_KEY: 'k',
      BFF_SECRET: 's',
      UPLOAD_AUDIO_MAX_MB: '30',
      UPLOAD_BODY_MAX_MB: '40',
    });
    assert.equal(config.uploadAudioMaxBytes, 30 * 1024 * 1024);
    assert.throws(
      () => loadConfig({ DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's', UPLOAD_IMAGE_MAX_MB: '64' }),
      /UPLOAD_BODY_MAX_MB: must be larger/,
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's', UPLOAD_AUDIO_MAX_MB: '0' }),
      /UPLOAD_AUDIO_MAX_MB/,
    );
  });

  test('secrets.json is created once with every key and then reused', async () => {
    const sub = path.join(dir, 'data');
    const first = loadConfig({ DATA_DIR: sub });
    const file = JSON.parse(await readFile(path.join(sub, 'secrets.json'), 'utf8'));
    assert.deepEqual(Object.keys(file).sort(), [
      'appKey',
      'bffSecret',
      'pusherAppId',
      'pusherKey',
      'pusherSecret',
      'sessionSecret',
    ]);
    assert.equal(first.appKey, file.appKey);
    assert.equal(first.bffSecret, file.bffSecret);
    const second = loadConfig({ DATA_DIR: sub, API_PORT: '4010' });
    assert.equal(second.appKey, first.appKey);
    assert.equal(second.apiPublicUrl, 'http://127.0.0.1:4010');
    assert.equal(loadConfig({ DATA_DIR: sub, BFF_SECRET: 'from-env' }).bffSecret, 'from-env');
  });

  test('the scheduler loop is on by default; its test control only when asked for', () => {
    const base = { DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's' };
    const config = loadConfig(base);
    assert.deepEqual(
      [config.schedulerEnabled, config.schedulerTestControl, config.schedulerInstance],
      [true, false, undefined],
    );
    const set = loadConfig({
      ...base,
      SCHEDULER_ENABLED: '0',
      SCHEDULER_TEST_CONTROL: '1',
      SCHEDULER_INSTANCE: 'api-2',
    });
    assert.deepEqual([set.schedulerEnabled, set.schedulerTestControl, set.schedulerInstance], [false, true, 'api-2']);
    assert.throws(() => loadConfig({ ...base, SCHEDULER_TEST_CONTROL: 'maybe' }), /SCHEDULER_TEST_CONTROL/);
  });

  test('invalid values stop the start with a clear error', () => {
    assert.throws(() => loadConfig({ DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's', API_PORT: 'abc' }), /API_PORT/);
    assert.throws(
      () => loadConfig({ DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's', DEFAULT_TENANT: 'Nope!' }),
      /DEFAULT_TENANT/,
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: dir, APP_KEY: 'k', BFF_SECRET: 's', DATABASE_URL: 'mysql://x' }),
      /DATABASE_URL/,
    );
  });
});

import { canSubmitForgot, canSubmitLogin, canSubmitReset } from '@/lib/ui/validation';

describe('canSubmitLogin', () => {
  it('needs at least 4 characters in both fields', () => {
    expect(canSubmitLogin('a@bc', 'abcd', false)).toBe(true);
    expect(canSubmitLogin('a@b', 'abcd', false)).toBe(false);
    expect(canSubmitLogin('a@bc', 'abc', false)).toBe(false);
    expect(canSubmitLogin('', '', false)).toBe(false);
  });

  it('is off while a login is in flight', () => {
    expect(canSubmitLogin('demo@pulzus.hu', 'pulzus-demo', true)).toBe(false);
  });
});

describe('canSubmitForgot', () => {
  it('is enabled from 6 characters', () => {
    expect(canSubmitForgot('a@b.hu', false)).toBe(true);
    expect(canSubmitForgot('a@b.h', false)).toBe(false);
    expect(canSubmitForgot('a@b.hu', true)).toBe(false);
  });
});

describe('canSubmitReset', () => {
  it('needs both passwords to have at least 8 characters', () => {
    expect(canSubmitReset('12345678', '12345678', false)).toBe(true);
    expect(canSubmitReset('1234567', '12345678', false)).toBe(false);
    expect(canSubmitReset('12345678', '1234567', false)).toBe(false);
    expect(canSubmitReset('12345678', '12345678', true)).toBe(false);
  });

  it('leaves a mismatch to the server, which names the field', () => {
    expect(canSubmitReset('12345678', '87654321', false)).toBe(true);
  });
});

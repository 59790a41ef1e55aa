import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../src/lib/password-policy';

const ok = (pw: string, email = 'hanako@example.test') => passwordProblems(pw, { email, confirm: pw });

describe('password rules (spec §5)', () => {
  it('AUTH-01: 8 to 20 code points, exactly; an emoji counts as one; nothing truncated', () => {
    expect(ok('Abcdef1')).toContain('length'); // 7
    expect(ok('Abcdefg1')).toEqual([]); // 8
    expect(ok('Abcdefghijklmnopqr12')).toEqual([]); // 20
    expect(ok('Abcdefghijklmnopqr123')).toContain('length'); // 21
    expect(ok('A'.repeat(32) + 'b'.repeat(32))).toContain('length'); // 64
    expect(ok('Abcdef1😀')).toEqual([]); // 8 code points, 9 UTF-16 units
    expect(ok('Abcdefghijklmnopqr1😀')).toEqual([]); // 20 code points, 21 UTF-16 units
    expect(ok('Abcdefghijklmnopqr12😀')).toContain('length'); // 21 code points
  });

  it('AUTH-01: NFC and NFD forms of the same password are the same password', () => {
    const nfc = 'Café1234';
    const nfd = 'Cafe\u03011234';
    expect(passwordProblems(nfc, { confirm: nfd })).toEqual([]);
  });

  it('needs two of upper, lower, digit and the symbols ! @ # $ % ^ & + =', () => {
    expect(ok('abcdefgh')).toContain('classes');
    expect(ok('ABCDEFGH')).toContain('classes');
    expect(ok('12345679')).toContain('classes');
    expect(ok('abcdefg!')).toEqual([]);
    expect(ok('abcdefg1')).toEqual([]);
    expect(ok('ABCDEF=+')).toEqual([]);
    expect(ok('abcdefg*')).toContain('classes'); // * is not one of the spec's symbols
  });

  it('must not contain the email address (or its local part)', () => {
    expect(ok('Xhanako@example.test1'.slice(0, 20), 'hanako@example.test')).toContain('contains_email');
    expect(ok('Hanako2024!', 'hanako@example.test')).toContain('contains_email');
    expect(ok('Sakura2024!', 'hanako@example.test')).toEqual([]);
  });

  it('AUTH-02: common passwords and the product names are too easy', () => {
    for (const pw of ['password1', '12345678', 'Lanyard123', 'badgewallet', 'Passw0rd'])
      expect(ok(pw)).toContain('common');
  });

  it('the confirmation must match', () => {
    expect(passwordProblems('Abcdefg1', { confirm: 'Abcdefg2' })).toEqual(['mismatch']);
  });
});

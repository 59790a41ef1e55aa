import { describe, expect, it } from 'vitest';
import { asciiEmailDomain, normalizeEmail } from '../../src/lib/email';
import { hasControlCharacters } from '../../src/lib/plain-text';

describe('plain text (DATA-20)', () => {
  it('refuses C0, DEL, C1 and unpaired surrogates; keeps letters, marks, emoji and bidi marks', () => {
    for (const c of ['\u0000', '\t', '\n', '\u001f', '\u007f', '\u0080', '\u009f', '\ud800', '\udc00', 'a\udc00b'])
      expect(hasControlCharacters(`x${c}y`), JSON.stringify(c)).toBe(true);
    for (const ok of ['Zoë', '山田 太郎', 'नि', '😀', 'محمد\u200f', 'O’Brien-Smith'])
      expect(hasControlCharacters(ok), ok).toBe(false);
  });
});

describe('email domains in punycode (ACC-02)', () => {
  it('writes an internationalised domain in punycode and leaves the rest alone', () => {
    expect(asciiEmailDomain(' User@Bücher.example ')).toBe('User@xn--bcher-kva.example');
    expect(asciiEmailDomain('user@xn--bcher-kva.example')).toBe('user@xn--bcher-kva.example');
    expect(asciiEmailDomain('a@例え。テスト')).toBe('a@xn--r8jz45g.xn--zckzah');
    expect(normalizeEmail(asciiEmailDomain('user@BÜCHER.example'))).toBe('user@xn--bcher-kva.example');
    // Not a host name: returned as given, for validation to refuse.
    for (const raw of ['user@bücher.example/x', 'user@bücher.example:25', 'nobody', '@bücher.example'])
      expect(asciiEmailDomain(raw)).toBe(raw);
  });
});

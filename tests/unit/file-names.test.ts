import { describe, expect, it } from 'vitest';
import { attachment, downloadName, safeName } from '../../src/lib/file-names';

describe('download file names', () => {
  it('follows the pattern of each kind, with the issue day', () => {
    const on = '2025-03-01T09:00:00Z';
    expect(downloadName('image', 'Python Basics', 'png', on)).toBe('badge_Python_Basics_20250301.png');
    expect(downloadName('json', 'Python Basics', 'json', on)).toBe('badge_Python_Basics_20250301.json');
    expect(downloadName('certificate', 'Python Basics', 'pdf', on)).toBe('certificate_Python_Basics_20250301.pdf');
    expect(downloadName('qrcode', 'Python Basics', 'png', on)).toBe('qrcode_Python_Basics.png');
    expect(downloadName('blockchain', 'A', 'json', on)).toBe('blockchain_certificate_A_20250301.json');
    // Issue 21: the award as an Open Badges 3.0 credential, and baked into a PNG.
    expect(downloadName('ob3', 'Python Basics', 'json', on)).toBe('badge_ob3_Python_Basics_20250301.json');
    expect(downloadName('ob3', 'Python Basics', 'png', on)).toBe('badge_ob3_Python_Basics_20250301.png');
  });

  it('keeps every script and removes what breaks file systems', () => {
    expect(safeName('機械学習 入門')).toBe('機械学習_入門');
    expect(safeName('การเขียนโปรแกรม')).toBe('การเขียนโปรแกรม');
    expect(safeName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeName('a<b>c:d"e|f?g*h')).toBe('a_b_c_d_e_f_g_h');
    expect(safeName('  ')).toBe('badge');
    expect([...safeName('x'.repeat(500))]).toHaveLength(60);
  });

  it('writes an ASCII fallback and the UTF-8 name in Content-Disposition', () => {
    expect(attachment('badge_機械.png')).toBe(
      `attachment; filename="badge___.png"; filename*=UTF-8''badge_%E6%A9%9F%E6%A2%B0.png`,
    );
  });
});

describe('bytes to base64', () => {
  it('matches the platform encoder, also for more bytes than one slice', async () => {
    const { bytesToBase64 } = await import('../../src/lib/base64');
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });
});

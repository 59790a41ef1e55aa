import { describe, expect, it } from 'vitest';
import { checksOnEntry } from '../../src/islands/notifications/check-paths';
import { mergeNotices, type Notice } from '../../src/islands/notifications/types';

const notice = (id: number, message = `n${id}`): Notice => ({
  id,
  notification_type: 1,
  message,
  url: '/ns/portal/openbadge/assertions',
  is_read: false,
  create_date: new Date(id).toISOString(),
});

describe('the panel list (spec §4)', () => {
  it('keeps one row per id, the later copy, sorted newest first', () => {
    // A notification arrived between pages: the second page repeats the first page's last row.
    const held = [notice(9), notice(8), notice(7)];
    const merged = mergeNotices(held, [notice(7, 'again'), notice(5), notice(6)]);
    expect(merged.map((n) => n.id)).toEqual([9, 8, 7, 6, 5]);
    expect(merged.find((n) => n.id === 7)?.message).toBe('again');
  });
});

describe('the unread check on route entry (spec §2)', () => {
  it.each([
    ['/ns/portal/openbadge/assertions', true],
    ['/ns/portal/openbadge/assertions/detail/x', true],
    ['/ns/portal/openbadge/setting', true],
    ['/ns/portal/openbadge/setting/delete', true],
    ['/ns/portal/openbadge/receive/tok', true],
    ['/ns/portal/openbadge/activation/tok', true],
    ['/ns/portal/openbadge/email/verification/tok', true],
    ['/ns/portal/openbadge/issuers/i1', true],
    ['/ns/portal/openbadge/skill/t1', true],
    ['/ns/portal/openbadge/password/initial', true],
    ['/ns/portal/openbadge/search', false],
    ['/ns/portal/openbadge/public/assertions/user/a1', false],
    ['/ns/portal/openbadge/settingsx', false],
    ['/assertions', false],
  ])('%s → %s', (pathname, expected) => {
    expect(checksOnEntry(pathname)).toBe(expected);
  });
});

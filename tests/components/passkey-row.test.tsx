import { render, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/i18n/catalogues';
import type { Language } from '../../src/i18n/languages';
import { utcDateTime } from '../../src/lib/dates';
import { PasskeyRow, type PasskeyRowData } from '../../src/islands/settings/PasskeyRow';
import PasskeySettings, { type PasskeyLabels } from '../../src/islands/settings/PasskeySettings';

/*
 * Issue 35, item 6: a passkey's "added" and "last used" are each a label with its own time (a
 * description list), never one run of text ("…15:08ใช้ล่าสุด…"); the times are in the page's
 * language and calendar (Thai: Buddhist era) and say they are UTC, as the sessions list does.
 */

const ADDED = Date.UTC(2026, 10, 28, 15, 8);
const USED = Date.UTC(2026, 10, 29, 1, 2);

/** The labels security.astro gives the island, from the catalogue of `lang`. */
function labelsOf(lang: Language): PasskeyLabels {
  const p = CATALOGUES[lang].passkeys;
  return {
    intro: p.intro,
    listHeading: p.list_heading,
    none: p.none,
    add: p.add,
    added: p.added,
    renamed: p.renamed,
    removed: p.removed,
    removeTitle: p.remove_title,
    removeText: p.remove_text,
    required: 'Required.',
    nameRequired: 'Required.',
    loading: 'Loading…',
    fallback: 'An error has occurred.',
    cancelled: p.cancelled,
    unsupported: p.unsupported,
    exists: p.exists,
    addedAt: p.added_at,
    usedAt: p.used_at,
    timeUtc: CATALOGUES[lang].common.time_utc,
    neverUsed: p.never_used,
    synced: p.synced,
    deviceOnly: p.device_only,
    name: p.name,
    rename: p.rename,
    save: 'Save',
    cancel: 'Cancel',
    remove: p.remove,
    removeConfirm: p.remove_confirm,
    password: 'Password',
  };
}

const row = (last: number | null): PasskeyRowData => ({
  id: 'pk1',
  name: 'Laptop',
  created_at: ADDED,
  last_used_at: last,
  backed_up: false,
});

function renderRow(lang: Language, last: number | null) {
  const { container } = render(
    <ul>
      <PasskeyRow
        row={row(last)}
        labels={labelsOf(lang)}
        when={utcDateTime(lang)}
        busy={false}
        errors={undefined}
        focus={false}
        onRename={() => Promise.resolve(true)}
        onRemove={() => Promise.resolve(true)}
      />
    </ul>,
  );
  return container;
}

/** The row's facts as [label, value] pairs, read from its description list. */
function facts(root: HTMLElement) {
  const list = root.querySelector('dl');
  if (!list) throw new Error('no description list');
  const terms = [...list.children];
  const pairs: [string, string][] = [];
  for (let i = 0; i < terms.length; i += 2) {
    expect(terms[i]?.tagName).toBe('DT');
    expect(terms[i + 1]?.tagName).toBe('DD');
    pairs.push([terms[i]?.textContent ?? '', terms[i + 1]?.textContent ?? '']);
  }
  return pairs;
}

describe('a passkey row (issue 35)', () => {
  it('in Thai: each label beside its own time, in the Buddhist era, marked UTC', () => {
    const root = renderRow('th', USED);
    expect(facts(root)).toEqual([
      ['เพิ่มเมื่อ', '28 พ.ย. 2569 15:08 (เวลา UTC)'],
      ['ใช้ล่าสุดเมื่อ', '29 พ.ย. 2569 01:02 (เวลา UTC)'],
    ]);
    // Each time carries its instant for machines and assistive technology.
    expect([...root.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual([
      new Date(ADDED).toISOString(),
      new Date(USED).toISOString(),
    ]);
  });

  it('in English: "Added" and "Last used" are separate terms; never used says so', () => {
    const root = renderRow('en', null);
    const [added, used] = facts(root);
    expect(added?.[0]).toBe('Added');
    expect(added?.[1]).toBe(`${utcDateTime('en').format(ADDED)} (UTC)`);
    expect(used).toEqual(['Last used', 'Not used yet']);
    expect(root.querySelectorAll('time')).toHaveLength(1);
  });

  it('in every language: two labelled facts, the label never glued to a time', () => {
    for (const lang of Object.keys(CATALOGUES) as Language[]) {
      const root = renderRow(lang, USED);
      const pairs = facts(root);
      const p = CATALOGUES[lang].passkeys;
      expect(pairs.map(([label]) => label)).toEqual([p.added_at, p.used_at]);
      const utc = (ms: number) => CATALOGUES[lang].common.time_utc.replace('{{time}}', utcDateTime(lang).format(ms));
      expect(pairs.map(([, value]) => value)).toEqual([utc(ADDED), utc(USED)]);
      root.remove();
    }
  });

  it('the settings island renders the same times on the server (no hydration mismatch)', () => {
    const html = document.createElement('div');
    html.innerHTML = renderToString(<PasskeySettings lang="th" labels={labelsOf('th')} initial={[row(USED)]} />);
    expect(facts(html)).toEqual([
      ['เพิ่มเมื่อ', '28 พ.ย. 2569 15:08 (เวลา UTC)'],
      ['ใช้ล่าสุดเมื่อ', '29 พ.ย. 2569 01:02 (เวลา UTC)'],
    ]);
    expect(within(html).getByText('Laptop')).toBeTruthy();
  });
});

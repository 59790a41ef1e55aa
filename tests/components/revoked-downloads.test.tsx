import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import CertificateActions, { type CertificateActionLabels } from '../../src/islands/certificates/CertificateActions';
import Downloads from '../../src/islands/wallet/Downloads';
import { offeredDownloads } from '../../src/server/downloads/offered';

/*
 * Issue 33, item 5: the owner's page says which files of a badge or certificate are given and, once
 * revoked, why the others are not (docs/design/decisions.md "Downloads of a revoked badge or certificate"). What the
 * routes answer is held by tests/integration/revoked-downloads.test.ts.
 */

const d = en.download;
const labels = {
  notification: en.common.notification,
  fileNotFound: d.file_not_found,
  unknown: en.common.unknown_error,
  heading: d.heading,
  image: d.image,
  json: d.json,
  pdf: d.pdf,
  ob3json: d.ob3_json,
  ob3image: d.ob3_image,
};

function page(host: boolean, revoked: boolean) {
  const offered = offeredDownloads({ host, revoked });
  const note = offered.note
    ? offered.note === 'download.revoked_note'
      ? d.revoked_note
      : d.revoked_note_imported
    : undefined;
  const { container } = render(
    <Downloads
      id="b1"
      kinds={offered.kinds}
      note={note}
      action="/p/assertions/detail/b1"
      formToken="tok"
      labels={labels}
    />,
  );
  const section = within(container);
  // Issue 35, item 1: every button is a form posting to the page, so it works before hydration.
  for (const button of section.queryAllByRole('button')) {
    const form = button.closest('form');
    expect(button.getAttribute('type')).toBe('submit');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/p/assertions/detail/b1');
    expect(form?.querySelector('input[name="action"]')?.getAttribute('value')).toBeTruthy();
    expect(form?.querySelector('input[type="hidden"]:not([name="action"])')?.getAttribute('value')).toBe('tok');
  }
  return {
    buttons: section.queryAllByRole('button').map((b) => b.textContent),
    note: section.queryByRole('note')?.textContent ?? null,
  };
}

describe('the badge page’s downloads', () => {
  it('a badge issued here offers every file while it is valid', () => {
    expect(page(false, false)).toEqual({ buttons: [d.image, d.json, d.pdf, d.ob3_json, d.ob3_image], note: null });
  });

  it('once revoked, only the PDF certificate printed REVOKED, and the reason the rest are not given', () => {
    expect(page(false, true)).toEqual({ buttons: [d.pdf], note: d.revoked_note });
  });

  it('an imported badge offers its data as received; once revoked, nothing, and says why', () => {
    expect(page(true, false)).toEqual({ buttons: [d.json], note: null });
    expect(page(true, true)).toEqual({ buttons: [], note: d.revoked_note_imported });
  });
});

describe('the certificate page’s download', () => {
  const c = en.certificates;
  const actionLabels = {
    notification: en.common.notification,
    fallback: en.common.error_occurred,
    unknown: en.common.unknown_error,
    fileNotFound: d.file_not_found,
    isPublic: c.is_public,
    isPrivate: c.is_private,
    makePublic: en.detail.make_public,
    makePrivate: en.detail.make_private,
    cannotPublish: c.cannot_publish,
    download: c.download_pdf,
    downloadClr: c.download_clr,
    revokedDownload: c.revoked_download_note,
    loading: en.common.loading,
    shareHeading: c.share_heading,
    shareHint: c.share_hint,
    url: en.share.url,
    copy: en.share.copy,
    copied: en.share.copied,
    qr: c.qr,
    qrAlt: en.share.qr_alt,
    linkedIn: en.share.linkedin_profile,
    x: en.share.x,
    facebook: en.share.facebook,
    publicPage: en.detail.public_page,
    message: c.share_message,
  } satisfies CertificateActionLabels;
  const actions = (revoked: boolean) =>
    render(
      <CertificateActions
        id="doc1"
        initialPublic={false}
        revoked={revoked}
        action="/ns/portal/openbadge/acaddocs/detail/doc1"
        formToken="t"
        initialError={null}
        publicPath="/ns/portal/openbadge/public/acaddocs/detail/doc1"
        share={{
          url: 'http://127.0.0.1:8787/p',
          title: 'Diploma',
          issuer: 'Uni',
          issuedOn: '2026-03-20',
          qrSvg: '<svg/>',
        }}
        labels={actionLabels}
      />,
    );

  it('offers the PDF and the CLR 2.0 record while the certificate is valid', () => {
    actions(false);
    expect(screen.getByRole('button', { name: c.download_pdf })).toBeTruthy();
    expect(screen.getByRole('button', { name: c.download_clr })).toBeTruthy();
    expect(screen.queryByText(c.revoked_download_note)).toBeNull();
  });

  it('once revoked, offers no PDF nor record and says why', () => {
    actions(true);
    expect(screen.queryByRole('button', { name: c.download_pdf })).toBeNull();
    expect(screen.queryByRole('button', { name: c.download_clr })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe(c.revoked_download_note);
  });
});

import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import { showError } from '../stores/dialogs';
import { isPortalUser, renewPortalToken } from './portal-token';

export interface DownloadLabels {
  notification: string;
  fileNotFound: string;
  unknown: string;
}

/** A route of the typed client that answers a file, e.g. `wallet.Download.pdf`. */
interface FileRoute<B> {
  $post: (args: { json: B }, options?: ClientRequestOptions) => Promise<ClientResponse<unknown>>;
}

/** The file name the server chose (RFC 5987 form first). */
function fileNameOf(headers: Headers, fallback: string): string {
  const header = headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Saves bytes (or a data URL) under a name through a temporary link. */
export function saveAs(href: string | Blob, name: string): void {
  const url = typeof href === 'string' ? href : URL.createObjectURL(href);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof href !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file from a wallet call (spec §8): a failure shows "File not found.", and an answer
 * that is really a JSON error body shows its errors instead of being saved.
 */
export async function downloadFile<B>(route: FileRoute<B>, body: NoInfer<B>, labels: DownloadLabels): Promise<boolean> {
  const fail = (messages: string[]) => {
    showError({ title: labels.notification, messages });
    return false;
  };
  let res: ClientResponse<unknown>;
  try {
    res = await route.$post({ json: body });
    // A portal user's ended session is renewed from the portal session once (spec §6).
    if (res.status === 401 && isPortalUser()) {
      if ((await renewPortalToken()) === 'leaving') return false;
      res = await route.$post({ json: body });
    }
  } catch {
    return fail([labels.fileNotFound]);
  }
  if ((res.headers.get('Content-Type') ?? '').startsWith('application/json')) {
    const json = (await res.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
    const messages = (json?.errors ?? []).map((e) => e.message || labels.unknown);
    return fail(messages.length ? messages : [labels.fileNotFound]);
  }
  if (!res.ok) return fail([labels.fileNotFound]);
  saveAs(await res.blob(), fileNameOf(res.headers, 'download'));
  return true;
}

import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { maintenancePage, maintenancePolicy } from './page';
import { parseMaintenance, type MaintenanceWindow } from '../../lib/maintenance';

/**
 * Development only (behind the dev token): the maintenance page as a form post would get it during a
 * window of two hours from now, written in +09:00. The browser tests check its rendering here,
 * because the shared running Worker's MAINTENANCE_WINDOW cannot be changed under other tests.
 */
export async function maintenancePreview(c: Context<AppEnv>) {
  const now = Date.now();
  const jst = (ms: number) => `${new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
  const w = parseMaintenance(
    JSON.stringify({ start: jst(now), end: jst(now + 7_200_000), spare_day: jst(now + 86_400_000).slice(0, 10) }),
  ) as MaintenanceWindow;
  c.header('Content-Security-Policy', await maintenancePolicy());
  c.header('Retry-After', String(Math.ceil((w.end - now) / 1000)));
  return c.html(maintenancePage(w, w.end, c.var.lang, c.var.t), 503);
}

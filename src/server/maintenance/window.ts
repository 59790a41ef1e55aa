import { maintenanceWindow, type MaintenanceWindow } from '../../lib/maintenance';

/**
 * The operator's window, read from the Worker var on every request (never held in module state: a
 * changed var reaches the next request). An unusable value is reported by the configuration check.
 */
export function currentWindow(env: Pick<Env, 'MAINTENANCE_WINDOW'>): MaintenanceWindow {
  return maintenanceWindow(env.MAINTENANCE_WINDOW);
}

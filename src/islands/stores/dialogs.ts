import { atom } from 'nanostores';

/** The shared error dialog (spec §2): a title (default: "Notification") and joined messages. */
export interface ErrorDialogState {
  title?: string;
  messages: string[];
  /** Where closing leads; on detail pages the spec sends people Home. */
  closeTo?: string;
}

export const $errorDialog = atom<ErrorDialogState | null>(null);

/** Opens the shared error dialog; later islands call this instead of rendering their own. */
export function showError(state: ErrorDialogState): void {
  $errorDialog.set(state);
}

export function closeError(): void {
  $errorDialog.set(null);
}

/** The confirmation dialog's properties, as spec §3 lists them. */
export interface ConfirmOptions {
  title: string;
  /** Plain text; blank lines start new paragraphs. Never HTML, so no markup can be injected. */
  text: string;
  showXButton?: boolean;
  closeButton?: { visible: boolean; text?: string };
  actionButton?: { visible: boolean; text?: string; color?: 'primary' | 'danger'; icon?: string; iconSize?: number };
}

interface PendingConfirm extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

export const $confirm = atom<PendingConfirm | null>(null);

/** Asks a question in the shared confirmation dialog; resolves true when the action is chosen. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  $confirm.get()?.resolve(false);
  return new Promise((resolve) => $confirm.set({ ...options, resolve }));
}

export function settleConfirm(confirmed: boolean): void {
  const pending = $confirm.get();
  $confirm.set(null);
  pending?.resolve(confirmed);
}

import { useCallback, useId, useRef, useState } from 'react';
import { path } from '../../lib/paths';
import { call } from '../lib/api';
import { account } from '../lib/client';
import { useDismiss } from '../lib/use-dismiss';
import { clearNotifications } from '../stores/notifications';

export interface AvatarMenuProps {
  initials: string;
  imageUrl: string | null;
  name: string;
  email: string | null;
  publicWalletUrl: string;
  helpUrl: string;
  /**
   * Spec §2: "Sign out" is for wallet users (type 2); a portal user (type 1) gets "Sign out of
   * {{name}}" instead (`portalSignOut`, already translated), which ends the portal session too.
   */
  showSignOut: boolean;
  portalSignOut?: string | null;
  labels: {
    open: string;
    profile: string;
    publicWallet: string;
    settings: string;
    help: string;
    signOut: string;
  };
}

/** The avatar button and its menu in the full header. */
export default function AvatarMenu(props: AvatarMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss(open, rootRef, close);

  const signOut = async () => {
    const r = await call(account.OpenbadgeWalletLogout, {});
    // Spec §2: signing out clears notifications (the tab's remembered new-mark) and goes to login.
    clearNotifications();
    // A portal user's sign-out ends the portal session as well (RP-initiated logout): the server
    // names the portal's end-session address, which comes back to the login page afterwards.
    const end = r.ok ? (r.data as { end_session_url?: unknown }).end_session_url : null;
    window.location.assign(typeof end === 'string' && /^https?:\/\//i.test(end) ? end : path('/login'));
  };

  return (
    <div className="avatar-menu" ref={rootRef}>
      <button
        type="button"
        className="avatar-btn"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The visible initials start the accessible name (WCAG 2.5.3), the purpose follows. */}
        {props.imageUrl ? (
          <img src={props.imageUrl} alt="" width={36} height={36} />
        ) : (
          <span className="avatar-initials">{props.initials}</span>
        )}
        <span className="visually-hidden"> {props.labels.open}</span>
      </button>
      {open && (
        <div id={menuId} className="avatar-panel">
          <div className="avatar-who">
            <strong dir="auto">{props.name}</strong>
            {props.email && <span dir="ltr">{props.email}</span>}
          </div>
          <ul>
            <li>
              <a href={path('/setting?menu=4')}>{props.labels.profile}</a>
            </li>
            <li>
              <a href={props.publicWalletUrl}>{props.labels.publicWallet}</a>
            </li>
            <li>
              <a href={path('/setting')}>{props.labels.settings}</a>
            </li>
            <li>
              <a href={props.helpUrl} target="_blank" rel="noopener noreferrer">
                {props.labels.help}
              </a>
            </li>
            {(props.showSignOut || props.portalSignOut) && (
              <li>
                <button type="button" className="link-btn" onClick={() => void signOut()}>
                  {props.portalSignOut ?? props.labels.signOut}
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { signOutToHome, useSession } from '../../lib/session';
import { showToast } from '../../lib/toasts';
import { Avatar } from './Avatar';
import '../menu.css';

/**
 * The header's account menu: the avatar opens Profile, Admin Dashboard (admins only) and Log out.
 * A disclosure of links rather than an ARIA menu: it holds navigation, and it works the same by keyboard
 * (Tab through, Escape to close) as by pointer.
 */
export function AccountMenu() {
  const user = useSession((state) => state.user);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !box.current?.contains(next)) setOpen(false);
    };
    const element = box.current;
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    element?.addEventListener('focusout', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      element?.removeEventListener('focusout', onFocus);
    };
  }, [open]);

  if (!user) return null;
  const name = [user.profile.first_name, user.profile.last_name].filter(Boolean).join(' ');

  const logOut = async () => {
    setBusy(true);
    try {
      await signOutToHome();
    } catch {
      setBusy(false);
      showToast('Error', 'There was a problem signing you out. Please try again.', 'destructive');
    }
  };

  return (
    <div className="account-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        {/* Shown in the phone menu only, where a lone circle of initials says too little. The hidden
            name below already contains it, so screen readers hear it once. */}
        <span className="account-menu__label" aria-hidden="true">
          {name || 'Account'}
        </span>
        <span className="visually-hidden">Account menu for {name || user.email}</span>
      </button>
      <div className="account-menu__panel" id={panel} hidden={!open}>
        <p className="account-menu__who">
          {name && <span className="account-menu__name">{name}</span>}
          <span className="account-menu__email">{user.email}</span>
        </p>
        <ul className="plain-list">
          <li>
            <a href="/profile">Profile</a>
          </li>
          {user.is_staff && (
            <li>
              <a href="/admin/dashboard">Admin Dashboard</a>
            </li>
          )}
          <li>
            <button type="button" onClick={logOut} disabled={busy}>
              {busy ? 'Logging out...' : 'Log out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

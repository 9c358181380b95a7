import { type AuthUser, initials } from '@atelier/shared';
import { useState } from 'react';
import '../menu.css';

/**
 * The user's picture, or their initials when there is none or it fails to load: first letters of
 * first and last name; else the e-mail's first two letters; else "U". Decorative: the control around it
 * carries the name.
 */
export function Avatar({ user, size = 40 }: { user: AuthUser | null; size?: number }) {
  const url = user?.profile.avatar_url ?? null;
  const [failed, setFailed] = useState<string | null>(null);
  const letters = initials(user?.profile ?? {}, user?.email);
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.38 }} aria-hidden="true">
      {url && failed !== url ? (
        <img src={url} alt="" width={size} height={size} onError={() => setFailed(url)} />
      ) : (
        letters
      )}
    </span>
  );
}

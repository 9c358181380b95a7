import { usePageTitle } from '../account/shell';
import { useSession } from '../lib/session';

/**
 * An admin page behind the gate. The admin panel's screens (lists, forms, media, settings) are built on
 * this frame in the admin issue; until then each page says where the studio stands.
 */
export function AdminHome({ title }: { title: string }) {
  usePageTitle(title);
  const user = useSession((state) => state.user);
  const name = user?.profile.first_name || user?.email;
  return (
    <div className="admin-card">
      <p className="eyebrow">Admin Panel</p>
      <h1>{title}</h1>
      <p className="muted">Welcome, {name}. You are signed in as an administrator.</p>
      <p className="muted">The management screens for this section come with the admin panel.</p>
    </div>
  );
}

import { can, type Permission } from '@atelier/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AdminPlatform, AdminSession } from './platform';

export const PlatformContext = createContext<AdminPlatform | null>(null);

/** The platform the shell gave the admin UI. */
export function usePlatform(): AdminPlatform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform outside AdminApp');
  return platform;
}

/** The current session, re-rendering when it changes. */
export function useAdminSession(): { session: AdminSession | null; loading: boolean } {
  const { session } = usePlatform();
  const current = useSyncExternalStore(session.subscribe, session.get);
  const loading = useSyncExternalStore(session.subscribe, session.loading);
  return { session: current, loading };
}

/**
 * Whether the signed-in person's role holds `permission` (shared PERMISSIONS, the server's own table). The
 * UI only hides and disables by it; the server refuses whatever the role may not do.
 */
export function useCan(permission: Permission): boolean {
  return can(useAdminSession().session?.user.role, permission);
}

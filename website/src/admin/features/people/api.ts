import {
  AdminMe,
  type AssignableRole,
  type MfaRequirement,
  PeopleList,
  Person,
  StaffSecurity,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { requestParsed } from '../../api/client';
import { entityApi } from '../../api/entity';
import type { AdminPlatform } from '../../platform';
import { usePlatform } from '../../platform-context';

const BASE = '/api/admin/users';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/**
 * The People list (staff and waiting invitations). Its `useInvalidate` refreshes what a write here changes:
 * every query under ['admin', 'users'] (the signed-in person's role, the staff, the rule), the activity.
 */
export const peopleApi = entityApi({ path: 'users', item: Person, list: PeopleList });

/** Every call of the People screen; each answers the row it changed (or nothing). */
export const people = {
  invite: (platform: AdminPlatform, email: string, role: AssignableRole) =>
    requestParsed(platform, Person, `${BASE}/invitations`, { method: 'POST', body: { email, role } }),
  resend: (platform: AdminPlatform, id: string) =>
    requestParsed(platform, Person, `${BASE}/invitations/${encodeURIComponent(id)}/resend`, {
      method: 'POST',
    }),
  cancel: (platform: AdminPlatform, id: string) =>
    platform.request<void>(`${BASE}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  changeRole: (platform: AdminPlatform, id: string, role: AssignableRole) =>
    requestParsed(platform, Person, `${one(id)}/role`, { method: 'PUT', body: { role } }),
  setActive: (platform: AdminPlatform, id: string, active: boolean) =>
    requestParsed(platform, Person, `${one(id)}/${active ? 'reactivate' : 'deactivate'}`, {
      method: 'POST',
    }),
  /** `heir`: who receives their content; none leaves it to "Former staff". */
  remove: (platform: AdminPlatform, id: string, heir: string | null) =>
    platform.request<void>(one(id), { method: 'DELETE', query: { reassign_to: heir } }),
  transfer: (platform: AdminPlatform, userId: string, password: string) =>
    requestParsed(platform, Person, `${BASE}/transfer-ownership`, {
      method: 'POST',
      body: { user_id: userId, password },
    }),
  reauthenticate: (platform: AdminPlatform, password: string) =>
    platform.request<void>(`${BASE}/reauthenticate`, { method: 'POST', body: { password } }),
  setSecurity: (platform: AdminPlatform, requirement: MfaRequirement) =>
    requestParsed(platform, StaffSecurity, `${BASE}/security`, {
      method: 'PUT',
      body: { require_mfa_for: requirement },
    }),
};

const ME_KEY = ['admin', 'users', 'me'] as const;

/** The signed-in person as the server sees them now (their role may have changed since they signed in). */
export function useMe() {
  const platform = usePlatform();
  return useQuery({ queryKey: ME_KEY, queryFn: () => requestParsed(platform, AdminMe, '/api/admin/me') });
}

/**
 * Every active staff member (all pages of the list): who may receive a deleted person's content, or
 * ownership, and how many have two-step verification.
 */
export function useStaff() {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['admin', 'users', 'all'],
    queryFn: async () => {
      const all: Person[] = [];
      for (let page = 1; ; page++) {
        const answer = await peopleApi.list(platform, { page });
        all.push(...answer.items);
        if (page * answer.pageSize >= answer.total) return all.filter((p) => p.kind === 'account');
      }
    },
  });
}

export function useSecurity() {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['admin', 'users', 'security'],
    queryFn: () => requestParsed(platform, StaffSecurity, `${BASE}/security`),
  });
}

import type { Permission } from '@atelier/shared';

/** The sidebar's pages, in order, and the permission each needs; Activity is the audit log's list. */
export const NAV_ITEMS: readonly { to: string; label: string; icon: string; permission: Permission }[] = [
  {
    to: '/admin/dashboard',
    label: 'Dashboard',
    permission: 'staff',
    icon: 'M2 2h5v5H2zM8 2h5v3H8zM8 6h5v7H8zM2 8h5v5H2z',
  },
  {
    to: '/admin/projects',
    label: 'Projects',
    permission: 'staff',
    icon: 'M1.5 13.5h12M3 13.5V6l4.5-3.5L12 6v7.5M6 13.5V9.5h3v4',
  },
  { to: '/admin/blog', label: 'Blog', permission: 'staff', icon: 'M3 2h9v11H3zM5 5h5M5 7.5h5M5 10h3' },
  { to: '/admin/services', label: 'Services', permission: 'staff', icon: 'M2 4h11M2 7.5h11M2 11h7' },
  {
    to: '/admin/team-members',
    label: 'Team',
    permission: 'staff',
    icon: 'M5.5 6.5a2 2 0 100-4 2 2 0 000 4zM1.5 12.5c0-2.2 1.8-4 4-4s4 1.8 4 4M10 3a2 2 0 010 3.6M11.5 8.8c1.2.6 2 1.9 2 3.7',
  },
  {
    to: '/admin/inquiries',
    label: 'Inquiries',
    permission: 'inquiries',
    icon: 'M1.5 3.5h12v8h-12zM1.5 3.5l6 4.5 6-4.5',
  },
  {
    to: '/admin/media',
    label: 'Media',
    permission: 'staff',
    icon: 'M1.5 2.5h12v10h-12zM1.5 10l3.5-3.5 3 3 2-2 3.5 3.5M10 5.5a1 1 0 100 .01',
  },
  {
    to: '/admin/trash',
    label: 'Trash',
    permission: 'publish',
    icon: 'M2 3.5h11M5.5 3.5V2h4v1.5M3.5 3.5l.8 10h6.4l.8-10M6 6v5M9 6v5',
  },
  {
    to: '/admin/settings',
    label: 'Settings',
    permission: 'settings',
    icon: 'M7.5 9.5a2 2 0 100-4 2 2 0 000 4zM7.5 1.5v2M7.5 11.5v2M1.5 7.5h2M11.5 7.5h2M3.3 3.3l1.4 1.4M10.3 10.3l1.4 1.4M3.3 11.7l1.4-1.4M10.3 4.7l1.4-1.4',
  },
  {
    to: '/admin/backups',
    label: 'Backups',
    permission: 'settings',
    icon: 'M2 3.5h11v3H2zM2 6.5h11v5H2zM4.5 9h2M10 5h.01',
  },
  {
    to: '/admin/users',
    label: 'People',
    permission: 'users',
    icon: 'M5 6.5a2 2 0 100-4 2 2 0 000 4zM1.5 12.5c0-2 1.6-3.5 3.5-3.5s3.5 1.5 3.5 3.5M10.5 5v4M8.5 7h4',
  },
  {
    to: '/admin/activity',
    label: 'Activity',
    permission: 'activity',
    icon: 'M1.5 7.5h3l2-4.5 2.5 9 2-4.5h2.5',
  },
];

import type { Permission } from '@atelier/shared';
import { type ComponentType, lazy } from 'react';

/** A screen loaded when first visited (each feature is its own chunk). */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/**
 * The admin's pages, absolute paths, and the permission each needs (every staff role when none is named).
 * Every feature folder's index exports its screens; the titles match shared ADMIN_ROUTES (the server's
 * first-load titles).
 */
export const ADMIN_PAGES: { path: string; Screen: ComponentType; permission?: Permission }[] = [
  { path: '/admin/dashboard', Screen: screen(() => import('./features/dashboard'), 'DashboardPage') },
  { path: '/admin/projects', Screen: screen(() => import('./features/projects'), 'ProjectsPage') },
  { path: '/admin/projects/new', Screen: screen(() => import('./features/projects'), 'ProjectFormPage') },
  {
    path: '/admin/projects/categories',
    Screen: screen(() => import('./features/projects'), 'CategoriesPage'),
  },
  {
    path: '/admin/projects/edit/:id',
    Screen: screen(() => import('./features/projects'), 'ProjectFormPage'),
  },
  { path: '/admin/blog', Screen: screen(() => import('./features/blog'), 'BlogPage') },
  { path: '/admin/blog/new', Screen: screen(() => import('./features/blog'), 'BlogFormPage') },
  { path: '/admin/blog/edit/:id', Screen: screen(() => import('./features/blog'), 'BlogFormPage') },
  { path: '/admin/services', Screen: screen(() => import('./features/services'), 'ServicesPage') },
  { path: '/admin/services/new', Screen: screen(() => import('./features/services'), 'ServiceFormPage') },
  {
    path: '/admin/services/edit/:id',
    Screen: screen(() => import('./features/services'), 'ServiceFormPage'),
  },
  { path: '/admin/team-members', Screen: screen(() => import('./features/team'), 'TeamPage') },
  { path: '/admin/team-members/new', Screen: screen(() => import('./features/team'), 'TeamMemberFormPage') },
  {
    path: '/admin/team-members/edit/:id',
    Screen: screen(() => import('./features/team'), 'TeamMemberFormPage'),
  },
  {
    path: '/admin/inquiries',
    Screen: screen(() => import('./features/inquiries'), 'InquiriesPage'),
    permission: 'inquiries',
  },
  {
    path: '/admin/inquiries/:id',
    Screen: screen(() => import('./features/inquiries'), 'InquiryPage'),
    permission: 'inquiries',
  },
  { path: '/admin/media', Screen: screen(() => import('./features/media'), 'MediaPage') },
  {
    path: '/admin/media/describe',
    Screen: screen(() => import('./features/media'), 'DescribeImagesPage'),
  },
  {
    path: '/admin/settings',
    Screen: screen(() => import('./features/settings'), 'SettingsPage'),
    permission: 'settings',
  },
  {
    path: '/admin/backups',
    Screen: screen(() => import('./features/backups'), 'BackupsPage'),
    permission: 'settings',
  },
  {
    path: '/admin/trash',
    Screen: screen(() => import('./features/trash'), 'TrashPage'),
    permission: 'publish',
  },
  {
    path: '/admin/activity',
    Screen: screen(() => import('./features/activity'), 'ActivityPage'),
    permission: 'activity',
  },
  {
    path: '/admin/users',
    Screen: screen(() => import('./features/people'), 'PeoplePage'),
    permission: 'users',
  },
];

import { type ComponentType, lazy } from 'react';

/** A screen loaded when first visited (each feature is its own chunk). */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/**
 * The admin's pages, absolute paths. Every feature folder's index exports its screens; the titles
 * match shared ADMIN_ROUTES (the server's first-load titles).
 */
export const ADMIN_PAGES: { path: string; Screen: ComponentType }[] = [
  { path: '/admin/dashboard', Screen: screen(() => import('./features/dashboard'), 'DashboardPage') },
  { path: '/admin/projects', Screen: screen(() => import('./features/projects'), 'ProjectsPage') },
  { path: '/admin/projects/new', Screen: screen(() => import('./features/projects'), 'ProjectFormPage') },
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
  { path: '/admin/inquiries', Screen: screen(() => import('./features/inquiries'), 'InquiriesPage') },
  { path: '/admin/media', Screen: screen(() => import('./features/media'), 'MediaPage') },
  { path: '/admin/settings', Screen: screen(() => import('./features/settings'), 'SettingsPage') },
  { path: '/admin/activity', Screen: screen(() => import('./features/activity'), 'ActivityPage') },
];

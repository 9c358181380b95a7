import { AUTH_MESSAGES as M } from '../messages';
import { passwordProblem } from './password';

/**
 * What the account screens and the server share without a schema library: the password and form checks,
 * the cookie and header names. (The screens load no zod: it would cost bytes and, under the CSP, warnings.)
 */

export const MAX_PASSWORD_LENGTH = 256;

/** Trims and lowercases an e-mail address, as everywhere in accounts. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The password policy plus a length cap; null when the password is acceptable. */
export function newPasswordProblem(password: string): string | null {
  if (password.length > MAX_PASSWORD_LENGTH) return M.passwordTooLong;
  return passwordProblem(password);
}

/** Change password on the profile screen: all three fields, matching, then the policy. */
export function changePasswordProblem(input: {
  current_password?: string | null;
  password?: string | null;
  password_confirmation?: string | null;
}): { field: string; message: string } | null {
  if (!input.current_password || !input.password || !input.password_confirmation)
    return { field: 'password', message: M.allFieldsRequired };
  if (input.password !== input.password_confirmation)
    return { field: 'password_confirmation', message: M.newPasswordsDoNotMatch };
  const problem = newPasswordProblem(input.password);
  return problem ? { field: 'password', message: problem } : null;
}

/** The reset-password screen: both fields, matching, then the policy. */
export function resetPasswordProblem(input: {
  password?: string | null;
  password_confirmation?: string | null;
}): { field: string; message: string } | null {
  if (!input.password || !input.password_confirmation)
    return { field: 'password', message: M.allFieldsRequired };
  if (input.password !== input.password_confirmation)
    return { field: 'password_confirmation', message: M.passwordsDoNotMatch };
  const problem = newPasswordProblem(input.password);
  return problem ? { field: 'password', message: problem } : null;
}

export const AUTH_HEADERS = { csrf: 'X-CSRF-Token', mode: 'X-Auth-Mode' } as const;
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** A simple address pattern for forms; the server's check is stricter. */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * The account area: pages rendered in the browser (never indexed), each with its title. The website's
 * router and the server (which answers 404 for any other /admin path) read the same table.
 */
export const ACCOUNT_ROUTES = {
  '/auth': 'Login / Sign Up',
  '/reset-password': 'Reset Password',
  '/profile': 'Profile',
  '/admin': 'Admin',
  '/admin/login': 'Admin Login',
  '/admin/setup': 'Set Up the Studio',
  '/admin/invite': 'Join the Studio',
} as const;

/** The guarded admin pages: only the studio's staff pass the gate (each page's role rule: admin/routes.tsx). */
export const ADMIN_ROUTES = {
  '/admin/dashboard': 'Dashboard',
  '/admin/projects': 'Projects',
  '/admin/projects/new': 'New Project',
  '/admin/projects/categories': 'Project Categories',
  '/admin/projects/edit/:id': 'Edit Project',
  '/admin/blog': 'Blog',
  '/admin/blog/new': 'New Blog Post',
  '/admin/blog/edit/:id': 'Edit Blog Post',
  '/admin/inquiries': 'Inquiries',
  '/admin/inquiries/:id': 'Inquiry',
  '/admin/media': 'Media Library',
  '/admin/media/describe': 'Describe Images',
  '/admin/settings': 'Settings',
  '/admin/backups': 'Backups',
  '/admin/services': 'Services',
  '/admin/services/new': 'New Service',
  '/admin/services/edit/:id': 'Edit Service',
  '/admin/team-members': 'Team',
  '/admin/team-members/new': 'New Team Member',
  '/admin/team-members/edit/:id': 'Edit Team Member',
  '/admin/activity': 'Activity',
  '/admin/trash': 'Trash',
  '/admin/users': 'People',
} as const;

/** Whether a path belongs to the account area (its page, or its 404 for an unknown /admin path). */
export const isAccountArea = (pathname: string) =>
  pathname in ACCOUNT_ROUTES || pathname.startsWith('/admin/');

/** The title of an account-area path, or null when no page has that path. */
export function accountPageTitle(pathname: string): string | null {
  const routes: Record<string, string> = { ...ACCOUNT_ROUTES, ...ADMIN_ROUTES };
  const exact = routes[pathname];
  if (exact) return exact;
  const match = Object.keys(routes).find((route) =>
    new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`).test(pathname),
  );
  return match ? (routes[match] ?? null) : null;
}

/** The hint under a new password. */
export const PASSWORD_HINT =
  'At least 8 characters with uppercase, lowercase, numbers and special characters.';

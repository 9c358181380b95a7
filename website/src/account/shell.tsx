import type { AccountShellData, SiteSettings } from '@atelier/shared';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Flash, leaveFlash } from '../lib/flash';
import { showToast } from '../lib/toasts';

/** What the server sent with the page, the settings kept live. */
export const ShellContext = createContext<AccountShellData | null>(null);

function useShell(): AccountShellData {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('used outside the account app');
  return shell;
}

export const useSettings = (): SiteSettings => useShell().settings;
export const useStudioPhoto = () => useShell().photo;

/** Sets the document title, "{title} | {site name}", as the server did for the first load. */
export function usePageTitle(title: string) {
  const { site_name } = useSettings();
  useEffect(() => {
    document.title = `${title} | ${site_name}`;
  }, [title, site_name]);
}

/** A same-site path to return to, or null (never another origin: `//host` and `/\host` are refused). */
export function safeTarget(target: unknown): string | null {
  return typeof target === 'string' && /^\/(?![/\\])[^\s]*$/.test(target) && target.length < 500
    ? target
    : null;
}

/** Whether a path is one of this app's pages (a client-side move), or a page of the public site (a load). */
const inApp = (path: string) => /^\/(auth|reset-password|profile|admin)(\/|$|\?|#)/.test(path);

/**
 * Moves to a path, with a toast to show there: within the account area without a reload, to a public page
 * with one (the toast following as a flash).
 */
export function useGo() {
  const navigate = useNavigate();
  return useCallback(
    (path: string, toast?: Flash) => {
      if (inApp(path)) {
        if (toast) showToast(toast.title, toast.description, toast.tone);
        navigate(path, { replace: true });
      } else {
        if (toast) leaveFlash(toast);
        window.location.replace(path);
      }
    },
    [navigate],
  );
}

/** The path (with its query) of the current page, to come back to after signing in. */
export function useHere() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** Reads the URL's hash once (mail links answer there) and removes it, so a reload does not replay it. */
export function takeHash(): URLSearchParams {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash)
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
  return hash;
}

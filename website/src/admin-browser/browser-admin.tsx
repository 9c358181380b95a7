import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminApp } from '../admin';
import { createBrowserPlatform } from './browser-platform';

/**
 * The admin panel in the browser, behind the account area's gate (AdminGate): its platform moves to other
 * pages of the account area (/auth after logging out) through the page's router.
 */
export default function BrowserAdmin() {
  const navigate = useNavigate();
  const platform = useMemo(
    () => createBrowserPlatform((path) => navigate(path, { replace: true })),
    [navigate],
  );
  return <AdminApp platform={platform} />;
}

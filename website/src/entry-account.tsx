import type { AccountShellData } from '@atelier/shared';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AccountApp } from './account/AccountApp';

// The admin panel (and Radix Themes' CSS) load only once the gate has let an admin through.
const BrowserAdmin = lazy(() => import('./admin-browser/browser-admin'));

const data = JSON.parse(document.getElementById('__DATA__')?.textContent ?? '{}') as AccountShellData;
const root = document.getElementById('root');
if (root) {
  // A data router: the admin's unsaved-changes guard blocks moves with it.
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <AccountApp
          data={data}
          adminPanel={
            <Suspense fallback={null}>
              <BrowserAdmin />
            </Suspense>
          }
        />
      ),
    },
  ]);
  createRoot(root).render(<RouterProvider router={router} />);
}

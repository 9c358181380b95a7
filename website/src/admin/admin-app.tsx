import { can } from '@atelier/shared';
import { Flex, Spinner, Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './layout/admin-layout';
import { AdminSignIn } from './layout/sign-in';
import { StaffCheck } from './layout/staff-check';
import type { AdminPlatform } from './platform';
import { PlatformContext, useAdminSession } from './platform-context';
import { ADMIN_PAGES } from './routes';
import { AdminNoAccess, AdminNotFound } from './ui/not-found';
import { Toaster } from './ui/toaster';

/** One retry, no refetch on focus, data stale at once: every visit shows the server's truth. */
const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: 0 },
    },
  });

const Loading = () => (
  <Flex align="center" justify="center" py="9" role="status" aria-label="Loading">
    <Spinner size="3" />
  </Flex>
);

function AdminRoutes() {
  const { session, loading } = useAdminSession();
  if (loading) return <Loading />;
  if (!session || session.secondFactorPending) return <AdminSignIn />;
  return (
    <StaffCheck key={session.user.id}>
      <AdminLayout>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/admin" element={<Navigate to="/admin/dashboard" replace />} />
            {ADMIN_PAGES.map(({ path, Screen, permission }) => (
              <Route
                key={path}
                path={path}
                element={!permission || can(session.user.role, permission) ? <Screen /> : <AdminNoAccess />}
              />
            ))}
            <Route path="*" element={<AdminNotFound />} />
          </Routes>
        </Suspense>
      </AdminLayout>
    </StaffCheck>
  );
}

/**
 * The admin panel, one UI for the browser and the desktop app. The shell provides the platform and a data
 * router (see platform.ts); this renders the theme, the query cache, the toasts and the pages.
 */
export function AdminApp({ platform }: { platform: AdminPlatform }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <PlatformContext.Provider value={platform}>
      <QueryClientProvider client={queryClient}>
        <Theme accentColor="gold" grayColor="sand" radius="small" scaling="100%" className="admin-root">
          <AdminRoutes />
          <Toaster />
        </Theme>
      </QueryClientProvider>
    </PlatformContext.Provider>
  );
}

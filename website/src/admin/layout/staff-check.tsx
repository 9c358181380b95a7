import { AdminMe, isRequestFailure } from '@atelier/shared';
import { Button, Callout, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../../lib/failure';
import { requestParsed } from '../api/client';
import { usePlatform } from '../platform-context';
import { usePageTitle } from '../ui/use-page-title';

export const adminMeKey = ['admin', 'me'] as const;

/**
 * The server's word on the signed-in person before any admin page: staff, and meeting the studio's two-step
 * rule. A person whose role requires a second factor they have not set up is led to set it up first; an
 * account without a staff role is told so. (The browser's gate asks the same before the admin loads; the
 * desktop app has only this.)
 */
export function StaffCheck({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const me = useQuery({
    queryKey: adminMeKey,
    queryFn: () => requestParsed(platform, AdminMe, '/api/admin/me'),
    retry: false,
    staleTime: 60_000,
  });
  if (me.isSuccess) return children;
  if (me.isPending)
    return (
      <Flex align="center" justify="center" py="9" role="status" aria-label="Checking your access">
        <Spinner size="3" />
      </Flex>
    );
  const error = me.error;
  const needsSecondFactor = isRequestFailure(error) && error.code === 'mfa_required';
  return (
    <Refusal needsSecondFactor={needsSecondFactor} message={messageOf(error, 'Failed to check access')} />
  );
}

function Refusal({ needsSecondFactor, message }: { needsSecondFactor: boolean; message: string }) {
  const platform = usePlatform();
  const title = needsSecondFactor ? 'Two-step verification required' : 'No access to the admin';
  usePageTitle(title);
  return (
    <Flex align="center" justify="center" minHeight="100vh" p="4">
      <Card size="4" style={{ width: 'min(100%, 460px)' }}>
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Callout.Root color={needsSecondFactor ? 'amber' : 'red'} role="alert">
            <Callout.Text>{message}</Callout.Text>
          </Callout.Root>
          {needsSecondFactor && (
            <Text color="gray" size="2">
              Set up an authenticator app on your profile, then sign in again.
            </Text>
          )}
          <Flex gap="3" wrap="wrap">
            {needsSecondFactor && (
              <Button onClick={() => platform.openExternal(platform.siteUrl('/profile#security'))}>
                Set Up Two-Step Verification
              </Button>
            )}
            <Button variant="soft" color="gray" onClick={() => void platform.session.signOut()}>
              Sign out
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

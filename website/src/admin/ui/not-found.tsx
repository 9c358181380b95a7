import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { usePlatform } from '../platform-context';
import { usePageTitle } from './use-page-title';

/** An admin path that is no page: Page Not Found, Back to Home, Contact Support (/contact). */
export function AdminNotFound() {
  usePageTitle('Page Not Found');
  const platform = usePlatform();
  const external = (path: string) => ({
    href: platform.siteUrl(path),
    onClick: (event: { preventDefault(): void }) => {
      event.preventDefault();
      platform.openExternal(platform.siteUrl(path));
    },
  });
  return (
    <Flex direction="column" align="center" gap="3" py="9" className="admin-not-found">
      <Text size="8" weight="light" color="gray">
        404
      </Text>
      <Heading as="h1" size="6">
        Page Not Found
      </Heading>
      <Text color="gray">This page of the admin panel does not exist.</Text>
      <Flex gap="3" mt="3">
        <Button asChild>
          <a {...external('/')}>Back to Home</a>
        </Button>
        <Button asChild variant="soft" color="gray">
          <a {...external('/contact')}>Contact Support</a>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/admin/dashboard">Dashboard</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * A page the signed-in person's role may not open (a deep link, a bookmark): said plainly, with the way back.
 * The server refuses the page's data anyway.
 */
export function AdminNoAccess() {
  usePageTitle('No Access');
  return (
    <Flex direction="column" align="center" gap="3" py="9" className="admin-not-found">
      <svg width="40" height="40" viewBox="0 0 15 15" aria-hidden="true" className="admin-no-access__icon">
        <path
          d="M4 6.5V4.5a3.5 3.5 0 017 0v2M3 6.5h9v7H3zM7.5 9.5v1.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Heading as="h1" size="6" align="center">
        You don&apos;t have access to this page
      </Heading>
      <Text color="gray" align="center">
        Your role doesn&apos;t include it. Ask the studio&apos;s owner or an administrator if you need it.
      </Text>
      <Flex gap="3" mt="3">
        <Button asChild>
          <Link to="/admin/dashboard">Dashboard</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

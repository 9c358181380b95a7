import { can } from '@atelier/shared';
import { Box, Flex, Separator, Text } from '@radix-ui/themes';
import { NavLink } from 'react-router-dom';
import { useSiteName } from '../api/site';
import { useAdminSession, usePlatform } from '../platform-context';
import { NAV_ITEMS } from './nav-items';

const Icon = ({ d }: { d: string }) => (
  <svg width="16" height="16" viewBox="0 0 15 15" aria-hidden="true" className="admin-nav__icon">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The admin's navigation: the site's name and "Admin Panel", the pages (the current one marked
 * with aria-current by NavLink), Back to Website and Logout.
 */
export function Sidebar({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout(): void }) {
  const siteName = useSiteName();
  const platform = usePlatform();
  const role = useAdminSession().session?.user.role;
  return (
    <Flex direction="column" height="100%" className="admin-sidebar">
      <Box px="4" pt="5" pb="4">
        <Text as="p" size="3" weight="bold" className="admin-sidebar__name">
          {siteName || '\u00a0'}
        </Text>
        <Text as="p" size="1" color="gray" className="admin-sidebar__label">
          Admin Panel
        </Text>
      </Box>
      <nav aria-label="Admin" className="admin-nav">
        <ul>
          {NAV_ITEMS.filter((item) => can(role, item.permission)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="admin-nav__link" onClick={onNavigate}>
                <Icon d={item.icon} />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Box mt="auto" px="2" pb="4">
        <Separator size="4" mb="3" />
        <ul className="admin-nav admin-nav--end">
          <li>
            <a
              className="admin-nav__link"
              href={platform.siteUrl('/')}
              onClick={(event) => {
                event.preventDefault();
                platform.openExternal(platform.siteUrl('/'));
              }}
            >
              <Icon d="M9 3.5L5 7.5l4 4" />
              Back to Website
            </a>
          </li>
          <li>
            <button type="button" className="admin-nav__link" onClick={onLogout}>
              <Icon d="M6 2.5H2.5v10H6M9.5 4.5l3 3-3 3M12.5 7.5H5.5" />
              Logout
            </button>
          </li>
        </ul>
      </Box>
    </Flex>
  );
}

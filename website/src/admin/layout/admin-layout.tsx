import { Dialog, Flex, IconButton, Text, VisuallyHidden } from '@radix-ui/themes';
import { type ReactNode, useEffect, useState } from 'react';
import { showToast } from '../../lib/toasts';
import { useSiteName } from '../api/site';
import { useCan, usePlatform } from '../platform-context';
import { useAction } from '../ui/use-action';
import { Sidebar } from './sidebar';

/**
 * The frame of every admin page: the sidebar on wide screens; under 768 px a top bar whose Menu button
 * slides the same sidebar in as a drawer (a modal dialog: focus kept inside, Escape closes it).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const siteName = useSiteName();
  const [drawer, setDrawer] = useState(false);
  const { run } = useAction();
  const reviewer = useCan('publish');
  // Those who review hear of each draft submitted, wherever they are in the admin (the server sends the
  // event to their streams only).
  useEffect(() => {
    if (!reviewer) return;
    return platform.events.subscribe('review', (draft) =>
      showToast(
        'Submitted for review',
        `${draft.author} submitted the ${draft.kind === 'project' ? 'project' : 'blog post'} "${draft.title}".`,
      ),
    );
  }, [platform, reviewer]);
  // Everyone on the staff hears of a scheduled post going live.
  useEffect(
    () =>
      platform.events.subscribe('went_live', (post) =>
        showToast('Post is live', `"${post.title}" went live as scheduled.`),
      ),
    [platform],
  );

  const logout = () =>
    run(
      async () => {
        await platform.session.signOut();
        setDrawer(false);
        showToast('Logged out', 'You have been signed out of the admin panel.', 'success');
        platform.navigate('/auth');
      },
      { failure: 'Failed to log out. Please try again.' },
    );

  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      <aside className="admin-shell__side">
        <Sidebar onLogout={logout} />
      </aside>
      <Flex align="center" gap="3" px="3" className="admin-shell__bar">
        <Dialog.Root open={drawer} onOpenChange={setDrawer}>
          <Dialog.Trigger>
            <IconButton variant="ghost" color="gray" size="3" aria-label="Open menu">
              <svg width="18" height="18" viewBox="0 0 15 15" aria-hidden="true">
                <path
                  d="M2 4h11M2 7.5h11M2 11h11"
                  stroke="currentColor"
                  strokeWidth="1.3"
                  strokeLinecap="round"
                />
              </svg>
            </IconButton>
          </Dialog.Trigger>
          <Dialog.Content className="admin-drawer" aria-describedby={undefined}>
            <VisuallyHidden>
              <Dialog.Title>Menu</Dialog.Title>
            </VisuallyHidden>
            <Dialog.Close>
              <IconButton
                variant="ghost"
                color="gray"
                aria-label="Close menu"
                className="admin-drawer__close"
              >
                <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true">
                  <path
                    d="M4 4l7 7M11 4l-7 7"
                    stroke="currentColor"
                    strokeWidth="1.3"
                    strokeLinecap="round"
                  />
                </svg>
              </IconButton>
            </Dialog.Close>
            <Sidebar onNavigate={() => setDrawer(false)} onLogout={logout} />
          </Dialog.Content>
        </Dialog.Root>
        <Text weight="bold" size="2">
          {siteName}{' '}
          <Text color="gray" weight="regular">
            Admin Panel
          </Text>
        </Text>
      </Flex>
      <main id="admin-main" tabIndex={-1} className="admin-shell__main">
        {children}
      </main>
    </div>
  );
}

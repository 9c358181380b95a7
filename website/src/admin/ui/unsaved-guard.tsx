import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { type RefObject, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Leaving a form with unsaved changes asks first: a move inside the admin (react-router's blocker, hence
 * the data router the shells provide) and closing or reloading the page (beforeunload).
 */
export function UnsavedChangesGuard({
  when,
  bypass,
  onLeave,
}: {
  when: boolean;
  bypass?: RefObject<boolean>;
  /** The person chose to leave and lose the changes. */
  onLeave?: () => void;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !bypass?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <AlertDialog.Root open={blocker.state === 'blocked'} onOpenChange={(open) => !open && blocker.reset?.()}>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>Discard unsaved changes?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          You have changes that are not saved. Leave this page and lose them?
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Stay on Page
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button
              color="red"
              onClick={() => {
                onLeave?.();
                blocker.proceed?.();
              }}
            >
              Leave Page
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/**
 * The guard of a form: `guard` to render, `release()` before moving on after a save (the form is still
 * dirty in that render); `onLeave` runs when the person chose to leave and lose the changes.
 */
export function useLeaveGuard(dirty: boolean, onLeave?: () => void) {
  const bypass = useRef(false);
  return {
    guard: <UnsavedChangesGuard when={dirty} bypass={bypass} onLeave={onLeave} />,
    release: () => {
      bypass.current = true;
    },
  };
}

import {
  factsQueryOf,
  PUBLISH_MESSAGES,
  type PublishContent,
  type PublishFacts,
  publishChecks,
} from '@atelier/shared';
import { Badge, Button, Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { showToast } from '../../lib/toasts';
import { urlName, useMarkDecorative, useMediaFiles, usePublishFacts } from '../api/media-library';
import { useAction } from './use-action';

const NO_FACTS: PublishFacts = { images: {}, broken_links: [] };

/**
 * The publish checks of a form's content (the same code the server runs on a publish), over what the server
 * knows of its images and links. `blocked`: an image has no alt text and is not marked decorative.
 */
export function usePublishChecks(content: PublishContent) {
  const facts = usePublishFacts(factsQueryOf(content));
  const checks = publishChecks(content, facts.data ?? NO_FACTS);
  const blocked = checks.some((c) => !c.ok && c.blocking);
  return {
    checks,
    facts: facts.data ?? NO_FACTS,
    blocked,
    /** True (and the checks shown, with a toast) when a save with `status` would publish what they block. */
    refuses(status: string | undefined) {
      if (status !== 'published' || !blocked) return false;
      showToast('Not published', PUBLISH_MESSAGES.altMissing, 'destructive');
      const panel = document.getElementById('publish-checks');
      panel?.scrollIntoView({ block: 'center' });
      panel?.focus();
      return true;
    },
  };
}
export type PublishChecks = ReturnType<typeof usePublishChecks>;

/**
 * The checks beside a form's Publish button: each passed or not; missing alt text (red) stops the publish
 * until each image is described or marked decorative (a library file, from here), the others (amber) warn.
 */
export function PublishChecksPanel({ checks, facts, blocked }: Omit<PublishChecks, 'refuses'>) {
  const fileAt = useMediaFiles(checks.find((c) => c.id === 'alt')?.items ?? []);
  const names = (url: string) => fileAt(url)?.filename ?? urlName(url);
  const decorative = useMarkDecorative();
  const { run, busy } = useAction();
  return (
    <Card size="2" className="publish-checks" asChild>
      <section aria-labelledby="publish-checks-title" tabIndex={-1} id="publish-checks">
        <Flex justify="between" align="center" gap="3" mb="2">
          <Heading as="h2" size="3" id="publish-checks-title">
            Publish checks
          </Heading>
          <Badge color={blocked ? 'red' : checks.every((c) => c.ok) ? 'green' : 'amber'}>
            {blocked ? 'Blocks publishing' : checks.every((c) => c.ok) ? 'Ready' : 'Warnings'}
          </Badge>
        </Flex>
        <ul className="publish-checks-list">
          {checks.map((check) => (
            <li key={check.id} data-state={check.ok ? 'ok' : check.blocking ? 'blocking' : 'warning'}>
              <Text size="2" as="p">
                <span aria-hidden="true" className="publish-checks-mark">
                  {check.ok ? '✓' : check.blocking ? '✕' : '!'}
                </span>
                <VisuallyHidden>
                  {check.ok ? 'Passed: ' : check.blocking ? 'Blocking: ' : 'Warning: '}
                </VisuallyHidden>
                {check.message}
              </Text>
              {check.id === 'alt' && check.items.length > 0 && (
                <ul>
                  {check.items.map((url) => {
                    const file = facts.images[url];
                    return (
                      <li key={url}>
                        <Flex gap="2" align="center" justify="between" wrap="wrap">
                          <Text size="1" color="gray">
                            {names(url)}
                          </Text>
                          {file && (
                            <Button
                              type="button"
                              size="1"
                              variant="soft"
                              disabled={busy}
                              aria-label={`Mark decorative: ${names(url)}`}
                              onClick={() =>
                                run(() => decorative.mutateAsync(file.id), {
                                  failure: 'Failed to mark the image decorative',
                                })
                              }
                            >
                              Mark decorative
                            </Button>
                          )}
                        </Flex>
                      </li>
                    );
                  })}
                </ul>
              )}
              {check.id === 'links' && check.items.length > 0 && (
                <ul>
                  {check.items.map((link) => (
                    <li key={link}>
                      <Text size="1" color="gray">
                        {link}
                      </Text>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

import {
  factsQueryOf,
  PUBLISH_MESSAGES,
  type PublishContent,
  type PublishFacts,
  publishChecks,
} from '@atelier/shared';
import { Badge, Button, Card, Flex, Heading, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { showToast } from '../../lib/toasts';
import { urlName, useDescribeImage, useMediaFiles, usePublishFacts } from '../api/media-library';
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
                  {check.items.map((url) => (
                    <li key={url}>
                      <DescribeImage name={names(url)} id={facts.images[url]?.id} />
                    </li>
                  ))}
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

/**
 * An image the checks block, described where it is found: its alt text typed and saved to the library file
 * (the default of every use), or the file marked decorative. An image from elsewhere is only named.
 */
function DescribeImage({ name, id }: { name: string; id: string | undefined }) {
  const describe = useDescribeImage();
  const { run, busy } = useAction();
  const [alt, setAlt] = useState('');
  const save = (body: { alt_text: string } | { decorative: true }) =>
    id && run(() => describe.mutateAsync({ id, ...body }), { failure: 'Failed to describe the image' });
  return (
    <Flex direction="column" gap="1">
      <Text size="1" color="gray">
        {name}
      </Text>
      {id && (
        <Flex gap="2" align="center" wrap="wrap">
          <TextField.Root
            size="1"
            aria-label={`Alt text of ${name}`}
            placeholder="What the photograph shows"
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button
            type="button"
            size="1"
            disabled={busy || alt.trim() === ''}
            aria-label={`Save alt text of ${name}`}
            onClick={() => save({ alt_text: alt.trim() })}
          >
            Save
          </Button>
          <Button
            type="button"
            size="1"
            variant="soft"
            disabled={busy}
            aria-label={`Mark decorative: ${name}`}
            onClick={() => save({ decorative: true })}
          >
            Mark decorative
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

import { type MfaRequirement, mfaRequiredFor, type Person } from '@atelier/shared';
import { Callout, Card, Flex, Heading, RadioCards, Skeleton, Text } from '@radix-ui/themes';
import { usePlatform } from '../../platform-context';
import { people, useSecurity } from './api';
import { nameOf } from './person-dialogs';
import type { usePersonAction } from './use-person-action';

const OPTIONS: [MfaRequirement, string, string][] = [
  ['none', 'Nobody', 'Each person decides on their own profile.'],
  ['admins', 'Owner and administrators', 'Whoever manages people and settings needs an authenticator app.'],
  ['staff', 'All staff', 'Everyone who signs in to the admin needs an authenticator app.'],
];

/**
 * The studio's rule "require two-step verification for …", and who it would stop at the door: the staff it
 * covers who have not set up an authenticator are asked to before their next admin page.
 */
export function SecurityCard({
  staff,
  action,
}: {
  staff: Person[];
  action: ReturnType<typeof usePersonAction>;
}) {
  const platform = usePlatform();
  const security = useSecurity();
  const rule = security.data?.require_mfa_for;
  const missing = rule
    ? staff.filter((p) => p.status === 'active' && !p.mfa_enabled && mfaRequiredFor(rule, p.role))
    : [];

  const choose = (value: string) => {
    const label = OPTIONS.find(([option]) => option === value)?.[1] ?? value;
    void action.run(() => people.setSecurity(platform, value as MfaRequirement), {
      success: { title: 'Two-step verification', description: `Now required of: ${label.toLowerCase()}.` },
      failure: 'Failed to change the rule',
    });
  };

  return (
    <Card size="2" mt="6" asChild>
      <section aria-labelledby="people-mfa-title">
        <Heading as="h2" size="4" weight="medium" id="people-mfa-title">
          Two-step verification
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="3">
          Require a code from an authenticator app, besides the password, to use the admin.
        </Text>
        <Skeleton loading={!rule}>
          <RadioCards.Root
            value={rule}
            onValueChange={choose}
            disabled={action.busy}
            columns={{ initial: '1', md: '3' }}
            gap="2"
            aria-label="Require two-step verification for"
          >
            {OPTIONS.map(([value, label, description]) => (
              <RadioCards.Item key={value} value={value}>
                <Flex direction="column" width="100%">
                  <Text weight="bold">{label}</Text>
                  <Text size="2" color="gray">
                    {description}
                  </Text>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Skeleton>
        {missing.length > 0 && (
          <Callout.Root color="amber" mt="3" size="1">
            <Callout.Text>
              Not set up yet, so asked to before their next admin page:{' '}
              {missing.map((person) => nameOf(person)).join(', ')}.
            </Callout.Text>
          </Callout.Root>
        )}
      </section>
    </Card>
  );
}

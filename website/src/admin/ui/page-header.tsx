import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/** A page's heading (its document title too), its lead and its actions. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Flex justify="between" align={{ initial: 'start', sm: 'end' }} gap="4" mb="5" wrap="wrap">
      <div>
        <Heading as="h1" size="7" weight="medium" className="admin-title">
          {title}
        </Heading>
        {lead && (
          <Text as="p" color="gray" size="2" mt="1">
            {lead}
          </Text>
        )}
      </div>
      {actions && (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}

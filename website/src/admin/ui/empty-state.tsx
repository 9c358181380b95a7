import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing, with an optional action. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Flex direction="column" align="center" gap="3" py="8" className="admin-empty">
      <Text as="p" color="gray" size="3">
        {message}
      </Text>
      {action}
    </Flex>
  );
}

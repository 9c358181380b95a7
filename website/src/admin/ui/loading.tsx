import { Flex, Spinner } from '@radix-ui/themes';

/** A page's content while it loads. */
export const Loading = ({ label = 'Loading' }: { label?: string }) => (
  <Flex align="center" justify="center" py="9" role="status" aria-label={label}>
    <Spinner size="3" />
  </Flex>
);

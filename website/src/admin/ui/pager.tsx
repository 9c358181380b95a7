import { Flex, IconButton, Text } from '@radix-ui/themes';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  label?: string;
}

const Chevron = ({ d }: { d: string }) => (
  <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
  </svg>
);

/** First / previous / next / last, with "Page x of y". Hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage, label = 'Pagination' }: PagerProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const buttons = [
    { name: 'First page', to: 1, d: 'M4 3v9M11 3 7 7.5l4 4.5', off: page <= 1 },
    { name: 'Previous page', to: page - 1, d: 'M9 3 5 7.5 9 12', off: page <= 1 },
    { name: 'Next page', to: page + 1, d: 'M6 3l4 4.5L6 12', off: page >= last },
    { name: 'Last page', to: last, d: 'M11 3v9M4 3l4 4.5L4 12', off: page >= last },
  ];
  return (
    <Flex asChild align="center" justify="between" gap="3" pt="3" wrap="wrap">
      <nav aria-label={label}>
        <Text size="2" color="gray">
          Page {page} of {last} · {total} in all
        </Text>
        <Flex gap="2">
          {buttons.map((button) => (
            <IconButton
              key={button.name}
              variant="soft"
              color="gray"
              aria-label={button.name}
              disabled={button.off}
              onClick={() => onPage(button.to)}
            >
              <Chevron d={button.d} />
            </IconButton>
          ))}
        </Flex>
      </nav>
    </Flex>
  );
}

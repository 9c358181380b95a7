import { Badge, Flex, IconButton, TextField } from '@radix-ui/themes';
import { useState } from 'react';

/**
 * Keywords as tags: Enter or a comma adds what was typed, each tag has its remove button, Backspace in
 * the empty box removes the last one.
 */
export function TagInput({
  value,
  onChange,
  label,
  id,
  ...aria
}: {
  value: string[];
  onChange(tags: string[]): void;
  label: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const [text, setText] = useState('');
  const commit = () => {
    const tags = text
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    if (tags.length) onChange([...new Set([...value, ...tags])]);
    setText('');
  };
  return (
    <Flex direction="column" gap="2">
      {value.length > 0 && (
        <Flex gap="2" wrap="wrap" role="list" aria-label={label}>
          {value.map((tag) => (
            <Badge key={tag} size="2" variant="soft" color="gray" role="listitem">
              {tag}
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(value.filter((item) => item !== tag))}
              >
                <svg width="10" height="10" viewBox="0 0 15 15" aria-hidden="true">
                  <path
                    d="M3 3l9 9M12 3l-9 9"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                  />
                </svg>
              </IconButton>
            </Badge>
          ))}
        </Flex>
      )}
      <TextField.Root
        id={id}
        {...aria}
        placeholder="Type a keyword and press Enter"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ',') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Backspace' && !text && value.length) onChange(value.slice(0, -1));
        }}
      />
    </Flex>
  );
}

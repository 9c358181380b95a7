import { Button, Flex, Text } from '@radix-ui/themes';
import { type DragEvent, useState } from 'react';
import type { PickedFile } from '../../platform';
import { filesOfDrop } from './dropped-files';

interface DropZoneProps {
  onFiles(files: PickedFile[]): void;
  onChooseFiles(): void;
  onChooseFolder(): void;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/** The visible place to drop files or whole folders, with the same choices as buttons for the keyboard. */
export function DropZone({ onFiles, onChooseFiles, onChooseFolder }: DropZoneProps) {
  const [over, setOver] = useState(false);
  return (
    <section
      aria-label="Upload files"
      className="media-drop"
      data-over={over || undefined}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void filesOfDrop(event.dataTransfer).then((files) => files.length && onFiles(files));
      }}
    >
      <Flex direction="column" align="center" gap="2">
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" className="media-drop__icon">
          <path
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Text weight="medium">Drop files or folders here</Text>
        <Text size="2" color="gray">
          JPG, PNG, GIF, WebP or PDF, up to 10MB each. A dropped folder keeps its sub-folders.
        </Text>
        <Flex gap="2" mt="1">
          <Button variant="soft" highContrast onClick={onChooseFiles}>
            Choose Files
          </Button>
          <Button variant="soft" highContrast color="gray" onClick={onChooseFolder}>
            Choose Folder
          </Button>
        </Flex>
      </Flex>
    </section>
  );
}

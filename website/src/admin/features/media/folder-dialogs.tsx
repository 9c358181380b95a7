import { FolderName, type MediaFolder } from '@atelier/shared';
import { Button, Dialog, Flex, Select, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useState } from 'react';
import { flatten } from '../../ui/folder-tree';
import { FormField } from '../../ui/form-field';

const ROOT = 'root';

/** Asks for a folder name (New Folder, Rename): the shared rule's message inline, the server's too. */
export function FolderNameDialog({
  open,
  title,
  initial = '',
  submitLabel,
  busy,
  serverError,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial?: string;
  submitLabel: string;
  busy: boolean;
  serverError?: string;
  onOpenChange(open: boolean): void;
  onSubmit(name: string): void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(undefined);
    }
  }, [open, initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = FolderName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onSubmit(parsed.data);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Folders organise the library; moving files between them never changes their addresses.
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <FormField label="Folder Name" required error={error ?? serverError}>
            <TextField.Root value={name} onChange={(event) => setName(event.target.value)} autoFocus />
          </FormField>
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" highContrast color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={busy}>
              {submitLabel}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Chooses where to move files or a folder: the library's root or any folder (minus the excluded ones). */
export function MoveDialog({
  open,
  title,
  tree,
  exclude,
  busy,
  onOpenChange,
  onMove,
}: {
  open: boolean;
  title: string;
  tree: MediaFolder[];
  exclude?: Set<string>;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onMove(folderId: string | null): void;
}) {
  const [target, setTarget] = useState(ROOT);
  useEffect(() => {
    if (open) setTarget(ROOT);
  }, [open]);
  const choices = flatten(tree).filter(({ folder }) => !exclude?.has(folder.id));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Choose the destination folder.
        </Dialog.Description>
        <Select.Root value={target} onValueChange={setTarget}>
          <Select.Trigger aria-label="Destination folder" style={{ width: '100%' }} />
          <Select.Content>
            <Select.Item value={ROOT}>All Files (library root)</Select.Item>
            {choices.map(({ folder, depth }) => (
              <Select.Item key={folder.id} value={folder.id}>
                {`${'\u2003'.repeat(depth)}${folder.name}`}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Flex gap="3" mt="4" justify="end">
          <Dialog.Close>
            <Button variant="soft" highContrast color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button disabled={busy} onClick={() => onMove(target === ROOT ? null : target)}>
            Move
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

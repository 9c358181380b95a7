import type { PickedFile } from '../../platform';

const picked = (file: File, relativePath?: string): PickedFile => ({
  name: file.name,
  size: file.size,
  type: file.type,
  relativePath: relativePath || file.webkitRelativePath || undefined,
  file,
});

const readEntries = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));

/** Every file under an entry, with its path from the dropped folder ("Site/Plans/a.jpg"). */
async function walk(entry: FileSystemEntry, prefix: string): Promise<PickedFile[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    return [picked(file, prefix ? `${prefix}${file.name}` : undefined)];
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (let batch = await readEntries(reader); batch.length; batch = await readEntries(reader))
    children.push(...batch);
  const nested = await Promise.all(children.map((child) => walk(child, `${prefix}${entry.name}/`)));
  return nested.flat();
}

/**
 * The files of a drop, a dropped folder's structure kept in each file's `relativePath`. The entries must be
 * taken while the drop event runs (the browser empties the DataTransfer afterwards); the walk comes later.
 */
export function filesOfDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => Boolean(entry));
  const files = Array.from(data.files);
  if (!entries.some((entry) => entry.isDirectory)) return Promise.resolve(files.map((file) => picked(file)));
  return Promise.all(entries.map((entry) => walk(entry, ''))).then((lists) => lists.flat());
}

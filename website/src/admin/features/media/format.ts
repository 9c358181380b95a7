/** "1.4 MB", "820 KB", "12 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** "JPEG image", "PDF document". */
export function describeType(mime: string): string {
  if (mime === 'application/pdf') return 'PDF document';
  const [kind, sub] = mime.split('/');
  return kind === 'image' && sub ? `${sub.toUpperCase()} image` : mime;
}

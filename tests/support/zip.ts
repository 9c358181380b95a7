import yauzl from 'yauzl';

/** Every entry of a zip, its name and bytes. */
export async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const found = new Map<string, Buffer>();
  for (;;) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      file.once('entry', resolve);
      file.once('end', () => resolve(null));
      file.once('error', reject);
      file.readEntry();
    });
    file.removeAllListeners();
    if (!entry) return found;
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    found.set(entry.fileName, Buffer.concat(chunks));
  }
}

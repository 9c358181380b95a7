import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The first http(s) link of the plain-text part. */
  link: string | null;
}

export interface TestSmtp {
  /** For SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Refuses the next `count` messages with a temporary failure (451). */
  failNext(count: number): void;
  /** Resolves with the first message to `to` (matching `subject`, when given) received so far or later. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ');

function header(headers: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfold(headers));
  return match?.[1]?.trim() ?? '';
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: string, body: string): string {
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

const split = (part: string) => {
  const at = part.search(/\r?\n\r?\n/);
  return at < 0
    ? { headers: part, body: '' }
    : { headers: part.slice(0, at), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
};

/** Just enough MIME for the account mails: one text part and one HTML part, possibly in multipart/alternative. */
export function parseMail(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw' | 'link'> {
  const { headers, body } = split(raw);
  const parts: { type: string; content: string }[] = [];
  const walk = (partHeaders: string, partBody: string) => {
    const type = header(partHeaders, 'Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const inner = split(chunk.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(partHeaders, partBody) });
  };
  walk(headers, body);
  return {
    subject: decodeWords(header(headers, 'Subject')),
    text: parts.find((part) => part.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((part) => part.type.startsWith('text/html'))?.content ?? '',
  };
}

/** A real SMTP server on a free loopback port that keeps what it receives (no TLS, no auth). */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        messages.push({
          ...parsed,
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          link: /https?:\/\/\S+/.exec(parsed.text)?.[0] ?? null,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  const find = (to: string, subject?: RegExp) =>
    messages.find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count) {
      failures = count;
    },
    async waitFor(to, subject, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = find(to, subject);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

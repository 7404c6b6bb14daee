import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: the envelope, the decoded subject and parts. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The next message to arrive (or the first not yet taken), within `timeoutMs`. */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free local port, keeping what it receives, so
 * tests send through nodemailer over the wire and read what a mail client would. Plain SMTP, no
 * authentication: STARTTLS is not offered. `listenPort` 0 picks a free one; the browser tests name theirs,
 * since the app under test is started with its SMTP_URL.
 */
export async function startSmtpInbox(listenPort = 0): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  let taken = 0;
  let closing: Promise<void> | undefined;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          ...parseMessage(raw),
          raw,
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length <= taken) {
        if (Date.now() > deadline) throw new Error(`no mail arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages[taken++];
    },
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.indexOf('\r\n\r\n');
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitEntity(raw);
  const parts: { type: string; content: string }[] = [];
  const collect = (type: string, entityHeaders: Map<string, string>, entityBody: string) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const inner = splitEntity(part.replace(/^\r\n/, ''));
        collect(inner.headers.get('content-type') ?? 'text/plain', inner.headers, inner.body);
      }
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(entityBody, entityHeaders.get('content-transfer-encoding')) });
  };
  collect(headers.get('content-type') ?? 'text/plain', headers, body);
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

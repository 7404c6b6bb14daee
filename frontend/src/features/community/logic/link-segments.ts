/** A piece of a post or comment: plain text, or an https link to make clickable. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** An https address up to the next space or angle bracket; the end is trimmed below. */
const HTTPS = /https:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://a.org/x."). */
const TRAILING = /[.,;:!?'"*]+$/;

function trimEnd(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  // A closing bracket belongs to the address only when the address opened one: "(https://a.org/x)".
  while (/[)\]]$/.test(url) && count(url, url.endsWith(')') ? '(' : '[') < count(url, url.endsWith(')') ? ')' : ']')) {
    url = url.slice(0, -1).replace(TRAILING, '');
  }
  return url;
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address when a browser would open it as https with a host and no credentials. */
function httpsHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits text into plain pieces and https links, in order; joined, the pieces give the text back
 * unchanged. Only https is a link: http, javascript:, data: and the rest stay text. Rendered as
 * React text and anchors, never as HTML.
 */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const match of text.matchAll(HTTPS)) {
    const start = match.index;
    // "xhttps://" inside a word is not an address.
    if (start > 0 && /[\w/]/.test(text[start - 1])) continue;
    const url = trimEnd(match[0]);
    const href = url.length > 'https://'.length ? httpsHref(url) : null;
    if (!href) continue;
    if (start > at) segments.push({ kind: 'text', text: text.slice(at, start) });
    segments.push({ kind: 'link', text: url, href });
    at = start + url.length;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}

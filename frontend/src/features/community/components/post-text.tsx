import { linkSegments } from '../logic/link-segments';

/**
 * A post's or comment's text as text (React escapes it; never HTML), line breaks kept by CSS, https
 * addresses as links that open apart from the app and tell the site nothing about it.
 */
export function PostText({ text, className = 'post-text' }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {linkSegments(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}

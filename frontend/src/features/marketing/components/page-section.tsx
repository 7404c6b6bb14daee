import type { ReactNode } from 'react';

/** A section of a public page, named by its heading (an h2); `id` lets a link open it (/#features). */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="landing-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="landing-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The last section of every public page: one button to sign up. A full navigation to /api/login (spec:
 * the final button), which sends the visitor on to the sign-in page.
 */
export function SignUpCallToAction({
  title = 'Ready to make care a little easier?',
  text = 'Start with the Free plan and upgrade whenever your family needs more.',
  button = 'Get Started Free',
}: {
  title?: string;
  text?: string;
  button?: string;
}) {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <h2 id="cta-title" className="cta__title">
        {title}
      </h2>
      <p className="cta__text">{text}</p>
      <a className="plain-button plain-button--large cta__button" href="/api/login">
        {button}
      </a>
    </section>
  );
}

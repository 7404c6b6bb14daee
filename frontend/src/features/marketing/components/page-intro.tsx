import type { ReactNode } from 'react';

/** The head of a public page: its h1 and a sentence under it, on the landing page's hero colours. */
export function PageIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="hero hero--page" aria-labelledby="page-title">
      <h1 id="page-title" className="hero__title">
        {title}
      </h1>
      <p className="hero__text">{children}</p>
    </section>
  );
}

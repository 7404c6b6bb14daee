export interface Faq {
  question: string;
  answer: string;
}

/** Questions that open to their answer (native details: keyboard and screen readers need nothing more). */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="faq-list">
      {faqs.map((faq) => (
        <details key={faq.question} className="faq-list__item">
          <summary className="faq-list__question">{faq.question}</summary>
          <p className="faq-list__answer">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

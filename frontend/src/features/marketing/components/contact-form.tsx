import { useId, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';

/** The form's fields: all required by the browser, the email one of email type (spec section 5). */
const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

/**
 * The contact form. Sending sends nothing to a server (spec section 5): it thanks the visitor with the
 * spec's toast and clears the form.
 */
export function ContactForm() {
  const id = useId();
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void toast({ title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you within 24 hours.", variant: 'success' });
    event.currentTarget.reset();
  };
  return (
    <form className="contact-form" aria-label="Contact us" onSubmit={send}>
      {FIELDS.map((field) => (
        <div key={field.name} className="contact-form__field">
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <input className="plain-input" id={`${id}-${field.name}`} name={field.name} type={field.type} autoComplete={field.autoComplete} required />
        </div>
      ))}
      <div className="contact-form__field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea className="plain-input" id={`${id}-message`} name="message" rows={5} placeholder="Tell us how we can help you..." required />
      </div>
      <button type="submit" className="plain-button plain-button--primary plain-button--large">
        Send Message
      </button>
    </form>
  );
}

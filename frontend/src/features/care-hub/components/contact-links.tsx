import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { telHref } from '@carecircle/libs';
import { displayPhone } from '../phone';

/** A card's phone (a tel: link to the stored E.164 number) and email (a mailto: link), when present. */
export function ContactLinks({ phoneNumber, email }: { phoneNumber: string | null; email: string | null }) {
  if (!phoneNumber && !email) return null;
  return (
    <ul className="care-hub-card__links">
      {phoneNumber && (
        <li>
          <a className="care-hub-card__link" href={telHref(phoneNumber)}>
            <PhoneOutlined aria-hidden />
            {displayPhone(phoneNumber)}
          </a>
        </li>
      )}
      {email && (
        <li>
          <a className="care-hub-card__link" href={`mailto:${email}`}>
            <MailOutlined aria-hidden />
            {email}
          </a>
        </li>
      )}
    </ul>
  );
}

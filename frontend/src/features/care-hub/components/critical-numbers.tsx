import { PhoneOutlined } from '@ant-design/icons';
import { CRITICAL_NUMBERS, telHref } from '@carecircle/libs';
import { Button } from 'antd';

/** The hotlines of the Emergency Contacts screen, each with a Call link that dials it. */
export function CriticalNumbers() {
  return (
    <section className="care-hub-section" aria-labelledby="critical-numbers-title">
      <h2 id="critical-numbers-title" className="care-hub-section__title">
        Critical Numbers
      </h2>
      <ul className="care-hub-list">
        {CRITICAL_NUMBERS.map((line) => (
          <li key={line.name} className="care-hub-card care-hub-card--row">
            <div className="care-hub-card__body">
              <span className="care-hub-card__name">
                {line.name}
                {line.display !== line.name && <span className="care-hub-card__number">{line.display}</span>}
              </span>
              <span className="care-hub-card__meta">{line.description}</span>
            </div>
            <Button
              type="primary"
              danger
              size="large"
              href={telHref(line.dial)}
              icon={<PhoneOutlined />}
              aria-label={`Call ${line.name === line.display ? line.name : `${line.name}, ${line.display}`}`}
            >
              Call
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { EnvironmentOutlined } from '@ant-design/icons';
import { mapsSearchUrl, NEARBY_SEARCHES } from '../maps-links';

/** Emergency rooms, urgent care and pharmacies near `where`, each opening a maps search in a new tab. */
export function MapsLinks({ where, label }: { where: string; label: string }) {
  return (
    <ul className="care-hub-maps-links" aria-label={label}>
      {NEARBY_SEARCHES.map((search) => (
        <li key={search.key}>
          <a className="care-hub-button-link" href={mapsSearchUrl(search.query, where)} target="_blank" rel="noopener noreferrer">
            <EnvironmentOutlined aria-hidden />
            {search.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

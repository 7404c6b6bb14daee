import { AimOutlined, PhoneOutlined } from '@ant-design/icons';
import { telHref } from '@carecircle/libs';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { MapsLinks } from '../components/maps-links';
import { SubPageHeader } from '../components/sub-page-header';
import { coordinates } from '../maps-links';
import '../care-hub.css';

type Location =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; where: string }
  | { kind: 'denied' }
  | { kind: 'unsupported' }
  | { kind: 'failed' };

const PROBLEMS: Record<'denied' | 'unsupported' | 'failed', string> = {
  denied: "Location access is blocked for this site. You can allow it in your browser's settings, or search near a place below.",
  unsupported: 'This browser cannot share your location. Search near a place below.',
  failed: 'Your location could not be found. Try again, or search near a place below.',
};

const geolocation = () => (typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : undefined);

/**
 * /care-hub/nearby-care: with the user's permission, map searches for emergency rooms, urgent care and
 * pharmacies near them (opened in their maps site; the position never reaches our server). Without
 * it, the same searches near a place they type.
 */
export default function NearbyCarePage() {
  const [location, setLocation] = useState<Location>(() => (geolocation() ? { kind: 'idle' } : { kind: 'unsupported' }));
  const [place, setPlace] = useState('');

  const locate = () => {
    const geo = geolocation();
    if (!geo) return setLocation({ kind: 'unsupported' });
    setLocation({ kind: 'locating' });
    geo.getCurrentPosition(
      (position) => setLocation({ kind: 'found', where: coordinates(position.coords.latitude, position.coords.longitude) }),
      (error) => setLocation({ kind: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };

  const problem = location.kind === 'denied' || location.kind === 'unsupported' || location.kind === 'failed' ? location.kind : null;
  const typedPlace = place.trim();

  return (
    <div className="page care-hub">
      <SubPageHeader title="Nearby Care" />
      <section className="care-hub-section care-hub-panel" aria-labelledby="find-nearby-title">
        <h2 id="find-nearby-title" className="care-hub-section__title">
          Find Nearby Care
        </h2>
        {location.kind === 'found' ? (
          <>
            <p>Closest care near your current location:</p>
            <MapsLinks where={location.where} label="Near your location" />
          </>
        ) : (
          <>
            <p>Allow location access to find the closest emergency rooms, urgent care and pharmacies.</p>
            {problem && <Alert className="care-hub-nearby__problem" type="warning" showIcon title={PROBLEMS[problem]} />}
            {location.kind !== 'unsupported' && location.kind !== 'denied' && (
              <Button type="primary" size="large" icon={<AimOutlined />} loading={location.kind === 'locating'} onClick={locate}>
                Enable Location
              </Button>
            )}
          </>
        )}
      </section>
      {problem && (
        <section className="care-hub-section care-hub-panel" aria-labelledby="search-place-title">
          <h2 id="search-place-title" className="care-hub-section__title">
            Search Near a Place
          </h2>
          <label htmlFor="nearby-place" className="care-hub-field-label">
            City, address or ZIP code
          </label>
          <Input id="nearby-place" size="large" value={place} onChange={(event) => setPlace(event.target.value)} maxLength={200} />
          {typedPlace && <MapsLinks where={typedPlace} label={`Near ${typedPlace}`} />}
        </section>
      )}
      <p className="care-hub-nearby__emergency">
        In a medical emergency, call 911 now.{' '}
        <Button type="primary" danger size="large" href={telHref('911')} icon={<PhoneOutlined />}>
          Call 911
        </Button>
      </p>
    </div>
  );
}

import { Button, Input } from 'antd';
import { useId, useState } from 'react';

/** A link to share by hand (an invitation), selectable, with Copy. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-link">
      <label htmlFor={id} className="copy-link__label">
        {label}
      </label>
      <div className="copy-link__row">
        <Input id={id} readOnly value={url} onFocus={(e) => e.target.select()} />
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}

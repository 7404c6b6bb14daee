import { useEffect } from 'react';

const PRODUCT = 'CareCircle';

/** Names the page in the browser tab and for screen readers, e.g. "Settings · CareCircle". */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}

import { CARE_HUB_TEXT } from '@carecircle/libs';
import { Button, Modal } from 'antd';
import { useState } from 'react';

const SEEN = 'true';

function noticeSeen(): boolean {
  try {
    return window.localStorage.getItem(CARE_HUB_TEXT.disclaimerStorageKey) === SEEN;
  } catch {
    return false; // storage blocked: show the notice; it cannot be remembered
  }
}

function rememberNoticeSeen(): void {
  try {
    window.localStorage.setItem(CARE_HUB_TEXT.disclaimerStorageKey, SEEN);
  } catch {
    // storage blocked: the notice shows again on the next visit
  }
}

/**
 * The first-visit 'Important Notice' of the Care Hub (spec document 3, section 2): only 'I Understand'
 * closes it (no close button, no click outside, no Escape), and it never shows again on this browser.
 */
export function CareHubNotice() {
  const [open, setOpen] = useState(() => !noticeSeen());
  const accept = () => {
    rememberNoticeSeen();
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      title="Important Notice"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" size="large" block onClick={accept}>
          I Understand
        </Button>
      }
    >
      <p>The Care Hub is for basic contact information only.</p>
      <p>Do not store medical details, diagnoses, medications or treatment notes here.</p>
    </Modal>
  );
}

import { describe, expect, it } from '@jest/globals';
import { acceptInvitationPath, invitationTokenOf } from './invitation-path';

describe('invitation paths', () => {
  const token = 'Ab3_-x'.repeat(7).slice(0, 43);

  it('reads the token of an accept page, the way the page writes its own path', () => {
    expect(invitationTokenOf(acceptInvitationPath(token))).toBe(token);
    expect(invitationTokenOf(`/accept-invitation/${token}?from=mail`)).toBe(token);
  });

  it('is null for any other path', () => {
    for (const path of [null, '', '/', '/accept-invitation', '/accept-invitation/', `/x/accept-invitation/${token}`, `/accept-invitation/${token}/more`]) {
      expect(invitationTokenOf(path)).toBeNull();
    }
  });
});

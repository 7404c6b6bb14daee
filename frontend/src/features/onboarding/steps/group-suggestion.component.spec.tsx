import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_DEFINITIONS, type SupportGroup } from '@carecircle/libs';
import { renderWithApi } from '../../../test-support/render-with-api';
import { GroupSuggestion } from './group-suggestion';

const LOAD = { timeout: 30_000 };
const groups: SupportGroup[] = GROUP_DEFINITIONS.map((definition, index) => ({ ...definition, rules: [...definition.rules], id: `g${index}`, memberCount: 0, isMember: false }));
afterEach(() => vi.unstubAllGlobals());

describe('GroupSuggestion (the onboarding’s last step)', () => {
  it('suggests the group of the recipient’s condition, opening in a new tab so the setup stays', async () => {
    renderWithApi(<GroupSuggestion condition="Posterior urethral valves" />, () => ({ body: groups }));
    const link = await screen.findByRole('link', { name: 'Visit PUV & Kidney Care' }, LOAD);
    expect(link.getAttribute('href')).toBe('/groups/g1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('A support group for families like yours')).toBeTruthy();
    expect(screen.getByText('Opens in a new tab, so this setup stays here.')).toBeTruthy();
  });

  it('suggests General Parenting when the condition has no group of its own', async () => {
    renderWithApi(<GroupSuggestion condition="Down syndrome" />, () => ({ body: groups }));
    expect((await screen.findByRole('link', { name: 'Visit General Parenting' }, LOAD)).getAttribute('href')).toBe('/groups/g6');
    expect(screen.getByText('Talk with other families')).toBeTruthy();
  });

  it('shows nothing when the groups cannot be read', async () => {
    const { sent } = renderWithApi(<GroupSuggestion condition="Autism" />, () => ({ status: 500, body: { statusCode: 500, message: 'x' } }));
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0), LOAD);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

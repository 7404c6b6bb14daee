import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_DEFINITIONS, type SupportGroup } from '@carecircle/libs';
import { renderWithApi, type SentRequest } from '../../../test-support/render-with-api';
import SupportGroupsPage from './support-groups-page';

const LOAD = { timeout: 30_000 };
const group = (index: number, isMember: boolean, memberCount: number): SupportGroup => {
  const { category, name, description, icon, color, rules } = GROUP_DEFINITIONS[index];
  return { id: `g${index}`, category, name, description, icon, color, rules: [...rules], memberCount, isMember };
};

afterEach(() => vi.unstubAllGlobals());

describe('SupportGroupsPage', () => {
  it('lists the groups with their members and category; a joined one has Leave Group and View Posts (the group page)', async () => {
    const groups = [group(0, true, 1), group(1, false, 0)];
    renderWithApi(<SupportGroupsPage />, ({ path }) => ({ body: path === '/api/user/groups' ? [groups[0]] : groups }));
    expect(screen.getByRole('heading', { name: 'Support Groups', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Groups (1)' })).toBeTruthy(), LOAD);
    const autism = (await screen.findByRole('heading', { name: 'Autism Support', level: 2 }, LOAD)).closest('li')!;
    expect(within(autism).getByText('1 member')).toBeTruthy();
    expect(within(autism).getByRole('link', { name: 'View Posts of Autism Support' }).getAttribute('href')).toBe('/groups/g0');
    expect(within(autism).getByRole('button', { name: 'Leave Group Autism Support' })).toBeTruthy();
    const kidney = screen.getByRole('heading', { name: 'PUV & Kidney Care', level: 2 }).closest('li')!;
    expect(within(kidney).getByText('0 members')).toBeTruthy();
    expect(within(kidney).getByText('PUV & Kidney Care', { selector: '.group-card__badge' })).toBeTruthy();
    expect(within(kidney).queryByRole('link', { name: /View Posts/ })).toBeNull();
    // Each group's rules, folded under Group rules.
    expect(within(kidney).getByText('Group rules', { selector: 'summary' })).toBeTruthy();
    for (const rule of GROUP_DEFINITIONS[1].rules) expect(within(kidney).getByText(rule)).toBeTruthy();
  });

  it('Join Group posts the join, says so, and My Groups counts it', async () => {
    const sent: string[] = [];
    let joined = false;
    const server = ({ method, path }: SentRequest) => {
      sent.push(`${method} ${path}`);
      if (method === 'POST') {
        joined = true;
        return { body: group(1, true, 1) };
      }
      return { body: path === '/api/user/groups' ? (joined ? [group(1, true, 1)] : []) : [group(1, joined, joined ? 1 : 0)] };
    };
    renderWithApi(<SupportGroupsPage />, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Group PUV & Kidney Care' }, LOAD));
    await waitFor(() => expect(sent).toContain('POST /api/groups/g1/join'), LOAD);
    expect(await screen.findByText('Successfully joined group', {}, LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Groups (1)' })).toBeTruthy(), LOAD);
  });

  it('says No Groups Available when there are none', async () => {
    renderWithApi(<SupportGroupsPage />, () => ({ body: [] }));
    expect(await screen.findByRole('heading', { name: 'No Groups Available' }, LOAD)).toBeTruthy();
  });
});

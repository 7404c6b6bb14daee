import type TestAgent from 'supertest/lib/agent';
import type { User } from '@carecircle/libs';
import type { TestApp } from './test-app';

/** Who the HTTP specs try every route as. */
export type Visitor = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anonymous';

export interface FamilyAndStranger {
  /** Each visitor's cookie-keeping client. */
  as: Record<Visitor, TestAgent>;
  owner: User;
  editor: User;
  viewer: User;
  stranger: User;
  /** Maya, the owner's recipient. */
  childId: string;
  /** Leo, the stranger's recipient. */
  strangerChildId: string;
}

/**
 * A family and a stranger, signed up: Olivia Owner, primary caregiver of Maya Lopez; Eddie Editor,
 * with whom Maya is shared to edit; Vera Viewer, with whom she is shared to view only; Sam Stranger,
 * another family, primary caregiver of Leo Park; and an anonymous visitor.
 */
export async function signUpFamilyAndStranger(t: TestApp): Promise<FamilyAndStranger> {
  const owner = await t.signUp({ firstName: 'Olivia', lastName: 'Owner' });
  const editor = await t.signUp({ firstName: 'Eddie', lastName: 'Editor' });
  const viewer = await t.signUp({ firstName: 'Vera', lastName: 'Viewer' });
  const stranger = await t.signUp({ firstName: 'Sam', lastName: 'Stranger' });
  const addChild = async (agent: TestAgent, firstName: string, lastName: string): Promise<string> =>
    (await agent.post('/api/children').send({ firstName, lastName }).expect(201)).body.id;
  const childId = await addChild(owner.agent, 'Maya', 'Lopez');
  const strangerChildId = await addChild(stranger.agent, 'Leo', 'Park');
  await t.grantAccess(childId, owner.user.id, editor.user.id, true);
  await t.grantAccess(childId, owner.user.id, viewer.user.id, false);
  return {
    as: { owner: owner.agent, editor: editor.agent, viewer: viewer.agent, stranger: stranger.agent, anonymous: t.agent() },
    owner: owner.user,
    editor: editor.user,
    viewer: viewer.user,
    stranger: stranger.user,
    childId,
    strangerChildId,
  };
}

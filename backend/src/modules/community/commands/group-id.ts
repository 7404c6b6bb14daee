import type { GroupCategory } from '@carecircle/libs';
import { deterministicId } from '../../../platform/projections/deterministic-id';

/** A group's id is a function of its category: every start, every process and every database names the seven groups alike. */
export const groupIdOf = (category: GroupCategory): string => deterministicId('community.group', category);

import { TeamOutlined } from '@ant-design/icons';
import { GROUP_DEFINITIONS, suggestedGroupCategory } from '@carecircle/libs';
import { useGetGroupsQuery } from '../../../app/base-api';

/**
 * The last step's suggestion (issue 26): the support group of the recipient's condition, or General
 * Parenting when the condition names none. It opens in a new tab, so the setup in this dialog is not
 * lost; nothing shows while the groups load or when they cannot be read.
 */
export function GroupSuggestion({ condition }: { condition: string }) {
  const category = suggestedGroupCategory(condition);
  const group = useGetGroupsQuery().data?.find((each) => each.category === category);
  const definition = GROUP_DEFINITIONS.find((each) => each.category === category);
  if (!group || !definition) return null;
  const general = category === 'general_parenting';
  return (
    <section className="onboarding-group" aria-labelledby="onboarding-group-title">
      <h4 id="onboarding-group-title" className="onboarding-group__title">
        <TeamOutlined aria-hidden /> {general ? 'Talk with other families' : 'A support group for families like yours'}
      </h4>
      <p className="onboarding-group__text">{definition.description}</p>
      <a className="onboarding-group__link" href={`/groups/${group.id}`} target="_blank" rel="noopener noreferrer" aria-describedby="onboarding-group-hint">
        Visit {group.name}
      </a>
      <p id="onboarding-group-hint" className="muted onboarding-group__hint">
        Opens in a new tab, so this setup stays here.
      </p>
    </section>
  );
}

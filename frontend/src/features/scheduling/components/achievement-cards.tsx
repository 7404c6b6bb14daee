import { FireFilled, StarFilled, TrophyFilled } from '../../../shared/ui/icons';
import type { Achievement } from '@carecircle/libs';
import { useGetAchievementsQuery } from '../api';
import { dataOnly } from '../../../app/hooks';

/** Achievements shown on the dashboard (spec document 2, section 9). */
export const ACHIEVEMENTS_SHOWN = 2;

const ICONS: Record<Achievement['type'], typeof TrophyFilled> = {
  daily_completion: StarFilled,
  weekly_streak: FireFilled,
  monthly_consistency: TrophyFilled,
};

/** The two newest achievements; nothing while there are none (or they fail to load). */
export function AchievementCards() {
  const { data } = useGetAchievementsQuery(undefined, { selectFromResult: dataOnly });
  const shown = (data ?? []).slice(0, ACHIEVEMENTS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className="achievements" aria-label="Achievements">
      {shown.map((achievement) => {
        const Icon = ICONS[achievement.type] ?? TrophyFilled;
        return (
          <article key={achievement.id} className="achievement-card">
            <Icon className="achievement-card__icon" aria-hidden />
            <div>
              <h3 className="achievement-card__title">{achievement.title}</h3>
              <p className="achievement-card__text">{achievement.description}</p>
            </div>
          </article>
        );
      })}
    </section>
  );
}

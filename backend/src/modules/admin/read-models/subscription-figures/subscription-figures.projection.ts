import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReadModelProjection, type Projection, type RecordedEventOf } from '../../../../platform/projections/projection';
import { SUBSCRIPTION_CHANGES } from '../../../billing';
import type { UserEvent } from '../../../identity';
import { changeOf, dayOf, isLive, monthlyRevenue, nextFigure, NO_SUBSCRIPTION, type FigureEvent, type SubscriptionFigure } from '../../domain/subscription-figures';

type Handled = FigureEvent | Extract<UserEvent, { type: 'UserErased' }>;

interface FigureRow {
  plan: SubscriptionFigure['plan'];
  units: number;
  status: SubscriptionFigure['status'];
  position: string;
}

/**
 * The admin's figures from billing events (issue 25, docs/admin.md): each user's subscription
 * (admin_subscription_figures) and the running totals per day (admin_revenue_days). A change on day D
 * adds to D's row (made from the last row before it when new) and to every later row, so a day's row
 * always holds the totals at its end, whatever order late events arrive in. An event at or before a
 * row's last position is one applied already and changes nothing. An erased account's live
 * subscription ends that day; its row goes, the days' totals stay (they name no one).
 */
@Injectable()
@ReadModelProjection()
export class SubscriptionFiguresProjection implements Projection<Handled> {
  readonly name = 'admin.subscription-figures';
  readonly handles = [...SUBSCRIPTION_CHANGES, 'UserErased'] as const;
  readonly tables = ['admin_subscription_figures', 'admin_revenue_days'] as const;

  async apply(em: EntityManager, event: RecordedEventOf<Handled>): Promise<void> {
    const userId = event.data.userId;
    const [row]: FigureRow[] = await em.execute('SELECT plan, units, status, position::text AS position FROM admin_subscription_figures WHERE user_id = ?', [userId]);
    // Applied already (each row keeps the position of its last event): nothing moves twice.
    if (row && BigInt(row.position) >= event.position) return;
    const before: SubscriptionFigure = row ? { plan: row.plan, units: row.units, status: row.status } : NO_SUBSCRIPTION;
    if (event.type === 'UserErased') {
      await this.addToDays(em, event.data.erasedAt.slice(0, 10), before, nextFigure(before, { type: 'ended' }));
      await em.execute('DELETE FROM admin_subscription_figures WHERE user_id = ?', [userId]);
      return;
    }
    const after = nextFigure(before, event);
    await em.execute(
      `INSERT INTO admin_subscription_figures (user_id, plan, units, status, live, mrr, position, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET plan = EXCLUDED.plan, units = EXCLUDED.units, status = EXCLUDED.status, live = EXCLUDED.live, mrr = EXCLUDED.mrr,
         position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
      [userId, after.plan, after.units, after.status, isLive(after), monthlyRevenue(after), event.position.toString(), event.metadata.occurredAt],
    );
    await this.addToDays(em, dayOf(event), before, after);
  }

  private async addToDays(em: EntityManager, day: string, before: SubscriptionFigure, after: SubscriptionFigure): Promise<void> {
    const change = changeOf(before, after);
    if (Object.values(change).every((value) => value === 0)) return;
    await em.execute(
      `INSERT INTO admin_revenue_days (day, active, mrr, trials_started, conversions, cancellations)
       SELECT ?::date, coalesce(last.active, 0) + ?, coalesce(last.mrr, 0) + ?, ?, ?, ?
       FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT active, mrr FROM admin_revenue_days WHERE day < ?::date ORDER BY day DESC LIMIT 1) AS last ON true
       ON CONFLICT (day) DO UPDATE SET active = admin_revenue_days.active + ?, mrr = admin_revenue_days.mrr + ?,
         trials_started = admin_revenue_days.trials_started + EXCLUDED.trials_started, conversions = admin_revenue_days.conversions + EXCLUDED.conversions,
         cancellations = admin_revenue_days.cancellations + EXCLUDED.cancellations`,
      [day, change.active, change.mrr, change.trialsStarted, change.conversions, change.cancellations, day, change.active, change.mrr],
    );
    await em.execute('UPDATE admin_revenue_days SET active = active + ?, mrr = mrr + ? WHERE day > ?::date', [change.active, change.mrr, day]);
  }
}

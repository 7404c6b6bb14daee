/** Admin's public surface: the module and its read models' entities (no other module uses it). */
import { RevenueDayEntity, SubscriptionFigureEntity } from './read-models/subscription-figures/subscription-figures.entity';

export { AdminModule } from './admin.module';
export const AdminEntities = [SubscriptionFigureEntity, RevenueDayEntity];

import {
  AimOutlined,
  AlertOutlined,
  AudioOutlined,
  BankOutlined,
  BookOutlined,
  CarOutlined,
  CheckSquareOutlined,
  CoffeeOutlined,
  CommentOutlined,
  ExperimentOutlined,
  FireOutlined,
  HeartOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  MoonOutlined,
  SafetyOutlined,
  SkinOutlined,
  SmileOutlined,
  StarOutlined,
  SunOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '../../../shared/ui/icons';
import { guessIconCategory, ICON_CATEGORY_LABELS, type IconCategory, type Task } from '@carecircle/libs';
import type { ComponentType } from 'react';

const ICONS: Record<IconCategory, ComponentType> = {
  medication: MedicineBoxOutlined,
  feeding: CoffeeOutlined,
  therapy: HeartOutlined,
  hygiene: ExperimentOutlined,
  sleep: MoonOutlined,
  exercise: FireOutlined,
  education: BookOutlined,
  social: TeamOutlined,
  medical: AlertOutlined,
  mobility: UserOutlined,
  respiratory: AudioOutlined,
  sensory: ThunderboltOutlined,
  communication: CommentOutlined,
  behavioral: SmileOutlined,
  safety: SafetyOutlined,
  daily_other: HomeOutlined,
  outdoor: SunOutlined,
  clothing: SkinOutlined,
  transportation: CarOutlined,
  goal: StarOutlined,
  assessment: CheckSquareOutlined,
  prayer: BankOutlined,
  other: AimOutlined,
};

export function iconCategoryOf(task: Pick<Task, 'name' | 'description'>): IconCategory {
  return guessIconCategory(task.name, task.description);
}

/** The card's category icon, guessed from keywords in the name and description. */
export function CategoryIcon({ category }: { category: IconCategory }) {
  const Icon = ICONS[category];
  return (
    <span className={`category-icon category-icon--${category}`} role="img" aria-label={ICON_CATEGORY_LABELS[category]}>
      <Icon />
    </span>
  );
}

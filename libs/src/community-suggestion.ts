import type { GroupCategory } from './community';

/**
 * Words in a care recipient's condition (free text, as the onboarding's first step takes it) that
 * point to a condition's support group. Whole words or word starts, any case; the first group whose
 * words appear wins, in GROUP_DEFINITIONS' order.
 */
const CONDITION_WORDS: readonly [GroupCategory, RegExp][] = [
  ['autism_support', /\b(autis\w*|asd|asperger\w*|pdd-nos)\b/i],
  ['puv_kidney_care', /\b(puv|posterior urethral|urethral valves?|kidney\w*|renal|nephr\w*|dialysis|ckd|hydronephrosis|vesicoureteral|vur)\b/i],
  ['diabetes_children', /\b(diabet\w*|t1d|t2d|type [12] diabetes|insulin)\b/i],
  ['epilepsy_neurology', /\b(epilep\w*|seizures?|neuro\w*|cerebral palsy|hydrocephalus|spina bifida|dravet|lennox|west syndrome)\b/i],
  ['heart_cardiology', /\b(heart|cardi\w*|chd|congenital heart|tetralogy|hlhs|arrhythmia|fontan)\b/i],
];

/**
 * The support group to suggest for a condition: the condition's own group when its words name one,
 * otherwise General Parenting ("for every family"), so a family whose condition has no group of its
 * own, or who wrote none, still learns where other families talk.
 */
export function suggestedGroupCategory(condition: string | null | undefined): GroupCategory {
  const text = (condition ?? '').trim();
  for (const [category, words] of CONDITION_WORDS) if (words.test(text)) return category;
  return 'general_parenting';
}

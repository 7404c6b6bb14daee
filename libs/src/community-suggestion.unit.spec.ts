import { describe, expect, it } from '@jest/globals';
import { suggestedGroupCategory } from './community-suggestion';

describe('suggestedGroupCategory', () => {
  it.each([
    ['Autism', 'autism_support'],
    ['autistic, non-verbal', 'autism_support'],
    ['ASD level 2', 'autism_support'],
    ['PUV', 'puv_kidney_care'],
    ['Posterior urethral valves, stage 3 CKD', 'puv_kidney_care'],
    ['Chronic kidney disease', 'puv_kidney_care'],
    ['Type 1 diabetes', 'diabetes_children'],
    ['T1D', 'diabetes_children'],
    ['Epilepsy (Dravet syndrome)', 'epilepsy_neurology'],
    ['Seizures', 'epilepsy_neurology'],
    ['Cerebral palsy', 'epilepsy_neurology'],
    ['Congenital heart defect', 'heart_cardiology'],
    ['HLHS after Fontan', 'heart_cardiology'],
  ])('%s: %s', (condition, category) => expect(suggestedGroupCategory(condition)).toBe(category));

  it('suggests General Parenting when no condition group matches, or no condition was given', () => {
    for (const condition of ['Down syndrome', '', '   ', null, undefined, 'masdf']) expect(suggestedGroupCategory(condition)).toBe('general_parenting');
  });
});

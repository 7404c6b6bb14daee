import { guessIconCategory, ICON_CATEGORIES, ICON_CATEGORY_KEYWORDS, ICON_CATEGORY_LABELS, IconCategory } from './category-icon';

describe('icon categories', () => {
  it('are the 23 values of the spec, in its order', () => {
    expect(ICON_CATEGORIES).toEqual([
      'medication', 'feeding', 'therapy', 'hygiene', 'sleep', 'exercise', 'education', 'social',
      'medical', 'mobility', 'respiratory', 'sensory', 'communication', 'behavioral', 'safety',
      'daily_other', 'outdoor', 'clothing', 'transportation', 'goal', 'assessment', 'prayer', 'other',
    ]);
  });

  it('each has a label, and every category but the fallback has keywords', () => {
    for (const category of ICON_CATEGORIES) expect(ICON_CATEGORY_LABELS[category]).toMatch(/^[A-Z]/);
    expect(ICON_CATEGORY_KEYWORDS.map(([category]) => category).sort())
      .toEqual(ICON_CATEGORIES.filter((c) => c !== 'other').sort());
  });
});

describe('guessIconCategory from the name', () => {
  it.each<[string, IconCategory]>([
    ['Morning medication', 'medication'],
    ['Give meds', 'medication'],
    ['Vitamin D tablet', 'medication'],
    ['Keppra dose', 'medication'],
    ['Insulin', 'medication'],
    ['Catheterization', 'medical'],
    ['Cath', 'medical'],
    ['Pediatrician appointment', 'medical'],
    ['Check blood sugar', 'medical'],
    ['G-tube feeding', 'feeding'],
    ['Bottle', 'feeding'],
    ['Lunch', 'feeding'],
    ['Bath time', 'hygiene'],
    ['Diaper change', 'hygiene'],
    ['Brush teeth', 'hygiene'],
    ['Toileting schedule', 'hygiene'],
    ['Nap', 'sleep'],
    ['Bedtime routine', 'sleep'],
    ['PT session', 'therapy'],
    ['OT', 'therapy'],
    ['Speech therapy', 'therapy'],
    ['Wheelchair transfer', 'mobility'],
    ['Leg stretches', 'mobility'],
    ['Nebulizer treatment', 'respiratory'],
    ['Albuterol inhaler', 'respiratory'],
    ['Suction', 'respiratory'],
    ['CPAP on', 'respiratory'],
    ['Check O2 sats', 'respiratory'],
    ['Weighted blanket', 'sensory'],
    ['Practice with AAC device', 'communication'],
    ['ABA session', 'behavioral'],
    ['Swim', 'exercise'],
    ['Homework', 'education'],
    ['IEP meeting', 'education'],
    ['Playdate with Sam', 'social'],
    ['Car seat check', 'safety'],
    ['Park', 'outdoor'],
    ['Get dressed', 'clothing'],
    ['School bus pickup', 'transportation'],
    ['Drive to grandma', 'transportation'],
    ['Reach walking goal', 'goal'],
    ['Developmental assessment', 'assessment'],
    ['Weigh-in', 'assessment'],
    ['Laundry', 'daily_other'],
    ['Fajr', 'prayer'],
    ['Maghrib Prayer', 'prayer'],
    ['Salah', 'prayer'],
    ['Call the insurance company', 'social'],
    ['Something else entirely', 'other'],
    ['', 'other'],
  ])('%p -> %s', (name, expected) => {
    expect(guessIconCategory(name)).toBe(expected);
  });
});

describe('guessIconCategory precedence', () => {
  it.each<[string, IconCategory, string]>([
    ['Nebulizer meds', 'respiratory', 'airway care before medication'],
    ['G-tube meds', 'medication', 'a dose before feeding'],
    ['Bedtime meds', 'medication', 'medication before sleep'],
    ['Bath before bed', 'hygiene', 'hygiene before sleep'],
    ['Stretching with PT', 'therapy', 'therapy before mobility'],
    ['Brushing teeth', 'hygiene', 'tooth brushing is hygiene, not sensory brushing'],
    ['Brushing protocol', 'sensory', 'sensory brushing'],
    ['Dressing change', 'medical', 'a wound dressing, not clothing'],
    ['Trach care', 'respiratory', 'trach before the looser words'],
    ['Isha prayer then bed', 'prayer', 'prayer first'],
  ])('%p -> %s (%s)', (name, expected) => {
    expect(guessIconCategory(name)).toBe(expected);
  });
});

describe('guessIconCategory with a description', () => {
  it.each<[string, string | null | undefined, IconCategory]>([
    ['Sam', 'Keppra 250mg with breakfast', 'medication'],
    ['Afternoon', 'Stretch hamstrings on the mat', 'mobility'],
    // The name decides when it matches, even if the description says something else.
    ['Lunch', 'crush pills into applesauce', 'feeding'],
    ['Routine', null, 'daily_other'],
    ['Sam', undefined, 'other'],
    ['Sam', '', 'other'],
    ['Sam', 'see notes', 'other'],
  ])('%p / %p -> %s', (name, description, expected) => {
    expect(guessIconCategory(name, description)).toBe(expected);
  });
});

describe('whole-word matching', () => {
  it.each<[string, IconCategory]>([
    ['Prompt', 'other'], // no "pt" inside words
    ['Medal ceremony', 'other'], // no "med"
    ['Carrot sticks', 'other'], // no "car"
    ['Bathroom fan', 'other'], // no "bath"
    ['Pills', 'medication'], // plain plural counts
    ['Diapers', 'hygiene'],
    ["Maya's nap", 'sleep'],
    ['MEDS', 'medication'],
  ])('%p -> %s', (name, expected) => {
    expect(guessIconCategory(name)).toBe(expected);
  });
});

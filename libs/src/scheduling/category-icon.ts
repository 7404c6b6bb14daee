/**
 * Icon category of a task card, guessed from keywords in the task's name and description
 * (spec document 2, section 2, Task card). Pure: the front end calls it for every card.
 */

export const ICON_CATEGORIES = [
  'medication', 'feeding', 'therapy', 'hygiene', 'sleep', 'exercise', 'education', 'social',
  'medical', 'mobility', 'respiratory', 'sensory', 'communication', 'behavioral', 'safety',
  'daily_other', 'outdoor', 'clothing', 'transportation', 'goal', 'assessment', 'prayer', 'other',
] as const;
export type IconCategory = (typeof ICON_CATEGORIES)[number];

export const ICON_CATEGORY_LABELS: Record<IconCategory, string> = {
  medication: 'Medication',
  feeding: 'Feeding',
  therapy: 'Therapy',
  hygiene: 'Hygiene',
  sleep: 'Sleep',
  exercise: 'Exercise',
  education: 'Education',
  social: 'Social',
  medical: 'Medical',
  mobility: 'Mobility',
  respiratory: 'Respiratory',
  sensory: 'Sensory',
  communication: 'Communication',
  behavioral: 'Behavioral',
  safety: 'Safety',
  daily_other: 'Daily Routine',
  outdoor: 'Outdoor',
  clothing: 'Clothing',
  transportation: 'Transportation',
  goal: 'Goal',
  assessment: 'Assessment',
  prayer: 'Prayer',
  other: 'Other',
};

/**
 * Keywords per category, in precedence order: the first category with a matching word wins.
 * The order runs from the most specific and care-critical to the most general:
 * - prayer first: its words (fajr, salah...) mean nothing else;
 * - respiratory before medication: an inhaler or nebulizer treatment is airway care;
 * - medication before medical and feeding: "g-tube meds" is a dose to give, "catheter" is medical;
 * - hygiene, therapy, mobility before the looser sensory/behavioral/sleep words
 *   ("bath before bed" is hygiene, "stretching with PT" is therapy);
 * - transportation before education: "school bus" is a ride;
 * - exercise, clothing, safety, outdoor, social, goal, daily_other last, as the broadest words.
 * Keywords are whole words or phrases in lowercase; hyphens count as spaces ("g-tube" = "g tube").
 * A written dose ("250mg", "2.5 ml") also counts as a medication word.
 */
export const ICON_CATEGORY_KEYWORDS: ReadonlyArray<readonly [IconCategory, readonly string[]]> = [
  ['prayer', [
    'prayer', 'pray', 'salah', 'salat', 'namaz', 'fajr', 'dhuhr', 'zuhr', 'asr', 'maghrib', 'isha',
    'jummah', 'jumuah', 'quran', 'dua', 'wudu', 'worship', 'church', 'bible', 'devotion', 'devotional',
  ]],
  ['respiratory', [
    'respiratory', 'nebulizer', 'neb', 'inhaler', 'puffer', 'suction', 'suctioning', 'oxygen', 'o2',
    'cpap', 'bipap', 'trach', 'tracheostomy', 'ventilator', 'vent', 'breathing', 'cough assist',
    'chest pt', 'airway', 'pulse ox', 'spacer',
  ]],
  ['medication', [
    'medication', 'medicine', 'meds', 'med', 'pill', 'dose', 'dosage', 'tablet', 'capsule', 'syrup',
    'vitamin', 'supplement', 'insulin', 'drops', 'injection', 'antibiotic', 'prescription', 'refill',
  ]],
  ['medical', [
    'catheter', 'catheterization', 'cath', 'doctor', 'pediatrician', 'specialist', 'dentist', 'nurse',
    'clinic', 'hospital', 'appointment', 'checkup', 'check up', 'vaccine', 'vaccination', 'labs',
    'blood draw', 'blood test', 'blood sugar', 'glucose', 'vitals', 'temperature', 'blood pressure',
    'seizure', 'wound', 'dressing change', 'ostomy', 'stoma', 'dialysis', 'bandage', 'medical',
  ]],
  ['feeding', [
    'feeding', 'feed', 'g tube', 'gtube', 'ng tube', 'tube feed', 'bottle', 'formula', 'meal',
    'breakfast', 'lunch', 'dinner', 'supper', 'snack', 'eat', 'eating', 'food', 'puree', 'drink',
    'hydration', 'water', 'nutrition', 'bolus',
  ]],
  ['hygiene', [
    'hygiene', 'bath', 'bathe', 'bathing', 'shower', 'diaper', 'diaper change', 'toilet', 'toileting',
    'potty', 'brush teeth', 'teeth', 'tooth', 'toothbrush', 'wash', 'handwashing', 'oral care',
    'hair', 'nails', 'grooming', 'shave', 'skin care', 'lotion', 'pad change',
  ]],
  ['therapy', [
    'therapy', 'therapist', 'pt', 'ot', 'slp', 'speech', 'physio', 'physiotherapy', 'occupational',
    'physical therapy', 'hippotherapy', 'hydrotherapy', 'music therapy',
  ]],
  ['mobility', [
    'mobility', 'wheelchair', 'transfer', 'stretch', 'stretching', 'standing frame', 'stander',
    'walker', 'gait trainer', 'brace', 'afo', 'splint', 'positioning', 'reposition', 'turning',
    'hoyer', 'lift', 'crutches', 'range of motion', 'rom',
  ]],
  ['sensory', [
    'sensory', 'weighted blanket', 'weighted vest', 'brushing', 'swing', 'fidget', 'headphones',
    'noise', 'deep pressure', 'vestibular', 'sensory bin', 'sensory diet', 'calming',
  ]],
  ['communication', [
    'communication', 'aac', 'talker', 'sign language', 'asl', 'signing', 'pecs', 'picture cards',
    'language', 'words', 'vocabulary',
  ]],
  ['behavioral', [
    'behavior', 'behaviour', 'behavioral', 'aba', 'tantrum', 'meltdown', 'token board',
    'sticker chart', 'coping', 'time out', 'timeout', 'social story', 'emotions',
  ]],
  ['sleep', ['sleep', 'nap', 'bedtime', 'bed', 'rest', 'wake up', 'night routine', 'quiet time']],
  ['transportation', [
    'bus', 'school bus', 'pickup', 'pick up', 'drop off', 'dropoff', 'drive', 'ride', 'car ride',
    'carpool', 'transport', 'transportation', 'van', 'taxi', 'uber', 'commute',
  ]],
  ['education', [
    'school', 'homework', 'reading', 'read', 'lesson', 'class', 'iep', 'tutoring', 'tutor', 'study',
    'learning', 'math', 'spelling', 'library', 'education', 'teacher',
  ]],
  ['assessment', [
    'assessment', 'evaluation', 'eval', 'screening', 'test', 'progress check', 'weigh', 'weight',
    'height', 'measure', 'observation', 'log', 'tracking', 'chart',
  ]],
  ['exercise', [
    'exercise', 'walk', 'swim', 'swimming', 'workout', 'yoga', 'bike', 'gym', 'sports', 'run',
    'dance', 'play ball', 'trampoline',
  ]],
  ['clothing', [
    'dress', 'dressed', 'get dressed', 'dressing', 'clothes', 'clothing', 'shoes', 'socks', 'pajamas',
    'uniform', 'jacket', 'coat', 'outfit',
  ]],
  ['safety', [
    'safety', 'car seat', 'helmet', 'alarm', 'monitor', 'emergency', 'fire drill', 'lock', 'gate',
    'childproof', 'smoke detector', 'safe',
  ]],
  ['outdoor', [
    'outdoor', 'outdoors', 'outside', 'park', 'playground', 'garden', 'fresh air', 'nature', 'beach',
    'sunscreen', 'yard',
  ]],
  ['social', [
    'social', 'playdate', 'play date', 'friend', 'party', 'birthday', 'family', 'visit', 'grandma',
    'grandpa', 'grandparents', 'video call', 'call', 'club', 'group', 'cousins',
  ]],
  ['goal', ['goal', 'milestone', 'target', 'objective', 'practice', 'achievement', 'challenge']],
  ['daily_other', [
    'chores', 'chore', 'tidy', 'clean up', 'cleanup', 'laundry', 'errand', 'shopping', 'groceries',
    'cooking', 'cook', 'pack bag', 'routine', 'household',
  ]],
];

/**
 * Guesses the icon category: the name is checked first and decides alone when it matches;
 * the description is only a fallback; 'other' when neither matches.
 */
export function guessIconCategory(name: string, description?: string | null): IconCategory {
  return categoryOf(name) ?? (description ? categoryOf(description) : null) ?? 'other';
}

// A written dose ("250mg", "2.5 ml") marks a medication as surely as the word does.
const DOSE = /\d[\d.]*\s?(?:mg|mcg|ml)\b/i;

function categoryOf(text: string): IconCategory | null {
  const words = normalize(text);
  if (words === ' ') return null;
  for (const [category, keywords] of ICON_CATEGORY_KEYWORDS) {
    // Whole words and phrases, plain plurals allowed ("pills", "diapers", "stretches").
    const matches = keywords.some((keyword) =>
      ['', 's', 'es'].some((plural) => words.includes(` ${keyword}${plural} `)));
    if (matches || (category === 'medication' && DOSE.test(text))) return category;
  }
  return null;
}

/** Lowercase words separated and surrounded by single spaces; apostrophes dropped ("Maya's" = "mayas"). */
function normalize(text: string): string {
  const words = (text ?? '').toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();
  return ` ${words} `;
}

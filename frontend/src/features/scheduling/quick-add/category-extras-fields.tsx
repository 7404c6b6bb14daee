import {
  categoryExtrasKind,
  MEAL_TYPES,
  SCHOOL_EVENT_TYPES,
  TEXT_MAX,
  THERAPY_TYPES,
  type CategoryExtras,
  type CategoryExtrasKind,
} from '@carecircle/libs';
import { Form, Input } from 'antd';
import { optionSelect } from './option-select';

type ExtraField = { label: string; name: keyof CategoryExtras } & (
  | { input: 'text' | 'minutes' | 'note' }
  | { input: 'choice'; options: readonly string[] }
);

/** Each kind's fields, row by row: a row of two stands side by side. */
const EXTRA_ROWS: Record<CategoryExtrasKind, ExtraField[][]> = {
  school_event: [
    [
      { label: 'Event type', name: 'eventType', input: 'choice', options: SCHOOL_EVENT_TYPES },
      { label: 'Location', name: 'location', input: 'text' },
    ],
  ],
  therapy_session: [
    [
      { label: 'Therapy type', name: 'therapyType', input: 'choice', options: THERAPY_TYPES },
      { label: 'Duration (minutes)', name: 'duration', input: 'minutes' },
    ],
    [{ label: 'Therapist name', name: 'therapistName', input: 'text' }],
  ],
  transportation_pickup: [
    [
      { label: 'Pickup location', name: 'pickupLocation', input: 'text' },
      { label: 'Dropoff location', name: 'dropoffLocation', input: 'text' },
    ],
  ],
  meals_nutrition: [
    [
      { label: 'Meal type', name: 'mealType', input: 'choice', options: MEAL_TYPES },
      { label: 'Dietary needs', name: 'dietaryNeeds', input: 'text' },
    ],
  ],
  other: [[{ label: 'Additional info', name: 'additionalInfo', input: 'note' }]],
};

function control(field: ExtraField) {
  switch (field.input) {
    case 'choice':
      return optionSelect(field.options, 'Not set');
    case 'text':
      return <Input autoComplete="off" maxLength={TEXT_MAX.name} />;
    case 'minutes':
      return <Input type="number" min={1} inputMode="numeric" />;
    case 'note':
      return <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={TEXT_MAX.text} />;
  }
}

function ExtraItem({ field }: { field: ExtraField }) {
  return (
    <Form.Item label={field.label} name={['extras', field.name]}>
      {control(field)}
    </Form.Item>
  );
}

/** The few more fields some categories ask for (an event's type, a therapist's name...), kept in `extras`. */
export function CategoryExtrasFields({ category }: { category: string }) {
  return EXTRA_ROWS[categoryExtrasKind(category)].map((row) =>
    row.length === 1 ? (
      <ExtraItem key={row[0].name} field={row[0]} />
    ) : (
      <div key={row[0].name} className="quick-add-form__row">
        {row.map((field) => (
          <ExtraItem key={field.name} field={field} />
        ))}
      </div>
    ),
  );
}

import { categoryExtrasKind, MEAL_TYPES, SCHOOL_EVENT_TYPES, TEXT_MAX, THERAPY_TYPES } from '@carecircle/libs';
import { Form, Input } from 'antd';
import { optionSelect } from './option-select';

/** The few more fields some categories ask for (an event's type, a therapist's name...), kept in `extras`. */
export function CategoryExtrasFields({ category }: { category: string }) {
  const kind = categoryExtrasKind(category);
  const select = (options: readonly string[]) => optionSelect(options, 'Not set');
  switch (kind) {
    case 'school_event':
      return (
        <div className="quick-add-form__row">
          <Form.Item label="Event type" name={['extras', 'eventType']}>
            {select(SCHOOL_EVENT_TYPES)}
          </Form.Item>
          <Form.Item label="Location" name={['extras', 'location']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </div>
      );
    case 'therapy_session':
      return (
        <>
          <div className="quick-add-form__row">
            <Form.Item label="Therapy type" name={['extras', 'therapyType']}>
              {select(THERAPY_TYPES)}
            </Form.Item>
            <Form.Item label="Duration (minutes)" name={['extras', 'duration']}>
              <Input type="number" min={1} inputMode="numeric" />
            </Form.Item>
          </div>
          <Form.Item label="Therapist name" name={['extras', 'therapistName']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </>
      );
    case 'transportation_pickup':
      return (
        <div className="quick-add-form__row">
          <Form.Item label="Pickup location" name={['extras', 'pickupLocation']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
          <Form.Item label="Dropoff location" name={['extras', 'dropoffLocation']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </div>
      );
    case 'meals_nutrition':
      return (
        <div className="quick-add-form__row">
          <Form.Item label="Meal type" name={['extras', 'mealType']}>
            {select(MEAL_TYPES)}
          </Form.Item>
          <Form.Item label="Dietary needs" name={['extras', 'dietaryNeeds']}>
            <Input autoComplete="off" maxLength={TEXT_MAX.name} />
          </Form.Item>
        </div>
      );
    case 'other':
      return (
        <Form.Item label="Additional info" name={['extras', 'additionalInfo']}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={TEXT_MAX.text} />
        </Form.Item>
      );
  }
}

import { TASK_CATEGORIES } from '../schema';
import {
  addTime,
  appointmentDescription,
  appointmentNotes,
  categoryExtrasLines,
  from24Hour,
  humanizeOption,
  readMinutes,
  readRepeatInterval,
  TASK_CATEGORY_GROUPS,
  taskDescription,
  to24Hour,
} from './task-form';

describe('category groups', () => {
  it('are the six groups of the spec and offer every category but prayer once', () => {
    expect(TASK_CATEGORY_GROUPS.map((g) => g.label)).toEqual([
      'Health & Medical',
      'School & Education',
      'Daily Routines & Care',
      'Family & Social',
      'Administrative & Life Tasks',
      'Quick Options',
    ]);
    const offered = TASK_CATEGORY_GROUPS.flatMap((g) => g.categories);
    expect(new Set(offered).size).toBe(offered.length);
    expect([...offered].sort()).toEqual(TASK_CATEGORIES.filter((c) => c !== 'prayer').sort());
  });

  it('have readable labels', () => {
    expect(humanizeOption('iep_meeting')).toBe('IEP Meeting');
    expect(humanizeOption('therapy_session')).toBe('Therapy Session');
  });
});

describe('times', () => {
  it('are added once each and kept sorted', () => {
    expect(addTime(['09:00', '20:00'], '08:00')).toEqual(['08:00', '09:00', '20:00']);
    expect(addTime(['09:00'], '09:00')).toEqual(['09:00']);
    expect(addTime(['09:00'], '')).toEqual(['09:00']);
  });

  it('convert between 12 and 24 hours', () => {
    expect(to24Hour(12, 0, 'AM')).toBe('00:00');
    expect(to24Hour(12, 15, 'PM')).toBe('12:15');
    expect(to24Hour(9, 45, 'PM')).toBe('21:45');
    expect(from24Hour('00:30')).toEqual({ hour: 12, minute: 30, period: 'AM' });
    expect(from24Hour('18:00')).toEqual({ hour: 6, minute: 0, period: 'PM' });
  });
});

describe('numbers the form reads', () => {
  it('repeat interval is 1 to 30, non-numeric 1', () => {
    expect(readRepeatInterval('abc')).toBe(1);
    expect(readRepeatInterval(0)).toBe(1);
    expect(readRepeatInterval('45')).toBe(30);
    expect(readRepeatInterval(3)).toBe(3);
  });

  it('travel and prep minutes are at least 0, non-numeric 0', () => {
    expect(readMinutes('x')).toBe(0);
    expect(readMinutes(-5)).toBe(0);
    expect(readMinutes('15')).toBe(15);
  });
});

describe('descriptions', () => {
  it('append category extras after the caregiver text', () => {
    expect(categoryExtrasLines('school_event', { eventType: 'field_trip', location: 'Zoo' })).toEqual([
      'Event Type: Field Trip',
      'Location: Zoo',
    ]);
    expect(taskDescription('Bring lunch', 'therapy_session', { therapyType: 'speech', duration: '45', therapistName: ' ' })).toBe(
      'Bring lunch\n\nTherapy Type: Speech\nDuration: 45 minutes',
    );
    expect(taskDescription('', 'sleep_rest', { additionalInfo: 'Night light on' })).toBe('Additional Info: Night light on');
    expect(taskDescription(' ', 'sleep_rest', {})).toBeNull();
  });

  it('hold the appointment details, and the notes can be read back', () => {
    const text = appointmentDescription({
      notes: 'Bring the seizure diary',
      type: 'doctor',
      subtype: 'urgent_care',
      location: 'Main St Clinic',
      attendees: 'Dr. Lee',
      reminders: ['24h', '2h'],
      travelTime: 20,
      prepTime: 0,
    });
    expect(text).toBe(
      'Bring the seizure diary\n\nType: Doctor - Urgent Care\nLocation: Main St Clinic\nAttendees: Dr. Lee\nReminders: 24h, 2h\nTravel Time: 20 minutes',
    );
    expect(appointmentNotes(text)).toBe('Bring the seizure diary');
  });
});

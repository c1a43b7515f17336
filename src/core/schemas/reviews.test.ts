import { describe, expect, it } from 'vitest';
import { SUB_SCORES_FOR } from '../rules/reviews.js';
import { reviewFormSchema, reviewMessages } from './reviews.js';

/** What the review form checks before sending is what the server refuses: the sub-scores of the member reviewed. */
describe('reviewFormSchema', () => {
  const issues = (value: unknown, role: 'driver' | 'transporter') => {
    const parsed = reviewFormSchema(SUB_SCORES_FOR[role]).safeParse(value);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('asks for every star that applies, under its own field', () => {
    expect(issues({ rating: 4, professionalismScore: 5 }, 'driver')).toEqual({
      communicationScore: reviewMessages.subScore,
      drivingSkillScore: reviewMessages.subScore,
      safetyScore: reviewMessages.subScore,
    });
    expect(issues({ comment: '' }, 'transporter')).toEqual({
      rating: reviewMessages.rating,
      professionalismScore: reviewMessages.subScore,
      communicationScore: reviewMessages.subScore,
      safetyScore: reviewMessages.subScore,
    });
  });

  it('refuses the driving score for a transporter, and takes a complete review as the form holds it', () => {
    const transporter = { rating: 5, professionalismScore: 4, communicationScore: 4, safetyScore: 3 };
    expect(issues({ ...transporter, drivingSkillScore: 4 }, 'transporter')).toEqual({
      drivingSkillScore: reviewMessages.notApplicable,
    });
    expect(issues({ ...transporter, comment: '' }, 'transporter')).toEqual({});
    expect(issues({ ...transporter, drivingSkillScore: 2, comment: 'Très bien' }, 'driver')).toEqual({});
  });
});

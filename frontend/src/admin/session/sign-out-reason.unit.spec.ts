import { signOutReasonText } from './sign-out-reason';

describe('the reason the sign-in screen gives after a sign-out (issue 25)', () => {
  it('says the session timed out, and that unsaved edits were saved when they were', () => {
    expect(signOutReasonText({ reason: 'timeout', minutes: 30, savedDraft: true })).toBe(
      'You were signed out automatically: the session timed out after 30 minutes without activity. Your unsaved edits were saved to the draft first.',
    );
    expect(signOutReasonText({ reason: 'timeout', minutes: 1, savedDraft: false })).toBe('You were signed out automatically: the session timed out after 1 minute without activity.');
    expect(signOutReasonText({ reason: 'chosen', minutes: 30, savedDraft: false })).toBe('You signed out.');
  });
});

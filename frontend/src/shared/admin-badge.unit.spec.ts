import { avatarInitial } from './admin-badge';

describe("the avatar's stand-in", () => {
  it("is the first letter of the admin's name or address, as a capital", () => {
    expect(avatarInitial('Ada Admin')).toBe('A');
    expect(avatarInitial('  zoë@example.com')).toBe('Z');
    expect(avatarInitial('Émile')).toBe('É');
  });

  it('takes a whole character, not half of one, and never nothing', () => {
    expect(avatarInitial('𝓐da')).toBe('𝓐');
    expect(avatarInitial('   ')).toBe('?');
  });
});

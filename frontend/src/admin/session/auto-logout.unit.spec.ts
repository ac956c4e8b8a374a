import { createAutoLogoutRegistry } from './auto-logout';

describe('before-auto-logout hooks', () => {
  it('runs every registered hook, survives one failing, and forgets removed ones', async () => {
    const registry = createAutoLogoutRegistry();
    const ran: string[] = [];
    registry.register(async () => {
      ran.push('save draft');
      return 'saved-draft' as const;
    });
    registry.register(() => {
      throw new Error('boom');
    });
    const remove = registry.register(() => {
      ran.push('removed');
    });
    remove();
    // Issue 25: what the hooks did reaches the sign-out, so the next screen can say edits were saved.
    expect(await registry.runAll()).toEqual(['saved-draft']);
    expect(ran).toEqual(['save draft']);
  });
});

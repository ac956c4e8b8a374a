import { createAutoLogoutRegistry } from './auto-logout';

describe('before-auto-logout hooks', () => {
  it('runs every registered hook, survives one failing, and forgets removed ones', async () => {
    const registry = createAutoLogoutRegistry();
    const ran: string[] = [];
    registry.register(async () => {
      ran.push('save draft');
    });
    registry.register(() => {
      throw new Error('boom');
    });
    const remove = registry.register(() => {
      ran.push('removed');
    });
    remove();
    await registry.runAll();
    expect(ran).toEqual(['save draft']);
  });
});

import type { ContractAdapters, Fixtures } from './contract-adapters';

/** TwoStepRepository: the key, the time steps used, the recovery codes and the pending sign-ins. */
export function twoStepContract(adapters: () => ContractAdapters, fixtures: Fixtures): void {
  const twoStep = () => adapters().twoStep;
  const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  describe('TwoStepRepository', () => {
    it('is off for a new member, on with its key and codes once turned on, and off again with nothing left', async () => {
      const { id } = await fixtures.user();
      const now = fixtures.now();
      await expect(twoStep().find(id)).resolves.toBeNull();
      await twoStep().turnOn(id, KEY, 100, ['h1', 'h2', 'h3'], now);
      await expect(twoStep().find(id)).resolves.toEqual({ key: KEY, enabledAt: now, recoveryCodesLeft: 3 });
      await expect(twoStep().turnOff(id)).resolves.toBe(true);
      await expect(twoStep().find(id)).resolves.toBeNull();
      await expect(twoStep().useRecoveryCode(id, 'h1')).resolves.toBe(false);
      await expect(twoStep().turnOff(id)).resolves.toBe(false);
    });

    it('accepts only time steps later than every one used, the confirming one included', async () => {
      const { id } = await fixtures.user();
      await expect(twoStep().acceptStep(id, 101)).resolves.toBe(false);
      await twoStep().turnOn(id, KEY, 100, [], fixtures.now());
      await expect(twoStep().acceptStep(id, 100)).resolves.toBe(false);
      await expect(twoStep().acceptStep(id, 99)).resolves.toBe(false);
      await expect(twoStep().acceptStep(id, 101)).resolves.toBe(true);
      await expect(twoStep().acceptStep(id, 101)).resolves.toBe(false);
      // Large steps (today's are about 59 million) fit.
      await expect(twoStep().acceptStep(id, 59_000_000_000)).resolves.toBe(true);
    });

    it('uses up a recovery code once, only the member\'s own, and replaces all codes when turned on again', async () => {
      const { id } = await fixtures.user();
      const other = await fixtures.user();
      await twoStep().turnOn(id, KEY, 1, ['a', 'b'], fixtures.now());
      await twoStep().turnOn(other.id, KEY, 1, ['c'], fixtures.now());
      await expect(twoStep().useRecoveryCode(id, 'c')).resolves.toBe(false);
      await expect(twoStep().useRecoveryCode(id, 'a')).resolves.toBe(true);
      await expect(twoStep().useRecoveryCode(id, 'a')).resolves.toBe(false);
      await expect(twoStep().find(id)).resolves.toMatchObject({ recoveryCodesLeft: 1 });
      await twoStep().turnOn(id, KEY, 1, ['d', 'e', 'f'], fixtures.now());
      await expect(twoStep().useRecoveryCode(id, 'b')).resolves.toBe(false);
      await expect(twoStep().find(id)).resolves.toMatchObject({ recoveryCodesLeft: 3 });
      await expect(twoStep().find(other.id)).resolves.toMatchObject({ recoveryCodesLeft: 1 });
    });

    it('keeps a pending sign-in until it is deleted, and drops expired ones when a new one is made', async () => {
      const { id } = await fixtures.user();
      const now = fixtures.now();
      const expired = { tokenHash: fixtures.name('challenge'), userId: id, expiresAt: now };
      const live = { tokenHash: fixtures.name('challenge'), userId: id, expiresAt: new Date(now.getTime() + 300_000) };
      await twoStep().createChallenge(expired, new Date(now.getTime() - 300_000));
      await expect(twoStep().findChallenge(expired.tokenHash)).resolves.toEqual(expired);
      await twoStep().createChallenge(live, now);
      await expect(twoStep().findChallenge(expired.tokenHash)).resolves.toBeNull();
      await expect(twoStep().findChallenge(live.tokenHash)).resolves.toEqual(live);
      await twoStep().deleteChallenge(live.tokenHash);
      await expect(twoStep().findChallenge(live.tokenHash)).resolves.toBeNull();
    });
  });
}

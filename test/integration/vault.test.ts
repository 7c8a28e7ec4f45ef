// The token vault against a real Secret Service (gnome-keyring in a private D-Bus session; run under
// test/keyring-session.sh). Every test uses a keychain service of its own and removes its entries.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, type TestContext, test } from 'node:test';
import keytar from 'keytar';
import { createVault, type Profile, profileAccount, VaultError } from '../../main/vault/index.ts';

function vaultFor(t: TestContext) {
  const service = `cashdesk-test-${randomUUID()}`;
  t.after(async () => {
    for (const { account } of await keytar.findCredentials(service))
      await keytar.deletePassword(service, account);
  });
  return { service, vault: createVault(service) };
}

const GATEWAY = 'https://gateway.example.com/agents';
const shop = (shopId: number, gatewayUrl = GATEWAY): Profile => ({ gatewayUrl, shopId });

describe('vault (real keychain)', () => {
  test('stores, reads back, replaces and clears a token', async (t) => {
    const { service, vault } = vaultFor(t);
    const profile = shop(1001);
    assert.equal(await vault.read(profile), null);

    await vault.store(profile, 'first-token-1234');
    assert.equal(await vault.read(profile), 'first-token-1234');
    // It is in the OS keychain, not in this process: keytar reads it from the Secret Service.
    assert.equal(await keytar.getPassword(service, profileAccount(profile)), 'first-token-1234');

    await vault.store(profile, 'second-token-5678');
    assert.equal(await vault.read(profile), 'second-token-5678');
    assert.equal((await keytar.findCredentials(service)).length, 1, 'replaced, not added');

    await vault.clear(profile);
    assert.equal(await vault.read(profile), null);
    assert.deepEqual(await keytar.findCredentials(service), []);
    await vault.clear(profile); // clearing what is not there is fine
  });

  test('each profile (gateway URL + shop) has its own token', async (t) => {
    const { vault } = vaultFor(t);
    const profiles = [
      shop(1001),
      shop(1002),
      shop(1001, 'https://other-gateway.example.com/agents'),
      shop(1001, 'https://gateway.example.com/v2'),
    ];
    for (const [i, profile] of profiles.entries()) await vault.store(profile, `token-for-profile-${i}`);
    for (const [i, profile] of profiles.entries())
      assert.equal(await vault.read(profile), `token-for-profile-${i}`);

    await vault.clear(profiles[1]!);
    assert.equal(await vault.read(profiles[1]!), null);
    assert.equal(await vault.read(profiles[0]!), 'token-for-profile-0');
    assert.equal(await vault.read(profiles[2]!), 'token-for-profile-2');
    assert.equal(await vault.read(profiles[3]!), 'token-for-profile-3');
  });

  test('the same gateway written differently is the same profile', async (t) => {
    const { vault } = vaultFor(t);
    await vault.store(shop(1001, 'https://gateway.example.com/agents/'), 'token-slash-1234');
    assert.equal(await vault.read(shop(1001, 'https://gateway.example.com/agents')), 'token-slash-1234');
    assert.equal(
      await vault.read(shop(1001, 'https://GATEWAY.example.com:443/agents//')),
      'token-slash-1234',
    );
    assert.equal(
      profileAccount(shop(7, 'https://gateway.example.com/agents?x=1#frag')),
      'https://gateway.example.com/agents#7',
    );
  });

  test('services are separate: another service never sees the token', async (t) => {
    const a = vaultFor(t);
    const b = vaultFor(t);
    await a.vault.store(shop(1001), 'only-in-service-a');
    assert.equal(await b.vault.read(shop(1001)), null);
  });

  test('without a keychain the error is typed and never carries the token', () => {
    const token = `leak-check-${randomUUID()}`;
    const script = `
      import { createVault } from ${JSON.stringify(new URL('../../main/vault/index.ts', import.meta.url).href)};
      const vault = createVault('cashdesk-test-no-keychain');
      for (const attempt of [() => vault.store({ gatewayUrl: 'https://gw.example', shopId: 1 }, ${JSON.stringify(token)}),
                             () => vault.read({ gatewayUrl: 'https://gw.example', shopId: 1 })]) {
        try { await attempt(); console.log('no error'); }
        catch (e) { console.log(JSON.stringify({ name: e.name, kind: e.kind, message: e.message, stack: e.stack, isVaultError: e.constructor.name })); }
      }`;
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const output = `${child.stdout}${child.stderr}`;
    assert.equal(child.status, 0, output);
    const [stored, read] = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(stored.name, 'VaultError');
    assert.equal(stored.kind, 'keychain_unavailable');
    assert.match(stored.message, /keychain could not store/);
    assert.match(read.message, /keychain could not read/);
    assert.ok(!output.includes(token), 'the token is not in any message or stack');
    assert.ok(new VaultError('x') instanceof Error);
  });
});

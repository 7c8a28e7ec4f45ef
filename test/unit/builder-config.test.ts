// electron-builder.yml, read with the YAML parser electron-builder uses (js-yaml) and checked against
// the schema it validates with, so a mistake fails here and not on the release machine.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import type { Configuration, TargetConfigType, TargetConfiguration } from 'electron-builder';
import { load } from 'js-yaml';
import plist from 'plist';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

const config = load(read('electron-builder.yml')) as Configuration;
const pkg = JSON.parse(read('package.json')) as { productName?: string };

// electron-builder 26's own validator options: allErrors for a full report, strict off for the
// schema's non-standard `typeof` keyword.
const validate = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(read('node_modules/app-builder-lib/scheme.json')),
);

/** The targets of one platform as { name: arches }, however the YAML spells them. */
function targets(target: TargetConfigType | undefined): Record<string, string[]> {
  const list = target == null ? [] : Array.isArray(target) ? target : [target];
  return Object.fromEntries(
    list.map((t: string | TargetConfiguration) =>
      typeof t === 'string' ? [t, []] : [t.target, t.arch == null ? [] : [t.arch].flat()],
    ),
  );
}

test('electron-builder.yml matches electron-builder 26’s schema', () => {
  const valid = validate(config);
  const errors = (validate.errors ?? []).map(
    (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
  );
  assert.ok(valid, `\n${errors.join('\n')}`);
  // The schema refuses unknown keys, so a misspelt option cannot pass as a no-op.
  assert.equal(validate({ ...config, nsis: { ...config.nsis, perMachin: true } }), false);
});

test('the fuses are flipped at packaging (security checklist)', () => {
  assert.deepEqual(config.electronFuses, {
    runAsNode: false,
    enableCookieEncryption: true,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  });
});

/** Whether electron-builder packs `path`: the last of `files` that matches it decides, `!` excludes. */
function packaged(path: string): boolean {
  let included = false;
  for (const pattern of [config.files ?? []].flat() as string[]) {
    const excluding = pattern.startsWith('!');
    if (matchesGlob(path, excluding ? pattern.slice(1) : pattern)) included = !excluding;
  }
  return included;
}

test('the bundles are packaged and their source maps are not (they are kept per release instead)', () => {
  for (const bundle of [
    'dist/main/index.js',
    'dist/preload/index.cjs',
    'dist/renderer/assets/index-Ab12.js',
  ]) {
    assert.equal(packaged(bundle), true, bundle);
    assert.equal(packaged(`${bundle}.map`), false, `${bundle}.map`);
  }
  assert.equal(packaged('release/0.1.0/sourcemaps/main/index.js.map'), false);
});

test('keytar’s native module is unpacked from the asar archive', () => {
  assert.equal(config.asar, true);
  const patterns = [config.asarUnpack ?? []].flat();
  assert.ok(
    patterns.some((p) => matchesGlob('node_modules/keytar/build/Release/keytar.node', p)),
    `asarUnpack ${JSON.stringify(patterns)} leaves keytar.node inside app.asar`,
  );
});

test('the product name, and so the data folder, is CashDesk packaged and from npm start alike', () => {
  // Electron names userData after package.json's productName (electron-builder does not copy its
  // own productName there), and electron-builder falls back to package.json's: one place for both.
  assert.equal(pkg.productName, 'CashDesk');
  assert.equal(config.productName, undefined);
});

test('Windows: one NSIS installer for x64 and arm64, installed per machine', () => {
  assert.deepEqual(targets(config.win?.target), { nsis: ['x64', 'arm64'] });
  assert.equal(config.nsis?.oneClick, false);
  assert.equal(config.nsis?.perMachine, true);
  assert.notEqual(config.nsis?.allowElevation, false);
});

test('macOS: a dmg (and the zip updates install from) for arm64 and x64, hardened runtime, our entitlements, notarized', () => {
  assert.deepEqual(targets(config.mac?.target), { dmg: ['arm64', 'x64'], zip: ['arm64', 'x64'] });
  assert.equal(config.mac?.hardenedRuntime, true);
  assert.equal(config.mac?.entitlements, 'build/entitlements.mac.plist');
  assert.equal(config.mac?.entitlementsInherit, 'build/entitlements.mac.inherit.plist');
  assert.notEqual(config.mac?.notarize, false);
});

test('updates: a generic provider, so latest*.yml is written beside the installers', () => {
  const publish = config.publish as { provider?: string; url?: string } | undefined;
  assert.equal(publish?.provider, 'generic');
  assert.match(publish?.url ?? '', /^https:\/\//);
});

test('updates: Windows installs only an update signed by our pinned publisher; no build is unsigned', () => {
  const publisher = [config.win?.signtoolOptions?.publisherName ?? []].flat();
  assert.ok(
    publisher.length > 0 && publisher.every((name) => typeof name === 'string' && name.trim()),
    'no pinned publisherName',
  );
  assert.notEqual(config.win?.verifyUpdateCodeSignature, false);
  assert.equal(config.forceCodeSigning, true, 'an unsigned installer could be built');
  assert.equal(config.mac?.notarize, true);
  // The release checklist (docs/releases.md) says how the pins are checked on each release.
  const releases = read('docs/releases.md');
  assert.match(releases, /publisherName/);
  assert.match(releases, /APPLE_TEAM_ID/);
  assert.match(releases, /TeamIdentifier/);
});

test('no signing secret is written in the file: they come from the environment', () => {
  const text = read('electron-builder.yml');
  for (const key of ['cscLink', 'cscKeyPassword', 'certificateFile', 'certificatePassword']) {
    assert.doesNotMatch(text, new RegExp(`^\\s*${key}\\s*:`, 'm'), key);
  }
});

// Each of these weakens the hardened runtime for the whole app; none is needed (see the plist).
const DANGEROUS_ENTITLEMENTS = [
  'com.apple.security.cs.disable-library-validation',
  'com.apple.security.cs.allow-unsigned-executable-memory',
  'com.apple.security.cs.allow-dyld-environment-variables',
  'com.apple.security.cs.disable-executable-page-protection',
  'com.apple.security.cs.debugger',
  'com.apple.security.get-task-allow',
];

for (const file of ['build/entitlements.mac.plist', 'build/entitlements.mac.inherit.plist']) {
  test(`${file} is a valid plist with allow-jit and no dangerous entitlement`, () => {
    const parsed = plist.parse(read(file));
    assert.ok(parsed && typeof parsed === 'object' && !Array.isArray(parsed), 'the root must be a <dict>');
    const entitlements = parsed as Record<string, unknown>;
    for (const [key, value] of Object.entries(entitlements)) assert.equal(value, true, key);
    assert.equal(entitlements['com.apple.security.cs.allow-jit'], true);
    for (const key of DANGEROUS_ENTITLEMENTS) assert.equal(key in entitlements, false, key);
  });
}

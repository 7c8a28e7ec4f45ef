// The core's host entry as the app starts it, over a system keychain that never answers (locked
// behind a password prompt nobody sees, a Secret Service that hangs): keytar is replaced, in this
// process only, by one whose every call waits for ever. The rest is the real host and core.
import { registerHooks } from 'node:module';

const HUNG = 'cashdesk-test:hung-keytar';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'keytar') return { url: HUNG, shortCircuit: true };
    return next(specifier, context);
  },
  load(url, context, next) {
    if (url !== HUNG) return next(url, context);
    return {
      format: 'module',
      shortCircuit: true,
      source: `const never = () => new Promise(() => {});
        export default { getPassword: never, setPassword: never, deletePassword: never, findCredentials: never };`,
    };
  },
});

await import('../../main/host/entry.ts');

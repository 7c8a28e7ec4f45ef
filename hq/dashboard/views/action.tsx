// An admin action's outcome under its form: what was done, or the server's words why not.
import { useState } from 'react';
import { useErrorText } from '../shared.tsx';

export function useAction() {
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  const run = async (action: () => Promise<string>) => {
    setError(null);
    setMessage(null);
    try {
      setMessage(await action());
    } catch (e) {
      setError(errorText(e));
    }
  };
  const output = (
    <>
      {message ? (
        <output className="issued" aria-live="polite">
          {message}
        </output>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </>
  );
  return { run, output };
}

import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readBlocks } from '../../../common/checked-blocks.ts';
import type { AppError } from '../../../common/contract.ts';
import { RESET_CODE_BLOCKS, readResetCode } from '../../../common/reset-code-layout.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { headOfficeApi } from '../api.ts';
import { useHeadOffice } from '../state.ts';

/**
 * On an enrolled desk whose reset file is in place: the head office's one-time code completes the
 * reset. The code comes from the scanner (its text, then Enter, into this field) or is typed block by
 * block; each block's check letter is read as it is typed, so a typo is named by its block before
 * anything is sent, and the code read whole says until when it is valid, in the desk's time.
 */
export function ResetCodeForm() {
  const { t } = useTranslation();
  const format = useFormat();
  const armed = useHeadOffice((s) => s.status?.resetArmed ?? false);
  const reload = useHeadOffice((s) => s.load);
  const loadDesk = useDesk((s) => s.load);
  const [code, setCode] = useState('');
  const [sentIncomplete, setSentIncomplete] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  if (!armed) return null;
  const reading = readBlocks(code, RESET_CODE_BLOCKS);
  const parts = readResetCode(code);
  const right = reading.blocks.filter((b, i) => i < RESET_CODE_BLOCKS && b.state === 'right').length;
  const problem = reading.wrong
    ? t('headOffice.reset.wrongBlock', { number: reading.wrong.number, block: reading.wrong.text })
    : reading.extra
      ? t('headOffice.reset.extraBlock', { number: reading.extra, total: RESET_CODE_BLOCKS })
      : sentIncomplete && !parts
        ? t('headOffice.reset.incomplete', { typed: right, total: RESET_CODE_BLOCKS })
        : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parts) {
      setSentIncomplete(true);
      return;
    }
    const result = await run(() => headOfficeApi.resetWithCode({ code }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (result.ok) await Promise.all([reload(), loadDesk()]);
  };
  // The scanner ends its text with Enter: in this field it sends the code, as the button does.
  const enterSends = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('headOffice.reset.title')}</h2>
      <p>{t('headOffice.reset.lead')}</p>
      <div className="field">
        <label htmlFor={`${ids}-code`}>{t('headOffice.reset.code')}</label>
        <p id={`${ids}-how`} className="hint">
          {t('headOffice.reset.how', { total: RESET_CODE_BLOCKS })}
        </p>
        <textarea
          id={`${ids}-code`}
          className="reset-code"
          value={code}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={problem !== null}
          aria-describedby={`${ids}-how ${ids}-read`}
          onChange={(e) => {
            setCode(e.target.value);
            setSentIncomplete(false);
            setError(null);
          }}
          onKeyDown={enterSends}
        />
        <ol className="reset-blocks" aria-hidden="true">
          {reading.blocks.map((b, i) => (
            // Blocks are positional: the same text twice is two blocks.
            // biome-ignore lint/suspicious/noArrayIndexKey: a block is its place in the code
            <li key={i} className={`reset-block reset-block-${i < RESET_CODE_BLOCKS ? b.state : 'wrong'}`}>
              {b.text}
            </li>
          ))}
        </ol>
        <p
          id={`${ids}-read`}
          className={problem ? 'field-error' : 'hint'}
          aria-live="polite"
          data-testid="reset-code-read"
        >
          {problem ??
            (parts
              ? t('headOffice.reset.read', { until: format.stamp(parts.expiresAt) })
              : t('headOffice.reset.typed', { typed: right, total: RESET_CODE_BLOCKS }))}
        </p>
      </div>
      <div role="status">
        <ErrorAlert error={error} inLiveRegion />
      </div>
      <button type="submit" className="button-primary" disabled={busy || !code.trim()}>
        {t('headOffice.reset.submit')}
      </button>
    </form>
  );
}

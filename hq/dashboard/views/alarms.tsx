// HQ's alarms (hash-chain conflicts, double handovers, disagreements with a desk's answer,
// reconciliation findings, badly signed batches, entries a desk lost), across the network or a
// supervisor's branch. An alarm of lost entries opens the list of what the terminal's old stream
// held that its new one lacks; an admin resolves an alarm with a note, kept in HQ's audit log.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../../../common/hq-api/staff-views.ts';
import { call, callOf } from '../api.ts';
import { money } from '../format.ts';
import { Loaded, useLoad, When } from '../shared.tsx';
import { useAction } from './action.tsx';

/** A lost range's seqs as the alarm's detail names them ("12–30"), or the alarm's own seq. */
function seqs(a: Alarm): string {
  const { from, to } = a.detail ?? {};
  return a.kind === 'lost_entries' && typeof from === 'number' && typeof to === 'number'
    ? `${from}–${to}`
    : a.seq;
}

function Resolution({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  if (!alarm.resolved) return <>{t('alarms.open')}</>;
  return (
    <>
      {alarm.resolved.note} ({alarm.resolved.by ?? '—'}, <When at={alarm.resolved.at} />)
    </>
  );
}

function LostEntries({ alarm }: { alarm: Alarm }) {
  const { t, i18n } = useTranslation();
  const state = useLoad(callOf('lostEntries', { params: { id: alarm.id } }));
  return (
    <section aria-labelledby="lost-title">
      <h2 id="lost-title">{t('alarms.lostTitle', { terminal: alarm.terminalId, seqs: seqs(alarm) })}</h2>
      <Loaded state={state}>
        {({ entries, more }) => (
          <>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('alarms.seq')}</th>
                  <th scope="col">{t('alarms.at')}</th>
                  <th scope="col">{t('alarms.entryKind')}</th>
                  <th scope="col">{t('alarms.operation')}</th>
                  <th scope="col">{t('alarms.amount')}</th>
                  <th scope="col">{t('alarms.shift')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.seq}>
                    <td>{e.seq}</td>
                    <td>
                      <When at={e.at} />
                    </td>
                    <td>{e.kind}</td>
                    <td>{e.operationNumber ?? '—'}</td>
                    <td>{e.amount && e.currency ? money(i18n.language, e.amount, e.currency) : '—'}</td>
                    <td>{e.shiftId ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {more ? <p>{t('alarms.lostMore')}</p> : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** `run`: the view's action, whose outcome stays shown once the form is gone. */
function ResolveForm({
  alarm,
  run,
  done,
}: {
  alarm: Alarm;
  run: ReturnType<typeof useAction>['run'];
  done: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <form
      aria-labelledby="resolve-title"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        run(async () => {
          await call('resolveAlarm', { params: { id: alarm.id }, body: { note } });
          done();
          return t('alarms.resolvedDone', { terminal: alarm.terminalId, seqs: seqs(alarm) });
        });
      }}
    >
      <h2 id="resolve-title">
        {t('alarms.resolveTitle', { terminal: alarm.terminalId, seqs: seqs(alarm) })}
      </h2>
      <label htmlFor="resolve-note">{t('alarms.note')}</label>
      <textarea
        id="resolve-note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        required
        maxLength={2000}
      />
      <button type="submit">{t('alarms.resolve')}</button>
    </form>
  );
}

export function AlarmsView({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const state = useLoad(callOf('alarms'));
  const [lost, setLost] = useState<Alarm | null>(null);
  const [resolving, setResolving] = useState<Alarm | null>(null);
  const resolve = useAction();
  return (
    <section aria-labelledby="alarms-title">
      <h1 id="alarms-title">{t('alarms.title')}</h1>
      <Loaded state={state}>
        {({ alarms }) =>
          alarms.length ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('alarms.at')}</th>
                  <th scope="col">{t('alarms.desk')}</th>
                  <th scope="col">{t('alarms.seq')}</th>
                  <th scope="col">{t('alarms.kind')}</th>
                  <th scope="col">{t('alarms.operation')}</th>
                  <th scope="col">{t('alarms.stored')}</th>
                  <th scope="col">{t('alarms.received')}</th>
                  <th scope="col">{t('alarms.resolution')}</th>
                  <th scope="col">{t('alarms.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {alarms.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <When at={a.at} />
                    </td>
                    <td>{a.terminalId}</td>
                    <td>{seqs(a)}</td>
                    <td className="alarm">{t(`alarms.kinds.${a.kind}`)}</td>
                    <td>{a.operationNumber ?? '—'}</td>
                    <td className="hash">{a.storedHash ?? '—'}</td>
                    <td className="hash">{a.receivedHash}</td>
                    <td>
                      <Resolution alarm={a} />
                    </td>
                    <td>
                      {a.kind === 'lost_entries' ? (
                        <button type="button" onClick={() => setLost(a)}>
                          {t('alarms.showLost', { terminal: a.terminalId })}
                        </button>
                      ) : null}
                      {admin && !a.resolved ? (
                        <button type="button" onClick={() => setResolving(a)}>
                          {t('alarms.resolveOne', { terminal: a.terminalId, seqs: seqs(a) })}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('alarms.empty')}</p>
          )
        }
      </Loaded>
      {lost ? <LostEntries key={lost.id} alarm={lost} /> : null}
      {resolving ? (
        <ResolveForm
          key={resolving.id}
          alarm={resolving}
          run={resolve.run}
          done={() => {
            setResolving(null);
            state.reload();
          }}
        />
      ) : null}
      {resolve.output}
    </section>
  );
}

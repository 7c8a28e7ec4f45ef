import type { TFunction } from 'i18next';

/** What kind of change, in the words the Z report prints (the print namespace); an unknown kind (a newer version's) as it is. */
export function describeKind(t: TFunction, kind: string): string {
  return t(`auditKind.${kind}`, { ns: 'print', defaultValue: kind });
}

/** Who made the change. */
export function describeWho(t: TFunction, operator: string | null): string {
  if (operator === null) return t('audit.nobody');
  return operator === 'supervisor' ? t('audit.supervisor') : operator;
}
